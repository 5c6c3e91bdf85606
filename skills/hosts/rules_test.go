package hosts

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

func TestSelect(t *testing.T) {
	tests := []struct {
		list    string
		want    []ID
		wantErr string
	}{
		{"all", []ID{DSH, Claude, Codex, Copilot, CopilotCLI, Gemini, OpenCode, Goose, Cursor}, ""},
		{"codex,codex@0.141", []ID{Codex, Codex0141}, ""},
		{" gemini , dsh,gemini", []ID{Gemini, DSH}, ""},
		{"dsh,all", []ID{DSH, Claude, Codex, Copilot, CopilotCLI, Gemini, OpenCode, Goose, Cursor}, ""},
		{"vscode", nil, `unknown host "vscode"`},
		{",", nil, "no host selected"},
	}
	for _, tt := range tests {
		hs, err := Select(tt.list)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Select(%q) error = %v, want %q", tt.list, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Select(%q): %v", tt.list, err)
		}
		var got []ID
		for _, h := range hs {
			got = append(got, h.ID)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Select(%q) = %v, want %v", tt.list, got, tt.want)
		}
	}
}

func TestEveryHostCitesItsRules(t *testing.T) {
	for _, h := range All() {
		checked := "2026-11-30"
		if h.ID == CopilotCLI {
			checked = "2026-12-06" // its profile was added then
		}
		if h.Name == "" || h.Version == "" || h.Checked != checked || len(h.Refs) == 0 || h.Invocation.Sigil == "" {
			t.Errorf("%s: incomplete profile %+v", h.ID, h)
		}
		for _, r := range h.Refs {
			if r.Where == "" || r.What == "" || (r.Evidence != FromSource && r.Evidence != FromDocs && r.Evidence != FromRelease) {
				t.Errorf("%s: incomplete reference %+v", h.ID, r)
			}
			if r.Evidence == FromSource && h.ID != DSH && !commitRE.MatchString(r.Where) {
				t.Errorf("%s: source reference %q names no commit", h.ID, r.Where)
			}
		}
	}
}

// commitRE matches a file@commit citation.
var commitRE = regexp.MustCompile(`\.[a-z]+@[0-9a-f]{8}`)

// TestCopilotRowsCiteCommits checks that every rule of docs/hosts.md's
// Copilot table read from source names the file and commit it was read at.
func TestCopilotRowsCiteCommits(t *testing.T) {
	_, section, _ := strings.Cut(hostsDoc(t), "## GitHub Copilot in VS Code (`copilot`)")
	section, _, _ = strings.Cut(section, "\n## ")
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) < 3 {
			continue
		}
		source := cells[len(cells)-1]
		if !strings.Contains(source, "source:") {
			continue
		}
		rows++
		if !commitRE.MatchString(source) {
			t.Errorf("Copilot rule %q cites %q: no file@commit", cells[0], source)
		}
	}
	if rows < 6 {
		t.Errorf("only %d Copilot rules read from source", rows)
	}
}

func TestFrontmatterSplitters(t *testing.T) {
	type split func(string) (string, bool)
	tests := []struct {
		name   string
		fn     split
		text   string
		want   string
		wantOK bool
	}{
		{"line", lineFrontmatter, "---\nname: a\n---\nbody", "name: a", true},
		{"line CRLF", lineFrontmatter, "---\r\nname: a\r\n---\r\n", "name: a", true},
		{"line trailing space", lineFrontmatter, "--- \nname: a\n---\n", "", false},
		{"line unclosed", lineFrontmatter, "---\nname: a\n", "", false},
		{"codex trims", codexFrontmatter, "---  \nname: a\n  ---\nbody", "name: a", true},
		{"codex BOM", codexFrontmatter, "\uFEFF---\nname: a\n---\n", "", false},
		{"codex empty", codexFrontmatter, "---\n---\n", "", false},
		{"codex unclosed", codexFrontmatter, "---\nname: a", "", false},
		{"gemini", geminiFrontmatter, "---\nname: a\n---\nbody", "name: a", true},
		{"gemini closes on ----", geminiFrontmatter, "---\nname: a\n----\nbody", "name: a", true},
		{"gemini needs a line before the closer", geminiFrontmatter, "---\n---\n", "", false},
		{"gemini BOM", geminiFrontmatter, "\uFEFF---\nname: a\n---\n", "", false},
		{"goose", gooseFrontmatter, "---\nname: a\n---\nbody", "name: a", true},
		{"goose text first", gooseFrontmatter, "# T\n---\nname: a\n---\n", "name: a", true},
		{"goose splits inside", gooseFrontmatter, "---\nd: \"a --- b\"\n---\n", `d: "a`, true},
		{"goose one marker", gooseFrontmatter, "---\nname: a\n", "", false},
	}
	for _, tt := range tests {
		got, ok := tt.fn(tt.text)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: got %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestYAMLRetries(t *testing.T) {
	tests := []struct {
		name, fn, in, want string
	}{
		{"codex quotes colon values", "codex", "name: a\ndescription: Use when: x\n", "name: a\ndescription: \"Use when: x\"\n"},
		{"codex keeps quoted and block values", "codex", "a: 'x: y'\nb: |\n  c: d\n", "a: 'x: y'\nb: |\n  c: d\n"},
		{"codex escapes", "codex", `d: say "hi": now`, `d: "say \"hi\": now"`},
		{"codex nested", "codex", "metadata:\n  short: What's in: it", "metadata:\n  short: \"What's in: it\""},
		{"opencode block scalar", "opencode", "description: Use when: x", "description: |-\n  Use when: x"},
		{"opencode skips hyphen keys", "opencode", "argument-hint: <a: b>", "argument-hint: <a: b>"},
		{"opencode skips indented", "opencode", "  d: a: b", "  d: a: b"},
	}
	for _, tt := range tests {
		var got string
		if tt.fn == "codex" {
			got = quoteColonValues(tt.in)
		} else {
			got = opencodeFallback(tt.in)
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		if tt.name == "codex quotes colon values" || tt.name == "opencode block scalar" {
			if d := parseYAML(got); d.err != nil {
				t.Errorf("%s: the retry does not parse: %v", tt.name, d.err.Message)
			}
		}
	}
}

func TestGeminiSimpleFields(t *testing.T) {
	tests := []struct {
		in                 string
		name, desc         string
		haveName, haveDesc bool
	}{
		{"name: a\ndescription: b: c", "a", "b: c", true, true},
		{"name: a\ndescription: one\n  two\n\tthree\nother: x", "a", "one two three", true, true},
		{"name: \"q\"\ndescription:", `"q"`, "", true, true},
		{"description: only", "", "only", false, true},
		{"metadata:\n  name: inner\nname: outer\ndescription: d", "outer", "d", true, true},
	}
	for _, tt := range tests {
		n, d, hn, hd := geminiSimpleFields(tt.in)
		if n != tt.name || d != tt.desc || hn != tt.haveName || hd != tt.haveDesc {
			t.Errorf("geminiSimpleFields(%q) = %q, %q, %v, %v", tt.in, n, d, hn, hd)
		}
	}
}

// testEnv is an env for rule tests with a fixed home and project.
func testEnv(h *Host, window int) *env {
	return &env{opts: Options{Cwd: "/p", Home: "/h", ContextWindow: window}, host: h, project: "/p", home: "/h"}
}

func TestCodexBudget(t *testing.T) {
	h := Lookup(string(Codex))
	// Codex 0.141's default model is not known: its budget is 8,000
	// characters, the budget of a Codex that does not know its window.
	old := Lookup(string(Codex0141))
	mk := func(name, desc string) *entry {
		return &entry{name: name, listing: desc, listed: true, file: File{Path: "/x/" + name + "/SKILL.md", Scope: ScopeProject}}
	}
	// "- a: 0123456789 (file: /x/a/SKILL.md)" is 37 characters plus a newline.
	line := len("- a: 0123456789 (file: /x/a/SKILL.md)") + 1
	t.Run("fits", func(t *testing.T) {
		b := codexBudget(testEnv(old, 0), []*entry{mk("a", "0123456789")})
		if b.Used != line || b.Limit != 8000 || b.Unit != "characters" || b.Over {
			t.Errorf("got %+v, want used %d of 8000 characters", b, line)
		}
	})
	t.Run("default window", func(t *testing.T) {
		// No window given: the 500,000 tokens of gpt-6.2-sol, Codex
		// 0.171's default model, as check, matrix and render all take it.
		b := codexBudget(testEnv(h, 0), []*entry{mk("a", "0123456789")})
		if b.Limit != 10000 || b.Unit != "tokens" || !strings.Contains(b.Note, "gpt-6.2-sol") {
			t.Errorf("got %+v, want 10,000 tokens of gpt-6.2-sol's window", b)
		}
	})
	t.Run("tokens", func(t *testing.T) {
		b := codexBudget(testEnv(h, 100000), []*entry{mk("a", "0123456789")})
		if b.Used != (line+3)/4 || b.Limit != 2000 || b.Unit != "tokens" {
			t.Errorf("got %+v, want %d of 2000 tokens", b, (line+3)/4)
		}
	})
	t.Run("shortened round robin", func(t *testing.T) {
		long := strings.Repeat("x", 9000)
		es := []*entry{mk("a", "short"), mk("b", long), mk("c", long)}
		b := codexBudget(testEnv(old, 0), es)
		if !b.Over {
			t.Fatalf("not over: %+v", b)
		}
		if len(es[0].notes) != 0 {
			t.Errorf("the short description was shortened: %v", es[0].notes)
		}
		for _, e := range es[1:] {
			if len(e.notes) != 1 || e.notes[0].Code != "description-shortened" {
				t.Errorf("%s: notes %v, want description-shortened", e.name, e.notes)
			}
		}
		// Both long descriptions get the same share, give or take one.
		if es[1].notes[0].Message[:40] != es[2].notes[0].Message[:40] {
			t.Logf("%s / %s", es[1].notes[0].Message, es[2].notes[0].Message)
		}
	})
	t.Run("omitted", func(t *testing.T) {
		var es []*entry
		for i := range 400 {
			es = append(es, mk(strings.Repeat("n", 10)+itoa(i), "d"))
		}
		codexBudget(testEnv(old, 0), es)
		if es[0].notes[0].Code != "description-removed" || es[len(es)-1].notes[0].Code != "omitted-from-list" {
			t.Errorf("first %v, last %v", es[0].notes, es[len(es)-1].notes)
		}
	})
}

func TestClaudeBudget(t *testing.T) {
	h := Lookup(string(Claude))
	es := []*entry{{name: "a", listing: "d", listed: true}, {name: "b", listing: "hidden", listed: false}}
	b := claudeBudget(testEnv(h, 200000), es)
	if b.Limit != 6000 || b.Used != claudeBuiltinCost+len("- a: d")+1 {
		t.Errorf("200k window: %+v", b)
	}
	b = claudeBudget(testEnv(h, 1000000), es)
	if b.Limit != claudeDefaultBudget {
		t.Errorf("1M window: limit %d, want %d", b.Limit, claudeDefaultBudget)
	}
	// No window given: the default model's, whose budget the suite saw.
	b = claudeBudget(testEnv(h, 0), es)
	if b.Limit != claudeDefaultBudget || !strings.Contains(b.Note, "claude-opus-5-5") {
		t.Errorf("default window: %+v, want %d", b, claudeDefaultBudget)
	}
	if es[0].line != "- a: d" {
		t.Errorf("listing line %q", es[0].line)
	}
}

// TestJavaScriptCuts checks that the JavaScript hosts cut as
// String.prototype.substring does, in UTF-16 units (a pair cut in half
// keeps its high surrogate), and size their listings in UTF-16 units.
func TestJavaScriptCuts(t *testing.T) {
	f := File{Path: "/p/.github/skills/s/SKILL.md", Folder: "s", Scope: ScopeProject}
	desc := strings.Repeat("a", 1023) + "🙂tail"
	ent, drop := copilotParse(testEnv(Lookup(string(Copilot)), 0), f, []byte("---\nname: s\ndescription: "+desc+"\n---\n"))
	if drop != nil {
		t.Fatal(drop)
	}
	if got, want := jstext.ModelText(ent.listing), strings.Repeat("a", 1023)+"\uFFFD"; got != want {
		t.Errorf("Copilot listing ends %q, want %q", got[1020:], want[1020:])
	}
	if n := listingSize([]*entry{&ent}, func(w *entry) string { return w.listing }); n != 1024+1 {
		t.Errorf("listing size %d, want 1025 (1,024 units and a newline)", n)
	}
	long := strings.Repeat("b", 1535) + "𐐀𐐀"
	ent, _ = claudeParse(testEnv(Lookup(string(Claude)), 0), f, []byte("---\nname: s\ndescription: "+long+"\n---\n"))
	if jstext.Len(ent.listing) != 1536 || !strings.HasSuffix(ent.listing, "b…") {
		t.Errorf("Claude Code listing: %d units, ends %q", jstext.Len(ent.listing), jstext.ModelText(ent.listing)[1530:])
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSymlinks(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	shared := filepath.Join(dir, "shared")
	write(t, filepath.Join(shared, "linked.md"), "---\nname: linked-file\ndescription: A SKILL.md that is a link.\n---\n")
	write(t, filepath.Join(shared, "dir", "SKILL.md"), "---\nname: linked-dir\ndescription: A folder that is a link.\n---\n")
	agents := filepath.Join(project, ".agents", "skills")
	if err := os.MkdirAll(filepath.Join(agents, "file"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(shared, "linked.md"), filepath.Join(agents, "file", "SKILL.md")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink(filepath.Join(shared, "dir"), filepath.Join(agents, "dir")); err != nil {
		t.Fatal(err)
	}
	hs, _ := Select("codex,gemini,goose,dsh")
	m, err := Build(t.Context(), hs, Options{Cwd: project, ProjectRoot: project, Home: home, DSH: discovery.RootOptions{Cwd: project, ProjectRoot: project, DSHHome: filepath.Join(home, ".dsh"), AgentsHome: filepath.Join(home, ".agents"), Getenv: func(string) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[ID]Status{
		filepath.Join(agents, "file", "SKILL.md"): {Codex: NotDiscovered, Gemini: Loads, Goose: Loads, DSH: Loads},
		filepath.Join(agents, "dir", "SKILL.md"):  {Codex: Loads, Gemini: Loads, Goose: Loads, DSH: Loads},
	}
	for _, r := range m.Rows {
		for id, st := range want[r.Path] {
			if got := r.Verdicts[id]; got.Status != st {
				t.Errorf("%s %s: %s %v, want %s", r.Path, id, got.Status, got.Notes, st)
			}
		}
		delete(want, r.Path)
	}
	if len(want) > 0 {
		t.Errorf("files not in the matrix: %v", want)
	}
}

func TestCodexDepth(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	spec := rootSpec{dir: root, label: ".agents/skills", walk: walkSpec{maxDepth: codexMaxDepth, rootFile: true, skipDot: true}}
	ok := filepath.Join(root, "1", "2", "3", "4", "5", "6", "SKILL.md")
	deep := filepath.Join(root, "1", "2", "3", "4", "5", "6", "7", "SKILL.md")
	write(t, ok, "x")
	write(t, deep, "x")
	if got := walkRoot(spec); !slices.Equal(got, []string{ok}) {
		t.Errorf("walkRoot = %v, want only the file 6 folders deep", got)
	}
	code, why := whyNotWalked("Codex", spec, deep)
	if code != "too-deep" || !strings.Contains(why, "at most 6 folders deep") || !strings.Contains(why, "7 folders deep") {
		t.Errorf("whyNotWalked = %q, %q", code, why)
	}
}

// TestDSHIsTheEngine checks that the DSH host's verdicts are the skills
// engine's: drops, shadowing and winners, file by file.
func TestDSHIsTheEngine(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	for p, text := range map[string]string{
		".dsh/skills/a/SKILL.md":    "---\nname: a\ndescription: wins\n---\n",
		".agents/skills/a/SKILL.md": "---\nname: a\ndescription: loses\n---\n",
		".agents/skills/b.md":       "---\nname: b\ndescription: flat\n---\n",
		".agents/skills/c/SKILL.md": "---\nname: C\ndescription: bad name\n---\n",
		".agents/skills/d/SKILL.md": "no frontmatter",
		".agents/skills/e/SKILL.md": "---\nname: e\ndescription: over skill-ls's limit\n---\n",
	} {
		write(t, filepath.Join(project, p), text)
	}
	// A file over skill-ls's limits is one DSH would load: its verdict
	// says skill-ls did not read it, not "DSH drops this file" before
	// "(DSH would load all of it)".
	if err := os.Truncate(filepath.Join(project, ".agents/skills/e/SKILL.md"), 17<<20); err != nil {
		t.Fatal(err)
	}
	ro := discovery.RootOptions{Cwd: project, ProjectRoot: project, DSHHome: filepath.Join(dir, "h", ".dsh"), AgentsHome: filepath.Join(dir, "h", ".agents"), Getenv: func(string) string { return "" }}
	res, err := Lookup("dsh").Evaluate(t.Context(), Options{Cwd: project, Home: filepath.Join(dir, "h"), DSH: ro})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := skills.Load(t.Context(), discovery.Roots(ro), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	files := snap.Files()
	if len(files) != len(res.Files) || len(files) != 6 {
		t.Fatalf("%d files in the engine, %d in the host", len(files), len(res.Files))
	}
	for _, f := range files {
		v := res.Verdicts[f.Path]
		var want Status
		switch sk := snap.SkillAt(f.Path); {
		case f.Drop != nil:
			want = Dropped
			msg := "DSH drops this file: " + f.Drop.Detail
			if f.Drop.Code.Unread() {
				msg = f.Drop.Detail
			}
			if v.Message() != msg {
				t.Errorf("%s: message %q", f.Path, v.Message())
			}
		case snap.Registry.ShadowOf(sk) != nil:
			want = Shadowed
			if v.ShadowedBy != snap.Registry.ShadowOf(sk).Path {
				t.Errorf("%s: shadowed by %s", f.Path, v.ShadowedBy)
			}
		default:
			want = Loads
		}
		if v.Status != want {
			t.Errorf("%s: %s, want %s", f.Path, v.Status, want)
		}
	}
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "p"), filepath.Join(dir, "h")
	write(t, filepath.Join(project, ".agents", "skills", "a", "SKILL.md"), "x")
	write(t, filepath.Join(home, ".gemini", "skills", "b", "SKILL.md"), "x")
	write(t, filepath.Join(project, ".agents", "skills", "flat.md"), "x")
	files, err := Lookup("gemini").Discover(t.Context(), Options{Cwd: project, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Folder+" "+string(f.Scope)+" "+f.RootLabel)
	}
	want := []string{"b user ~/.gemini/skills", "a project .agents/skills"}
	if !slices.Equal(got, want) {
		t.Errorf("Discover = %q, want %q", got, want)
	}
}

// TestNestedFoldersBound checks the bound of the search for Claude Code's
// nested .claude/skills: the folder limit, the depth limit, and the
// folders it never enters.
func TestNestedFoldersBound(t *testing.T) {
	top := t.TempDir()
	mk := func(rel string) {
		if err := os.MkdirAll(filepath.Join(top, filepath.FromSlash(rel), ".claude", "skills"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"a", "b", "c", "d", "a/x/y", "node_modules/m", ".hidden/h", "p/q/r/s/t/u", "p/q/r/s/t/u/v"} {
		mk(d)
	}
	if err := os.Symlink(filepath.Join(top, "a"), filepath.Join(top, "link")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	rel := func(dirs []string) []string {
		var out []string
		for _, d := range dirs {
			r, _ := filepath.Rel(top, d)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	tests := []struct {
		depth, dirs int
		want        []string
	}{
		{6, 5000, []string{"a", "b", "c", "d", "a/x/y", "p/q/r/s/t/u"}},
		{1, 5000, []string{"a", "b", "c", "d"}},
		{6, 3, []string{"a", "b"}}, // the top, a and b are the 3 folders entered
	}
	for _, tt := range tests {
		got := rel(nestedFolders(top, filepath.Join(".claude", "skills"), tt.depth, tt.dirs))
		if !slices.Equal(got, tt.want) {
			t.Errorf("depth %d, dirs %d: got %q, want %q", tt.depth, tt.dirs, got, tt.want)
		}
	}
}
