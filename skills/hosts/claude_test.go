package hosts

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// TestClaudeShowNames checks when Claude Code 2.1.328 shows a skill's
// frontmatter name beside its folder (the host suite's claude-names case):
// not when /name is the release's own skill or command, another skill's
// folder (earlier or later) or the name shown beside an earlier folder.
func TestClaudeShowNames(t *testing.T) {
	h := Lookup(string(Claude))
	mk := func(folder, name string) *entry {
		return &entry{name: folder, alias: name, listing: "d.", listed: true, file: File{Path: "/p/.claude/skills/" + folder + "/SKILL.md", Root: "/p/.claude/skills", Folder: folder, Scope: ScopeProject},
			notes: []Note{{Code: "name-folder-mismatch", Message: "shown"}}}
	}
	es := []*entry{mk("aa", "zz"), mk("da1", "same"), mk("da2", "same"), mk("nt1", "simplify"), mk("nt2", "help"), mk("nt3", "nt4"), mk("nt4", ""), mk("x-cost", "cost"), mk("zz", "zz2")}
	claudeBudget(testEnv(h, 0), es)
	var got []string
	for _, w := range es {
		got = append(got, w.line)
	}
	want := []string{"- aa: d.", "- da1 (same): d.", "- da2: d.", "- nt1: d.", "- nt2: d.", "- nt3: d.", "- nt4: d.", "- x-cost (cost): d.", "- zz (zz2): d."}
	if !slices.Equal(got, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if m := es[3].notes[0].Message; !strings.Contains(m, "/simplify is taken by Claude Code's own /simplify") {
		t.Errorf("note on nt1: %s", m)
	}
	if m := es[2].notes[0].Message; !strings.Contains(m, "taken by the name shown beside the skill folder da1") {
		t.Errorf("note on da2: %s", m)
	}
}

// TestClaudeBuiltinReplaced checks that a skill folder named like one of
// the release's own skills frees that skill's share of the budget (the
// host suite's claude-builtins case: with SLASH_COMMAND_TOOL_CHAR_BUDGET
// 6,380, a loop folder and five others of 200-character descriptions,
// three descriptions fit).
func TestClaudeBuiltinReplaced(t *testing.T) {
	h := Lookup(string(Claude))
	e := testEnv(h, 0)
	e.opts.Getenv = func(k string) string {
		if k == "SLASH_COMMAND_TOOL_CHAR_BUDGET" {
			return "6380"
		}
		return ""
	}
	var es []*entry
	for _, n := range []string{"a1", "a2", "a3", "a4", "a5", "loop"} {
		es = append(es, &entry{name: n, listing: n + strings.Repeat("x", 198), listed: true, file: File{Root: "/p/.claude/skills", Folder: n}})
	}
	b := claudeBudget(e, es)
	if b.Builtin != claudeBuiltinCost-345 {
		t.Errorf("built-in cost %d, want %d", b.Builtin, claudeBuiltinCost-345)
	}
	for i, w := range es {
		if full := strings.Contains(w.line, ":"); full != (i < 3) {
			t.Errorf("%s: %q", w.name, w.line)
		}
	}
}

// TestClaudeBudgetEdge checks where Claude Code 2.1.328's budget ends: a
// listing that costs the budget plus 3 characters (entries, line breaks
// and the release's own skills, as skill-ls counts them) still keeps its
// last description, one more does not. Probed with the release at the
// default budget (30,003 kept, 30,004 not) and at
// SLASH_COMMAND_TOOL_CHAR_BUDGET=20000 (20,003 and 20,004);
// awesome-copilot's 402 skills in .claude/skills end there too.
func TestClaudeBudgetEdge(t *testing.T) {
	h := Lookup(string(Claude))
	for _, tc := range []struct {
		budget string
		cost   int
		kept   bool
	}{{"", 30003, true}, {"", 30004, false}, {"20000", 20003, true}, {"20000", 20004, false}} {
		e := testEnv(h, 0)
		e.opts.Getenv = func(k string) string {
			if k == "SLASH_COMMAND_TOOL_CHAR_BUDGET" {
				return tc.budget
			}
			return ""
		}
		// "- a" and its line break, then ": " and the description.
		desc := strings.Repeat("x", tc.cost-claudeBuiltinCost-len("- a\n")-len(": "))
		w := &entry{name: "a", listing: desc, listed: true, file: File{Root: "/p/.claude/skills", Folder: "a"}}
		b := claudeBudget(e, []*entry{w})
		if b.Used != tc.cost {
			t.Fatalf("budget %q: cost %d, want %d", tc.budget, b.Used, tc.cost)
		}
		if kept := strings.Contains(w.line, ": "); kept != tc.kept || b.Over == tc.kept {
			t.Errorf("budget %q, cost %d: description kept %v, over %v; want kept %v", tc.budget, tc.cost, kept, b.Over, tc.kept)
		}
	}
}

// TestClaudeCommands checks the commands Claude Code 2.1.328 lists after
// its skills (the host suite's claude-commands case): personal and project
// .claude/commands sorted together, subfolders as dir:name, a folder
// holding a SKILL.md read as that file only, a skill's name before a
// command's, personal before project, no frontmatter name shown, and a
// command's name taking its /name from a skill's frontmatter name.
func TestClaudeCommands(t *testing.T) {
	dir := t.TempDir()
	p, home := filepath.Join(dir, "p"), filepath.Join(dir, "h")
	fmd := func(d string) string { return "---\ndescription: " + d + "\n---\nBody.\n" }
	for path, text := range map[string]string{
		"p/.claude/skills/sk/SKILL.md":         fmd("A skill."),
		"p/.claude/skills/x/SKILL.md":          "---\nname: foo\ndescription: Named like a command.\n---\n",
		"p/.claude/commands/foo.md":            fmd("Project foo."),
		"p/.claude/commands/Alpha.md":          "---\nname: renamed\ndescription: Alpha.\n---\n",
		"p/.claude/commands/a/b/deep.md":       fmd("Deep."),
		"p/.claude/commands/README.md":         "# Commands readme\n\nText.\n",
		"p/.claude/commands/empty.md":          "",
		"p/.claude/commands/sk.md":             fmd("Loses to the skill."),
		"p/.claude/commands/sub/SKILL.md":      fmd("A SKILL.md among commands."),
		"p/.claude/commands/sub/ignored.md":    fmd("Beside that SKILL.md."),
		"p/.claude/commands/manual.md":         "---\ndescription: M.\ndisable-model-invocation: true\n---\n",
		"p/.claude/commands/UP.MD":             fmd("Not .md."),
		"h/.claude/commands/foo.md":            fmd("Personal foo."),
		"h/.claude/commands/pc.md":             fmd("Personal command."),
		"p/.claude/commands/.hidden/in.md":     fmd("In a dot folder."),
		"p/.claude/commands/node_modules/n.md": fmd("In node_modules."),
	} {
		write(t, filepath.Join(dir, path), text)
	}
	res, err := Lookup(string(Claude)).Evaluate(t.Context(), Options{Cwd: p, ProjectRoot: p, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := res.Listing()
	want := []string{
		"- sk: A skill.",
		"- x: Named like a command.",
		"- .hidden:in: In a dot folder.",
		"- a:b:deep: Deep.",
		"- Alpha: Alpha.",
		"- empty: Custom command",
		"- foo: Personal foo.",
		"- node_modules:n: In node_modules.",
		"- pc: Personal command.",
		"- README: Commands readme",
		"- sub: A SKILL.md among commands.",
	}
	if !slices.Equal(got, want) {
		t.Errorf("listing:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Commands are listed and judged, but not skill files for check.
	files, err := Lookup(string(Claude)).Discover(t.Context(), Options{Cwd: p, ProjectRoot: p, Home: home})
	if err != nil || len(files) != 2 {
		t.Errorf("Discover: %v, %v; want the two SKILL.md files", files, err)
	}
	if v := res.Verdicts[filepath.Join(p, ".claude/commands/sk.md")]; v.Status != Shadowed {
		t.Errorf("sk.md: %+v, want shadowed by the skill", v)
	}
}

// TestClaudePlugins checks the plugin folders Claude Code 2.1.328 loads
// from ~/.claude/skills (the host suite's claude-plugins case): commands
// and skills/<dir>/SKILL.md as <plugin>:<name> after the user's commands,
// every plugin's commands first; a manifest without a name or not JSON,
// or a plugin in .claude/skills, loads nothing; the plugin's own SKILL.md
// is a skill; a plugin command's frontmatter name is shown (trailofbits'
// name: trailofbits:ct-check); a plugin's command or skill whose
// frontmatter gives no description or when_to_use is not listed.
func TestClaudePlugins(t *testing.T) {
	dir := t.TempDir()
	p, home := filepath.Join(dir, "p"), filepath.Join(dir, "h")
	fmd := func(d string) string { return "---\ndescription: " + d + "\n---\nBody.\n" }
	for path, text := range map[string]string{
		"h/.claude/skills/myplug/.claude-plugin/plugin.json": `{"name": "plug"}`,
		"h/.claude/skills/myplug/SKILL.md":                   fmd("The plugin folder's own."),
		"h/.claude/skills/myplug/skills/a/SKILL.md":          fmd("A."),
		"h/.claude/skills/myplug/skills/b/SKILL.md":          "---\nname: bee\ndescription: B.\n---\n",
		"h/.claude/skills/myplug/skills/deep/x/SKILL.md":     fmd("Too deep."),
		"h/.claude/skills/myplug/commands/c.md":              fmd("C."),
		"h/.claude/skills/myplug/commands/nofm.md":           "# Not listed\n",
		"h/.claude/skills/myplug/commands/when.md":           "---\nwhen_to_use: Later.\n---\nBody line.\n",
		"h/.claude/skills/myplug/skills/nodesc/SKILL.md":     "---\nname: nodesc\n---\n# Not listed\n",
		"h/.claude/skills/myplug/commands/d.md":              "---\nname: org:dee\ndescription: D.\n---\n",
		"h/.claude/skills/noname/.claude-plugin/plugin.json": `{"version": "1"}`,
		"h/.claude/skills/noname/skills/n/SKILL.md":          fmd("No name."),
		"h/.claude/skills/bad/.claude-plugin/plugin.json":    "not json",
		"h/.claude/skills/bad/skills/n/SKILL.md":             fmd("Bad manifest."),
		"h/.claude/skills/agdir/.claude-plugin/plugin.json":  `{"name": "agdir", "agents": ["./agents"]}`,
		"h/.claude/skills/agdir/skills/n/SKILL.md":           fmd("Agents names a folder."),
		"h/.claude/skills/agmd/.claude-plugin/plugin.json":   `{"name": "agmd", "agents": "./agents/x.md"}`,
		"h/.claude/skills/agmd/skills/m/SKILL.md":            fmd("Agents names a file."),
		"p/.claude/skills/pp/.claude-plugin/plugin.json":     `{"name": "pp"}`,
		"p/.claude/skills/pp/skills/n/SKILL.md":              fmd("In the project."),
		"p/.claude/commands/pcmd.md":                         fmd("Project command."),
	} {
		write(t, filepath.Join(dir, path), text)
	}
	res, err := Lookup(string(Claude)).Evaluate(t.Context(), Options{Cwd: p, ProjectRoot: p, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := res.Listing()
	// The plugins come in the file system's order: agmd's line is looked
	// for on its own.
	agmd := slices.Index(got, "- agmd:m: Agents names a file.")
	if agmd < 0 {
		t.Errorf("agmd (agents names a .md file) not listed: %q", got)
	} else {
		got = slices.Delete(got, agmd, agmd+1)
	}
	want := []string{"- myplug: The plugin folder's own.", "- pcmd: Project command.", "- plug:c: C.", "- plug:d (plug:org:dee): D.", "- plug:when: Body line. - Later.", "- plug:a: A.", "- plug:b (plug:bee): B."}
	if !slices.Equal(got, want) {
		t.Errorf("listing:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestClaudeCollate checks the order of names in Claude Code's commands
// and plugins (localeCompare in the root locale).
func TestClaudeCollate(t *testing.T) {
	names := []string{"Zed.md", "c.md", "a-b.md", "Émoji.md", "A.md", "a_1.md", "b.md", "a.md", "1.md", "group/nested.md"}
	var got []string
	for _, i := range discovery.LocaleOrder(names) {
		got = append(got, names[i])
	}
	want := []string{"1.md", "a_1.md", "a-b.md", "a.md", "A.md", "b.md", "c.md", "Émoji.md", "group/nested.md", "Zed.md"}
	if !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}

// TestClaudeWorkflows checks a plugin's workflows/*.js as Claude Code
// 2.1.328 lists them (beside the release on trailofbits/skills; the
// claude-plugins case): after the user's skills and commands, before the
// plugins' commands, as <plugin>:<meta.name>, with
// meta.description and meta.whenToUse, not escaped, minified or not; a
// script without a meta name is not listed.
func TestClaudeWorkflows(t *testing.T) {
	dir := t.TempDir()
	p, home := filepath.Join(dir, "p"), filepath.Join(dir, "h")
	for path, text := range map[string]string{
		"h/.claude/skills/wf/.claude-plugin/plugin.json": `{"name": "wf"}`,
		"h/.claude/skills/wf/workflows/audit.js":         "export const meta = {\n  name: \"audit-pipeline\",\n  description:\n    'It\\'s <first>',\n  whenToUse: `Later.`,\n  phases: [{ name: 'x' }],\n};\n",
		"h/.claude/skills/wf/workflows/nometa.js":        "export default 1;\n",
		"h/.claude/skills/wf/workflows/min.js":           `export const meta={name:"min",description:"Minified.",phases:[]};`,
		"h/.claude/skills/wf/workflows/deep/x.js":        "export const meta = { name: 'deep' };\n",
		"h/.claude/skills/a/SKILL.md":                    "---\ndescription: A.\n---\n",
	} {
		write(t, filepath.Join(dir, path), text)
	}
	res, err := Lookup(string(Claude)).Evaluate(t.Context(), Options{Cwd: p, ProjectRoot: p, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := res.Listing()
	// The workflows come in the file system's order.
	slices.Sort(got[1:])
	want := []string{"- a: A.", "- wf:audit-pipeline: It's <first> - Later.", "- wf:min: Minified."}
	if !slices.Equal(got, want) {
		t.Errorf("listing:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
