package skills_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// leanTree writes skills whose bodies exercise what a lean file must give
// back: non-ASCII text, CRLF, a BOM, links, headings, suppression comments,
// plus files that stay in memory (binary, no frontmatter is still text).
func leanTree(t *testing.T) (dir string, files map[string]string) {
	t.Helper()
	dir = t.TempDir()
	skillsDir := filepath.Join(dir, "project", ".agents", "skills")
	files = map[string]string{
		"pdf/SKILL.md":  "---\nname: pdf\ndescription: Fill PDF forms — é, 日本, 𐐀.\n---\n# Forms\n\nSee [guide](references/guide.md) and [gone](nope.md).\n\n## Steps 𐐀\n\n<!-- skill-ls-disable-next-line link-missing -- later -->\n[x](missing.md)\n",
		"crlf/SKILL.md": "\xEF\xBB\xBF---\r\nname: crlf\r\ndescription: Windows line endings\r\n---\r\n# Title\r\n\r\nBody [a](a.md)\r\n",
		"bad/SKILL.md":  "---\nname: bad\ndescription: x: y\n---\nbody\n",
		"bin/SKILL.md":  "---\x00binary",
		"flat.md":       "---\nname: flat\ndescription: A flat skill.\n---\nFlat body.\n",
		"nofm/SKILL.md": "no frontmatter here\n",
	}
	for rel, text := range files {
		skilltest.WriteFile(t, filepath.Join(skillsDir, rel), text)
	}
	return dir, files
}

// TestLeanFilesGiveTheSameFacts loads a tree, whose files read from disk
// are lean, and compares what every file gives back with the same bytes
// parsed in memory: the facts kept, and the bytes, positions and content
// read again through the snapshot.
func TestLeanFilesGiveTheSameFacts(t *testing.T) {
	dir, _ := leanTree(t)
	snap, err := skills.Load(t.Context(), skilltest.TreeRoots(dir), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	leanCount := 0
	for _, got := range snap.Files() {
		src, err := os.ReadFile(got.Path)
		if err != nil {
			t.Fatal(err)
		}
		want := skillfile.Parse(got.Path, src, skillfile.ReadFS)
		if got.Lean() {
			leanCount++
		}
		if !reflect.DeepEqual(got.Outline, want.Outline) || !reflect.DeepEqual(got.Directives(), want.Directives()) {
			t.Errorf("%s: outline or directives differ: %+v / %+v", got.Path, got.Outline, want.Outline)
		}
		idx, err := snap.Text(got)
		if err != nil || !bytes.Equal(idx.Src(), src) {
			t.Fatalf("%s: Text = %v; want the file's bytes", got.Path, err)
		}
		if !snap.SameBytes(got, src) || snap.SameBytes(got, append(src, ' ')) {
			t.Errorf("%s: SameBytes wrong", got.Path)
		}
		if !reflect.DeepEqual(got.Headings(idx.Src()), want.Headings(src)) {
			t.Errorf("%s: headings differ", got.Path)
		}
		for off := range len(src) + 1 {
			l1, c1 := idx.Position(off)
			l2, c2 := want.InMemory().Position(off)
			if l1 != l2 || c1 != c2 {
				t.Fatalf("%s: position of %d = %d:%d, want %d:%d", got.Path, off, l1, c1, l2, c2)
			}
		}
		if want.Def != nil {
			s, err := snap.WithContent(snap.SkillAt(got.Path))
			if err != nil || s.Content != string(src[want.ContentSpan.Start:want.ContentSpan.End]) || s.Content == "" {
				t.Errorf("%s: content %q, %v", got.Path, s.Content, err)
			}
		}
	}
	// pdf, crlf, bad, flat and nofm are text read by the production path;
	// the binary file stays as it is.
	if leanCount != 5 {
		t.Errorf("%d lean files, want 5", leanCount)
	}
}

// TestLeanFileChangedOnDisk: a lean file whose bytes change before the
// workspace hears of it gives no bytes (and no positions to edit at); a
// touch that keeps the bytes changes nothing; the change applied gives a
// new lean file.
func TestLeanFileChangedOnDisk(t *testing.T) {
	dir, _ := leanTree(t)
	ws := skills.NewWorkspace(skilltest.TreeRoots(dir), skills.LoadOptions{})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "project", ".agents", "skills", "flat.md")
	f := snap.File(path)
	if !f.Lean() {
		t.Fatal("flat.md is not lean")
	}
	before := f.Def.Description

	// A touch: same bytes, new modification time.
	if err := os.Chtimes(path, time.Now().Add(5*time.Second), time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := snap.Text(f); err != nil {
		t.Errorf("after a touch: %v", err)
	}

	// Same size, other bytes.
	old, _ := os.ReadFile(path)
	changed := bytes.Replace(old, []byte("Flat body."), []byte("Flat BODY."), 1)
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := snap.Text(f); !errors.Is(err, skills.ErrChangedOnDisk) {
		t.Errorf("Text after a same-size rewrite: %v, want ErrChangedOnDisk", err)
	}
	if _, err := snap.WithContent(snap.SkillAt(path)); !errors.Is(err, skills.ErrChangedOnDisk) {
		t.Errorf("WithContent of a changed file: %v", err)
	}

	// The change arrives.
	next := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: path})
	nf := next.File(path)
	if nf == f || !nf.Lean() || nf.Def.Description != before {
		t.Fatalf("after Apply: same=%t lean=%t", nf == f, nf.Lean())
	}
	if s, err := next.WithContent(next.SkillAt(path)); err != nil || s.Content != "Flat BODY." {
		t.Errorf("content after the change = %v", err)
	}

	// Gone from disk before the workspace knows.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, err := next.Text(nf); err == nil {
		t.Errorf("Text of a deleted file succeeded")
	}
}
