package hosts

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// codexTree writes a project with the skills named (folder = name) under
// .agents/skills and a $CODEX_HOME/config.toml holding config, and
// returns Codex's verdicts on them, by skill.
func codexTree(t *testing.T, config string, names ...string) map[string]Verdict {
	t.Helper()
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for _, n := range names {
		write(t, filepath.Join(project, ".agents/skills", n, "SKILL.md"), "---\nname: "+n+"\ndescription: Skill "+n+".\n---\n")
	}
	write(t, filepath.Join(home, ".codex/skills/.system/sys/SKILL.md"), "---\nname: sys\ndescription: System.\n---\n")
	if config != "" {
		write(t, filepath.Join(home, ".codex/config.toml"), config)
	}
	res, err := Lookup(string(Codex)).Evaluate(t.Context(), Options{Cwd: project, ProjectRoot: project, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Verdict{}
	for path, v := range res.Verdicts {
		out[filepath.Base(filepath.Dir(path))] = v
	}
	return out
}

// TestCodexSkillConfig checks what Codex 0.171.0 does with the skills
// table of its config.toml (the host suite, codex-config).
func TestCodexSkillConfig(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		off          []string // skills dropped as disabled-by-config
		fatal        string   // text of the host-config-invalid note on every skill
	}{
		{name: "no config", off: nil},
		{name: "by name", config: "[[skills.config]]\nname = \" a \"\nenabled = false\n", off: []string{"a"}},
		{name: "by relative path", config: "[[skills.config]]\npath = \"../../project/.agents/skills/b/SKILL.md\"\nenabled = false\n", off: []string{"b"}},
		{name: "a folder selects nothing", config: "[[skills.config]]\npath = \"../../project/.agents/skills/b\"\nenabled = false\n"},
		{name: "last entry wins", config: "[[skills.config]]\nname = \"a\"\nenabled = false\n[[skills.config]]\npath = \"../../project/.agents/skills/a/SKILL.md\"\nenabled = true\n[[skills.config]]\npath = \"../../project/.agents/skills/b/SKILL.md\"\nenabled = false\n[[skills.config]]\nname = \"b\"\nenabled = true\n"},
		{name: "both selectors ignored", config: "[[skills.config]]\nname = \"a\"\npath = \"../../project/.agents/skills/a/SKILL.md\"\nenabled = false\n"},
		{name: "blank name ignored", config: "[[skills.config]]\nname = \"  \"\nenabled = false\n"},
		{name: "unknown keys ignored", config: "[skills]\nother = 1\n[[skills.config]]\nname = \"a\"\nenabled = false\nextra = 2\n", off: []string{"a"}},
		{name: "bundled off", config: "[skills.bundled]\nenabled = false\n", off: []string{"sys"}},
		{name: "missing enabled", config: "[[skills.config]]\nname = \"a\"\n", fatal: "missing field `enabled` in `skills.config`"},
		{name: "wrong type", config: "[[skills.config]]\nname = \"a\"\nenabled = \"no\"\n", fatal: "config.toml:"},
		{name: "skills not a table", config: "skills = 5\n", fatal: "config.toml:"},
		{name: "not TOML", config: "[[skills.config\n", fatal: "config.toml:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := codexTree(t, tt.config, "a", "b")
			for skill, v := range got {
				switch {
				case tt.fatal != "":
					if v.Status != Dropped || v.Code() != "host-config-invalid" || !strings.Contains(v.Message(), tt.fatal) || !strings.HasPrefix(v.Message(), "Codex does not start: ~/.codex/config.toml") {
						t.Errorf("%s: %s %s %q, want host-config-invalid with %q", skill, v.Status, v.Code(), v.Message(), tt.fatal)
					}
				case slices.Contains(tt.off, skill):
					if v.Status != Dropped || v.Code() != "disabled-by-config" || !strings.Contains(v.Message(), "disabled by ~/.codex/config.toml (") {
						t.Errorf("%s: %s %s %q, want disabled by ~/.codex/config.toml", skill, v.Status, v.Code(), v.Message())
					}
				case v.Status != Loads:
					t.Errorf("%s: %s %q, want loads", skill, v.Status, v.Message())
				}
			}
		})
	}
}

// TestCodexDisabledNoWarning checks that a skill the config turns off is
// not counted in Codex's "Skipped loading" warning, which is about files.
func TestCodexDisabledNoWarning(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	write(t, filepath.Join(project, ".agents/skills/a/SKILL.md"), "---\nname: a\ndescription: A.\n---\n")
	write(t, filepath.Join(home, ".codex/config.toml"), "[[skills.config]]\nname = \"a\"\nenabled = false\n")
	res, err := Lookup(string(Codex)).Evaluate(t.Context(), Options{Cwd: project, ProjectRoot: project, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if res.Warning != "" {
		t.Errorf("warning %q for a disabled skill", res.Warning)
	}
}

// TestCodexLinkedRoot checks Codex 0.171.0's listing of a skill root that
// is a symbolic link into a plugin outside it (UiPath's skills installed
// as a link): the table shows the link's target, and the names take the
// plugin's prefix from the manifest above the target (codex-links).
func TestCodexLinkedRoot(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	target := filepath.Join(dir, "ext", "uipath", "skills")
	write(t, filepath.Join(dir, "ext/uipath/.claude-plugin/plugin.json"), `{"name": "uipath"}`)
	write(t, filepath.Join(target, "flows/SKILL.md"), "---\nname: flows\ndescription: Flows.\n---\n")
	write(t, filepath.Join(dir, "plain/x/SKILL.md"), "---\nname: x\ndescription: X.\n---\n")
	write(t, filepath.Join(home, ".agents/.claude-plugin/plugin.json"), `{"name": "above-the-link"}`)
	for link, to := range map[string]string{filepath.Join(project, ".agents/skills"): target, filepath.Join(home, ".agents/skills/x"): filepath.Join(dir, "plain/x")} {
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Lookup(string(Codex)).Evaluate(t.Context(), Options{Cwd: project, ProjectRoot: project, Home: home, ContextWindow: 1000000})
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := res.Listing()
	want := []string{
		"### Skill roots",
		"- `r0` = `" + filepath.ToSlash(filepath.Join(home, ".agents/skills")) + "`",
		"- `r1` = `" + filepath.ToSlash(target) + "`",
		"### Available skills",
		"- uipath:flows: Flows. (file: r1/flows/SKILL.md)",
		"- x: X. (file: r0/x/SKILL.md)",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("listing:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
