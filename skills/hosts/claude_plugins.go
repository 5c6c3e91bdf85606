package hosts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// claude_plugins.go: the plugin folders Claude Code 2.1.328 finds in
// ~/.claude/skills (the host suite's claude-plugins case). A folder there
// holding .claude-plugin/plugin.json, JSON with a "name", is loaded as a
// plugin: its commands/ (as a commands folder) and skills/<dir>/SKILL.md
// are listed as <name>:<command or folder>, after every skill and command
// of the user's, all the plugins' commands before all their skills, the
// plugins in the order the file system lists ~/.claude/skills (the
// release does not sort them). A SKILL.md of the plugin's own folder is a
// skill as any other; a plugin folder in .claude/skills is not loaded.

// claudePluginRoots returns the commands and skills folders of the plugins
// in the personal skills folder dir: every plugin's workflows, then every
// plugin's commands, then every plugin's skills.
func claudePluginRoots(e *env, dir string) []rootSpec {
	var workflows, commands, skills []rootSpec
	for _, p := range claudePluginFolders(dir) {
		workflows = append(workflows, e.root(filepath.Join(p, "workflows"), ScopeUser, walkSpec{workflows: true}))
		commands = append(commands, e.root(filepath.Join(p, "commands"), ScopeUser, walkSpec{commands: true, followDirLinks: true}))
		skills = append(skills, e.root(filepath.Join(p, "skills"), ScopeUser, walkSpec{maxDepth: 1, followDirLinks: true}))
	}
	return append(append(workflows, commands...), skills...)
}

// claudePluginFolders returns the plugin folders in dir, in the order the
// file system lists them.
func claudePluginFolders(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(-1) // unsorted, as the release reads them
	var out []string
	for _, n := range names {
		if p := filepath.Join(dir, n); claudePluginName(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

// claudePluginName returns the "name" of the plugin manifest in folder,
// "" when there is none, it is not JSON, has no name or fails the
// release's schema where skill-ls checks it: "agents" must be a path to a
// .md file or a list of them (wshobson/agents' pptx-deck-creation names
// the folder "./agents", and the release loads nothing of it).
func claudePluginName(folder string) string {
	src, err := os.ReadFile(filepath.Join(folder, ".claude-plugin", "plugin.json"))
	if err != nil {
		return ""
	}
	var manifest struct {
		Name   string          `json:"name"`
		Agents json.RawMessage `json:"agents"`
	}
	if json.Unmarshal(src, &manifest) != nil || !claudeAgentsValid(manifest.Agents) {
		return ""
	}
	return manifest.Name
}

// claudeAgentsValid reports whether a manifest's "agents" (raw JSON, nil
// when absent) is a path ending in .md or a list of such paths.
func claudeAgentsValid(raw json.RawMessage) bool {
	if raw == nil {
		return true
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return strings.HasSuffix(one, ".md")
	}
	var list []string
	if json.Unmarshal(raw, &list) != nil {
		return false
	}
	for _, p := range list {
		if !strings.HasSuffix(p, ".md") {
			return false
		}
	}
	return true
}

// claudePluginOf returns the plugin whose commands or skills folder f was
// found in, "" for a file outside the plugins of the personal skills
// folder and of the project's shipped plugins (shipped_plugins.go).
func claudePluginOf(e *env, f File) string {
	if f.Scope == ScopeProject {
		return shippedPluginOf(e, Claude, f.Root)
	}
	if f.Scope != ScopeUser {
		return ""
	}
	if b := filepath.Base(f.Root); b != "commands" && b != "skills" && b != "workflows" {
		return ""
	}
	plugin := filepath.Dir(f.Root)
	if filepath.Dir(plugin) != claudeSkillsDir(e) {
		return ""
	}
	return claudePluginName(plugin)
}

// claudeSkillsDir is the personal skills folder: $CLAUDE_CONFIG_DIR/skills,
// else ~/.claude/skills.
func claudeSkillsDir(e *env) string {
	return filepath.Join(claudeConfigDir(e), "skills")
}

// claudeConfigDir is $CLAUDE_CONFIG_DIR, else ~/.claude.
func claudeConfigDir(e *env) string {
	if cfg := e.opts.getenv("CLAUDE_CONFIG_DIR"); cfg != "" {
		return cfg
	}
	return filepath.Join(e.home, ".claude")
}

// claudeDescribed reports whether a frontmatter gives a description or a
// when_to_use: a plugin's command or skill without either is left out of
// Claude Code 2.1.328's listing (41 of wshobson/agents' commands, which
// have no frontmatter; the claude-plugins case), where the user's own are
// described by their body.
func claudeDescribed(doc yamlDoc) bool {
	desc, _ := doc.scalarText("description")
	when, _ := doc.scalarText("when_to_use")
	return jstext.Trim(desc) != "" || when != ""
}
