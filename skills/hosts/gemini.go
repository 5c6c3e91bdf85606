package hosts

import (
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// geminiUnsafe are the characters Gemini CLI replaces with "-" in names.
const geminiUnsafe = `:\/<>*?"|`

func geminiHost() *Host {
	return &Host{
		ID:      Gemini,
		Name:    "Gemini CLI",
		Release: "Gemini CLI 0.56.0-nightly",
		Version: "0.56.0-nightly (main at 5411f113, 2026-08-21; skills code last changed 408afd3c, 2026-05-01)",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "google-gemini/gemini-cli packages/core/src/skills/skillManager.ts@5411f113", "order: built-in, extensions, ~/.gemini/skills, ~/.agents/skills, then (trusted folder only) <cwd>/.gemini/skills, <cwd>/.agents/skills; later wins with \"Skill conflict detected\""},
			{FromSource, "google-gemini/gemini-cli packages/core/src/skills/skillLoader.ts@5411f113", "glob SKILL.md and */SKILL.md (no dot-folders, node_modules and .git ignored); frontmatter regex; js-yaml with a line fallback; name and description required; :\\/<>*?\"| in names become -"},
			{FromSource, "google-gemini/gemini-cli packages/core/src/config/storage.ts@5411f113, utils/paths.ts", "project dir is the working directory (targetDir); home is $GEMINI_CLI_HOME or the OS home"},
			{FromSource, "google-gemini/gemini-cli packages/core/src/prompts/snippets.ts@5411f113", "every skill's name, description and location in <available_skills>, no cap"},
			{FromSource, "google-gemini/gemini-cli packages/cli/src/services/SkillCommandLoader.ts@5411f113", "/name slash commands (whitespace in names becomes -)"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name"}, Note: "/name [prompt] at the start of a message; /skills list|enable|disable|reload"},
		profile: &profile{
			roots:        geminiRoots,
			parse:        geminiParse,
			dup:          lastWins,
			randomInRoot: true,
			dupWhy:       "later roots win: project over user, .agents/skills over .gemini/skills; Gemini CLI warns \"Skill conflict detected\"",
			budget:       geminiBudget,
			listing:      geminiLines,
			reach:        "the working directory",
		},
	}
}

func geminiRoots(e *env) []rootSpec {
	home := e.opts.getenv("GEMINI_CLI_HOME")
	if home == "" {
		home = e.home
	}
	w := walkSpec{maxDepth: 1, rootFile: true, skipDot: true, skipNames: []string{"node_modules", ".git"}, followDirLinks: true}
	return []rootSpec{
		e.root(filepath.Join(home, ".gemini", "skills"), ScopeUser, w),
		e.root(filepath.Join(home, ".agents", "skills"), ScopeUser, w),
		e.root(filepath.Join(e.opts.Cwd, ".gemini", "skills"), ScopeProject, w),
		e.root(filepath.Join(e.opts.Cwd, ".agents", "skills"), ScopeProject, w),
	}
}

// geminiParse judges a skill file as Gemini CLI's loader does: a
// frontmatter block first, a name and a description (from the YAML, else
// from their lines); unsafe characters in the name become "-".
func geminiParse(e *env, f File, src []byte) (entry, *Note) {
	host := e.host.Name
	text := strings.ToValidUTF8(string(src), "\uFFFD")
	fm, ok := geminiFrontmatter(text)
	if !ok {
		why := "the file does not start with a --- frontmatter block"
		if strings.HasPrefix(text, "\uFEFF") {
			why += " (it starts with a byte-order mark)"
		}
		return e.skip(frontmatterCode(text), "", why)
	}
	name, desc, notes, drop := geminiFields(e, fm)
	if drop != nil {
		return entry{}, drop
	}
	clean := strings.Map(func(r rune) rune {
		if strings.ContainsRune(geminiUnsafe, r) {
			return '-'
		}
		return r
	}, name)
	if clean != name {
		notes = append(notes, Note{Code: "name-sanitized", Key: "name", Message: host + " registers this skill as \"" + clean + "\": it turns :\\/<>*?\"| in names into -"})
	}
	if desc == "" {
		notes = append(notes, Note{Code: string(problem.DescriptionEmpty), Key: "description", Message: host + " loads this skill with an empty description"})
	}
	if f.Scope == ScopeProject {
		notes = append(notes, Note{Code: "trusted-folder-only", Message: host + " reads project skills only in a trusted folder (skill-ls assumes this one is trusted)"})
	}
	return entry{name: clean, listing: desc, listed: true, notes: notes}, nil
}

// geminiFields reads name and description as Gemini CLI does: from the
// YAML when it gives both as strings, else from their lines (noted). A
// skill without either is skipped (drop).
func geminiFields(e *env, fm string) (name, desc string, notes []Note, drop *Note) {
	doc := e.parseYAML(fm)
	name, nameOK, nameStr := doc.str("name")
	desc, descOK, descStr := doc.str("description")
	if doc.err == nil && doc.mapping && nameOK && descOK && nameStr && descStr {
		return name, jsDescription(doc, fm, desc), nil, nil
	}
	// The YAML does not give two strings: the line reader decides.
	name, desc, haveName, haveDesc := geminiSimpleFields(fm)
	switch {
	case !haveName:
		return "", "", nil, e.skipNote(string(problem.NameMissing), "name", "it has no name")
	case !haveDesc:
		return "", "", nil, e.skipNote(string(problem.DescriptionMissing), "description", "it has no description")
	}
	why := "YAML does not give name and description as strings"
	if doc.err != nil {
		why = "its YAML parser rejects this frontmatter (" + doc.errText() + ")"
	}
	return name, desc, []Note{{Code: "yaml-fallback", Message: e.host.Name + " reads name and description from their lines: " + why}}, nil
}

func geminiBudget(_ *env, winners []*entry) Budget {
	b := Budget{Unit: "characters", Note: "Gemini CLI puts every skill's name, description and location in its system prompt with no budget"}
	for _, w := range winners {
		b.Used += jstext.Len("  <skill>\n    <name>"+w.name+"</name>\n    <description>"+w.listing+"</description>\n    <location>"+w.file.Path+"</location>\n  </skill>") + 1
	}
	return b
}
