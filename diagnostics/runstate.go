package diagnostics

import (
	"context"
	"sync"

	"github.com/skill-ls/skill-ls/diagnostics/overlap"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/parallel"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// The state of one run of the rules: the facts about the whole snapshot
// that its passes share, and the pass over one file.

// runState is what the passes of one Run (or RunFile) share: the facts
// about the whole snapshot that some rules need, each computed once: a
// whole Run builds the indexes before its files are checked (prepare),
// the others on first use (the hosts' verdicts, the description index).
type runState struct {
	ctx  context.Context
	snap *skills.Snapshot
	opts Options
	// dropDiagnostic is DropDiagnostic, for the host rules' fixes: a
	// rule's check cannot name the rule table it is part of.
	dropDiagnostic func(*skills.Snapshot, *skillfile.File, Options) (Diagnostic, bool)
	// whole marks a Run over every file, where facts are worth computing
	// for all files at once.
	whole bool
	// pace is a whole Run's (the zero Pace for RunFile and CheckFile).
	pace Pace

	// grade grades the rules for every file when no override depends on
	// the path (nil otherwise: each file gets its own grader).
	grade func(*Rule) Severity

	hostsOnce   sync.Once
	hosts       *hostView
	overlapOnce sync.Once
	overlap     *overlap.Index
	// confusable maps a name skeleton to the winning names that share it
	// (name-confusable).
	confusableOnce sync.Once
	confusable     map[string][]string
	// confusableOutside maps the names of the skills outside the roots
	// in confusable to their files (name-confusable's related location).
	confusableOutside map[string]string
	// entryNamesByRoot holds the names of each root folder's entries
	// (name-folder-mismatch's fix).
	entryNamesOnce   sync.Once
	entryNamesByRoot map[string]map[string]bool

	// only, when set, is the one rule code a pass runs (DropMessage
	// words one drop and needs no other rule).
	only string
}

func newRunState(ctx context.Context, snap *skills.Snapshot, opts Options) *runState {
	rs := &runState{ctx: ctx, snap: snap, opts: opts, dropDiagnostic: DropDiagnostic}
	if len(opts.Rules.Overrides) == 0 {
		// Only the overrides grade by path: one grader serves every file.
		rs.grade = rs.opts.grader("")
	}
	return rs
}

// prepare builds the indexes of the whole snapshot that the rules of a
// whole Run will need, side by side, before the files are checked: built
// on first use instead, one worker would build an index while the others
// wait for it. An index whose rule is off is left to be built on first
// use (an override may still turn the rule on for some files).
func (rs *runState) prepare() {
	if rs.ctx.Err() != nil || rs.pace.workers() < 2 {
		// A cancelled Run checks no file. A Run bounded to one worker
		// (the language server's on two processors) builds each index
		// on first use: side by side they would take more processors
		// than its bound.
		return
	}
	var wg sync.WaitGroup
	if rs.mayRun(CodeDescriptionOverlap) {
		wg.Go(func() { rs.overlapIndex() })
	}
	if rs.mayRun(CodeNameConfusable) || rs.mayRun(CodeNameFolderMismatch) {
		wg.Go(func() {
			if rs.mayRun(CodeNameConfusable) {
				rs.confusableIndex()
			}
			if rs.mayRun(CodeNameFolderMismatch) && !rs.opts.NoFixes {
				rs.entryNames()
			}
		})
	}
	wg.Wait()
}

// mayRun reports whether the rule with the code runs on some file: the
// options do not turn it off everywhere, nor leave it out of a Quick run.
func (rs *runState) mayRun(code string) bool {
	r := Lookup(code)
	return r != nil && !rs.opts.leavesOut(r) && (rs.grade == nil || rs.grade(r) != SeverityOff)
}

func (rs *runState) checkFile(f *skillfile.File) []Diagnostic {
	return rs.checkFileInto(f, nil)
}

// checkFileInto is checkFile reading a lean file's bytes into *buf's
// memory, which it leaves there for the worker's next file (nil: new
// memory). A whole Run reads thousands of files again, and the garbage of
// those reads set the pace of its collections.
func (rs *runState) checkFileInto(f *skillfile.File, buf *[]byte) []Diagnostic {
	if rs.opts.Ignored(f.Path) {
		return nil
	}
	grade := rs.grade
	if grade == nil {
		grade = rs.opts.grader(f.Path)
	}
	// The rules read a lean file's fields many times: they get a copy
	// that holds them, read once, and let go of them with it.
	p := &Pass{Snap: rs.snap, File: f.WithFields(), opts: &rs.opts, run: rs, rules: table(), grade: grade, buf: buf}
	for _, fd := range f.Findings {
		r := Lookup(string(fd.Code))
		if r == nil || r.Finding == nil || !p.runs(r) {
			continue
		}
		p.rule = r
		r.Finding(p, fd)
	}
	if f.Frontmatter == nil {
		p.hostRulesOnUnreadable()
		return p.out // unreadable: nothing else to look at
	}
	for _, r := range table().sorted {
		if r.File == nil || !p.runs(r) {
			continue
		}
		p.rule = r
		r.File(p)
	}
	linkDSHFact(p)
	suppress(p)
	if !rs.whole || p.opts.isBuffer(f.Path) {
		dropLinkedSame(p, nil) // a whole Run's others: dropLinkedInRun
	}
	if p.textErr != nil {
		return nil // a lean file changed on disk: its new snapshot is on the way
	}
	return p.out
}

// workspaceDiagnostics runs the rules that look at the snapshot as a whole
// (the hosts' catalog budgets).
func (rs *runState) workspaceDiagnostics() []Diagnostic {
	p := &WorkspacePass{Snap: rs.snap, run: rs}
	for _, r := range table().sorted {
		if r.Workspace == nil || rs.opts.leavesOut(r) || rs.opts.Grade("", r) == SeverityOff {
			continue
		}
		p.rule = r
		r.Workspace(p)
	}
	return p.out
}

// hostRulesOnUnreadable runs the host rules on a file whose bytes are not
// text (binary, not UTF-8) when DSH's rule saying so is left to the hosts
// (Pass.hostsSkip: a file only the other selected hosts discover): their
// verdicts are then the only word on it, and without them a binary
// SKILL.md in .claude/skills would get no finding at all.
func (p *Pass) hostRulesOnUnreadable() {
	if !p.opts.hostMode() || p.Snap.InRoots(p.File.Path) {
		return
	}
	for _, r := range hostRules {
		if r.File == nil || !p.runs(r) {
			continue
		}
		p.rule = r
		r.File(p)
	}
}

// dropLinkedInRun is dropLinkedSame for a whole Run's files, once every
// file is checked: a primary path the run checked gives its findings
// without a second check (files reached by two paths would cost twice).
func (rs *runState) dropLinkedInRun(files []*skillfile.File, results [][]keptFinding) {
	if !rs.opts.hostMode() || rs.ctx.Err() != nil {
		return
	}
	// Built only when some file has another path: a whole run's index of
	// every path would sit at check's peak for the few that need it.
	index := sync.OnceValue(func() map[string]int {
		at := make(map[string]int, len(files))
		for i, f := range files {
			at[f.Path] = i
		}
		return at
	})
	theirs := func(primary string) ([]Diagnostic, bool) {
		j, ok := index()[primary]
		if !ok {
			return nil, false
		}
		return expandFindings(results[j], files[j].Path), true
	}
	parallel.Each(len(files), rs.pace.workers(), func(_, i int) {
		if len(results[i]) == 0 || rs.opts.isBuffer(files[i].Path) {
			return // a buffer's were set by its check (checkFileInto)
		}
		p := &Pass{Snap: rs.snap, File: files[i], opts: &rs.opts, run: rs, rules: table(), grade: rs.grade}
		others := p.sameFileRows()
		if len(others) == 0 {
			return // one path: nothing to expand the kept findings for
		}
		if p.grade == nil {
			p.grade = rs.opts.grader(files[i].Path)
		}
		p.out = expandFindings(results[i], files[i].Path)
		dropLinkedSameAmong(p, others, theirs)
		if len(p.out) != len(results[i]) {
			results[i] = keepFindings(p.out, files[i].Path) // never a primary path's, which others read
		}
	})
}
