package hosts

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills"
)

// Codex limits (codex-rs/core-skills loader.rs and render.rs).
const (
	codexMaxName        = 64
	codexMaxDescription = 1024
	codexDefaultBudget  = 8000 // characters, when the context window is unknown
	codexBudgetPercent  = 2    // of the context window, in tokens
	codexMaxDepth       = 6
	codexMaxDirs        = 2000
)

func codexHost(old bool) *Host {
	h := &Host{
		ID:      Codex,
		Name:    "Codex",
		Release: "Codex 0.142 and later",
		Version: "rust-v0.142.0 and later (core-skills loader tests at 04aa5959, model_visible.rs at 428dd6c6, render.rs at 0899b7c4)",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "openai/codex codex-rs/core-skills/src/loader.rs@c9d127cf", "roots, walk (depth 6, dot-folders, 2,000 folders, symlinks), frontmatter split, name/description rules"},
			{FromSource, "openai/codex codex-rs/core-skills/src/loader_tests.rs@04aa5959", "descriptions over 1,024 characters load; unquoted \": \" repaired; duplicate names from repo and user both load"},
			{FromSource, "openai/codex codex-rs/core-skills/src/model_visible.rs@428dd6c6", "model-visible descriptions cut to 1,021 characters + \"...\""},
			{FromSource, "openai/codex codex-rs/core-skills/src/render.rs@0899b7c4", "skills budget: 2% of the context window in tokens, else 8,000 characters; shorten descriptions, then omit skills"},
			{FromDocs, "https://github.com/openai/codex/pull/29006", "the 1,024-character cap moved from loading to the rendered list (merged 2026-06-19, first in rust-v0.142.0)"},
			{FromSource, "openai/codex codex-rs/tui/src/app/skills.rs@341f12e5", "the \"Skipped loading N skill(s) due to invalid SKILL.md files.\" warning and its \"<path>: <reason>\" lines (emit_skill_load_warnings; also in tui/src/app.rs@bdba7852)"},
		},
		Invocation: Invocation{Sigil: "$", Forms: []string{"$name", "$plugin:name"}, Anywhere: true, Note: "a $name mention anywhere in a message injects the skill; /skills opens a picker"},
	}
	if old {
		h.ID = Codex0141
		h.Name = "Codex 0.141"
		h.Release = "Codex before 0.142"
		h.Version = "releases before rust-v0.142.0 (core-skills loader.rs at c9d127cf)"
		h.Refs = []Reference{
			h.Refs[0],
			{FromDocs, "https://github.com/openai/codex/issues/13941", "descriptions over 1,024 characters skipped with \"Skipped loading N skill(s)\" (reported on 0.101 to 0.141)"},
			h.Refs[3],
			h.Refs[5],
		}
	}
	h.profile = &profile{
		roots:  codexRoots,
		parse:  func(e *env, f File, src []byte) (entry, *Note) { return codexParse(e, f, src, old) },
		dup:    keepAll,
		dupWhy: "Codex removes duplicates by path only",
		budget: codexBudget,
		reach:  "the folders from the project root down to the working directory",
		warn:   codexWarning,
	}
	return h
}

// codexWarning sets the warning Codex's TUI prints when its loader skipped
// skill files (tui/src/app/skills.rs, emit_skill_load_warnings): "Skipped
// loading N skill(s) due to invalid SKILL.md files.", then one "<path>:
// <reason>" line per file. The loader records no error for a system skill
// (loader.rs, discover_skills_under_root), so those are not counted. The
// first skipped file, in scan order, gets a skip-warning note saying so.
func codexWarning(res *Result) {
	var skipped []string
	for _, f := range res.Files {
		if v := res.Verdicts[f.Path]; v.Status == Dropped && f.Scope != ScopeSystem {
			skipped = append(skipped, f.Path)
		}
	}
	if len(skipped) == 0 {
		return
	}
	res.Warning = "Skipped loading " + itoa(len(skipped)) + " skill(s) due to invalid SKILL.md files."
	v := res.Verdicts[skipped[0]]
	others := ""
	if len(skipped) > 1 {
		others = ", then one \"<path>: <reason>\" line for each of the " + itoa(len(skipped)) + " files"
	} else {
		others = ", then \"<path>: <reason>\" for this file"
	}
	v.Notes = append(slices.Clip(v.Notes), Note{Code: "skip-warning", Message: res.Host.Name + " prints \"" + res.Warning + "\" when it starts" + others})
	res.Verdicts[skipped[0]] = v
}

func codexRoots(e *env) []rootSpec {
	codexHome := e.opts.getenv("CODEX_HOME")
	if codexHome == "" {
		codexHome = filepath.Join(e.home, ".codex")
	}
	w := walkSpec{maxDepth: codexMaxDepth, rootFile: true, skipDot: true, followDirLinks: true, skipFileLinks: true, maxDirs: codexMaxDirs}
	var roots []rootSpec
	dirs := between(e.project, e.opts.Cwd)
	// Project config layers (.codex folders), highest precedence first.
	for i := len(dirs) - 1; i >= 0; i-- {
		if isDir(filepath.Join(dirs[i], ".codex")) {
			roots = append(roots, e.root(filepath.Join(dirs[i], ".codex", "skills"), ScopeProject, w))
		}
	}
	roots = append(roots,
		e.root(filepath.Join(codexHome, "skills"), ScopeUser, w),
		e.root(filepath.Join(e.home, ".agents", "skills"), ScopeUser, w),
	)
	system := w
	system.followDirLinks = false
	system.skipDot = false
	roots = append(roots, e.root(filepath.Join(codexHome, "skills", ".system"), ScopeSystem, system))
	for _, d := range dirs {
		roots = append(roots, e.root(filepath.Join(d, ".agents", "skills"), ScopeProject, w))
	}
	return roots
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// codexParse judges a skill file as Codex's loader does: valid UTF-8 with
// a frontmatter, YAML it can read (Codex 0.142 first quotes values holding
// ": "), name and description as strings, a description, a name of at most
// 64 characters; old (Codex before 0.142) also skips a description over
// 1,024 characters, which newer releases cut in the list.
func codexParse(e *env, f File, src []byte, old bool) (entry, *Note) {
	if !utf8.Valid(src) {
		return e.skip(string(skills.CodeInvalidUTF8), "", "failed to read file: stream did not contain valid UTF-8")
	}
	text := string(src)
	fm, ok := codexFrontmatter(text)
	if !ok {
		why := "missing YAML frontmatter delimited by ---"
		if strings.HasPrefix(text, "\uFEFF") {
			why += " (the file starts with a byte-order mark, so its first line is not ---)"
		}
		return e.skip(frontmatterCode(text), "", why)
	}
	doc, notes, drop := codexYAML(e, fm, old)
	if drop != nil {
		return entry{}, drop
	}
	rawName, ok := serdeString(doc, "name")
	if !ok {
		return e.skip(string(skills.CodeNameNotString), "name", "invalid YAML: name: invalid type, expected a string")
	}
	rawDesc, ok := serdeString(doc, "description")
	if !ok {
		return e.skip(string(skills.CodeDescriptionNotString), "description", "invalid YAML: description: invalid type, expected a string")
	}
	name := collapseSpace(rawName)
	if name == "" {
		name = codexFolderName(f.Folder)
		notes = append(notes, e.nameFromFolder(doc, name))
	}
	desc := collapseSpace(rawDesc)
	if desc == "" {
		return e.skip(doc.absentCode("description"), "description", "missing field `description`")
	}
	if runes(name) > codexMaxName {
		return e.skip("name-too-long", "name", "invalid name: exceeds maximum length of 64 characters")
	}
	return codexListing(e, entry{name: name, listing: desc, listed: true, notes: notes}, old)
}

// codexYAML reads the frontmatter as YAML. Codex 0.142 and later read YAML
// that fails as written after quoting the values that hold ": " (noted);
// YAML that fails still, or that is neither a mapping nor empty, skips the
// skill (drop).
func codexYAML(e *env, fm string, old bool) (doc yamlDoc, notes []Note, drop *Note) {
	doc = e.parseYAML(fm)
	if doc.err != nil && !old {
		if fixed := e.parseYAML(quoteColonValues(fm)); fixed.err == nil {
			doc = fixed
			notes = append(notes,
				Note{Code: "yaml-repaired", Message: e.host.Name + " loads this skill after quoting the values that hold \": \" (the frontmatter is not valid YAML as written)"},
				Note{Code: "unconfirmed-repair-release", Message: e.host.Name + " repairs it, but the release that added the repair is unconfirmed: it is in Codex's loader tests at 04aa5959 but not in loader.rs at c9d127cf, and a release without it skips this skill (invalid YAML)"})
		}
	}
	if doc.err != nil {
		return doc, nil, e.skipNote(doc.yamlCode(), "", "invalid YAML: "+doc.errText())
	}
	if !doc.mapping && len(doc.fields) == 0 && strings.TrimSpace(fm) != "" && !allComments(fm) {
		return doc, nil, e.skipNote(string(skills.CodeFrontmatterNotMap), "", "invalid YAML: the frontmatter is not a mapping")
	}
	return doc, notes, nil
}

// codexFolderName is the name Codex gives a skill without one: its
// folder's, white space collapsed, else "skill".
func codexFolderName(folder string) string {
	if name := collapseSpace(folder); name != "" {
		return name
	}
	return "skill"
}

// codexListing cuts ent's description for the skill list: a description
// over 1,024 characters is shown as its first 1,021 and "..." (noted), or,
// before Codex 0.142 (old), skips the skill.
func codexListing(e *env, ent entry, old bool) (entry, *Note) {
	desc := ent.listing
	if runes(desc) <= codexMaxDescription {
		return ent, nil
	}
	if old {
		return e.skip("description-too-long", "description", "invalid description: exceeds maximum length of 1024 characters")
	}
	ent.listing = string([]rune(desc)[:codexMaxDescription-3]) + "..."
	ent.notes = append(ent.notes, Note{Code: "description-truncated", Key: "description", Message: e.host.Name + " shows this description cut to 1,024 characters (1,021 + \"...\") in the skill list the model sees (" + itoa(runes(desc)) + " characters)"})
	return ent, nil
}

func allComments(yaml string) bool {
	for _, l := range strings.Split(yaml, "\n") {
		t := strings.TrimSpace(l)
		if t != "" && !strings.HasPrefix(t, "#") {
			return false
		}
	}
	return true
}

// codexLine is one line of Codex's skill list and its cost function.
type codexLine struct {
	e    *entry
	name string
	desc string
	path string
}

// render is the line with desc as its description ("" for none).
func (l codexLine) render(desc string) string {
	if desc == "" {
		return "- " + l.name + ": (file: " + l.path + ")"
	}
	return "- " + l.name + ": " + desc + " (file: " + l.path + ")"
}

// cost is what the line costs with desc as its description, newline
// included: characters, or tokens (bytes / 4) when tokens is true.
func (l codexLine) cost(tokens bool, desc string) int {
	text := l.render(desc)
	return costOf(tokens, runes(text)+1, len(text)+1)
}

// codexBudget sizes Codex's "### Available skills" lines against its skills
// budget and, when over, marks the descriptions Codex shortens and the
// skills it omits, as render.rs allocates them.
func codexBudget(e *env, winners []*entry) Budget {
	lines := codexListLines(winners)
	tokens := e.opts.ContextWindow > 0
	b := codexBudgetLimit(e.opts.ContextWindow)
	for _, l := range lines {
		b.Used += l.cost(tokens, l.desc)
	}
	b.Over = b.Used > b.Limit
	if !b.Over {
		return b
	}
	b.Note += "; over it, Codex shortens descriptions first, then leaves skills out, and warns"
	minimum := 0
	for _, l := range lines {
		minimum += l.cost(tokens, "")
	}
	if minimum > b.Limit {
		codexListNamesOnly(e.host.Name, lines, tokens, b.Limit)
	} else {
		codexShortenDescriptions(e.host.Name, lines, tokens, b.Limit-minimum)
	}
	return b
}

// codexListLines returns the lines of Codex's skill list in its order:
// project skills first, then user, then system, each by name and path; the
// path is the file's with symbolic links resolved.
func codexListLines(winners []*entry) []codexLine {
	var lines []codexLine
	for _, w := range winners {
		p := w.file.Path
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		lines = append(lines, codexLine{e: w, name: w.name, desc: w.listing, path: filepath.ToSlash(p)})
	}
	slices.SortStableFunc(lines, func(a, b codexLine) int {
		return cmp.Or(cmp.Compare(scopeRank(a.e.file.Scope), scopeRank(b.e.file.Scope)), strings.Compare(a.name, b.name), strings.Compare(a.path, b.path))
	})
	return lines
}

// codexBudgetLimit returns Codex's skills budget, nothing used yet: 2% of
// the context window in tokens, or 8,000 characters when the window is
// unknown (0).
func codexBudgetLimit(window int) Budget {
	if window > 0 {
		return Budget{
			Unit:  "tokens",
			Limit: max(1, window*codexBudgetPercent/100),
			Note:  "the skill list Codex puts in the prompt, in tokens (bytes / 4), against 2% of the " + itoa(window) + "-token context window",
		}
	}
	return Budget{
		Unit:  "characters",
		Limit: codexDefaultBudget,
		Note:  "the skill list Codex puts in the prompt (\"- name: description (file: path)\" lines), against 8,000 characters (the context window is unknown)",
	}
}

// codexListNamesOnly marks the skills of a list whose names alone exceed
// limit: in order, each line that still fits is listed without its
// description, and the rest are left out of the list.
func codexListNamesOnly(host string, lines []codexLine, tokens bool, limit int) {
	used := 0
	for _, l := range lines {
		c := l.cost(tokens, "")
		if used+c <= limit {
			used += c
			l.e.notes = append(l.e.notes, Note{Code: "description-removed", Key: "description", Message: host + " lists this skill without its description: even names alone exceed its skills budget"}, codexOrderNote(host))
			continue
		}
		l.e.notes = append(l.e.notes, Note{Code: "omitted-from-list", Key: "description", Message: host + " leaves this skill out of the skill list the model sees: its skills budget is used up (the skill still works with $" + l.name + ")"}, codexOrderNote(host))
	}
}

// codexOrderNote goes with a skill Codex lists without its description or
// leaves out: which skills those are depends on the order of the list.
func codexOrderNote(host string) Note {
	return Note{Code: "unconfirmed-list-order", Message: host + " picks these skills by the order of its skill list; skill-ls orders it as Codex's loader sorts skills (scope, name, path), and render.rs's own order is unconfirmed"}
}

// codexShortenDescriptions shares the room the names leave (remaining)
// among the descriptions, one character at a time, round robin, and marks
// each description that does not get all its characters.
func codexShortenDescriptions(host string, lines []codexLine, tokens bool, remaining int) {
	costs := make([][]int, len(lines))
	for i, l := range lines {
		costs[i] = codexDescriptionCosts(l, tokens)
	}
	alloc := roundRobin(costs, remaining)
	for i, l := range lines {
		total := len(costs[i]) - 1
		if alloc[i] < total {
			l.e.notes = append(l.e.notes, Note{Code: "description-shortened", Key: "description", Message: host + " shortens this description to " + itoa(alloc[i]) + " of " + itoa(total) + " characters to fit its skills budget"})
		}
	}
}

// codexDescriptionCosts returns, for every length n of the line's
// description from 0 to all of it, what its first n characters add to the
// cost of the line without a description.
func codexDescriptionCosts(l codexLine, tokens bool) []int {
	minLine := l.render("")
	minChars, minBytes := runes(minLine)+1, len(minLine)+1
	base := costOf(tokens, minChars, minBytes)
	c := []int{0}
	pc, pb := 0, 0
	for _, r := range l.desc {
		pc++
		pb += utf8.RuneLen(r)
		c = append(c, costOf(tokens, minChars+pc+1, minBytes+pb+1)-base)
	}
	return c
}

// roundRobin grants each item one more unit in turn while the next unit's
// cost fits in remaining: costs[i][n] is the cost of n units of item i. It
// returns how many units each item got.
func roundRobin(costs [][]int, remaining int) []int {
	alloc := make([]int, len(costs))
	extra := make([]int, len(costs))
	for changed := true; changed; {
		changed = false
		for i := range costs {
			if alloc[i] >= len(costs[i])-1 {
				continue
			}
			delta := costs[i][alloc[i]+1] - extra[i]
			if delta <= remaining {
				alloc[i]++
				extra[i] = costs[i][alloc[i]]
				remaining -= delta
				changed = true
			}
		}
	}
	return alloc
}

// costOf is a text's cost in characters, or in tokens (bytes / 4, rounded
// up) when tokens is true.
func costOf(tokens bool, chars, bytes int) int {
	if tokens {
		return (bytes + 3) / 4
	}
	return chars
}

func scopeRank(s Scope) int {
	switch s {
	case ScopeProject:
		return 0
	case ScopeUser:
		return 1
	}
	return 2
}

// serdeString reads key as serde_yaml deserializes an Option<String> or a
// defaulted String: a missing or null value is "", any other scalar is its
// text (serde_yaml hands plain scalars such as 3000 or true to a string
// field as written), and a list or mapping is a type error (ok false).
func serdeString(doc yamlDoc, key string) (string, bool) {
	f := doc.field(key)
	if f == nil {
		return "", true
	}
	switch f.Value.Kind {
	case skills.KindNull:
		return "", true
	case skills.KindSeq, skills.KindMap:
		return "", false
	}
	return f.Value.Str, true
}
