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
	results := make([][]keptFinding, len(files))
	bufs := make([][]byte, pace.workers())
	interns := make([]messageInterns, pace.workers())
	parallel.Each(len(files), pace.workers(), func(worker, i int) {
		if ctx.Err() != nil {
			return
		}
		ds := rs.checkFileInto(files[i], &bufs[worker])
		interns[worker].intern(ds)
		if opts.NoFixes {
			dropFixes(ds)
		}
		results[i] = keepFindings(ds, files[i].Path)
		if pace.Checked != nil {
			pace.Checked()
		}
	})
	rs.dropLinkedInRun(files, results)
	if ctx.Err() != nil {
		return nil
	}
	out := gather(files, results, discoveryDiagnostics(snap, opts), rs.workspaceDiagnostics())
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
func gather(files []*skillfile.File, kept [][]keptFinding, extra ...[]Diagnostic) []Diagnostic {
	n := 0
	for _, ks := range kept {
		n += len(ks)
	}
	for _, ds := range extra {
		n += len(ds)
	}
	out := make([]Diagnostic, 0, n)
	for i := range kept {
		for _, k := range kept[i] {
			out = append(out, k.diagnostic(files[i].Path))
		}
		kept[i] = nil
	}
	for _, ds := range extra {
		out = append(out, ds...)
	}
	return out
}

// keptFinding is a file's finding as a whole Run keeps it until it
// gathers them: 64 bytes where a Diagnostic is 120 (128 with its size
// class), without the path, which is the file's, and with what most
// findings have none of behind one pointer. A whole run holds about one
// finding a skill file through its rules, at check's peak.
type keptFinding struct {
	span     spans.Span
	code     string
	message  string
	severity Severity
	more     *findingMore
}

// findingMore is what a kept finding rarely has: related locations, fixes,
// and a path other than its file's.
type findingMore struct {
	path    string
	related []Related
	fixes   []Fix
}

// keepFindings returns the findings ds of the file at path as a whole Run
// keeps them, in a slice of their length (nil for none).
func keepFindings(ds []Diagnostic, path string) []keptFinding {
	if len(ds) == 0 {
		return nil
	}
	out := make([]keptFinding, len(ds))
	for i, d := range ds {
		out[i] = keptFinding{span: d.Span, code: d.Code, message: d.Message, severity: d.Severity}
		if d.Path != path || d.Related != nil || d.Fixes != nil {
			out[i].more = &findingMore{path: d.Path, related: d.Related, fixes: d.Fixes}
		}
	}
	return out
}

// diagnostic returns k, a finding of the file at path, in full.
func (k keptFinding) diagnostic(path string) Diagnostic {
	d := Diagnostic{Path: path, Span: k.span, Severity: k.severity, Code: k.code, Message: k.message}
	if k.more != nil {
		d.Path, d.Related, d.Fixes = k.more.path, k.more.related, k.more.fixes
	}
	return d
}

// expandFindings returns the kept findings of the file at path in full.
func expandFindings(kept []keptFinding, path string) []Diagnostic {
	out := make([]Diagnostic, len(kept))
	for i, k := range kept {
		out[i] = k.diagnostic(path)
	}
	return out
}

// messageInterns is one worker's copy of the messages its findings
// repeat: a whole run keeps every finding until it returns, and most say
// what thousands of others say (a few distinct messages for many
// findings; docs/performance.md has the figures).
type messageInterns struct{ kept map[string]string }

// maxInterned bounds the messages a worker keeps a copy of: the ones
// repeated most are met early, and a message naming a path is met once.
const maxInterned = 4096

// intern makes the messages of ds that the worker met before share the
// first one's bytes.
func (m *messageInterns) intern(ds []Diagnostic) {
	for i := range ds {
		msg := ds[i].Message
		if kept, ok := m.kept[msg]; ok {
			ds[i].Message = kept
			continue
		}
		if m.kept == nil {
			m.kept = map[string]string{}
		}
		if len(m.kept) < maxInterned {
			m.kept[msg] = msg
		}
	}
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
