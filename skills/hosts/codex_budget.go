package hosts

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// codex_budget.go: Codex's skill listing within its budget — the list
// lines, the limit from the context window, and the names-only or
// round-robin shortening when over.

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
	lines, roots := codexListLines(e, winners)
	for _, l := range lines {
		l.e.line = l.render(l.desc)
	}
	window, assumed := e.host.Window(e.opts.ContextWindow)
	tokens := window > 0
	b := codexBudgetLimit(window)
	if assumed {
		b.Note += " of " + e.host.model + ", the default model of " + e.host.Release
	}
	if t := codexTableCost(tokens, roots); t > 0 {
		b.Limit = max(0, b.Limit-t)
		b.Note += " less " + itoa(t) + " for the table of skill roots"
	}
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

// codexListLines returns the lines of Codex's skill list in its order
// (system skills first, then project, then user, each by name and path)
// and the roots its aliases stand for. The path is the file's with
// symbolic links resolved; Codex 0.171 (not codex@0.141) writes it as a
// short alias rN/ of the root it lies in, the roots that hold a listed
// skill numbered in the order Codex scans its roots.
func codexListLines(e *env, winners []*entry) (lines []codexLine, roots []string) {
	alias := map[string]string{}
	if e.host.ID == Codex {
		used := map[string]bool{}
		for _, w := range winners {
			used[w.file.Root] = w.listed || used[w.file.Root]
		}
		for _, r := range codexRoots(e) {
			if used[r.dir] && alias[r.dir] == "" {
				alias[r.dir] = "r" + itoa(len(roots))
				// a root that is a link shows its target (the host
				// suite, codex-plugin-links)
				roots = append(roots, e.opts.Tree.realPath(r.dir))
			}
		}
	}
	for _, w := range winners {
		if !w.listed {
			continue
		}
		p := filepath.ToSlash(e.opts.Tree.realPath(w.file.Path))
		if a := alias[w.file.Root]; a != "" {
			if rel, err := filepath.Rel(w.file.Root, w.file.Path); err == nil && !strings.HasPrefix(rel, "..") {
				p = a + "/" + filepath.ToSlash(rel)
			}
		}
		lines = append(lines, codexLine{e: w, name: w.name, desc: w.listing, path: p})
	}
	sortCodexLines(lines)
	return lines, roots
}

// codexTableCost is what Codex 0.171 takes off its skills budget for the
// "### Skill roots" table: the cost of the table's lines, each counted
// with two bytes more than its text, less 36 tokens —
// the aliased prompt's other text is shorter than the text with absolute
// paths it replaced. Found by the host suite (its budget cases, and 14
// root-path lengths between 94 and 172 bytes). Codex always knows its
// model's window, so the budget in characters (no window) is never
// observed; skill-ls takes nothing off it.
func codexTableCost(tokens bool, roots []string) int {
	if len(roots) == 0 || !tokens {
		return 0
	}
	chars, bytes := 0, 0
	for i, r := range roots {
		line := "- `r" + itoa(i) + "` = `" + filepath.ToSlash(r) + "`"
		chars += runes(line) + 2
		bytes += len(line) + 2
	}
	return max(0, costOf(true, chars, bytes)-36)
}

// codexBudgetLimit returns Codex's skills budget, nothing used yet: 2% of
// the context window in tokens, or 8,000 characters when the window is
// unknown (0: Codex before 0.142, whose default model skill-ls does not
// know).
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
			l.e.line = l.render("")
			l.e.notes = append(l.e.notes, Note{Code: "description-removed", Key: "description", Message: host + " lists this skill without its description: even names alone exceed its skills budget"}, codexOrderNote(host))
			continue
		}
		l.e.line = ""
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
		l.e.line = l.render(string([]rune(l.desc)[:alloc[i]]))
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
