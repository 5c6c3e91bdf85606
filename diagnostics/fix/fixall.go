// Package fix applies the rules' fixes in bulk (check --fix): rounds of
// the fixes that do not overlap, each round checked again, in the
// workspace's buffers; the caller writes the files.
package fix

import (
	"bytes"
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Fixing in bulk (`skill-ls check --fix`): choose one fix per diagnostic,
// apply those that do not overlap, check again, repeat. The files change
// only in the workspace's buffers; the caller writes them.

// MaxPasses bounds the rounds of All: a round applies the fixes that
// do not overlap, and the next round sees the result.
const MaxPasses = 10

// Applied is one fix All applied.
type Applied struct {
	// Path is the file the diagnostic is on; Code its rule.
	Path string
	Code string
	Fix  diagnostics.Fix
}

// Result is what All did.
type Result struct {
	// Original and Fixed hold, for every file All changed, its bytes
	// before the first fix and after the last one.
	Original, Fixed map[string][]byte
	// Rounds holds, for every file All changed, the edits of each round
	// that changed it: applying them in turn to Original gives Fixed.
	Rounds map[string][][]diagnostics.Edit
	// Applied are the fixes applied, in order (edits first, then renames).
	Applied []Applied
	// Renames are the renames of the applied fixes, for the caller to make
	// after writing the files (the paths are those before the renames).
	Renames []diagnostics.Rename
	// Passes counts the rounds that applied a fix.
	Passes int
	// Snapshot is the workspace's last snapshot (the fixed files as open
	// buffers); Diagnostics its diagnostics, renames not yet made.
	Snapshot    *skills.Snapshot
	Diagnostics []diagnostics.Diagnostic
}

// All applies the fixes of level to the skill files of the workspace's
// current snapshot, as open buffers of the workspace: each round runs the
// rules, takes for every diagnostic its first fix the level applies (the
// Preferred one first), keeps the fixes whose edits overlap none kept
// before, applies them and checks again, until a round has nothing to
// apply or MaxPasses rounds ran. Fixes of chat buffers are never
// applied. Fixes that rename a folder are chosen last, from the final
// diagnostics, and returned for the caller to make. All never writes.
func All(ctx context.Context, ws *skills.Workspace, opts diagnostics.Options, level diagnostics.FixLevel) *Result {
	res := &Result{Original: map[string][]byte{}, Fixed: map[string][]byte{}, Rounds: map[string][][]diagnostics.Edit{}}
	snap := ws.Snapshot()
	ds := diagnostics.Run(ctx, snap, opts)
	for pass := 0; pass < MaxPasses && ctx.Err() == nil; pass++ {
		changes := res.applyRound(snap, planFixes(snap, ds, level, false))
		if len(changes) == 0 {
			break
		}
		res.Passes++
		snap = ws.Apply(ctx, changes...)
		ds = diagnostics.Run(ctx, snap, opts)
	}
	if level == diagnostics.FixUnsafe {
		for _, a := range planFixes(snap, ds, level, true) {
			res.Applied = append(res.Applied, a)
			res.Renames = append(res.Renames, a.Fix.Renames...)
		}
	}
	res.dropUnchanged()
	res.Snapshot, res.Diagnostics = snap, ds
	return res
}

// applyRound applies the fixes of one round's plan to the files of snap,
// each file's edits at once (in its line endings), and records them: the
// round's edits, the file's first and latest bytes, and the fixes that
// changed a file. It returns the changes to make in the workspace, none
// when no file changed.
func (res *Result) applyRound(snap *skills.Snapshot, plan []Applied) []skills.Change {
	byPath := map[string][]diagnostics.Edit{}
	for _, a := range plan {
		for _, e := range a.Fix.Edits {
			byPath[e.Path] = append(byPath[e.Path], e)
		}
	}
	var changes []skills.Change
	changed := map[string]bool{}
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		idx, err := snap.Text(snap.File(path))
		if err != nil {
			continue // a lean file changed on disk
		}
		src := idx.Src()
		edits := keepLineEndings(src, byPath[path])
		out, err := diagnostics.ApplyEdits(src, edits)
		if err != nil || string(out) == string(src) {
			continue
		}
		res.Rounds[path] = append(res.Rounds[path], edits)
		if _, ok := res.Original[path]; !ok {
			res.Original[path] = src
		}
		res.Fixed[path] = out
		changed[path] = true
		changes = append(changes, skills.Change{Kind: skills.ChangeEdit, Path: path, Text: out})
	}
	if len(changes) == 0 {
		return nil
	}
	for _, a := range plan {
		if slices.ContainsFunc(a.Fix.Edits, func(e diagnostics.Edit) bool { return changed[e.Path] }) {
			res.Applied = append(res.Applied, a)
		}
	}
	return changes
}

// dropUnchanged forgets the files whose last round gave back their first
// bytes: they are not changed.
func (res *Result) dropUnchanged() {
	for path, out := range res.Fixed {
		if string(out) == string(res.Original[path]) {
			delete(res.Fixed, path)
			delete(res.Original, path)
			delete(res.Rounds, path)
		}
	}
}

// keepLineEndings returns edits whose new text ends its lines as src does
// when src ends every line with \r\n: a bare \n becomes \r\n.
func keepLineEndings(src []byte, edits []diagnostics.Edit) []diagnostics.Edit {
	if !bytes.Contains(src, []byte("\r\n")) || bytes.Count(src, []byte("\n")) != bytes.Count(src, []byte("\r\n")) {
		return edits
	}
	out := slices.Clone(edits)
	for i, e := range out {
		out[i].NewText = strings.ReplaceAll(strings.ReplaceAll(e.NewText, "\r\n", "\n"), "\n", "\r\n")
	}
	return out
}

// planFixes chooses the fixes of one round: for every diagnostic on a file
// of snap, its first fix level applies (the Preferred one first), kept when
// its edits overlap no edit kept before. With renames false, a diagnostic
// whose chosen fix renames is skipped (its turn comes last); with renames
// true, only such fixes are taken, and never two that rename from or to
// one path.
//
// A fix that removes an unused suppression comment is kept only in a round
// where no other fix edits its file: "unused" was judged on the file as it
// is, and another fix may reveal what the comment hides (a frontmatter that
// parses again, a key renamed), so the comment waits for the next round's
// check.
func planFixes(snap *skills.Snapshot, ds []diagnostics.Diagnostic, level diagnostics.FixLevel, renames bool) []Applied {
	var out []Applied
	kept := map[string][]spans.Span{}
	moved := map[string]bool{}
	plan := func(d diagnostics.Diagnostic, busy map[string]bool) {
		r := diagnostics.Lookup(d.Code)
		if r == nil || r.Chat != nil || snap.File(d.Path) == nil {
			return
		}
		fix, ok := chooseFix(d.Fixes, level)
		if !ok || (len(fix.Renames) > 0) != renames {
			return
		}
		if slices.ContainsFunc(fix.Edits, func(e diagnostics.Edit) bool { return busy[e.Path] }) {
			return
		}
		if renames {
			if slices.ContainsFunc(fix.Renames, func(rn diagnostics.Rename) bool { return moved[rn.From] || moved[rn.To] }) {
				return
			}
			for _, rn := range fix.Renames {
				moved[rn.From], moved[rn.To] = true, true
			}
		}
		if !fits(snap, fix.Edits, kept) {
			return
		}
		for _, e := range fix.Edits {
			kept[e.Path] = append(kept[e.Path], e.Span)
		}
		out = append(out, Applied{Path: d.Path, Code: d.Code, Fix: fix})
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

// chooseFix returns the first fix level applies, the Preferred ones first.
func chooseFix(fixes []diagnostics.Fix, level diagnostics.FixLevel) (diagnostics.Fix, bool) {
	for _, preferred := range []bool{true, false} {
		for _, f := range fixes {
			if f.Preferred == preferred && level.Applies(f) {
				return f, true
			}
		}
	}
	return diagnostics.Fix{}, false
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
