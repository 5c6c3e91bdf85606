package hosts

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/evalfile"
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
		return codexPluginAbove(e, filepath.Dir(p))
	})
	return m.name, m.path
}

// codexPluginAbove is the plugin of the nearest manifest in dir or a
// folder above it (Codex's rule), no name when none names one.
func codexPluginAbove(e *env, dir string) codexManifest {
	for ; ; dir = filepath.Dir(dir) {
		if m := codexFolderPlugin(e, dir); m.name != "" {
			return m
		}
		if filepath.Dir(dir) == dir {
			return codexManifest{}
		}
	}
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

// The "skills" of a Codex plugin manifest. Codex 0.171.0
// reads a plugin's skills from the folders that member names instead of
// skills/ (observed: a plugin with "skills": "./other/" lists other/'s
// skills and not those of skills/), and installs a plugin whose skills
// path is not a folder, with no skill from it. So a missing path loses
// nothing when skills/ holds no skill (wshobson/agents' 41 plugins without
// skills), and loses skills/'s skills when it holds some.

// codexSkillPaths sets p's skills folders to those the manifest's
// "skills" member m names, and reports the paths that are not folders and
// the skills of skills/ that Codex then leaves out.
func (r *shippedReader) codexSkillPaths(path, dir string, m *evalfile.Member, p *Plugin) {
	items := []*evalfile.Value{m.Value}
	if m.Value.Kind == evalfile.Array {
		items = m.Value.Items
	}
	def := filepath.Join(dir, "skills")
	left := skillFolders(def)
	if slices.ContainsFunc(items, func(v *evalfile.Value) bool { return v.Kind == evalfile.String && filepath.Join(dir, v.Str) == def }) {
		left = nil // skills/ is one of the folders named
	}
	for _, v := range items {
		if v.Kind != evalfile.String {
			r.problem(path, v.Span, "a \"skills\" path must be a string, not %s", v.Kind)
			continue
		}
		d := filepath.Join(dir, v.Str)
		if !isDir(d) {
			r.missingCodexPath(path, v, left)
			left = nil // said once, on the first missing path
			continue
		}
		if !slices.Contains(p.SkillDirs, d) {
			p.SkillDirs = append(p.SkillDirs, d)
		}
	}
	if len(p.SkillDirs) > 0 && len(left) > 0 {
		r.problem(path, m.Value.Span, "Codex reads this plugin's skills only from the folders \"skills\" names, not from skills/: %s not loaded (observed with Codex 0.171.0); add \"./skills/\" to the list", countSkills(left))
	}
}

// missingCodexPath reports the skills path v that is not a folder: an
// error when skills/ holds skills (left) that Codex then does not
// load, information when the plugin loses nothing.
func (r *shippedReader) missingCodexPath(path string, v *evalfile.Value, left []string) {
	if len(left) == 0 {
		r.problems = append(r.problems, ManifestProblem{Host: r.host, Path: path, Span: v.Span, Lesser: ManifestInfo,
			Message: fmt.Sprintf("the skills path %q is not a folder of the plugin: Codex installs the plugin with no skill from it (observed with Codex 0.171.0); remove \"skills\" or create the folder", v.Str)})
		return
	}
	r.problem(path, v.Span, "the skills path %q is not a folder of the plugin: Codex reads the plugin's skills only from the folders \"skills\" names, not from skills/, so %s not loaded (observed with Codex 0.171.0)", v.Str, countSkills(left))
}

// skillFolders returns the names of dir's folders that hold a SKILL.md.
func skillFolders(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if exists(filepath.Join(dir, e.Name(), "SKILL.md")) {
			out = append(out, e.Name())
		}
	}
	return out
}

// countSkills words names as "the skill a is" or "the 3 skills are".
func countSkills(names []string) string {
	if len(names) == 1 {
		return fmt.Sprintf("the skill %s is", names[0])
	}
	return fmt.Sprintf("the %d skills are", len(names))
}
