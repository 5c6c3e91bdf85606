package fix

import (
	"maps"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// planner chooses the fixes of each round and remembers, across the rounds
// of one All, the fixes it refused (a diagnostic then gets its next fix)
// and the renames it planned.
type planner struct {
	level diagnostics.FixLevel
	// refused holds the keys of refused fixes; refusals why, in order.
	refused  map[string]bool
	refusals []Refused
	// renamed holds the diagnostics a planned rename fixes (their files
	// keep their paths until the caller renames); moved the paths the
	// planned renames move from or to; renames the planned ones, in order.
	renamed map[string]bool
	moved   map[string]bool
	renames []Applied
	// alias moves each diagnostic to its file's canonical path (alias.go).
	alias *aliases
}

func newPlanner(level diagnostics.FixLevel) *planner {
	return &planner{level: level, refused: map[string]bool{}, renamed: map[string]bool{}, moved: map[string]bool{}, alias: &aliases{}}
}

// diagKey names a diagnostic across rounds, whose spans move: its file,
// code and message.
func diagKey(d diagnostics.Diagnostic) string {
	return d.Path + "\x00" + d.Code + "\x00" + d.Message
}

// fixKey names one fix of a diagnostic across rounds.
func fixKey(path, code, message string, f diagnostics.Fix) string {
	return path + "\x00" + code + "\x00" + message + "\x00" + f.Title
}

// refuse records that a fix is not applied, and why; the diagnostic's next
// fix is tried in the next round.
func (pl *planner) refuse(a Applied, r *refusal) {
	key := fixKey(a.Path, a.Code, a.message, a.Fix)
	if pl.refused[key] {
		return
	}
	pl.refused[key] = true
	pl.refusals = append(pl.refusals, Refused{Applied: a, Reason: r.Reason, Added: r.Added})
}

// choose returns the first fix of d the level applies and no refusal
// rules out, the Preferred ones first.
func (pl *planner) choose(d diagnostics.Diagnostic) (diagnostics.Fix, bool) {
	for _, preferred := range []bool{true, false} {
		for _, f := range d.Fixes {
			if f.Preferred == preferred && pl.level.Applies(f) && !pl.refused[fixKey(d.Path, d.Code, d.Message, f)] {
				return f, true
			}
		}
	}
	return diagnostics.Fix{}, false
}

// plan chooses the fixes of one round: for every diagnostic on a file of
// snap, its first fix (choose), kept when its edits lie in the
// diagnostic's own file (as every rule's do) and overlap no edit kept
// before. With renames false, a diagnostic whose fix renames is skipped
// (its turn comes when no edit is left); with renames true, only such
// fixes are taken, and a rename from or to a path another planned rename
// uses is refused.
//
// A fix that removes an unused suppression comment is kept only in a round
// where no other fix edits its file: "unused" was judged on the file as it
// is, and another fix may reveal what the comment hides (a frontmatter that
// parses again, a key renamed), so the comment waits for the next round's
// check.
func (pl *planner) plan(snap *skills.Snapshot, ds []diagnostics.Diagnostic, renames bool) []Applied {
	var out []Applied
	kept := map[string][]spans.Span{}
	plan := func(d diagnostics.Diagnostic, busy map[string]bool) {
		d = pl.alias.onCanonical(d)
		r := diagnostics.Lookup(d.Code)
		if r == nil || r.Chat != nil || snap.File(d.Path) == nil || pl.renamed[diagKey(d)] {
			return
		}
		fix, ok := pl.choose(d)
		if !ok || (len(fix.Renames) > 0) != renames || !ownEdits(d.Path, fix) {
			return
		}
		if slices.ContainsFunc(fix.Edits, func(e diagnostics.Edit) bool { return busy[e.Path] }) || !fits(snap, fix.Edits, kept) {
			return
		}
		a := Applied{Path: d.Path, Code: d.Code, Fix: fix, message: d.Message}
		if renames && !pl.planRenames(a, d) {
			return
		}
		for _, e := range fix.Edits {
			kept[e.Path] = append(kept[e.Path], e.Span)
		}
		out = append(out, a)
	}
	for _, d := range ds {
		if d.Code != diagnostics.CodeSuppressionUnused {
			plan(d, nil)
		}
	}
	busy := map[string]bool{}
	for path := range kept {
		busy[path] = true
	}
	for _, d := range ds {
		if d.Code == diagnostics.CodeSuppressionUnused {
			plan(d, busy)
		}
	}
	return out
}

// planRenames plans a fix's renames unless one moves from or to a path
// another planned rename uses (then the fix is refused); it reports
// whether they were planned.
func (pl *planner) planRenames(a Applied, d diagnostics.Diagnostic) bool {
	for _, rn := range a.Fix.Renames {
		if pl.moved[rn.From] || pl.moved[rn.To] {
			pl.refuse(a, &refusal{Reason: "another fix renames a folder from or to " + rn.To})
			return false
		}
	}
	for _, rn := range a.Fix.Renames {
		pl.moved[rn.From], pl.moved[rn.To] = true, true
	}
	pl.renamed[diagKey(d)] = true
	pl.renames = append(pl.renames, a)
	return true
}

// refusalsLeft returns the refusals of the diagnostics no other fix
// settled: a refused fix whose diagnostic got another fix applied (one of
// applied, or a planned rename) is not worth telling.
func (pl *planner) refusalsLeft(applied []Applied) []Refused {
	settled := maps.Clone(pl.renamed)
	for _, a := range applied {
		settled[diagKey(diagnostics.Diagnostic{Path: a.Path, Code: a.Code, Message: a.message})] = true
	}
	var out []Refused
	for _, r := range pl.refusals {
		if !settled[diagKey(diagnostics.Diagnostic{Path: r.Path, Code: r.Code, Message: r.message})] {
			out = append(out, r)
		}
	}
	return out
}

// ownEdits reports whether every edit of f lies in the file at path.
func ownEdits(path string, f diagnostics.Fix) bool {
	return !slices.ContainsFunc(f.Edits, func(e diagnostics.Edit) bool { return e.Path != path })
}

// fits reports whether every edit lies in a file of snap, inside its bytes,
// and overlaps no kept span.
func fits(snap *skills.Snapshot, edits []diagnostics.Edit, kept map[string][]spans.Span) bool {
	for _, e := range edits {
		f := snap.File(e.Path)
		if f == nil || e.Span.Start < 0 || e.Span.End < e.Span.Start || e.Span.End > f.Size() {
			return false
		}
		if slices.ContainsFunc(kept[e.Path], func(s spans.Span) bool { return diagnostics.Overlaps(s, e.Span) }) {
			return false
		}
	}
	return true
}
