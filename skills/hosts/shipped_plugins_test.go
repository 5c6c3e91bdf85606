package hosts

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ShippedPlugins reads the plugins a repository ships as each host
// installs them: Claude Code's marketplace (paths after pluginRoot, remote
// sources left out, a manifest's skills paths added), a root plugin,
// Codex's local sources; and reports what makes a manifest unusable.
func TestShippedPlugins(t *testing.T) {
	for _, tc := range []struct {
		name     string
		files    map[string]string
		plugins  []string // host:name:skill folders relative to the root
		problems []string // file:message substring
	}{
		{"plugin root and remote source", map[string]string{
			".claude-plugin/marketplace.json":      `{"name": "m", "metadata": {"pluginRoot": "./plugins"}, "plugins": [{"name": "a", "source": "./a"}, {"name": "r", "source": {"source": "github", "repo": "x/y"}}]}`,
			"plugins/a/skills/one/SKILL.md":        "x",
			"plugins/a/.claude-plugin/plugin.json": `{"name": "alpha", "skills": ["./more"]}`,
			"plugins/a/more/two/SKILL.md":          "x",
		}, []string{"claude:alpha:plugins/a/skills,plugins/a/more"}, nil},
		{"a root plugin", map[string]string{
			".claude-plugin/plugin.json": `{"name": "solo"}`,
			"skills/one/SKILL.md":        "x",
		}, []string{"claude:solo:skills"}, nil},
		{"codex local source, folder name for a blank name", map[string]string{
			".agents/plugins/marketplace.json":   `{"name": "m", "plugins": [{"name": "h", "source": {"source": "local", "path": "./p/helper"}}]}`,
			"p/helper/.codex-plugin/plugin.json": `{"name": " ", "skills": "./skills/"}`,
			"p/helper/skills/summarize/SKILL.md": "x",
		}, []string{"codex:helper:p/helper/skills"}, nil},
		// Claude Code 2.1.332 adds a manifest's skills folders to skills/
		// and reports a missing one as a load failure.
		{"claude skills path missing", map[string]string{
			".claude-plugin/marketplace.json": `{"name": "m", "plugins": [{"name": "p", "source": "./p"}]}`,
			"p/.claude-plugin/plugin.json":    `{"name": "p", "skills": "./extra"}`,
			"p/skills/one/SKILL.md":           "x",
		}, []string{"claude:p:p/skills"}, []string{
			"p/.claude-plugin/plugin.json:warning:Claude Code loads the plugin's other skills and reports this path as a load failure",
		}},
		// Codex 0.171.0 reads a manifest's skills path instead of skills/,
		// and installs a plugin whose path is missing, without its skills.
		{"codex skills path replaces skills/", map[string]string{
			".agents/plugins/marketplace.json": `{"name": "m", "plugins": [{"name": "d", "source": {"source": "local", "path": "./d"}}, {"name": "a", "source": {"source": "local", "path": "./a"}}, {"name": "b", "source": {"source": "local", "path": "./b"}}]}`,
			"d/.codex-plugin/plugin.json":      `{"name": "d", "skills": "./other/"}`,
			"d/skills/dskill/SKILL.md":         "x",
			"d/other/oskill/SKILL.md":          "x",
			"a/.codex-plugin/plugin.json":      `{"name": "a", "skills": "./skills/"}`,
			"a/commands/acmd.md":               "x",
			"b/.codex-plugin/plugin.json":      `{"name": "b", "skills": "./nothere/"}`,
			"b/skills/bskill/SKILL.md":         "x",
		}, []string{"codex:d:d/other", "codex:a:", "codex:b:"}, []string{
			"d/.codex-plugin/plugin.json:not from skills/: the skill dskill is not loaded",
			"a/.codex-plugin/plugin.json:info:Codex installs the plugin with no skill from it",
			"b/.codex-plugin/plugin.json:so the skill bskill is not loaded",
		}},
		{"broken manifests", map[string]string{
			".claude-plugin/marketplace.json": `{"plugins": [{"source": "./nowhere"}, {"name": "b", "source": "./b"}, {"name": "c", "source": "./c"}]}`,
			"b/.claude-plugin/plugin.json":    `{"name": "b",}`,
			"c/.claude-plugin/plugin.json":    `{"name": "c", "agents": "./agents"}`,
		}, nil, []string{
			".claude-plugin/marketplace.json:the marketplace has no \"name\"",
			".claude-plugin/marketplace.json:this plugin entry has no \"name\"",
			".claude-plugin/marketplace.json:the plugin's source \"./nowhere\" is not a folder",
			"b/.claude-plugin/plugin.json:plugin.json is not JSON",
			"c/.claude-plugin/plugin.json:\"agents\" must be a path to a .md file",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for p, text := range tc.files {
				write(t, filepath.Join(dir, p), text)
			}
			plugins, problems := ShippedPlugins(Options{Cwd: dir, ProjectRoot: dir})
			var got []string
			for _, p := range plugins {
				var rel []string
				for _, d := range p.SkillDirs {
					r, _ := filepath.Rel(dir, d)
					rel = append(rel, filepath.ToSlash(r))
				}
				got = append(got, string(p.Host)+":"+p.Name+":"+strings.Join(rel, ","))
			}
			if !slices.Equal(got, tc.plugins) {
				t.Errorf("plugins %q, want %q", got, tc.plugins)
			}
			if len(problems) != len(tc.problems) {
				t.Errorf("%d problems, want %d: %+v", len(problems), len(tc.problems), problems)
			}
			for _, want := range tc.problems {
				file, msg, _ := strings.Cut(want, ":")
				level := ManifestError
				if rest, ok := strings.CutPrefix(msg, "info:"); ok {
					msg, level = rest, ManifestInfo
				} else if rest, ok := strings.CutPrefix(msg, "warning:"); ok {
					msg, level = rest, ManifestWarning
				}
				if !slices.ContainsFunc(problems, func(m ManifestProblem) bool {
					return m.Path == filepath.Join(dir, file) && strings.Contains(m.Message, msg) && m.Span.End > m.Span.Start && m.Lesser == level
				}) {
					t.Errorf("no problem %q in %+v", want, problems)
				}
			}
		})
	}
}
