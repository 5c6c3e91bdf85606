// Package fix applies the rules' fixes in bulk (check --fix): rounds of
// the fixes that do not overlap, each fix tried on its file before it is
// kept, each round checked again, in the workspace's buffers; the caller
// writes the files.
package fix

import (
	"bytes"
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// Fixing in bulk (`skill-ls check --fix`): choose one fix per diagnostic,
// try each file's fixes (verify.go), keep those that make nothing worse,
// check again, repeat until nothing is left to apply. The files change only
// in the workspace's buffers; the caller writes them.

// MaxPasses bounds the rounds of All that apply fixes: a round applies the
// fixes that do not overlap, and the next round sees the result.
const MaxPasses = 10

// Applied is one fix All applied.
type Applied struct {
	// Path is the file the diagnostic is on; Code its rule.
	Path string
	Code string
	Fix  diagnostics.Fix
	// message is the diagnostic's, which tells it from another of the
	// same code across rounds.
	message string
}

// Refused is a fix All tried and did not apply: the result would have been
// worse than the file (verify.go).
type Refused struct {
	Applied
	// Reason says what the fix would have done, in words (paths absolute).
	Reason string
	// Added is the code of the finding the fix would have added, or of the
	// reason DSH would have dropped the skill; "" when it would have
	// changed which copy of a name wins or clashed with another rename.
	Added string
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
	// Refused are the fixes tried and not applied whose diagnostic got no
	// other fix.
	Refused []Refused
	// Passes counts the rounds that applied a fix; Unsettled reports that
	// MaxPasses rounds ran and a fix was still left to apply (run again).
	Passes    int
	Unsettled bool
	// Snapshot is the workspace's last snapshot (the fixed files as open
	// buffers); Diagnostics its diagnostics, renames not yet made.
	Snapshot    *skills.Snapshot
	Diagnostics []diagnostics.Diagnostic
}

// All applies the fixes of level to the skill files of the workspace's
// current snapshot, as open buffers of the workspace: each round runs the
// rules, takes for every diagnostic its first fix the level applies (the
// Preferred one first) and no refusal rules out, keeps the fixes whose
// edits overlap none kept before, tries each file's fixes (a fix that
// would make the file worse is refused, and the diagnostic's next fix
// tried in the next round) and checks again, until nothing is left to
// apply or MaxPasses rounds applied fixes. Fixes of chat buffers are never
// applied. A fix that renames a folder is planned when no edit is left,
// and returned for the caller to make. All never writes.
func All(ctx context.Context, ws *skills.Workspace, opts diagnostics.Options, level diagnostics.FixLevel) *Result {
	return all(ctx, ws, opts, level, MaxPasses)
}

// all is All with the bound on its rounds.
func all(ctx context.Context, ws *skills.Workspace, opts diagnostics.Options, level diagnostics.FixLevel, maxPasses int) *Result {
	res := &Result{Original: map[string][]byte{}, Fixed: map[string][]byte{}, Rounds: map[string][][]diagnostics.Edit{}}
	if opts.HostEnv.Tree == nil {
		// All changes buffers only: the hosts walk the disk once, not at
		// every fix they judge (hosts.Tree).
		opts.HostEnv.Tree = hosts.NewTree()
	}
	pl := newPlanner(level)
	snap := ws.Snapshot()
	pl.alias = aliasesOf(snap)
	rd := readersOf(opts)
	ds := diagnostics.Run(ctx, snap, opts)
	for ctx.Err() == nil {
		if plan := pl.plan(snap, ds, false); len(plan) > 0 {
			if res.Passes == maxPasses {
				res.Unsettled = true
				break
			}
			refusals := len(pl.refusals)
			if res.applyRound(ctx, ws, opts, rd, pl, plan) {
				res.Passes++
				snap = ws.Snapshot()
				ds = diagnostics.Run(ctx, snap, opts)
				continue
			}
			if len(pl.refusals) > refusals {
				continue // the refused fixes' diagnostics get their next fix
			}
		}
		if level == diagnostics.FixUnsafe {
			refusals := len(pl.refusals)
			if len(pl.plan(snap, ds, true)) > 0 || len(pl.refusals) > refusals {
				continue // a refused rename's diagnostic may have an edit next
			}
		}
		break
	}
	for _, a := range pl.renames {
		if stillOffered(ds, a) {
			res.Applied = append(res.Applied, a)
			res.Renames = append(res.Renames, a.Fix.Renames...)
		}
	}
	res.Refused = pl.refusalsLeft(res.Applied)
	res.dropUnchanged()
	res.Snapshot, res.Diagnostics = snap, ds
	return res
}

// stillOffered reports whether a planned rename is still a fix of its
// diagnostic in ds: an edit of a later round may have settled it.
func stillOffered(ds []diagnostics.Diagnostic, a Applied) bool {
	return slices.ContainsFunc(ds, func(d diagnostics.Diagnostic) bool {
		return d.Path == a.Path && d.Code == a.Code && slices.ContainsFunc(d.Fixes, func(f diagnostics.Fix) bool {
			return slices.Equal(f.Renames, a.Fix.Renames)
		})
	})
}

// applyRound tries the fixes of one round's plan and records what it kept:
// the round's edits of each file (in its line endings), the file's first
// and latest bytes, the fixes applied. It reports whether a file changed.
//
// Every file's fixes are applied at once, in one change of the workspace,
// and each file judged (judge) in the result. A file whose fixes make it
// worse, or that shares a skill name with another file the round changes
// (one file's change could hide another's effect on who wins the name), is
// put back and tried again alone, in path order, in the workspace as the
// files before it left it (tryFile).
func (res *Result) applyRound(ctx context.Context, ws *skills.Workspace, opts diagnostics.Options, rd readers, pl *planner, plan []Applied) bool {
	byPath := map[string][]Applied{}
	for _, a := range plan {
		byPath[a.Path] = append(byPath[a.Path], a)
	}
	base := ws.Snapshot()
	var tries []*fileTry
	var changes []skills.Change
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		idx, err := base.Text(base.File(path))
		if err != nil {
			continue // a lean file changed on disk
		}
		ft := &fileTry{path: path, paths: pl.alias.paths(path), src: idx.Src(), fixes: byPath[path]}
		ft.before = factsOfAll(base, ft.paths, opts)
		if ft.out, err = ft.apply(ft.fixes); err == nil && !bytes.Equal(ft.out, ft.src) {
			changes = append(changes, skills.Change{Kind: skills.ChangeEdit, Path: path, Text: ft.out})
			changes = append(changes, pl.alias.mirror(path, ft.out)...)
		}
		tries = append(tries, ft)
	}
	trial := ws.Apply(ctx, changes...)
	views := [2]*hosts.Matrix{rd.view(ctx, base), rd.view(ctx, trial)}
	alone, undo := judgeRound(base, trial, views, tries, opts)
	if len(undo) > 0 {
		ws.Apply(ctx, undo...)
	}
	changed := false
	for _, ft := range tries {
		if alone[ft.path] {
			ft.kept, ft.out = tryFile(ctx, ws, opts, rd, pl, ft)
		} else if ft.out != nil && !bytes.Equal(ft.out, ft.src) {
			ft.kept = ft.fixes
		}
		if len(ft.kept) > 0 && !bytes.Equal(ft.out, ft.src) {
			res.record(ft)
			changed = true
		}
	}
	return changed
}

// fileTry is one file's fixes in a round: its canonical path and every
// path of it (aliases), its bytes, the fixes, its facts before them by
// path; out and kept once tried.
type fileTry struct {
	path   string
	paths  []string
	src    []byte
	fixes  []Applied
	before map[string]*facts
	out    []byte
	kept   []Applied
}

// apply returns the file's bytes with the fixes of set applied (their new
// text in its line endings).
func (ft *fileTry) apply(set []Applied) ([]byte, error) {
	var edits []diagnostics.Edit
	for _, a := range set {
		edits = append(edits, keepLineEndings(ft.src, a.Fix.Edits)...)
	}
	return diagnostics.ApplyEdits(ft.src, edits)
}

// judgeRound judges every file of a round in trial, all their fixes
// applied, and returns the files to try again alone, and the changes that
// put them back: those that could not be applied, those made worse, and
// those sharing a skill name (before or after) with another file of the
// round.
func judgeRound(base, trial *skills.Snapshot, views [2]*hosts.Matrix, tries []*fileTry, opts diagnostics.Options) (map[string]bool, []skills.Change) {
	names := map[string]int{}
	named := func(ft *fileTry) []string {
		was := ft.before[ft.path].name
		out := []string{was}
		if f := trial.File(ft.path); f != nil && f.Def != nil && f.Def.Name != was {
			out = append(out, f.Def.Name)
		}
		return out
	}
	for _, ft := range tries {
		for _, n := range named(ft) {
			names[n]++
		}
	}
	alone := map[string]bool{}
	var undo []skills.Change
	for _, ft := range tries {
		shared := slices.ContainsFunc(named(ft), func(n string) bool { return n != "" && names[n] > 1 })
		if ft.out == nil || shared || judgeAll(base, trial, views, ft.paths, ft.before, anySafe(ft.fixes), opts) != nil {
			alone[ft.path] = true
			for _, p := range ft.paths {
				undo = append(undo, skills.Change{Kind: skills.ChangeEdit, Path: p, Text: ft.src})
			}
		}
	}
	return alone, undo
}

// record records the fixes kept of a file.
func (res *Result) record(ft *fileTry) {
	var edits []diagnostics.Edit
	for _, a := range ft.kept {
		edits = append(edits, keepLineEndings(ft.src, a.Fix.Edits)...)
	}
	res.Rounds[ft.path] = append(res.Rounds[ft.path], edits)
	if _, ok := res.Original[ft.path]; !ok {
		res.Original[ft.path] = ft.src
	}
	res.Fixed[ft.path] = ft.out
	res.Applied = append(res.Applied, ft.kept...)
}

// tryFile tries a file's fixes alone, in the workspace as it is: all at
// once, and when that is refused, one at a time, each on top of those kept.
// It returns the fixes kept and the file's bytes with them; a refused try
// is undone in the workspace.
func tryFile(ctx context.Context, ws *skills.Workspace, opts diagnostics.Options, rd readers, pl *planner, ft *fileTry) ([]Applied, []byte) {
	base := ws.Snapshot()
	before := factsOfAll(base, ft.paths, opts)
	baseView := rd.view(ctx, base)
	try := func(set []Applied) ([]byte, *refusal) {
		out, err := ft.apply(set)
		if err != nil {
			return nil, &refusal{Reason: err.Error()}
		}
		trial := ws.Apply(ctx, edits(ft.paths, out)...)
		return out, judgeAll(base, trial, [2]*hosts.Matrix{baseView, rd.view(ctx, trial)}, ft.paths, before, anySafe(set), opts)
	}
	out, why := try(ft.fixes)
	if why == nil {
		return ft.fixes, out
	}
	var kept []Applied
	cur := ft.src
	for _, a := range ft.fixes {
		if len(ft.fixes) == 1 {
			pl.refuse(a, why)
			break
		}
		next, why := try(append(slices.Clone(kept), a))
		if why != nil {
			pl.refuse(a, why)
			continue
		}
		kept, cur = append(kept, a), next
	}
	ws.Apply(ctx, edits(ft.paths, cur)...)
	return kept, cur
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
