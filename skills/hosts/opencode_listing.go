package hosts

import (
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

// OpenCode 1.18.33's own skill: in every listing unless a skill file of
// the same name replaces it (the release's bundled skill/index.ts).
const (
	opencodeBuiltinName = "customize-opencode"
	opencodeBuiltinDesc = "Use ONLY when the user is editing or creating opencode's own configuration: opencode.json, opencode.jsonc, files under .opencode/, or files under ~/.config/opencode/. Also use when creating or fixing opencode agents, subagents, skills, plugins, MCP servers, or permission rules. Do not use for the user's own application code, or for any project that is not configuring opencode itself."
	opencodeBuiltinPath = "<built-in>"
	opencodeNoSkills    = "No skills are currently available."
)

// opencodeLocation escapes a skill's location as OpenCode's <location> does;
// its name and description go into the listing as they are.
var opencodeLocation = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// opencodeLines renders the <available_skills> block of OpenCode 1.18.33's
// system prompt (Skill.fmt with verbose, which the host suite captures from
// the release's request to a stand-in model): every described skill, its
// own customize-opencode among them, sorted by localeCompare of the names,
// each as a five-line <skill> block; name and description as they are,
// the location (the file's path, links not resolved) escaped. With no
// described skill the block is one sentence, and there is none when the
// permission rules deny the skill tool "*" too (opencode_settings.go).
// Every candidate of a name OpenCode picks at random gets a block; a skill
// (its own included) the rules deny gets none.
func opencodeLines(e *env, winners []*entry) []string {
	type item struct{ name, desc, path string }
	var items []item
	_, denied := opencodeDenied(e, opencodeBuiltinName)
	builtin := !denied
	for _, w := range winners {
		if w.name == opencodeBuiltinName {
			builtin = false // replaced, even by a skill left out of the listing
		}
		if w.listed {
			items = append(items, item{w.name, w.listing, w.file.Path})
		}
	}
	if builtin {
		items = append([]item{{opencodeBuiltinName, opencodeBuiltinDesc, opencodeBuiltinPath}}, items...)
	}
	if len(items) == 0 {
		if _, all := opencodeDenied(e, "*"); all {
			return nil
		}
		return []string{opencodeNoSkills}
	}
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.name
	}
	lines := []string{"<available_skills>"}
	for _, i := range discovery.LocaleOrder(names) {
		it := items[i]
		lines = append(lines, "  <skill>", "    <name>"+it.name+"</name>", "    <description>"+it.desc+"</description>", "    <location>"+opencodeLocation.Replace(it.path)+"</location>", "  </skill>")
	}
	return append(lines, "</available_skills>")
}

// opencodeBudget sizes the listing: OpenCode has no budget.
func opencodeBudget(e *env, winners []*entry) Budget {
	return Budget{Unit: "characters", Note: "OpenCode puts every described skill's name, description and location in its system prompt's <available_skills>, its own customize-opencode included, with no budget",
		Used: jstext.Len(strings.Join(opencodeLines(e, winners), "\n"))}
}
