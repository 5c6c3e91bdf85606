package hosts

import (
	"cmp"
	"encoding/json"
	"os"
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
// 0.171.0, "" for none. Codex resolves the file's symbolic links, then
// takes the nearest folder above it, up to the file system's root (not
// only inside the skill root: a repository that is a plugin, or the real
// target of a linked skill or root), whose .codex-plugin/plugin.json, else
// .claude-plugin/plugin.json, is a file; the first found decides for that
// folder. A manifest that reads as a JSON object whose "name" is a string
// or absent names the plugin (a blank or absent name: the folder's); one
// that does not gives that folder no plugin, and the search goes on above.
// Codex then names the skill "<plugin>:<name>" (the host suite:
// codex-plugin-links, pitfalls-agents).
func codexPluginName(e *env, f File) (name, manifest string) {
	m := e.opts.Tree.codexPlugin(f.Path, func() codexManifest {
		p := f.Path
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		for dir := filepath.Dir(p); ; dir = filepath.Dir(dir) {
			if m := codexFolderPlugin(e, dir); m.name != "" {
				return m
			}
			if filepath.Dir(dir) == dir {
				return codexManifest{}
			}
		}
	})
	return m.name, m.path
}

// codexManifest is the plugin manifest of a folder that names a plugin.
type codexManifest struct{ name, path string }

// codexFolderPlugin is the plugin whose manifest is in dir (no name for
// none), read once per evaluation.
func codexFolderPlugin(e *env, dir string) codexManifest {
	cache := codexSettings(e).plugins
	if m, ok := cache[dir]; ok {
		return m
	}
	var m codexManifest
	for _, kind := range []string{".codex-plugin", ".claude-plugin"} {
		path := filepath.Join(dir, kind, "plugin.json")
		if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		m = codexManifest{name: codexManifestName(e, path, dir), path: path}
		break
	}
	cache[dir] = m
	return m
}

// codexManifestName is the plugin name of the manifest file in dir, or ""
// when it does not read as Codex reads it.
func codexManifestName(e *env, manifest, dir string) string {
	src, err := e.opts.read(manifest)
	if err != nil {
		return ""
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(src, &fields) != nil || fields == nil {
		return ""
	}
	name := ""
	if raw, ok := fields["name"]; ok && (string(raw) == "null" || json.Unmarshal(raw, &name) != nil) {
		return ""
	}
	if strings.TrimSpace(name) == "" {
		return filepath.Base(dir)
	}
	return name
}
