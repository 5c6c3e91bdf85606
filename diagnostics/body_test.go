package diagnostics

import (
	"strings"
	"testing"
)

func TestBodyRules(t *testing.T) {
	codes := []string{CodeBodyBreaksFrame, CodeLinkMissing, CodeLinkOutside, CodeLinkAnchorMissing, CodeBodyUnparsed}
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
		// The file a link names, without its #anchor; the anchor is
		// checked against the target's headings separately (issue 25).
		{name: "missing with an anchor", src: with("See [x](./x.md#top).\n"), want: []string{"warning link-missing 5:9"}, contains: "./x.md does not exist"},
		{name: "own anchors", src: with("# Usage\n\n## Step 1: Set up\n\n## Usage\n\nSee [a](#usage), [b](#step-1-set-up), [c](#usage-1), [d](SKILL.md#Usage).\n")},
		{name: "own anchor missing", src: with("# Usage\n\nSee [a](#setup).\n"), want: []string{"warning link-anchor-missing 7:9"}, contains: "no heading of this file has the anchor #setup"},
		{name: "another skill's anchor", src: with("See [a](../other/SKILL.md#setup) and [b](../other/SKILL.md#nope).\n"),
			extra: map[string]string{".agents/skills/other/SKILL.md": skill("other") + "\n## Setup\n"}, want: []string{"warning link-anchor-missing 5:42"}, contains: "no heading of ../other/SKILL.md has the anchor #nope"},
		{name: "a file that is no skill is not read", src: with("See [a](refs/ok.md#anything).\n"), extra: map[string]string{".agents/skills/skill/refs/ok.md": "# Other\n"}},
		// A reference definition sends the body to the CommonMark parser;
		// 200 unclosed link openers in a 200 KB paragraph are over its
		// bound, so the missing link is not reported: the note says links
		// were not checked.
		{name: "over the parser's bounds", src: with("[r]: x\n\n[x](none.md)\n" + strings.Repeat("[a](", 200) + strings.Repeat("a", 200<<10) + "\n"),
			want: []string{"warning markdown-too-complex 5:1"}, contains: "200 link destinations \"](\" or \"<\" are not closed on their line"},
		{name: "over 4 MiB", src: with("[x](none.md)\n" + strings.Repeat("a", 4<<20) + "\n"),
			want: []string{"warning markdown-too-complex 5:1"}, contains: "over the 4194304 bytes (4 MiB) skill-ls scans"},
	})
}
