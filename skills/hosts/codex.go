package hosts

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// Codex limits (codex-rs/core-skills loader.rs and render.rs).
const (
	codexMaxName        = 64
	codexMaxDescription = 1024
	codexDefaultBudget  = 8000 // characters, when the context window is unknown
	codexBudgetPercent  = 2    // of the context window, in tokens
	codexMaxDepth       = 6
	codexMaxDirs        = 2000
	// codexDefaultWindow is the context window of gpt-6.2-sol, the default
	// model of Codex 0.171.0 (`codex debug models`: priority 1).
	codexDefaultWindow = 500000
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
		warn:   codexFinish,
		// loader.rs: skills are kept once per canonical path, the first
		// root's (observed: codex-links, 0.171.0).
		oncePerFile: true,
	}
	if !old {
		h.profile.listing = codexLines
		h.model, h.window = "gpt-6.2-sol", codexDefaultWindow
	}
	return h
}

// codexFinish sets Codex's warning, and explains a file Codex takes by
// another path (codexSameFile).
func codexFinish(res *Result) {
	codexWarning(res)
	res.explainRoot = func(s rootSpec, path string) (string, string) {
		if first, ok := codexSameFile(res, path); ok {
			rel, _ := filepath.Rel(first.Root, first.Path)
			return "same-file", res.Host.Name + " reads this file once, as " + first.RootLabel + "/" + filepath.ToSlash(rel) + ": the same file, links resolved"
		}
		return whyNotWalked(res.Host.Name, s, path)
	}
}

// codexSameFile returns the file Codex found that is path with links
// resolved, by another path (ok false for none).
func codexSameFile(res *Result, path string) (first File, ok bool) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return File{}, false
	}
	for _, f := range res.Files {
		if f.Path == path {
			return File{}, false
		}
		if r, err := filepath.EvalSymlinks(f.Path); err == nil && r == real {
			return f, true
		}
	}
	return File{}, false
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
		if v := res.Verdicts[f.Path]; v.Status == Dropped && f.Scope != ScopeSystem && !codexSetting(v.Code()) {
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

// codexSetting reports a skip that Codex's config decides, not the file:
// Codex does not count it in its warning.
func codexSetting(code string) bool {
	return code == "disabled-by-config" || code == "host-config-invalid"
}

func codexRoots(e *env) []rootSpec {
	codexHome := codexHomeDir(e)
	w := walkSpec{maxDepth: codexMaxDepth, rootFile: true, skipDot: true, followDirLinks: true, fileEntriesOnly: true, maxDirs: codexMaxDirs}
	var roots []rootSpec
	dirs := between(e.project, e.opts.Cwd)
	// The project config layer: Codex 0.171 reads .codex/skills in the
	// working directory only (the host suite: codex.txtar, cwd project/sub,
	// leaves project/.codex/skills out; cursor.txtar, cwd project, reads it).
	if isDir(filepath.Join(e.opts.Cwd, ".codex")) {
		roots = append(roots, e.root(filepath.Join(e.opts.Cwd, ".codex", "skills"), ScopeProject, w))
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
	return append(roots, shippedRoots(e, Codex, w)...)
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
		return e.skip(string(problem.InvalidUTF8), "", "failed to read file: stream did not contain valid UTF-8")
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
		return e.skip(string(problem.NameNotString), "name", "invalid YAML: name: invalid type, expected a string")
	}
	rawDesc, ok := serdeString(doc, "description")
	if !ok {
		return e.skip(string(problem.DescriptionNotString), "description", "invalid YAML: description: invalid type, expected a string")
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
	if ns, manifest := codexPluginName(e, f); ns != "" && !old {
		name = ns + ":" + name
		notes = append(notes, Note{Code: "plugin-namespace", Key: "name", Message: e.host.Name + " names this skill \"" + name + "\": " + e.label(manifest) + ", the nearest plugin manifest above its file (links resolved), names plugin \"" + ns + "\""})
	}
	if !old {
		if off := codexDisabled(e, f, name); off != nil {
			return entry{}, off
		}
	}
	ent, drop := codexListing(e, entry{name: name, listing: desc, listed: true, notes: notes}, old)
	if drop == nil && !old && codexImplicitOff(e, f.Path) {
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "not-in-listing", Message: e.host.Name + " leaves this skill out of the list its model sees: agents/openai.yaml sets policy.allow_implicit_invocation to false, so only $" + name + " runs it"})
	}
	return ent, drop
}

// codexYAML reads the frontmatter as YAML. Codex 0.142 and later read YAML
// that fails as written after quoting the values that hold ": " (noted);
// YAML that fails still, or that is neither a mapping nor empty, skips the
// skill (drop).
func codexYAML(e *env, fm string, old bool) (doc yamlDoc, notes []Note, drop *Note) {
	doc = e.parseYAML(fm)
	if doc.err != nil && !old {
		if fixed := e.parseYAML(codexRepair(fm)); fixed.err == nil {
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
		return doc, nil, e.skipNote(string(problem.FrontmatterNotMap), "", "invalid YAML: the frontmatter is not a mapping")
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

// codexRepair is the frontmatter Codex 0.171 reads again when its YAML
// fails: quoteColonValues, and a plain value that opens a flow collection
// ("name: [unclosed") quoted as text too (the host suite, pitfalls-agents:
// Codex 0.171.0 lists that skill as "[unclosed").
func codexRepair(yaml string) string {
	lines := strings.Split(quoteColonValues(yaml), "\n")
	for i, l := range lines {
		m := simpleKeyRE.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		value := strings.TrimRight(l[m[4]:m[5]], " \t\r")
		if value != "" && strings.ContainsAny(value[:1], "[{") {
			lines[i] = l[:m[4]] + `"` + strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`) + `"`
		}
	}
	return strings.Join(lines, "\n")
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
	case dshyaml.KindNull:
		return "", true
	case dshyaml.KindSeq, dshyaml.KindMap:
		return "", false
	}
	return f.Value.Str, true
}
