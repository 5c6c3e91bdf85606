package hosts

import (
	"cmp"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

// claude_listing.go: how Claude Code 2.1.328 reads a SKILL.md and lists
// it, as the host suite (scripts/hosts) observed it: the release is closed
// source, so every rule here is what its first request to the stand-in
// model API held for the pitfall corpus.

// Claude Code limits.
const (
	claudeListingCap = 1536 // description + when_to_use in the listing, "…" included
	// claudeDefaultBudget is the listing budget of Claude Code 2.1.328 with
	// its default model, in characters: the suite's budget case fits
	// 29,327 and not 30,178; skill-ls takes 30,000.
	claudeDefaultBudget = 30000
	claudeBudgetPercent = 1 // of the context window
	charsPerToken       = 3 // the budget's characters per token (30,000 from 1% of 1,000,000)
	// claudeBudgetSlack is how many characters a listing may pass the
	// budget by, as skill-ls counts it (entries, line breaks and the
	// release's own skills), and still keep its last description: the
	// release counts 3 fewer (probed with 2.1.328 at the default budget,
	// 30,003 kept and 30,004 not, and at SLASH_COMMAND_TOOL_CHAR_BUDGET
	// 20,000; awesome-copilot in .claude/skills ends there too).
	claudeBudgetSlack = 3
	// claudeBuiltinCost is what the release's own skills cost in a
	// listing that replaces none of them (claudeBuiltinSkills).
	claudeBuiltinCost = 6077
)

// claudeRead finds the frontmatter of text as Claude Code does (from a
// first line "---" to the next "---" anywhere, even inside a line) and
// reads it as YAML; YAML that fails is read line by line instead (noted).
// body is what follows the frontmatter (all of text without one).
func claudeRead(e *env, text string, ent *entry) (doc yamlDoc, body string, lenient bool) {
	host := e.host.Name
	first, rest, _ := strings.Cut(text, "\n")
	if strings.TrimRight(first, " \t\r") != "---" {
		ent.notes = append(ent.notes, Note{Code: "frontmatter-missing", Message: host + " lists this skill without metadata (it has no frontmatter): under its folder's name, described by the body's first line"})
		return yamlDoc{}, text, false
	}
	fm, body, ok := strings.Cut(rest, "---")
	if !ok {
		ent.notes = append(ent.notes, Note{Code: "frontmatter-unclosed", Message: host + " lists this skill without metadata (its frontmatter is not closed): the whole file is its body"})
		return yamlDoc{}, text, false
	}
	doc = e.parseYAML(fm)
	if doc.err == nil {
		return doc, body, false
	}
	ent.notes = append(ent.notes, Note{Code: "yaml-fallback", Message: host + " reads this frontmatter line by line (" + doc.errText() + "): each \"key: value\" line as written, indented lines joined to it, its name: line not used (the folder names the skill)"})
	return claudeLineFields(fm), body, true
}

// claudeLineFields reads "key: value" lines as Claude Code does when the YAML
// fails: the value as written, indented lines after it joined with a
// space, a value that opens a quote it does not close left out (the name
// read this way is never shown, see claudeName). A key read again keeps
// its first value, the one a lookup finds, and the lines that continue a
// value are joined once: a frontmatter of a million lines costs one pass.
func claudeLineFields(fm string) yamlDoc {
	var doc yamlDoc
	kept := map[string]bool{}
	cur, read := -1, false // the field indented lines continue (-1: a repeated key's); whether a key was read
	var more []string      // the non-blank indented lines that continue cur
	flush := func() {
		if cur >= 0 && len(more) > 0 {
			doc.fields[cur].Value.Str = strings.TrimSpace(doc.fields[cur].Value.Str + " " + strings.Join(more, " "))
		}
		more = more[:0]
	}
	for l := range strings.SplitSeq(fm, "\n") {
		l = strings.TrimRight(l, "\r")
		if l != "" && (l[0] == ' ' || l[0] == '\t') && read {
			if p := strings.TrimSpace(l); p != "" && cur >= 0 {
				more = append(more, p)
			}
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		if !ok || k == "" {
			continue
		}
		flush()
		read, cur = true, -1
		if !kept[k] {
			kept[k], cur = true, len(doc.fields)
			doc.fields = append(doc.fields, dshyaml.Field{Key: k, Value: dshyaml.Value{Kind: dshyaml.KindString, Str: strings.TrimSpace(v)}})
		}
	}
	flush()
	for i := range doc.fields {
		v := &doc.fields[i].Value
		if q := v.Str; q != "" && (q[0] == '"' || q[0] == '\'') {
			if len(q) < 2 || q[len(q)-1] != q[0] {
				v.Kind, v.Str = dshyaml.KindNull, ""
			} else {
				v.Str = q[1 : len(q)-1]
			}
		}
	}
	doc.mapping = true
	return doc
}

// claudeName sets the name Claude Code shows beside the folder's: the
// frontmatter's, as text, when it differs from the folder, holds no
// white space and was read as YAML (not lenient). shown is the skill as
// the listing names it (<plugin>:<folder> in a plugin), for the notes.
func claudeName(e *env, f File, shown string, doc yamlDoc, lenient bool, ent *entry) {
	name, ok := doc.scalarText("name")
	switch {
	case lenient && ok && name != "" && name != f.Folder:
		ent.notes = append(ent.notes, Note{Code: "name-folder-mismatch", Key: "name", Message: e.host.Name + " lists this skill as " + shown + ": it does not show the name \"" + name + "\" of a frontmatter it reads line by line"})
	case lenient:
	case !ok || name == "":
		ent.notes = append(ent.notes, e.nameFromFolder(doc, f.Folder))
	case name == f.Folder:
	case strings.IndexFunc(name, unicode.IsSpace) >= 0:
		ent.called = name
		ent.notes = append(ent.notes, Note{Code: "name-invalid", Key: "name", Message: e.host.Name + " ignores the name \"" + name + "\" (it holds white space) and lists this skill as " + shown})
	default:
		ent.alias, ent.called = name, name
		ent.notes = append(ent.notes, Note{Code: "name-folder-mismatch", Key: "name", Message: e.host.Name + " lists this skill as " + shown + " (" + name + "): /" + shown + " runs it, and the folder's name is the one that counts for duplicates"})
	}
}

// claudeListing sets ent's listing text: the description (a number as
// written; else the body's first line, without leading #; else empty),
// trimmed as
// JavaScript trims, " - " and when_to_use (untrimmed) after it, each run of
// invisible characters turned into one space (claudeInvisible), cut to
// 1,535 UTF-16 units and "…", < and > escaped.
func claudeListing(e *env, doc yamlDoc, body, empty string, ent *entry) {
	host := e.host.Name
	desc, _ := doc.scalarText("description")
	desc = jstext.Trim(desc)
	if desc == "" {
		desc = firstBodyLine(body)
		if desc != "" {
			ent.notes = append(ent.notes, Note{Code: doc.absentCode("description"), Key: "description", Message: host + " describes this skill by the first line of its body, " + quoteShort(desc, 80) + ": the frontmatter gives no description"})
		} else {
			// An empty file: 2.1.328 lists a skill as "Skill" (pitfalls-claude),
			// a command as "Custom command" (claude-commands).
			desc = empty
			ent.notes = append(ent.notes, Note{Code: doc.absentCode("description"), Key: "description", Message: host + " describes this skill as \"" + empty + "\": neither its frontmatter nor its body gives a description"})
		}
	}
	desc = claudeSpaces(desc)
	if when, _ := doc.scalarText("when_to_use"); when != "" {
		desc += " - " + claudeSpaces(when)
	}
	if n := jstext.Len(desc); n > claudeListingCap {
		ent.notes = append(ent.notes, Note{Code: "description-truncated", Key: "description", Message: host + "'s skill listing cuts description and when_to_use to 1,536 characters, \"…\" included (" + itoa(n) + " here)"})
		desc = jstext.Substring(desc, claudeListingCap-1) + "…"
	}
	ent.listing = desc
	if !isClaudeWorkflow(ent.file) {
		// A plugin's workflow is not escaped (trailofbits' port-rule-to-languages).
		ent.listing = strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(desc)
	}
}

// claudeSpaces turns each run of invisible characters in s into one
// space, as Claude Code 2.1.328 does in a listing (the host suite's
// whitespace case): line breaks, tabs, other controls, format characters
// (zero-width, bidi, BOM), private-use and unassigned code points and the
// line and paragraph separators. Spaces, no-break spaces and the other
// space separators stay as they are.
func claudeSpaces(s string) string {
	var b strings.Builder
	run := false
	for _, r := range s {
		if claudeInvisible(r) {
			if !run {
				b.WriteByte(' ')
			}
			run = true
			continue
		}
		run = false
		b.WriteRune(r)
	}
	return b.String()
}

// claudeInvisible reports the characters claudeSpaces replaces: Unicode's
// Other category (Cc, Cf, Co, Cs and unassigned) and Zl, Zp.
func claudeInvisible(r rune) bool {
	return unicode.In(r, unicode.C, unicode.Zl, unicode.Zp) || !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z)
}

// firstBodyLine returns the first line of body with text, trimmed and
// without a heading's leading #.
func firstBodyLine(body string) string {
	for _, l := range strings.Split(body, "\n") {
		if t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "#")); t != "" {
			return t
		}
	}
	return ""
}

// claudeLabel is how the listing names the skill: its folder, and the
// frontmatter's name in parentheses when one is shown.
func claudeLabel(w *entry) string {
	if w.alias != "" {
		return w.name + " (" + w.alias + ")"
	}
	return w.name
}

// claudeEntries renders Claude Code's entries after "The following skills
// are available for use with the Skill tool:", as claudeBudget left them.
func claudeEntries(_ *env, winners []*entry) []string {
	var out []string
	for _, w := range winners {
		if w.listed {
			out = append(out, w.line)
		}
	}
	return out
}

// claudeBudget fits the listing in Claude Code's budget as 2.1.328 does:
// every skill is listed by name; then, in listing order, each skill gets
// its description when the whole listing (the release's own skills that no
// skill folder replaces included) stays within the budget. A frontmatter
// name is shown only when its /name is free (claudeShowNames).
func claudeBudget(e *env, winners []*entry) Budget {
	builtin := claudeBuiltinCostLeft(e, winners)
	window, assumed := e.host.Window(e.opts.ContextWindow)
	b := Budget{Unit: "characters", Limit: window * claudeBudgetPercent / 100 * charsPerToken, Builtin: builtin}
	b.Note = "the skill listing, with Claude Code's own skills, against 1% of the " + itoa(window) + "-token context window at 3 characters per token"
	if assumed {
		b.Note = "the skill listing (\"- name: description\" per skill, with Claude Code's own skills: " + itoa(builtin) + " characters), against " + itoa(b.Limit) + " characters (1% of the " + itoa(window) + "-token window of " + e.host.model + ", the default model of " + e.host.Release + ", at 3 characters per token)"
	}
	if v := e.opts.getenv("SLASH_COMMAND_TOOL_CHAR_BUDGET"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			b.Limit = n
			b.Note = "the skill listing, with Claude Code's own skills, against SLASH_COMMAND_TOOL_CHAR_BUDGET=" + v
		}
	}
	claudeSortWinners(e, winners)
	claudeShowNames(e, winners)
	used := builtin
	for _, w := range winners {
		if w.listed {
			w.line = "- " + claudeLabel(w)
			used += jstext.Len(w.line) + 1
		}
	}
	full := used
	for _, w := range winners {
		if !w.listed || w.listing == "" {
			continue
		}
		extra := jstext.Len(": " + w.listing)
		full += extra
		if used+extra <= b.Limit+claudeBudgetSlack {
			used += extra
			w.line += ": " + w.listing
			continue
		}
		w.notes = append(w.notes, Note{Code: "description-removed", Key: "description", Message: e.host.Name + " lists this skill by name only: its description does not fit in the listing budget"})
	}
	b.Used, b.Over = full, full > b.Limit+claudeBudgetSlack
	if b.Over {
		b.Note += "; over it, Claude Code lists skills by name only, from the first whose description does not fit"
	}
	return b
}

// claudeShowNames leaves out the frontmatter name beside a folder (in
// listing order) when its /name is taken: by the release's own skills and
// commands, by a skill's folder, or by the name shown beside an earlier
// folder. The note on the name says so.
func claudeShowNames(e *env, winners []*entry) {
	taken := map[string]string{}
	for _, n := range claudeBuiltinNames {
		taken[n] = e.host.Name + "'s own /" + n
	}
	for _, w := range winners {
		taken[w.name] = "the skill folder " + w.name
	}
	for _, w := range winners {
		if w.alias == "" {
			continue
		}
		by, ok := taken[w.alias]
		if !ok {
			taken[w.alias] = "the name shown beside the skill folder " + w.name
			continue
		}
		for i, n := range w.notes {
			if n.Code == "name-folder-mismatch" {
				w.notes[i].Message = e.host.Name + " lists this skill as " + w.name + ", without its name \"" + w.alias + "\": /" + w.alias + " is taken by " + by + "; /" + w.name + " runs it, and the folder's name is the one that counts for duplicates"
			}
		}
		w.alias = ""
	}
}

// claudeSortWinners puts the winners in the order of Claude Code's
// listing: skills by root (personal first), then by folder name, ignoring
// case; then commands by name, whatever their folder; then the plugins'
// workflows, commands and skills by root (claudePluginRoots), then by
// name (workflows in the file system's order). Commands
// and plugins sort by file name as the release does (claudeNameOrder).
func claudeSortWinners(e *env, winners []*entry) {
	groups := map[*entry]int{} // 0 skills, 1 commands, 2 plugins
	rank := map[string]int{}
	for _, w := range winners {
		switch {
		case claudePluginOf(e, w.file) != "":
			groups[w] = 2
		case isClaudeCommand(w.file):
			groups[w] = 1
		}
		if _, ok := rank[w.file.Root]; !ok && groups[w] != 1 {
			rank[w.file.Root] = len(rank)
		}
	}
	fsOrder := claudeWorkflowOrder(winners)
	byName := claudeNameOrder(winners)
	slices.SortStableFunc(winners, func(a, b *entry) int {
		ga, gb := groups[a], groups[b]
		if c := cmp.Or(cmp.Compare(ga, gb), cmp.Compare(rank[a.file.Root], rank[b.file.Root])); c != 0 || ga != 0 {
			return cmp.Or(c, cmp.Compare(fsOrder[a.file.Path], fsOrder[b.file.Path]), cmp.Compare(byName[a], byName[b]))
		}
		return cmp.Or(strings.Compare(strings.ToLower(a.file.Folder), strings.ToLower(b.file.Folder)), strings.Compare(a.file.Folder, b.file.Folder))
	})
}

// claudeNameOrder ranks the winners' sort keys as the release's
// localeCompare orders them: the collator DSH's visit order uses
// (discovery.LocaleOrder), so "Émoji.md" sorts with the e's.
func claudeNameOrder(winners []*entry) map[*entry]int {
	keys := make([]string, len(winners))
	for i, w := range winners {
		keys[i] = claudeSortKey(w.file)
	}
	rank := make(map[*entry]int, len(winners))
	for pos, i := range discovery.LocaleOrder(keys) {
		rank[winners[i]] = pos
	}
	return rank
}

// claudeSortKey is what commands and plugin skills sort by: the path
// below their root (a command's with its .md).
func claudeSortKey(f File) string {
	if rel, err := filepath.Rel(f.Root, f.Path); err == nil && isClaudeCommand(f) {
		return filepath.ToSlash(rel)
	}
	return f.Folder
}

// claudeAsksWhy is the note on a skill that claudeAsks.
func claudeAsksWhy(e *env, name string) string {
	return e.host.Name + "'s Skill tool asks before it runs this skill (allowed-tools is set): under claude -p in the default permission mode it refuses it, and the model reads \"" + claudeRefusal(name, name) + "\" (an error) instead of the body; an allow rule Skill(" + name + ") in its settings (.claude/settings.local.json) or --permission-mode bypassPermissions lets it run"
}
