package diagnostics

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
)

func TestBodyRules(t *testing.T) {
	codes := []string{CodeBodyBreaksFrame, CodeLinkMissing, CodeLinkOutside}
	with := func(body string) string { return "---\nname: skill\ndescription: d\n---\n" + body }
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: with("See [ok](refs/ok.md) and [web](https://example.com).\n"), extra: map[string]string{".agents/skills/skill/refs/ok.md": "ok"}},
		{name: "frame", src: with("a </skill_content> b\n"), want: []string{"warning body-breaks-frame 5:3"}},
		{name: "missing", src: with("See [x](refs/none.md).\n"), want: []string{"warning link-missing 5:9"}, contains: "refs/none.md does not exist"},
		{name: "missing after é and 𐐀", src: with("é𐐀 [x](none.md)\n"), want: []string{"warning link-missing 5:12"}},
		{name: "outside", src: with("See [x](../../../../secret.txt).\n"), want: []string{"warning link-outside-skill 5:9"}},
		{name: "into another skill", src: with("See [other](../other/SKILL.md) and [its ref](../other/ref.md).\n"), extra: map[string]string{".agents/skills/other/SKILL.md": skill("other"), ".agents/skills/other/ref.md": "r"}},
		{name: "into another skill, missing", src: with("See [gone](../other/gone.md).\n"), extra: map[string]string{".agents/skills/other/SKILL.md": skill("other")}, want: []string{"warning link-missing 5:12"}},
		{name: "into a flat skill", src: with("See [flat](../flat.md).\n"), extra: map[string]string{".agents/skills/flat.md": skill("flat")}},
		{name: "code span is not a link", src: with("`[x](none.md)`\n")},
	})
}

// TestFrameTagsMatchSearchPerTag: one search for what the tags start with
// finds the spans a search per tag finds, on bodies of tag pieces.
func TestFrameTagsMatchSearchPerTag(t *testing.T) {
	reference := func(content []byte) []skills.Span {
		var out []skills.Span
		for _, tag := range frameTags {
			for off := 0; ; {
				i := bytes.Index(content[off:], []byte(tag))
				if i < 0 {
					break
				}
				out = append(out, skills.Span{Start: off + i, End: off + i + len(tag)})
				off += i + len(tag)
			}
		}
		slices.SortFunc(out, func(a, b skills.Span) int { return a.Start - b.Start })
		return out
	}
	pieces := []string{"</skill_instructions>", "</skill_content>", "</skill_", "</skill_content", "<", "/", "x", "</skill_</skill_content>", "\n", "é"}
	rng := rand.New(rand.NewPCG(8, 9))
	for n := range 3000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		body := b.String()
		src := "---\nname: a\ndescription: d\n---\n" + body
		f := skills.Parse("/r/a/SKILL.md", []byte(src), skills.ReadFS)
		p := &Pass{File: f, lines: f.Lines(), rule: Lookup(CodeBodyBreaksFrame), grade: func(*Rule) Severity { return SeverityWarning }}
		checkFrame(p)
		var got []skills.Span
		for _, d := range p.out {
			got = append(got, skills.Span{Start: d.Span.Start - f.ContentSpan.Start, End: d.Span.End - f.ContentSpan.Start})
		}
		if want := reference([]byte(src)[f.ContentSpan.Start:f.ContentSpan.End]); !slices.Equal(got, want) {
			t.Fatalf("body %d %q: spans %v, want %v", n, body, got, want)
		}
	}
}
