package hosts

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skills/evalfile"
)

// shipped_codex.go: the "skills" of a Codex plugin manifest. Codex 0.171.0
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
		r.problems = append(r.problems, ManifestProblem{Host: r.host, Path: path, Span: v.Span, Harmless: true,
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
