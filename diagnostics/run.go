package diagnostics

import (
	"cmp"
	"context"
	"runtime"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skills"
)

// Run checks every skill file of the snapshot (the files in the roots and
// the open buffers outside them) plus the discovery problems, and returns
// the diagnostics sorted by path, offset and code. It stops early, returning
// nil, when ctx is cancelled.
func Run(ctx context.Context, snap *skills.Snapshot, opts Options) []Diagnostic {
	files := snap.Files()
	results := make([][]Diagnostic, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for i := range next {
				if ctx.Err() != nil {
					continue
				}
				results[i] = checkFile(snap, files[i], opts)
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return nil
	}
	var out []Diagnostic
	for _, r := range results {
		out = append(out, r...)
	}
	out = append(out, checkProblems(snap, opts)...)
	Sort(out)
	return out
}

// RunFile returns the diagnostics of one file: its own rules and the
// registry rules that involve it. It is the fast path for an edited buffer.
func RunFile(snap *skills.Snapshot, path string, opts Options) []Diagnostic {
	f := snap.File(path)
	var out []Diagnostic
	if f != nil {
		out = checkFile(snap, f, opts)
	}
	for _, d := range checkProblems(snap, opts) {
		if d.Path == path {
			out = append(out, d)
		}
	}
	Sort(out)
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

// checkProblems turns discovery problems into diagnostics.
func checkProblems(snap *skills.Snapshot, opts Options) []Diagnostic {
	var out []Diagnostic
	for _, p := range snap.Problems() {
		code := string(p.Kind) // each discovery problem kind is its rule's code
		if Lookup(code) == nil {
			continue
		}
		out = append(out, newDiag(opts, code, p.Path, skills.Span{}, p.Message))
	}
	return out
}

// newDiag builds a diagnostic with the rule's severity under opts.
func newDiag(opts Options, code, path string, span skills.Span, msg string) Diagnostic {
	r := Lookup(code)
	sev := SeverityWarning
	if r != nil {
		sev = r.severity(opts)
	}
	return Diagnostic{Path: path, Span: span, Severity: sev, Code: code, Message: msg}
}
