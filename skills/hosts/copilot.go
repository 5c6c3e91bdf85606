package hosts

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
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
		Release: "VS Code main, 2026",
		Version: "VS Code main, 2026 (promptsServiceImpl.ts with computeSkillDiscoveryInfo; the index does not name its commit) and promptFileLocations.ts",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/config/promptFileLocations.ts (DEFAULT_SKILL_SOURCE_FOLDERS)", "roots: .github/skills, .agents/skills, .claude/skills, ~/.copilot/skills, ~/.agents/skills, ~/.claude/skills"},
			{FromSource, "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/utils/promptFilesLocator.ts (findAgentSkillsInFolder)", "only <root>/<dir>/SKILL.md"},
			{FromSource, "microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/service/promptsServiceImpl.ts (computeSkillDiscoveryInfo, truncateAgentSkillName/Description)", "missing or mismatched name -> folder name; XML tags stripped; name 64, description 1,024 (truncated); duplicates: first by workspace, personal, plugin, extension"},
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
	var roots []rootSpec
	for _, d := range []string{".github", ".agents", ".claude"} {
		roots = append(roots, e.root(filepath.Join(e.project, d, "skills"), ScopeProject, w))
	}
	for _, d := range []string{".copilot", ".agents", ".claude"} {
		roots = append(roots, e.root(filepath.Join(e.home, d, "skills"), ScopeUser, w))
	}
	return roots
}

func copilotParse(e *env, f File, src []byte) (entry, *Note) {
	host := e.host.Name
	text := strings.ToValidUTF8(string(src), "\uFFFD")
	var notes []Note
	ent := entry{name: f.Folder, listed: true}
	fm, ok := lineFrontmatter(strings.TrimPrefix(text, "\uFEFF"))
	var doc yamlDoc
	if ok {
		doc = e.parseYAML(fm)
	}
	if !ok || doc.err != nil {
		why := "it has no frontmatter"
		if ok {
			why = "its frontmatter is not valid YAML (" + doc.errText() + ")"
		}
		notes = append(notes, Note{Code: "unconfirmed-frontmatter", Message: "skill-ls assumes " + host + " loads this skill as \"" + f.Folder + "\" with no description: " + why + ", and how VS Code's prompt-file parser treats that is unconfirmed"})
		doc = yamlDoc{}
	}
	name, _, _ := doc.str("name")
	switch {
	case name == "" && ok && doc.err == nil && len(notes) == 0:
		notes = append(notes, Note{Code: "name-from-folder", Key: "name", Message: host + " names this skill \"" + f.Folder + "\" after its folder: the frontmatter has no name"})
	case name != "":
		clean := xmlTagRE.ReplaceAllString(name, "")
		if utf16Len(clean) > copilotMaxName {
			clean = cutUTF16(clean, copilotMaxName)
		}
		if clean != f.Folder {
			notes = append(notes, Note{Code: "name-from-folder", Key: "name", Message: host + " registers this skill as \"" + f.Folder + "\", its folder name, not \"" + name + "\""})
		}
	}
	desc, hasDesc, _ := doc.str("description")
	if !hasDesc || desc == "" {
		if len(notes) == 0 || notes[0].Code != "unconfirmed-frontmatter" {
			notes = append(notes, Note{Code: "no-description", Key: "description", Message: host + " loads this skill without a description, so the model has little to match it on"})
		}
	} else {
		clean := xmlTagRE.ReplaceAllString(desc, "")
		if clean != desc {
			notes = append(notes, Note{Code: "xml-tags-removed", Key: "description", Message: host + " removes the XML tags from this description"})
		}
		if utf16Len(clean) > copilotMaxDescription {
			notes = append(notes, Note{Code: "description-truncated", Key: "description", Message: host + " cuts this description to 1,024 characters (" + itoa(utf16Len(clean)) + " here)"})
			clean = cutUTF16(clean, copilotMaxDescription)
		}
		ent.listing = clean
	}
	if f := doc.field("disable-model-invocation"); f != nil && f.Value.Kind == skills.KindBool && f.Value.Bool {
		ent.listed = false
		notes = append(notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: host + " does not offer this skill to the model: disable-model-invocation is true"})
	}
	ent.notes = notes
	return ent, nil
}

func copilotBudget(_ *env, winners []*entry) Budget {
	b := Budget{Unit: "characters", Note: "GitHub Copilot's listing budget is not known; skill-ls counts name and description per skill"}
	for _, w := range winners {
		if w.listed {
			b.Used += runes(w.name+": "+w.listing) + 1
		}
	}
	return b
}
