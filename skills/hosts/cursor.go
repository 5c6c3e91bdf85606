package hosts

import (
	"path/filepath"
	"strings"
)

func cursorHost() *Host {
	return &Host{
		ID:      Cursor,
		Name:    "Cursor",
		Release: "Cursor docs, 2026-11-30",
		Version: "the Agent Skills documentation (cursor.com/docs/context/skills, read 2026-11-30); Cursor is closed source",
		Checked: checkedDate,
		Refs: []Reference{
			{FromDocs, "https://cursor.com/docs/context/skills", ".cursor/skills, .claude/skills, .codex/skills and the same under ~; <name>/SKILL.md; name and description required; disable-model-invocation; / in Agent chat"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name"}, Note: "type / in Agent chat and search for the skill"},
		profile: &profile{
			roots:  cursorRoots,
			parse:  cursorParse,
			dup:    unknownDup,
			dupWhy: "which one Cursor uses is not documented",
			budget: cursorBudget,
			reach:  "the project root, as documented",
			unread: cursorUnread,
		},
	}
}

// cursorUnread notes that Cursor's documentation, not its code, says it
// does not read .agents/skills.
func cursorUnread(h *Host, rootLabel string) *Note {
	if !strings.HasSuffix(filepath.ToSlash(rootLabel), ".agents/skills") {
		return nil
	}
	return &Note{Code: "unconfirmed-agents-skills", Message: h.Name + " reads the folders its documentation lists, and .agents/skills is not one; whether newer releases read it is unconfirmed"}
}

func cursorRoots(e *env) []rootSpec {
	w := walkSpec{maxDepth: 1, followDirLinks: true}
	folders := []string{".cursor", ".claude", ".codex"}
	return append(e.skillsRoots(e.project, folders, ScopeProject, w), e.skillsRoots(e.home, folders, ScopeUser, w)...)
}

// cursorParse judges a skill file as Cursor's documentation describes its
// loader: every SKILL.md loads, named by its frontmatter (else after its
// folder) and listed with its description; what the documentation leaves
// open is noted as unconfirmed.
func cursorParse(e *env, f File, src []byte) (entry, *Note) {
	host := e.host.Name
	ent := entry{name: f.Folder, listed: true}
	doc, why := e.lineYAML(lenientText(src))
	if why != "" {
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-frontmatter", Message: host + "'s documentation does not say what it does with a SKILL.md whose frontmatter is missing or not valid YAML"})
		return ent, nil
	}
	if name, _, _ := doc.str("name"); name != "" {
		ent.name = name
		if name != f.Folder {
			ent.notes = append(ent.notes, Note{Code: "unconfirmed-name-folder", Key: "name", Message: host + "'s documentation expects the name to match the folder \"" + f.Folder + "\"; what it does when it does not is unconfirmed"})
		}
	} else {
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-no-name", Key: "name", Message: host + "'s documentation requires a name; whether it skips a skill without one is unconfirmed"})
	}
	desc, _, _ := doc.str("description")
	if desc == "" {
		ent.notes = append(ent.notes, Note{Code: "unconfirmed-no-description", Key: "description", Message: host + "'s documentation requires a description; whether it skips a skill without one is unconfirmed"})
	}
	ent.listing = desc
	if doc.lenientTrue("disable-model-invocation") {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: host + " does not offer this skill to the agent: disable-model-invocation is true (documentation)"})
	}
	return ent, nil
}

func cursorBudget(_ *env, winners []*entry) Budget {
	return Budget{Unit: "characters", Note: "Cursor's listing budget is not documented; skill-ls counts name and description per skill",
		Used: listingSize(winners, func(w *entry) string { return w.name + ": " + w.listing })}
}
