package diagnostics

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// hostTree writes files (relative to a temporary directory holding
// project/ and home/) and returns the directory, DSH's roots and the hosts'
// environment for it.
func hostTree(t *testing.T, files map[string]string) (string, []discovery.Root, hosts.Options) {
	t.Helper()
	dir := t.TempDir()
	for p, src := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for _, d := range []string{project, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ro := discovery.RootOptions{Cwd: project, ProjectRoot: project, HomeDir: home, Getenv: func(string) string { return "" }}
	env := hosts.Options{Cwd: project, ProjectRoot: project, Home: home, Getenv: func(string) string { return "" }, DSH: ro}
	return dir, discovery.Roots(ro), env
}

// load loads roots and opens the files only the hosts discover, as
// `check --host` does.
func loadWithHosts(t *testing.T, roots []discovery.Root, opts Options) *skills.Snapshot {
	t.Helper()
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var opens []skills.Change
	for _, h := range opts.Hosts {
		files, err := h.Discover(t.Context(), opts.HostEnv)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if !snap.InRoots(f.Path) {
				src, err := os.ReadFile(f.Path)
				if err != nil {
					t.Fatal(err)
				}
				opens = append(opens, skills.Change{Kind: skills.ChangeOpen, Path: f.Path, Text: src})
			}
		}
	}
	return ws.Apply(t.Context(), opens...)
}

// lines renders diagnostics as "rel severity code line:col message".
func lines(ds []Diagnostic, snap *skills.Snapshot, dir string) []string {
	var out []string
	for _, d := range ds {
		rel, _ := filepath.Rel(dir, d.Path)
		l, c := 1, 1
		if f := snap.File(d.Path); f != nil {
			l, c = lineCol(snap, f, d.Span.Start)
		}
		out = append(out, fmt.Sprintf("%s %s %s %d:%d %s", filepath.ToSlash(rel), d.Severity, d.Code, l, c, d.Message))
	}
	return out
}

func mustHosts(t *testing.T, list string) []*hosts.Host {
	t.Helper()
	hs, err := hosts.Select(list)
	if err != nil {
		t.Fatal(err)
	}
	return hs
}

// TestHostDSHAloneIsDefault: selecting DSH alone changes nothing on any
// golden tree.
func TestHostDSHAloneIsDefault(t *testing.T) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range archives {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			skilltest.WriteArchive(t, dir, ar)
			project := filepath.Join(dir, "project")
			ro := discovery.RootOptions{Cwd: project, ProjectRoot: project, DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"), HomeDir: filepath.Join(dir, "home"), Getenv: func(string) string { return "" }}
			snap, err := skills.Load(t.Context(), discovery.Roots(ro), skills.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			plain := lines(Run(t.Context(), snap, Options{}), snap, dir)
			env := hosts.Options{Cwd: project, ProjectRoot: project, Home: filepath.Join(dir, "home"), DSH: ro}
			withDSH := lines(Run(t.Context(), snap, Options{Hosts: mustHosts(t, "dsh"), HostEnv: env}), snap, dir)
			if !slices.Equal(plain, withDSH) {
				t.Errorf("--host dsh differs from the default:\n%s\nvs\n%s", strings.Join(withDSH, "\n"), strings.Join(plain, "\n"))
			}
		})
	}
}

// TestHostGrading: what DSH drops is an error only when DSH is selected and
// reads the file; on a file only the other hosts read, DSH's drops rules
// leave the verdicts to them.
func TestHostGrading(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.agents/skills/no-desc/SKILL.md": "---\nname: no-desc\n---\nBody.\n",
		"project/.claude/skills/no-name/SKILL.md": "---\ndescription: Claude Code names it after the folder.\n---\nBody.\n",
	})
	has := func(got []string, prefix string) bool {
		return slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, prefix) })
	}
	tests := []struct {
		hosts     string
		want, not []string
	}{
		{"claude", []string{
			"project/.agents/skills/no-desc/SKILL.md warning description-missing",
			"project/.agents/skills/no-desc/SKILL.md info host-not-discovered 1:1 Claude Code does not read .agents/skills",
			"project/.claude/skills/no-name/SKILL.md info host-note 1:1 Claude Code names this skill \"no-name\" after its folder",
		}, []string{
			"project/.claude/skills/no-name/SKILL.md error name-missing",
			"project/.claude/skills/no-name/SKILL.md warning name-missing",
			"project/.claude/skills/no-name/SKILL.md info outside-roots",
			"project/.claude/skills/no-name/SKILL.md info host-not-discovered 1:1 DSH",
		}},
		{"dsh,claude,gemini", []string{
			"project/.agents/skills/no-desc/SKILL.md error description-missing",
			"project/.agents/skills/no-desc/SKILL.md error host-drops 1:1 Gemini CLI skips this skill: it has no description (read from Gemini CLI",
			"project/.claude/skills/no-name/SKILL.md info host-not-discovered 1:1 DSH and Gemini CLI do not read .claude/skills",
		}, []string{
			"project/.claude/skills/no-name/SKILL.md error name-missing",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.hosts, func(t *testing.T) {
			opts := Options{Hosts: mustHosts(t, tt.hosts), HostEnv: env}
			snap := loadWithHosts(t, roots, opts)
			got := lines(Run(t.Context(), snap, opts), snap, dir)
			for _, w := range tt.want {
				if !has(got, w) {
					t.Errorf("missing %q in\n%s", w, strings.Join(got, "\n"))
				}
			}
			for _, n := range tt.not {
				if has(got, n) {
					t.Errorf("unexpected %q in\n%s", n, strings.Join(got, "\n"))
				}
			}
		})
	}
}

// TestHostVerdictsReadBuffers: the hosts judge an open buffer's text, not
// the disk's, and RunFile agrees with Run.
func TestHostVerdictsReadBuffers(t *testing.T) {
	path := "project/.agents/skills/edited/SKILL.md"
	dir, roots, env := hostTree(t, map[string]string{path: "---\nname: edited\ndescription: On disk it has one.\n---\nBody.\n"})
	opts := Options{Hosts: mustHosts(t, "gemini"), HostEnv: env}
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, path)
	snap := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: full, Text: []byte("---\nname: edited\n---\nBody.\n")})
	all := Run(context.Background(), snap, opts)
	got := lines(all, snap, dir)
	if !slices.ContainsFunc(got, func(l string) bool {
		return strings.Contains(l, "host-drops 1:1 Gemini CLI skips this skill: it has no description")
	}) {
		t.Errorf("the buffer without a description is not judged:\n%s", strings.Join(got, "\n"))
	}
	var mine []Diagnostic
	for _, d := range all {
		if d.Path == full {
			mine = append(mine, d)
		}
	}
	if one := lines(RunFile(snap, full, opts), snap, dir); !slices.Equal(one, lines(mine, snap, dir)) {
		t.Errorf("RunFile differs from Run:\n%s\nvs\n%s", strings.Join(one, "\n"), strings.Join(lines(mine, snap, dir), "\n"))
	}
}

// TestHostSpans: a verdict about a key points at its value.
func TestHostSpans(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.agents/skills/team-review/SKILL.md": "---\nname: \"team:review\"\ndescription: Review with the team.\n---\nBody.\n",
		"project/.agents/skills/long/SKILL.md":        "---\nname: long\ndescription: " + strings.Repeat("word ", 300) + "\n---\nBody.\n",
	})
	opts := Options{Hosts: mustHosts(t, "gemini,codex@0.141,copilot"), HostEnv: env}
	snap := loadWithHosts(t, roots, opts)
	got := strings.Join(lines(Run(t.Context(), snap, opts), snap, dir), "\n")
	for _, w := range []string{
		"project/.agents/skills/team-review/SKILL.md warning host-changes 2:7 Gemini CLI registers this skill as \"team-review\"",
		"project/.agents/skills/long/SKILL.md error host-drops 3:14 Codex 0.141 skips this skill: invalid description",
		"project/.agents/skills/long/SKILL.md warning host-truncated 3:14 GitHub Copilot cuts this description to 1,024 characters",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, got)
		}
	}
}

// TestHostUnconfirmedVerbose: a note that only says a host's behaviour is
// unconfirmed (Cursor's documentation on a name that differs from its
// folder) is left out by default, reported as host-unconfirmed under
// Verbose or a grade in the config, and never filed under host-note.
func TestHostUnconfirmedVerbose(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.claude/skills/Mismatch/SKILL.md": "---\nname: mismatched-name\ndescription: A skill whose name differs from its folder.\n---\nBody.\n",
	})
	const note = "Cursor's documentation expects the name to match the folder"
	tests := []struct {
		name string
		opts Options
		want string // the code of the note, "" when it is left out
	}{
		{"default", Options{}, ""},
		{"verbose", Options{Verbose: true}, "info " + CodeHostUnconfirmed},
		{"config", Options{Rules: RuleConfig{Rules: map[string]Severity{CodeHostUnconfirmed: SeverityInfo}}}, "info " + CodeHostUnconfirmed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Hosts, opts.HostEnv = mustHosts(t, "claude,cursor"), env
			snap := loadWithHosts(t, roots, opts)
			got := lines(Run(t.Context(), snap, opts), snap, dir)
			var found []string
			for _, l := range got {
				if strings.Contains(l, note) {
					_, rest, _ := strings.Cut(l, " ")
					sev, rest, _ := strings.Cut(rest, " ")
					code, _, _ := strings.Cut(rest, " ")
					found = append(found, sev+" "+code)
				}
			}
			if tt.want == "" && len(found) > 0 || tt.want != "" && !slices.Equal(found, []string{tt.want}) {
				t.Errorf("Cursor's unconfirmed note: got %q, want %q in\n%s", found, tt.want, strings.Join(got, "\n"))
			}
			if !slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, "Claude Code lists this skill as Mismatch") }) {
				t.Errorf("the host-changes warning went with the note:\n%s", strings.Join(got, "\n"))
			}
		})
	}
}
