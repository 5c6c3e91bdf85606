package lsp

// diagnose.go: what the scheduler runs and publishes: the fast path for
// changed paths, the workspace-wide pass, chat buffers.

import (
	"context"
	"slices"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

// passResult is the output of one workspace-wide pass: per path, the
// diagnostics and the snapshot whose text they index.
type passResult struct {
	byPath map[string]fileDiags
}

type fileDiags struct {
	snap  *skills.Snapshot
	diags []diagnostics.Diagnostic
}

// runPass runs the rules on every view, each with its options, and merges
// the results: a path belongs to the first view that knows the file. The
// errors of each view's config file are the config file's diagnostics.
func runPass(ctx context.Context, views []viewSnapshot) passResult {
	r := passResult{byPath: map[string]fileDiags{}}
	for _, v := range views {
		snap := v.skills
		ds := diagnostics.Run(ctx, snap, v.opts)
		ds = append(ds, v.config.diagnostics()...)
		if ctx.Err() != nil {
			return r
		}
		for _, f := range snap.Files() {
			if _, ok := r.byPath[f.Path]; !ok {
				r.byPath[f.Path] = fileDiags{snap: snap}
			}
		}
		for p, list := range diagnostics.ByPath(ds) {
			fd, ok := r.byPath[p]
			if ok && fd.snap != snap {
				continue // owned by an earlier view
			}
			fd.snap = snap
			fd.diags = list
			r.byPath[p] = fd
		}
	}
	return r
}

// publishPaths diagnoses the given paths now (the edited file's fast path).
func (q *scheduler) publishPaths(st *snapshot, paths map[string]bool) {
	keys := make([]string, 0, len(paths))
	for p := range paths {
		keys = append(keys, p)
	}
	slices.Sort(keys)
	for _, p := range keys {
		d := st.doc(p)
		if d != nil && d.chat {
			q.publishChat(st, d)
			continue
		}
		snap := st.ownerOf(p)
		f := snap.File(p)
		if f == nil {
			if d != nil {
				q.pub.clear(d.uri)
			}
			continue
		}
		opts := st.optionsFor(p)
		opts.Quick = true // per keystroke: no index of every description, no host walk
		q.publishFile(st, snap, f, append(diagnostics.RunFile(snap, p, opts), q.carried(p)...))
	}
}

// publishPass publishes a full pass: every skill file, every open chat
// buffer, and [] for anything published before that is now clean or gone.
func (q *scheduler) publishPass(st *snapshot, r passResult) {
	if q.ctx.Err() != nil {
		return
	}
	q.keepWhole(r)
	keep := map[uri.URI]bool{}
	paths := make([]string, 0, len(r.byPath))
	for p := range r.byPath {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fd := r.byPath[p]
		f := fd.snap.File(p)
		if f == nil {
			u := st.uriFor(p)
			keep[u] = true
			q.pub.publish(u, nil, protocolDiagnostics(fd.diags, st.lineIndexOf(p), fd.snap, st))
			continue
		}
		keep[q.publishFile(st, fd.snap, f, fd.diags)] = true
	}
	for _, d := range st.openDocs() {
		if d.chat {
			keep[d.uri] = true
			q.publishChat(st, d)
		}
	}
	q.pub.clearExcept(keep)
	q.refreshLenses(st)
}

// refreshLenses asks the client for new code lenses after a pass when they
// may have changed without an edit to their file: after the views were
// built (settings, folders), and after each pass when hosts are selected,
// since the hosts lens depends on the other files (shadowing, budgets).
func (q *scheduler) refreshLenses(st *snapshot) {
	hostsSelected := slices.ContainsFunc(st.views, func(v viewSnapshot) bool { return len(v.opts.Hosts) > 0 })
	q.mu.Lock()
	first := !q.lensesRefreshed
	q.lensesRefreshed = true
	q.mu.Unlock()
	if first || hostsSelected {
		q.pub.refreshCodeLenses()
	}
}

// publishFile publishes the diagnostics of a skill file from snap, with the
// overlay's version when the file is open. It returns the URI used.
func (q *scheduler) publishFile(st *snapshot, snap *skills.Snapshot, f *skills.File, ds []diagnostics.Diagnostic) uri.URI {
	u := st.uriFor(f.Path)
	var version *int32
	if o, ok := snap.Overlay(f.Path); ok {
		version = ptr(o.Version)
	}
	q.pub.publish(u, version, protocolDiagnostics(ds, f.Lines(), snap, st))
	return u
}

// publishChat publishes the diagnostics of an open chat buffer against the
// snapshot of the view that holds it.
func (q *scheduler) publishChat(st *snapshot, d *document) {
	snap := st.viewFor(d.key)
	ds := chatDiagnostics(snap, d, st.optionsFor(d.key))
	q.pub.publish(d.uri, ptr(d.version), protocolDiagnostics(ds, skills.NewLineIndex(d.text), snap, st))
}

// chatDiagnostics checks the `/name` tokens of a chat buffer, and the names
// glued to punctuation that DSH ignores.
func chatDiagnostics(snap *skills.Snapshot, d *document, opts diagnostics.Options) []diagnostics.Diagnostic {
	var toks []diagnostics.ChatToken
	for _, c := range render.GestureCandidates(string(d.text)) {
		toks = append(toks, diagnostics.ChatToken{Name: c.Name, Span: skills.Span{Start: c.Start, End: c.End}, GlueBefore: c.GlueBefore, GlueAfter: c.GlueAfter})
	}
	seen := map[string]bool{"/": true}
	for _, h := range opts.Hosts {
		if sigil := h.Invocation.Sigil; sigil != "" && !seen[sigil] {
			seen[sigil] = true
			for _, tok := range render.SigilTokens(string(d.text), sigil[0]) {
				toks = append(toks, diagnostics.ChatToken{Name: tok.Name, Span: skills.Span{Start: tok.Start, End: tok.End}, Host: h.Name, Sigil: sigil})
			}
		}
	}
	return diagnostics.Chat(d.key, toks, snap.Registry, opts)
}

// keepWhole records the diagnostics of the whole-snapshot rules of a pass.
func (q *scheduler) keepWhole(r passResult) {
	whole := map[string][]diagnostics.Diagnostic{}
	for p, fd := range r.byPath {
		for _, d := range fd.diags {
			if rule := diagnostics.Lookup(d.Code); rule != nil && rule.Whole {
				whole[p] = append(whole[p], d)
			}
		}
	}
	q.mu.Lock()
	q.whole = whole
	q.mu.Unlock()
}

// carried returns the last pass's whole-snapshot diagnostics of path.
func (q *scheduler) carried(path string) []diagnostics.Diagnostic {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.whole[path]
}
