package diagnostics

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/parallel"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Run checks every skill file of the snapshot (the files in the roots and
// the open buffers outside them) plus the discovery problems, and returns
// the diagnostics sorted by path, offset and code. It stops early, returning
// nil, when ctx is cancelled.
func Run(ctx context.Context, snap *skills.Snapshot, opts Options) []Diagnostic {
	return RunPaced(ctx, snap, opts, Pace{})
}

// Pace shares the processors between a Run and other work (the language
// server's requests and keystrokes) by bounding its workers. The zero Pace
// runs on every processor.
type Pace struct {
	// Workers bounds the goroutines that check files and compare
	// descriptions (0: one per processor).
	Workers int
	// Checked, when set, is called after each file is checked (progress).
	Checked func()
}

func (p Pace) workers() int {
	if p.Workers > 0 {
		return p.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// RunPaced is Run at the given pace; its result is Run's.
func RunPaced(ctx context.Context, snap *skills.Snapshot, opts Options, pace Pace) []Diagnostic {
	rs := newRunState(ctx, snap, opts)
	rs.whole = true
	rs.pace = pace
	rs.prepare()
	files := snap.Files()
	results := make([][]Diagnostic, len(files))
	bufs := make([][]byte, pace.workers())
	parallel.Each(len(files), pace.workers(), func(worker, i int) {
		if ctx.Err() != nil {
			return
		}
		results[i] = rs.checkFileInto(files[i], &bufs[worker])
		if opts.NoFixes {
			dropFixes(results[i])
		}
		if pace.Checked != nil {
			pace.Checked()
		}
	})
	rs.dropLinkedInRun(files, results)
	if ctx.Err() != nil {
		return nil
	}
	out := gather(results, discoveryDiagnostics(snap, opts), rs.workspaceDiagnostics())
	if len(opts.EvalFiles) > 0 {
		out = append(out, rs.evalDiagnostics(out)...)
	}
	if opts.NoFixes {
		dropFixes(out)
	}
	Sort(out)
	return out
}

// gather puts the files' diagnostics and then the extra ones in one slice
// of exactly their length, letting go of each file's slice once copied: a
// whole run's findings number about one per skill file, and a slice grown
// by appends holds two or three copies of them at once, at check's peak.
func gather(files [][]Diagnostic, extra ...[]Diagnostic) []Diagnostic {
	n := 0
	for _, ds := range files {
		n += len(ds)
	}
	for _, ds := range extra {
		n += len(ds)
	}
	out := make([]Diagnostic, 0, n)
	for i := range files {
		out = append(out, files[i]...)
		files[i] = nil
	}
	for _, ds := range extra {
		out = append(out, ds...)
	}
	return out
}

// dropFixes removes the fixes of ds (Options.NoFixes).
func dropFixes(ds []Diagnostic) {
	for i := range ds {
		ds[i].Fixes = nil
	}
}

// RunFile returns the diagnostics of one file: its own rules and the
// registry rules that involve it, plus the discovery problems at its path.
// It is the fast path for an edited buffer.
func RunFile(snap *skills.Snapshot, path string, opts Options) []Diagnostic {
	rs := newRunState(context.Background(), snap, opts)
	var out []Diagnostic
	if f := snap.File(path); f != nil {
		out = rs.checkFile(f)
	}
	for _, d := range slices.Concat(discoveryDiagnostics(snap, opts), rs.workspaceDiagnostics()) {
		if d.Path == path {
			out = append(out, d)
		}
	}
	Sort(out)
	return out
}

// CheckFile runs the rules on one file of snap: first the rules that word
// the file's findings, then, when its bytes could be read, every file rule
// the options do not turn off for the file; then the file's suppression
// comments hide what they name, and the suppression rules report the
// comments that are wrong or hide nothing. A file the config ignores has
// no diagnostics. The result is unsorted.
func CheckFile(snap *skills.Snapshot, f *skillfile.File, opts Options) []Diagnostic {
	return newRunState(context.Background(), snap, opts).checkFile(f)
}

// discoveryDiagnostics reports the discovery problems of the snapshot's
// roots under the rules whose code they carry.
func discoveryDiagnostics(snap *skills.Snapshot, opts Options) []Diagnostic {
	var out []Diagnostic
	for _, pr := range snap.Problems() {
		r := Lookup(string(pr.Code))
		if r == nil || r.Discovery == nil || opts.Ignored(pr.Path) {
			continue
		}
		sev := opts.Grade(pr.Path, r)
		if sev == SeverityOff {
			continue
		}
		out = append(out, Diagnostic{Path: pr.Path, Severity: sev, Code: r.Code, Message: r.Discovery(pr)})
	}
	return out
}

// Sort orders diagnostics by path, start offset, code and message.
func Sort(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Path, b.Path),
			cmp.Compare(a.Span.Start, b.Span.Start),
			cmp.Compare(a.Code, b.Code),
			cmp.Compare(a.Message, b.Message),
		)
	})
}

// ByPath groups diagnostics by path, keeping their order.
func ByPath(ds []Diagnostic) map[string][]Diagnostic {
	out := map[string][]Diagnostic{}
	for _, d := range ds {
		out[d.Path] = append(out[d.Path], d)
	}
	return out
}

// ProblemMessage words a discovery problem as check reports it: the
// message of the rule of its code, or the engine's record when no rule
// words it. list and the language server's report use it.
func ProblemMessage(pr discovery.Problem) string {
	if r := Lookup(string(pr.Code)); r != nil && r.Discovery != nil {
		return r.Discovery(pr)
	}
	return pr.Message
}

// DropMessage returns the message of the diagnostic that reports why DSH
// drops f (f.Drop in words, without the "DSH drops this skill: " that
// starts it), or f.Drop.Detail when no rule words it, or "" for a file DSH
// loads. list and the language server's report use it.
func DropMessage(snap *skills.Snapshot, f *skillfile.File, opts Options) string {
	if f.Drop == nil {
		return ""
	}
	if d, ok := DropDiagnostic(snap, f, opts); ok {
		return strings.TrimPrefix(d.Message, dropPrefix)
	}
	return f.Drop.Detail
}

// DropDiagnostic returns the diagnostic that reports why DSH drops f: the
// one its rule reports at the drop's span, else the rule's first (a rule
// may say it where the cause is: a misspelled description key rather than
// the frontmatter that lacks one). ok is false for a file DSH loads or a
// drop no rule words.
func DropDiagnostic(snap *skills.Snapshot, f *skillfile.File, opts Options) (Diagnostic, bool) {
	if f == nil || f.Drop == nil {
		return Diagnostic{}, false
	}
	opts.Quick = true
	rs := newRunState(context.Background(), snap, opts)
	rs.only = string(f.Drop.Code) // a rule reports its own code alone
	var first *Diagnostic
	ds := rs.checkFile(f)
	for i, d := range ds {
		if d.Code != string(f.Drop.Code) {
			continue
		}
		if d.Span == f.Drop.Span {
			return d, true
		}
		if first == nil {
			first = &ds[i]
		}
	}
	if first == nil {
		return Diagnostic{}, false
	}
	return *first, true
}

// DropSpan returns where the diagnostic of f's drop points (f.Drop.Span
// when no rule words it), for the line and column of list and the editor.
func DropSpan(snap *skills.Snapshot, f *skillfile.File) spans.Span {
	if d, ok := DropDiagnostic(snap, f, Options{}); ok {
		return d.Span
	}
	if f == nil || f.Drop == nil {
		return spans.Span{}
	}
	return f.Drop.Span
}

// DropSummary says in a few words why DSH drops f and where, for one line
// of an editor (a code lens, a tree item): the rule's Short name and the
// line and column, "invalid YAML at 3:14", or "on disk" for an editor
// buffer dropped for the bytes of its file ("not UTF-8 text on disk"). It
// returns "" for a file DSH loads.
func DropSummary(snap *skills.Snapshot, f *skillfile.File) string {
	if f == nil || f.Drop == nil {
		return ""
	}
	what := string(f.Drop.Code)
	if r := Lookup(what); r != nil && r.Short != "" {
		what = r.Short
	}
	if f.Drop.OnDisk { // the buffer's text is not where the problem is
		return what + " on disk"
	}
	idx, err := snap.Text(f)
	if err != nil {
		return what
	}
	line, col := idx.LineCol(DropSpan(snap, f).Start)
	return fmt.Sprintf("%s at %d:%d", what, line, col)
}
