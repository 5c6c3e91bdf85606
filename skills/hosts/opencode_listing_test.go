package hosts

import (
	"strings"
	"testing"
)

// TestOpenCodeLines checks the <available_skills> block of OpenCode
// 1.18.33's system prompt against what the release sent a stand-in model
// for the same skills (the host suite's runOpenCodePrompt): sorted by
// localeCompare (en-US: "_" first, digits as text, "a" before "A", "a_b"
// before "a-b", "é" beside "e"), its own customize-opencode among them,
// names and descriptions as they are, a | or > description ending in its
// line break, the location escaped, the undescribed skill left out.
func TestOpenCodeLines(t *testing.T) {
	h := Lookup(string(OpenCode))
	e := testEnv(h, 0)
	skill := func(dir, fm string) *entry {
		f := File{Path: "/p/.claude/skills/" + dir + "/SKILL.md", Root: "/p/.claude/skills", Folder: dir, Scope: ScopeProject}
		ent, drop := opencodeParse(e, f, []byte("---\n"+fm+"\n---\nBody.\n"))
		if drop != nil {
			t.Fatalf("%s: %v", dir, drop)
		}
		ent.file = f
		return &ent
	}
	winners := []*entry{
		skill("zeta", "name: Zeta\ndescription: Upper Z"),
		skill("al", "name: alpha\ndescription: |\n  line one\n  line two"),
		skill("us", "name: _under\ndescription: >\n  folded one\n  folded two"),
		skill("ab", `name: a-b`+"\n"+`description: "quoted <b> & \"q\""`),
		skill("ab3", "name: a_b\ndescription: ''"),
		skill("e", "name: éclair\ndescription: accent"),
		skill("n1", "name: \"10\"\ndescription: ten"),
		skill("n2", "name: \"9\"\ndescription: nine"),
		skill("nodesc", "name: nodesc"),
		skill(`we&ird'<x>"`, "name: weird\ndescription: path escapes"),
		skill("A", "name: A\ndescription: cap A"),
		skill("a", "name: a\ndescription: small a"),
	}
	block := func(name, desc, loc string) string {
		return "  <skill>\n    <name>" + name + "</name>\n    <description>" + desc + "</description>\n    <location>" + loc + "</location>\n  </skill>\n"
	}
	loc := func(dir string) string { return "/p/.claude/skills/" + dir + "/SKILL.md" }
	want := "<available_skills>\n" +
		block("_under", "folded one folded two\n", loc("us")) +
		block("10", "ten", loc("n1")) +
		block("9", "nine", loc("n2")) +
		block("a", "small a", loc("a")) +
		block("A", "cap A", loc("A")) +
		block("a_b", "", loc("ab3")) +
		block("a-b", `quoted <b> & "q"`, loc("ab")) +
		block("alpha", "line one\nline two\n", loc("al")) +
		block("customize-opencode", opencodeBuiltinDesc, "&lt;built-in&gt;") +
		block("éclair", "accent", loc("e")) +
		block("weird", "path escapes", "/p/.claude/skills/we&amp;ird&#39;&lt;x&gt;&quot;/SKILL.md") +
		block("Zeta", "Upper Z", loc("zeta")) +
		"</available_skills>"
	if got := strings.Join(opencodeLines(e, winners), "\n"); got != want {
		t.Errorf("listing:\n%s\nwant:\n%s", got, want)
	}
	// A skill file named customize-opencode replaces the release's own;
	// without a description nothing is left to list.
	mine := skill("c", "name: customize-opencode")
	if got := opencodeLines(e, []*entry{mine}); len(got) != 1 || got[0] != "No skills are currently available." {
		t.Errorf("replaced built-in: %q", got)
	}
	if got := opencodeLines(e, nil); got[1] != "  <skill>" || got[2] != "    <name>customize-opencode</name>" {
		t.Errorf("no skill: %q, want the release's own skill", got)
	}
}
