package hosts

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// copilotCLIXML escapes text as Copilot CLI 1.0.102 does in its
// <available_skills> blocks (&, <, >, ' and ").
var copilotCLIXML = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&apos;", "\"", "&quot;")

// copilotCLIListingBudget is how many characters of <skill> blocks (each
// with its line break) Copilot CLI 1.0.102 sends: 20 blocks of 15,000 in
// all are sent whole, of 15,001 the last is named in the "Additional
// skills" line instead (the host suite; ASCII text).
const copilotCLIListingBudget = 15000

// copilotCLIBuiltins are the release's own skills, listed after the
// personal ones and before the commands, with the length of their blocks
// (the host suite's requests): they take their share of the budget.
var copilotCLIBuiltins = []struct {
	name  string
	block int
}{{"customize-cloud-agent", 443}, {"github-pr-media", 324}}

// copilotCLILines renders the <available_skills> text Copilot CLI 1.0.102
// sends its model (the host suite captures the request): the skills in
// copilotCLIOrder, its own, then the commands in that order; blocks
// until the budget is used, then every other name on one "Additional
// skills" line. Its own blocks are left out, not their names; a skill
// with disable-model-invocation is not offered at all.
func copilotCLILines(e *env, winners []*entry) []string {
	type item struct {
		name  string
		block []string // nil for the release's own skills
		size  int
	}
	var items, commands []item
	for _, w := range copilotCLIOrder(e, winners) {
		if !w.listed {
			continue
		}
		block := copilotCLIBlock(w)
		it := item{w.name, block, jstext.Len(strings.Join(block, "\n"))}
		if copilotCLIGroup(w) == 2 {
			commands = append(commands, it)
		} else {
			items = append(items, it)
		}
	}
	for _, b := range copilotCLIBuiltins {
		items = append(items, item{b.name, nil, b.block})
	}
	var out, more []string
	used := 0
	for _, it := range append(items, commands...) {
		if len(more) > 0 || used+it.size+1 > copilotCLIListingBudget {
			more = append(more, it.name)
			continue
		}
		used += it.size + 1
		out = append(out, it.block...)
	}
	if len(more) > 0 {
		out = append(out, copilotCLIMore(more))
	}
	return out
}

// copilotCLIAdditionalCap is how long Copilot CLI 1.0.102 lets the
// "Additional skills" line grow with names (the host suite: 4,986 and
// 4,994 characters whole, 5,006 and 5,019 cut, on antigravity and
// awesome-copilot); "... and N more" follows.
const copilotCLIAdditionalCap = 5000

// copilotCLIMore is the "Additional skills" line naming more: every name
// that keeps the line within copilotCLIAdditionalCap, then how many more.
func copilotCLIMore(more []string) string {
	line := "Additional skills available (invoke by name): "
	for i, name := range more {
		add := name
		if i > 0 {
			add = ", " + name
		}
		if jstext.Len(line)+jstext.Len(add) > copilotCLIAdditionalCap {
			return line + "... and " + itoa(len(more)-i) + " more"
		}
		line += add
	}
	return line
}

// copilotCLIGroup ranks a winner in Copilot CLI's listing: project skills,
// personal skills, then commands.
func copilotCLIGroup(w *entry) int {
	switch {
	case filepath.Base(w.file.Path) != "SKILL.md":
		return 2
	case w.file.Scope == ScopeProject:
		return 0
	}
	return 1
}

// copilotCLIOrder sorts winners (in scan order) as Copilot CLI lists them:
// each run of skills from one source (its skill list's "project", the
// working directory; "inherited", a folder above it; each personal root)
// sorted by name, the runs as they come (the host suite: a .github/skills
// above the working directory, then its .agents/skills, then the
// .agents/skills and .claude/skills above it, are three runs).
func copilotCLIOrder(e *env, winners []*entry) []*entry {
	source := func(w *entry) string {
		if w.file.Scope != ScopeProject {
			return w.file.Root
		}
		dir := filepath.Dir(filepath.Dir(w.file.Root))
		if e.opts.Cwd != "" && dir == filepath.Clean(e.opts.Cwd) || e.opts.Cwd == "" && dir == e.project {
			return "project"
		}
		return "inherited"
	}
	out := slices.Clone(winners)
	for start := 0; start < len(out); {
		end := start + 1
		for end < len(out) && source(out[end]) == source(out[start]) && copilotCLIGroup(out[end]) == copilotCLIGroup(out[start]) {
			end++
		}
		slices.SortStableFunc(out[start:end], func(a, b *entry) int { return strings.Compare(a.name, b.name) })
		start = end
	}
	return out
}

// copilotCLIBlock is the <skill> block of w in Copilot CLI's listing.
func copilotCLIBlock(w *entry) []string {
	location := "project"
	if w.file.Scope == ScopeUser {
		location = "user"
	}
	return []string{"<skill>", "  <name>" + copilotCLIXML.Replace(w.name) + "</name>", "  <description>" + copilotCLIXML.Replace(w.listing) + "</description>", "  <location>" + location + "</location>", "</skill>"}
}

// copilotCLIBudget sizes the <skill> blocks of the listed winners and of
// the release's own skills, each with its line break, against the 15,000
// characters Copilot CLI sends whole.
func copilotCLIBudget(_ *env, winners []*entry) Budget {
	b := Budget{Unit: "characters", Limit: copilotCLIListingBudget, Note: "GitHub Copilot CLI sends <skill> blocks (name, description, location) up to 15,000 characters; it names every later skill, without its description, on one \"Additional skills available\" line"}
	for _, bi := range copilotCLIBuiltins {
		b.Builtin += bi.block + 1
	}
	b.Used = b.Builtin
	for _, w := range winners {
		if w.listed {
			b.Used += jstext.Len(strings.Join(copilotCLIBlock(w), "\n")) + 1
		}
	}
	b.Over = b.Used > b.Limit
	return b
}
