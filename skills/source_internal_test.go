package skills

import (
	"reflect"
	"testing"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// TestLeanFileKeepsNoBytes: a file made lean shares no memory with the
// bytes it was parsed from (a workspace reads the next file into the same
// memory): scribbling over them changes nothing it holds.
func TestLeanFileKeepsNoBytes(t *testing.T) {
	ts := newTextSource(discovery.ReadSkillFile)
	texts := []string{
		"---\nname: plain\ndescription: Fill forms — é 日本 𐐀.\nmetadata:\n  owner: x\n---\n# H\n\nSee [g](refs/g.md) ![i](i.png) <https://x.test>.\n<!-- skill-ls-disable-next-line link-missing -- why -->\n[m](m.md) </skill_content>\n",
		"---\nname: decoded\ndescription: >-\n  folded\n  text\nallowed-tools: [Read, \"Bash(git:*)\"]\nx: &a {k: v}\ny: *a\n---\n> quote [q](q.md)\n\n    code [c](c.md)\n\n[ref]: r.md\n",
		"---\r\nname: crlf\r\ndescription: 'it''s'\r\n# skill-ls-disable-next-line unknown-key -- ok\r\nfoo: bar\r\n---\r\nBody [a](a.md)\r\n",
		"---\nname: Bad\ndescription: a: b\n---\n",
	}
	for _, text := range texts {
		src := []byte(text)
		f := ts.lean(skillfile.Parse("/r/s/SKILL.md", src, skillfile.ReadFS), int64(len(src)))
		want := ts.lean(skillfile.Parse("/r/s/SKILL.md", []byte(text), skillfile.ReadFS), int64(len(text)))
		for i := range src {
			src[i] = 'Z'
		}
		if !reflect.DeepEqual(f, want) {
			t.Errorf("%q: the lean file changed with the bytes it was read from:\n%+v\nwant\n%+v", text, f, want)
		}
	}
}

// TestLeanFileIsNotCopied: a file just read from disk is made lean in
// place; a lean copy would leave a dead record beside every kept one
// (check holds thousands, and the holes they leave stay resident).
func TestLeanFileIsNotCopied(t *testing.T) {
	ts := newTextSource(discovery.ReadSkillFile)
	src := []byte("---\nname: a\ndescription: Use it.\n---\n# Body\n")
	f := skillfile.Parse("/r/a/SKILL.md", src, skillfile.ReadFS)
	lean := ts.lean(f, int64(len(src)))
	if lean != f {
		t.Fatal("lean returned a copy of the file it was given")
	}
	if _, ok := lean.Sum(); !ok || lean.InMemory() != nil {
		t.Fatal("the file kept its bytes")
	}
}
