package hosts

import (
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/problem"
)

func opencodeHost() *Host {
	return &Host{
		ID:      OpenCode,
		Name:    "OpenCode",
		Release: "OpenCode dev at a2cc772e",
		Version: "dev branch (packages/opencode/src/skill/index.ts at a2cc772e; config/markdown.ts at 0a8a0ed8)",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "anomalyco/opencode packages/opencode/src/skill/index.ts@a2cc772e", "~/.claude/skills and ~/.agents/skills, then .claude/skills and .agents/skills walking up from the working directory to the worktree (skills/**/SKILL.md, dot-folders included, symlinks followed), then .opencode {skill,skills}/**/SKILL.md, skills.paths, skills.urls; name must be a string; description optional (left out of the listing when missing); later duplicates replace earlier ones with a warning; OPENCODE_DISABLE_EXTERNAL_SKILLS, OPENCODE_DISABLE_CLAUDE_CODE(_SKILLS)"},
			{FromSource, "anomalyco/opencode packages/opencode/src/config/markdown.ts@0a8a0ed8", "gray-matter, then a fallback that turns plain values holding \":\" into block scalars; a second failure is a session error"},
			{FromSource, "anomalyco/opencode packages/opencode/src/skill/index.ts@048f74f4", "an earlier release required a description"},
			{FromDocs, "https://opencode.ai/docs/skills", "/name invocation; the docs' name and description limits are not enforced by the loader"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name"}, Note: "/name args, with $ARGUMENTS and $1..$n in the body (documentation)"},
		profile: &profile{
			roots:     opencodeRoots,
			parse:     opencodeParse,
			dup:       lastWins,
			dupWhy:    "the last file OpenCode reads with a name replaces earlier ones and it logs \"duplicate skill name\"",
			randomAll: true,
			budget:    opencodeBudget,
			listing:   opencodeLines,
			reach:     "the folders from the working directory up to the worktree root",
		},
	}
}

func truthy(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return v == "1" || v == "true"
}

func opencodeRoots(e *env) []rootSpec {
	var ext []string
	if !truthy(e.opts.getenv("OPENCODE_DISABLE_EXTERNAL_SKILLS")) {
		if !truthy(e.opts.getenv("OPENCODE_DISABLE_CLAUDE_CODE_SKILLS")) && !truthy(e.opts.getenv("OPENCODE_DISABLE_CLAUDE_CODE")) {
			ext = append(ext, ".claude")
		}
		ext = append(ext, ".agents")
	}
	external := walkSpec{rootFile: true, followDirLinks: true}
	config := walkSpec{rootFile: true, skipDot: true, followDirLinks: true}
	roots := e.skillsRoots(e.home, ext, ScopeUser, external)
	dirs := between(e.project, e.opts.Cwd)
	for i := len(dirs) - 1; i >= 0; i-- { // from the working directory up
		roots = append(roots, e.skillsRoots(dirs[i], ext, ScopeProject, external)...)
	}
	cfg := e.opts.getenv("XDG_CONFIG_HOME")
	if cfg == "" {
		cfg = filepath.Join(e.home, ".config")
	}
	configDirs := []string{filepath.Join(cfg, "opencode")}
	for _, d := range dirs {
		configDirs = append(configDirs, filepath.Join(d, ".opencode"))
	}
	if d := e.opts.getenv("OPENCODE_CONFIG_DIR"); d != "" {
		configDirs = append(configDirs, d)
	}
	for _, c := range configDirs {
		scope := ScopeProject
		if !discovery.Within(c, e.project) {
			scope = ScopeUser
		}
		for _, sub := range []string{"skill", "skills"} {
			roots = append(roots, e.root(filepath.Join(c, sub), scope, config))
		}
	}
	return roots
}

// opencodeParse judges a skill file as OpenCode's loader does: a
// frontmatter (YAML, else its fallback for values holding ":"), a name
// that is a string; a skill without a description loads but is left out
// of the list the model sees.
func opencodeParse(e *env, f File, src []byte) (entry, *Note) {
	host := e.host.Name
	text := lenientText(src)
	fm, ok := grayMatter(text)
	if !ok {
		return entry{}, &Note{Code: frontmatterCode(text), Message: host + " skips this skill silently: without frontmatter it has no name"}
	}
	var notes []Note
	doc := e.parseYAML(fm)
	if doc.err != nil {
		fixed := e.parseYAML(opencodeFallback(fm))
		if fixed.err != nil {
			return entry{}, &Note{Code: fixed.yamlCode(), Message: host + " skips this skill: Failed to parse YAML frontmatter: " + fixed.errText() + " (shown as a session error)"}
		}
		notes = append(notes, Note{Code: "yaml-fallback", Message: host + "'s YAML parser rejects this frontmatter (" + doc.errText() + "); its fallback turns values holding \":\" into block scalars and reads it"})
		doc, fm = fixed, opencodeFallback(fm)
	}
	name, hasName, nameStr := doc.str("name")
	switch {
	case !hasName:
		return entry{}, &Note{Code: string(problem.NameMissing), Key: "name", Message: host + " skips this skill silently: it has no name"}
	case !nameStr:
		return entry{}, &Note{Code: string(problem.NameNotString), Key: "name", Message: host + " skips this skill silently: its name is not a string"}
	}
	desc, hasDesc, descStr := doc.str("description")
	if f := doc.field("description"); f != nil && f.Value.Kind == dshyaml.KindNull {
		// OpenCode 1.18.33 skips "description:" with no value (the host
		// suite, gemini.txtar's null-desc): null is not a string.
		return entry{}, &Note{Code: string(problem.DescriptionNotString), Key: "description", Message: host + " skips this skill silently: its description is null, not a string"}
	}
	if hasDesc && !descStr {
		return entry{}, &Note{Code: string(problem.DescriptionNotString), Key: "description", Message: host + " skips this skill silently: its description is not a string"}
	}
	ent := entry{name: name, listing: jsDescription(doc, fm, desc), listed: true}
	if !hasDesc {
		ent.listed = false
		notes = append(notes, Note{Code: string(problem.DescriptionMissing), Key: "description", Message: host + " loads this skill but leaves it out of the skill list the model sees: it has no description"})
	}
	if strings.HasPrefix(string(src), "\uFEFF") {
		notes = append(notes, Note{Code: "unconfirmed-bom", Message: host + " reads this file as if it had no byte-order mark (gray-matter, its frontmatter reader, strips one); whether OpenCode's loader keeps it is unconfirmed"})
	}
	if r, denied := opencodeDenied(e, name); denied {
		ent.listed = false
		notes = append(notes, Note{Code: "hidden-by-config", Message: host + " leaves this skill out of its listing and its skill tool refuses it: disabled by " + r.why()})
	}
	ent.notes = notes
	return ent, nil
}
