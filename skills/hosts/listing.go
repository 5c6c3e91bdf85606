package hosts

import (
	"cmp"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// listing.go: the skill listings the host releases send their model, as
// the host suite (scripts/hosts, docs/hosts.md "Checked against the
// releases") observes them.

// codexLines renders Codex's "### Skill roots" table and "### Available
// skills" lines (codexListLines), each as codexBudget left it.
func codexLines(e *env, winners []*entry) []string {
	lines, roots := codexListLines(e, winners)
	out := []string{"### Skill roots"}
	for i, r := range roots {
		out = append(out, "- `r"+itoa(i)+"` = `"+filepath.ToSlash(r)+"`")
	}
	out = append(out, "### Available skills")
	for _, l := range lines {
		if l.e.line != "" {
			out = append(out, l.e.line)
		}
	}
	return out
}

// codexPromptRank is the order of scopes in Codex's skill list: system
// skills first, then admin, project and user (render.rs prompt_scope_rank).
func codexPromptRank(s Scope) int {
	switch s {
	case ScopeSystem:
		return 0
	case ScopeProject:
		return 2
	}
	return 3
}

func sortCodexLines(lines []codexLine) {
	slices.SortStableFunc(lines, func(a, b codexLine) int {
		return cmp.Or(cmp.Compare(codexPromptRank(a.e.file.Scope), codexPromptRank(b.e.file.Scope)), strings.Compare(a.name, b.name), strings.Compare(a.path, b.path))
	})
}

// codexImplicitOff reports whether the skill of path turns implicit
// invocation off in agents/openai.yaml beside its SKILL.md ("policy:
// allow_implicit_invocation: false"): Codex then leaves it out of the
// list its model sees (Codex 0.171.0's own create-statusline and
// review-agent).
func codexImplicitOff(e *env, path string) bool {
	src, err := e.opts.read(filepath.Join(filepath.Dir(path), "agents", "openai.yaml"))
	if err != nil {
		return false
	}
	policy := e.parseYAML(string(src)).field("policy")
	if policy == nil {
		return false
	}
	for _, f := range policy.Entries {
		if f.Key == "allow_implicit_invocation" && f.Value.Kind == dshyaml.KindBool && !f.Value.Bool {
			return true
		}
	}
	return false
}

// geminiLines renders the <skill> blocks of Gemini CLI's "<available_skills>"
// (renderAgentSkills in 0.61.0, which the host suite runs on the skills the
// release loads): name, description and location as they are, no escaping.
// The order is skill-ls's scan order; Gemini CLI keeps a folder's skills in
// the order the file system lists them, so only the blocks are compared.
func geminiLines(_ *env, winners []*entry) []string {
	var out []string
	for _, w := range winners {
		out = append(out, "  <skill>", "    <name>"+w.name+"</name>", "    <description>"+w.listing+"</description>", "    <location>"+w.file.Path+"</location>", "  </skill>")
	}
	return out
}

// codexPluginName returns the plugin a skill file belongs to for Codex
// 0.171.0, "" for none: the nearest folder from the skill's own up to (not
// including) its root that holds a .codex-plugin/plugin.json or a
// .claude-plugin/plugin.json that reads as JSON; the plugin is that file's
// "name", else the folder's name. Codex then names the skill
// "<plugin>:<name>" (the host suite: a plugin.json naming "renamed" gives
// renamed:a1; without a name, the folder's; one that is not JSON, none).
func codexPluginName(e *env, f File) string {
	for dir := filepath.Dir(f.Path); dir != f.Root && strings.HasPrefix(dir, f.Root+string(filepath.Separator)); dir = filepath.Dir(dir) {
		for _, kind := range []string{".codex-plugin", ".claude-plugin"} {
			src, err := e.opts.read(filepath.Join(dir, kind, "plugin.json"))
			if err != nil {
				continue
			}
			var manifest map[string]any
			if json.Unmarshal(src, &manifest) != nil {
				continue
			}
			if name, ok := manifest["name"].(string); ok && name != "" {
				return name
			}
			return filepath.Base(dir)
		}
	}
	return ""
}
