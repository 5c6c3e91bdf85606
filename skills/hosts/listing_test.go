package hosts

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCodexTableCost checks the cost Codex 0.171 takes off its budget for
// the skill roots table against what the host suite measured: two roots
// whose lines total 142 bytes cost nothing, 148 bytes cost 2 tokens and
// 172 bytes 8; three roots of 142 bytes cost 1; nothing in characters.
func TestCodexTableCost(t *testing.T) {
	root := func(n int) string { return "/" + strings.Repeat("x", n) }
	// A line is "- `rN` = `<root>`": 11 bytes and the root; root(n) is n+1.
	tests := []struct {
		name   string
		roots  []string
		tokens bool
		want   int
	}{
		{"two roots, 142 bytes", []string{root(58), root(58)}, true, 0},
		{"two roots, 148 bytes", []string{root(61), root(61)}, true, 2},
		{"two roots, 172 bytes", []string{root(73), root(73)}, true, 8},
		{"three roots, 142 bytes", []string{root(34), root(34), root(35)}, true, 1},
		{"characters", []string{root(200), root(200)}, false, 0},
		{"no roots", nil, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := codexTableCost(tt.tokens, tt.roots); got != tt.want {
				t.Errorf("codexTableCost = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestCodexLines checks the shape of Codex 0.171's listing: the roots
// that hold a listed skill, numbered in scan order, then system, project
// and user skills by name with their paths as rN/ aliases.
func TestCodexLines(t *testing.T) {
	dir := t.TempDir()
	h := Lookup(string(Codex))
	e := testEnv(h, 0)
	e.opts.Cwd, e.project, e.opts.Home, e.home = filepath.Join(dir, "p"), filepath.Join(dir, "p"), filepath.Join(dir, "h"), filepath.Join(dir, "h")
	mk := func(root, name string, scope Scope) *entry {
		r := filepath.Join(dir, root)
		return &entry{name: name, listing: "D " + name + ".", listed: true, file: File{Path: filepath.Join(r, name, "SKILL.md"), Root: r, Scope: scope}}
	}
	winners := []*entry{
		mk("p/.agents/skills", "zeta", ScopeProject),
		mk("h/.agents/skills", "alpha", ScopeUser),
		mk("h/.codex/skills/.system", "sys", ScopeSystem),
		mk("p/.agents/skills", "beta", ScopeProject),
	}
	codexBudget(e, winners)
	got := codexLines(e, winners)
	want := []string{
		"### Skill roots",
		"- `r0` = `" + filepath.ToSlash(filepath.Join(dir, "h/.agents/skills")) + "`",
		"- `r1` = `" + filepath.ToSlash(filepath.Join(dir, "h/.codex/skills/.system")) + "`",
		"- `r2` = `" + filepath.ToSlash(filepath.Join(dir, "p/.agents/skills")) + "`",
		"### Available skills",
		"- sys: D sys. (file: r1/sys/SKILL.md)",
		"- beta: D beta. (file: r2/beta/SKILL.md)",
		"- zeta: D zeta. (file: r2/zeta/SKILL.md)",
		"- alpha: D alpha. (file: r0/alpha/SKILL.md)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("codexLines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestClaudeListingText checks how Claude Code 2.1.328 turns a file into
// its listing entry (the host suite's pitfall corpus).
func TestClaudeListingText(t *testing.T) {
	h := Lookup(string(Claude))
	tests := []struct {
		name, folder, src, want string
	}{
		{"plain", "pdf", "---\nname: pdf\ndescription: Read PDFs.\n---\nBody.\n", "- pdf: Read PDFs."},
		{"name shown beside the folder", "num", "---\nname: 3000\ndescription: D.\n---\n", "- num (3000): D."},
		{"name with spaces ignored", "up", "---\nname: Up Case\ndescription: D.\n---\n", "- up: D."},
		{"body's first line", "nodesc", "---\nname: nodesc\n---\n\n# Heading\nMore.\n", "- nodesc: Heading"},
		{"empty file", "empty", "", "- empty: Skill"},
		{"unclosed: the whole file is the body", "dashes", "---\n", "- dashes: ---"},
		{"--- inside a value ends the frontmatter", "cut", "---\nname: cut\ndescription: \"a --- b\"\n---\nBody.\n", "- cut: b\""},
		{"line by line when YAML fails", "colon", "---\nname: other\ndescription: Use when: x\n\tand more\n---\n", "- colon: Use when: x and more"},
		{"when_to_use, spaces, escaping", "w", "---\ndescription: \"a\\tb <i>\"\nwhen_to_use: Later.\n---\n", "- w: a b &lt;i&gt; - Later."},
		{"runs of line breaks and tabs: one space", "ws", "---\ndescription: \"one\\n\\ntwo\\t\\tthree \\n four\\r\\nsix\"\n---\n", "- ws: one two three   four six"},
		{"controls, format and separators: one space each run", "cf", "---\ndescription: \"a\\u0000\\u200bb|\\u00adc|\\u2028d|\\ue000e|\\u00a0f\\u3000g\"\n---\n", "- cf: a b| c| d| e|\u00a0f\u3000g"},
		{"trimmed as JavaScript trims, before the runs", "tr", "---\ndescription: \"\\u200bx\\u0085\\ufeff\"\n---\n", "- tr:  x "},
		{"when_to_use not trimmed", "wt", "---\ndescription: x\nwhen_to_use: \"\\t\\ty \"\n---\n", "- wt: x -  y "},
		{"when_to_use of spaces kept", "ws2", "---\ndescription: x\nwhen_to_use: \"  \"\n---\n", "- ws2: x -   "},
		{"body's first line, tabs inside", "bt", "---\ndescription: \"  \"\n---\n\n\t# Head\tline\t\n", "- bt: Head line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := File{Path: "/p/.claude/skills/" + tt.folder + "/SKILL.md", Root: "/p/.claude/skills", Folder: tt.folder, Scope: ScopeProject}
			ent, drop := claudeParse(testEnv(h, 0), f, []byte(tt.src))
			if drop != nil {
				t.Fatal(drop)
			}
			ent.file = f
			claudeBudget(testEnv(h, 0), []*entry{&ent})
			if ent.line != tt.want {
				t.Errorf("line %q, want %q", ent.line, tt.want)
			}
		})
	}
}

// TestGeminiBlocks checks Gemini CLI 0.61.0's <skill> block of a skill
// whose description is a folded scalar: js-yaml keeps its final line
// break, so </description> starts a line of its own.
func TestGeminiBlocks(t *testing.T) {
	h := Lookup(string(Gemini))
	e := testEnv(h, 0)
	f := File{Path: "/p/.agents/skills/f/SKILL.md", Root: "/p/.agents/skills", Folder: "f", Scope: ScopeProject}
	for _, tt := range []struct{ header, want string }{
		{">", "    <description>Folded over two lines.\n</description>"},
		{">-", "    <description>Folded over two lines.</description>"},
	} {
		ent, drop := geminiParse(e, f, []byte("---\nname: f\ndescription: "+tt.header+"\n  Folded over\n  two lines.\n---\nBody.\n"))
		if drop != nil {
			t.Fatal(drop)
		}
		ent.file = f
		if got := geminiLines(e, []*entry{&ent}); got[2] != tt.want {
			t.Errorf("%s: %q, want %q", tt.header, got[2], tt.want)
		}
	}
}

// TestClaudeSkillText checks the text Claude Code 2.1.328 adds after its
// Skill tool's result: the skill's folder, a blank line, the body without
// its leading line breaks and with $ARGUMENTS empty.
func TestClaudeSkillText(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pdf", "SKILL.md")
	write(t, p, "---\nname: pdf\ndescription: D.\n---\n\n\n# Title\n\nUse $ARGUMENTS here.\n\n")
	e := testEnv(Lookup(string(Claude)), 0)
	w := &entry{name: "pdf", file: File{Path: p}}
	got, ok := claudeSkill(e, []*entry{w}, "pdf")
	want := "Base directory for this skill: " + filepath.Dir(p) + "\n\n# Title\n\nUse  here.\n\n"
	if !ok || got != want {
		t.Errorf("claudeSkill = %q, %v; want %q", got, ok, want)
	}
	if _, ok := claudeSkill(e, []*entry{w}, "other"); ok {
		t.Error("a skill Claude Code does not have renders")
	}
	// allowed-tools: the Skill tool's error under claude -p (claude-refusal).
	for src, asks := range map[string]bool{
		"---\nallowed-tools: Read\n---\nBody.\n":      true,
		"---\nallowed-tools:\n  - Read\n---\nBody.\n": true,
		"---\nallowed-tools: \"\"\n---\nBody.\n":      false,
		"---\nallowed-tools: []\n---\nBody.\n":        false,
	} {
		write(t, p, src)
		got, _ := claudeSkill(e, []*entry{w}, "pdf")
		want := "Execute skill: pdf. The user can add the allow rule Skill(pdf) to .claude/settings.local.json to let it run without asking."
		if (got == want) != asks {
			t.Errorf("%q: %q", src, got)
		}
	}
}

// TestClaudeCommandText checks the Skill tool's text for Claude Code's
// commands and plugin workflows (probed with 2.1.328 on .claude/commands,
// and beside it on wshobson's and trailofbits' plugins in
// ~/.claude/skills): a command gives its body alone, without the folder
// line, its leading line breaks removed and $ARGUMENTS empty, and is
// refused as a skill is when it has allowed-tools; a workflow is always
// refused under claude -p.
func TestClaudeCommandText(t *testing.T) {
	dir := t.TempDir()
	cmds := filepath.Join(dir, ".claude", "commands")
	e := testEnv(Lookup(string(Claude)), 0)
	refusal := func(n string) string {
		return "Execute skill: " + n + ". The user can add the allow rule Skill(" + n + ") to .claude/settings.local.json to let it run without asking."
	}
	wf := filepath.Join(dir, "plug", "workflows")
	for _, tc := range []struct{ rel, root, name, src, want string }{
		{"plain.md", cmds, "plain", "---\ndescription: P.\n---\n\n\n# Plain\n\nRun with $ARGUMENTS now.\n", "# Plain\n\nRun with  now.\n"},
		{"sub/deep.md", cmds, "sub:deep", "# Deep heading\n\nNo frontmatter.\n", "# Deep heading\n\nNo frontmatter.\n"},
		{"asks.md", cmds, "asks", "---\ndescription: A.\nallowed-tools: Bash(git:*)\n---\n# Asks\n", refusal("asks")},
		{"w.js", wf, "plug:w", "export const meta = { name: 'w', description: 'W.' }\n", refusal("plug:w")},
	} {
		p := filepath.Join(tc.root, tc.rel)
		write(t, p, tc.src)
		w := &entry{name: tc.name, file: File{Path: p, Root: tc.root}}
		if got, ok := claudeSkill(e, []*entry{w}, tc.name); !ok || got != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, ok, tc.want)
		}
	}
}

// TestCodexPluginName checks the plugin namespace Codex 0.171.0 gives a
// skill in a plugin's folder (the host suite's plugin pitfalls).
func TestCodexPluginName(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	write(t, filepath.Join(root, "named/.claude-plugin/plugin.json"), `{"name": "renamed"}`)
	write(t, filepath.Join(root, "unnamed/.codex-plugin/plugin.json"), `{"version": "1"}`)
	write(t, filepath.Join(root, "bad/.claude-plugin/plugin.json"), "not json")
	e := testEnv(Lookup(string(Codex)), 0)
	for _, tt := range []struct{ path, want string }{
		{"named/skills/a/SKILL.md", "renamed"},
		{"named/SKILL.md", "renamed"},
		{"unnamed/x/y/SKILL.md", "unnamed"},
		{"bad/skills/c/SKILL.md", ""},
		{"plain/SKILL.md", ""},
	} {
		f := File{Path: filepath.Join(root, tt.path), Root: root}
		if got, _ := codexPluginName(e, f); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestQuoteShort checks the quotes a note gives of a skill's text: text
// longer than the bound is cut with "…", and a binary file's first line,
// whose bytes output prints as four-character escapes, is cut as short
// as the text it would print as.
func TestQuoteShort(t *testing.T) {
	elf := "\x7fELF\x02\x01\x01" + strings.Repeat("\x00\x03>\x01", 50)
	for _, tc := range []struct {
		name, in string
		max      int
		want     string
	}{
		{"short", "Review code.", 80, `"Review code."`},
		{"exactly the bound", "abcde", 5, `"abcde"`},
		{"one over", "abcdef", 5, `"abcd…"`},
		{"runes, not bytes", "ééééé", 5, `"ééééé"`},
		{"control characters count four", elf, 20, "\"\x7fELF\x02\x01\x01…\""},
		{"invalid bytes count four", "ab\xff\xfe\xfdcd", 10, "\"ab\xff…\""},
	} {
		if got := quoteShort(tc.in, tc.max); got != tc.want {
			t.Errorf("%s: quoteShort(%q, %d) = %q, want %q", tc.name, tc.in, tc.max, got, tc.want)
		}
	}
}
