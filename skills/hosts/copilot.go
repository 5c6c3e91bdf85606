package hosts

import (
	"regexp"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

// GitHub Copilot in VS Code limits (promptsServiceImpl.ts).
const (
	copilotMaxName        = 64
	copilotMaxDescription = 1024 // UTF-16 units
)

var xmlTagRE = regexp.MustCompile(`<[^>]+>`)

func copilotHost() *Host {
	return &Host{
		ID:      Copilot,
		Name:    "GitHub Copilot",
		Release: "VS Code main at 00eacc90",
		Version: "VS Code main, 2026 (chat/common/promptSyntax: service/promptsServiceImpl.ts at 00eacc90, config/promptFileLocations.ts at 0783120b, utils/promptFilesLocator.ts at 0155379d)",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/config/promptFileLocations.ts@0783120b (DEFAULT_SKILL_SOURCE_FOLDERS)", "roots, in order: .github/skills, .agents/skills, .claude/skills, ~/.copilot/skills, ~/.agents/skills, ~/.claude/skills"},
			{FromSource, "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/utils/promptFilesLocator.ts@0155379d (findClaudeSkillsInFolder; later findAgentSkillsInFolder)", "only <root>/<dir>/SKILL.md"},
			{FromSource, "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/service/promptsServiceImpl.ts@00eacc90 (computeSkillDiscoveryInfo, truncateAgentSkillName/Description, findAgentSkills)", "behind chat.useAgentSkills; missing or mismatched name -> folder name; XML tags stripped; name 64, description 1,024 UTF-16 units (substring); duplicates: first by workspace, personal, plugin, extension API, extension contribution; disable-model-invocation === true hides it"},
			{FromSource, "microsoft/vscode promptsServiceImpl.ts@c875be85", "an earlier release skipped a skill without a name"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name", "/plugin:name"}, Note: "in the Chat view, behind the chat.useAgentSkills setting"},
		profile: &profile{
			roots:  copilotRoots,
			parse:  copilotParse,
			dup:    firstWins,
			dupWhy: "the first skill with a name wins: workspace before personal, .github/skills before .agents/skills before .claude/skills",
			budget: copilotBudget,
			reach:  "the workspace folder, which skill-ls takes to be the project root",
		},
	}
}

func copilotRoots(e *env) []rootSpec {
	w := walkSpec{maxDepth: 1, followDirLinks: true}
	return append(e.skillsRoots(e.project, []string{".github", ".agents", ".claude"}, ScopeProject, w),
		e.skillsRoots(e.home, []string{".copilot", ".agents", ".claude"}, ScopeUser, w)...)
}

// copilotParse judges a skill file as VS Code's Copilot loads it: every
// SKILL.md loads, registered under its folder's name, with its description
// (XML tags removed, cut to 1,024 UTF-16 units); a file whose frontmatter
// it cannot read is assumed to load without a description (unconfirmed).
func copilotParse(e *env, f File, src []byte) (entry, *Note) {
	ent := entry{name: f.Folder, listed: true}
	doc, why := e.lineYAML(lenientText(src))
	if why != "" {
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-frontmatter", Message: "skill-ls assumes " + e.host.Name + " loads this skill as \"" + f.Folder + "\" with no description: " + why + ", and how VS Code's prompt-file parser treats that is unconfirmed"})
		return ent, nil
	}
	copilotName(e, f, doc, &ent)
	copilotDescription(e, doc, &ent)
	if fld := doc.field("disable-model-invocation"); fld != nil && fld.Value.Kind == dshyaml.KindBool && fld.Value.Bool {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: e.host.Name + " does not offer this skill to the model: disable-model-invocation is true"})
	}
	return ent, nil
}

// copilotName notes on ent how Copilot names the skill: after its folder
// when the frontmatter has no name, and after its folder still when the
// name, XML tags removed and cut to 64 UTF-16 units, is another.
func copilotName(e *env, f File, doc yamlDoc, ent *entry) {
	name, _, _ := doc.str("name")
	if name == "" {
		ent.notes = append(ent.notes, e.nameFromFolder(doc, f.Folder))
		return
	}
	clean := xmlTagRE.ReplaceAllString(name, "")
	if jstext.Len(clean) > copilotMaxName {
		clean = jstext.Substring(clean, copilotMaxName)
	}
	if clean == f.Folder {
		return
	}
	msg := e.host.Name + " registers this skill as \"" + f.Folder + "\", its folder name, not \"" + name + "\""
	switch {
	case name == f.Folder:
		msg = e.host.Name + " cuts this name to " + itoa(copilotMaxName) + " characters, so it no longer matches its folder, and registers the skill under the folder name \"" + f.Folder + "\""
	case clean != name:
		msg += " (\"" + jstext.ModelText(clean) + "\" once XML tags are removed and it is cut to " + itoa(copilotMaxName) + " characters)"
	}
	ent.notes = append(ent.notes, Note{Code: "name-folder-mismatch", Key: "name", Message: msg})
}

// copilotDescription sets ent's listing to the description with its XML
// tags removed, cut to 1,024 UTF-16 units, noting each change and a
// missing description.
func copilotDescription(e *env, doc yamlDoc, ent *entry) {
	host := e.host.Name
	desc, hasDesc, _ := doc.str("description")
	if !hasDesc || desc == "" {
		ent.notes = append(ent.notes, Note{Code: doc.absentCode("description"), Key: "description", Message: host + " loads this skill without a description, so the model has little to match it on"})
		return
	}
	clean := xmlTagRE.ReplaceAllString(desc, "")
	if clean != desc {
		ent.notes = append(ent.notes, Note{Code: "xml-tags-removed", Key: "description", Message: host + " removes the XML tags from this description"})
	}
	if jstext.Len(clean) > copilotMaxDescription {
		ent.notes = append(ent.notes, Note{Code: "description-truncated", Key: "description", Message: host + " cuts this description to 1,024 characters (" + itoa(jstext.Len(clean)) + " here)"})
		clean = jstext.Substring(clean, copilotMaxDescription)
	}
	ent.listing = clean
}

func copilotBudget(_ *env, winners []*entry) Budget {
	return Budget{Unit: "characters", Note: "GitHub Copilot's listing budget is not known; skill-ls counts name and description per skill",
		Used: listingSize(winners, func(w *entry) string { return w.name + ": " + w.listing })}
}
