package session

// diagnose.go: what the scheduler runs and publishes: the fast path for
// changed paths, the workspace-wide pass, chat buffers.

import (
	"context"
	"maps"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// passResult is the output of one workspace-wide pass: per path, the
// diagnostics and the snapshot whose text they index.
type passResult struct {
	byPath map[string]fileDiags
	// paths are byPath's keys, sorted, and whole the diagnostics of the
	// rules that need every file (see wholeDiagnostics): made on the pass's
	// goroutine, not on the scheduler's, where an edit would wait for them.
	paths []string
	whole map[string][]diagnostics.Diagnostic
	// evals are the bytes of the eval files the pass checked, by path.
	evals map[string][]byte
	held  map[string]string // paths published empty for an open buffer (heldPaths)
}

type fileDiags struct {
	snap  *skills.Snapshot
	diags []diagnostics.Diagnostic
	// hostOnly: a file only other hosts read, which the pass opened
	// (withHostFiles) and no view holds.
	hostOnly bool
}

// runPass runs the rules on every view, each with its options, at pace,
// and merges the results: a path belongs to the first view that knows the
// file. The errors of each view's config file are the config file's
// diagnostics.
func runPass(ctx context.Context, views []viewSnapshot, pace diagnostics.Pace) passResult {
	r := passResult{byPath: map[string]fileDiags{}}
	for _, v := range views {
		snap, hostOnly := withHostFiles(ctx, v)
		ds := diagnostics.RunPaced(ctx, snap, v.opts, pace)
		ds = append(ds, v.config.diagnostics()...)
		if ctx.Err() != nil {
			return r
		}
		for _, f := range snap.Files() {
			if _, ok := r.byPath[f.Path]; !ok {
				r.byPath[f.Path] = fileDiags{snap: snap, hostOnly: hostOnly[f.Path]}
			}
		}
		// Each file's diagnostics are a run of ds sorted by path (in
		// the order they were found): no list of its own per file.
		slices.SortStableFunc(ds, func(a, b diagnostics.Diagnostic) int { return strings.Compare(a.Path, b.Path) })
		for i := 0; i < len(ds); {
			p, j := ds[i].Path, i+1
			for j < len(ds) && ds[j].Path == p {
				j++
			}
			list := ds[i:j:j]
			i = j
			fd, ok := r.byPath[p]
			if ok && fd.snap != snap {
				continue // owned by an earlier view
			}
			fd.snap = snap
			fd.diags = list
			r.byPath[p] = fd
		}
	}
	r.paths = slices.Sorted(maps.Keys(r.byPath))
	r.evals = evalSources(views)
	r.whole = wholeDiagnostics(r)
	return r
}

// publishPaths diagnoses the given paths now (the edited file's fast path).
func (q *scheduler) publishPaths(st *Snapshot, paths map[string]bool) {
	keys := make([]string, 0, len(paths))
	for p := range paths {
		keys = append(keys, p)
	}
	slices.Sort(keys)
	held := q.heldNow()
	for _, p := range keys {
		if st.linkedAway(p) || q.clearHeld(st, held, p) {
			continue // the open document's file by another path
		}
		d := st.Doc(p)
		if d != nil && d.Chat {
			q.publishChat(st, d)
			continue
		}
		if IsEvalPath(p) {
			q.publishEval(st, p)
			continue
		}
		snap := st.OwnerOf(p)
		f := snap.File(p)
		if f == nil {
			if d != nil {
				q.pub.Clear(d.uri)
			}
			continue
		}
		opts := st.OptionsFor(p)
		opts.Quick = true // per keystroke: no index of every description, no host walk
		q.publishFile(st, snap, f, append(diagnostics.RunFile(snap, p, opts), q.carried(p)...))
	}
}

// publishing is the result of a workspace-wide pass on its way out, a few
// files at a time (publishSome): every skill file, then every open chat
// buffer, and [] for anything published before that is now clean or gone.
type publishing struct {
	r    passResult
	next int // r.paths[:next] are out
	keep map[uri.URI]bool
	prog *passProgress
}

// publishBatch is how many files publishSome publishes at most before it
// lets the loop look for other work; it stops sooner when a mark or a
// request waits.
const publishBatch = 32

// startPublishing records the whole-snapshot diagnostics of a pass (the
// fast path carries them from now on) and returns its publishing.
func (q *scheduler) startPublishing(r passResult, prog *passProgress) *publishing {
	q.mu.Lock()
	q.whole, q.held = r.whole, r.held
	q.mu.Unlock()
	return &publishing{r: r, keep: map[uri.URI]bool{}, prog: prog}
}

// publishSome publishes the next files of pb and reports whether it is
// done. A file that changed since the pass read it keeps what the fast
// path published for it (the change marked it, and a newer pass is due).
func (q *scheduler) publishSome(pb *publishing) (done bool) {
	if q.ctx.Err() != nil {
		return false
	}
	st := q.state()
	for n := 0; pb.next < len(pb.r.paths) && n < publishBatch; n++ {
		if n > 0 && (len(q.kick) > 0 || q.urgent.Holding() != nil) {
			return false
		}
		p := pb.r.paths[pb.next]
		pb.next++
		fd := pb.r.byPath[p]
		f := fd.snap.File(p)
		if src, ok := pb.r.evals[p]; ok && f == nil {
			pb.keep[q.publishPassEval(st, fd, p, src)] = true
			continue
		}
		if f == nil {
			u := st.URIFor(p)
			pb.keep[u] = true
			if st.linkedAway(p) {
				continue
			}
			q.pub.Publish(u, nil, protocolDiagnostics(fd.diags, st.lineIndexOf(p), fd.snap, st))
			continue
		}
		if q.clearHeld(st, pb.r.held, p) {
			pb.keep[st.URIFor(p)] = true
			continue
		}
		if fd.hostOnly {
			// Opened since, the file is a view's: its change marked it.
			pb.keep[st.URIFor(p)] = true
			if st.OwnerOf(p).File(p) == nil {
				q.publishVersion(st, fd.snap, f, fd.diags, nil)
			}
			continue
		}
		if st.OwnerOf(p).File(p) != f {
			pb.keep[st.URIFor(p)] = true
			continue
		}
		pb.keep[q.publishFile(st, fd.snap, f, fd.diags)] = true
	}
	if pb.next < len(pb.r.paths) {
		return false
	}
	for _, d := range st.OpenDocs() {
		if d.Chat {
			pb.keep[d.uri] = true
			q.publishChat(st, d)
		}
		if IsEvalPath(d.Key) && !pb.r.checkedEval(d) {
			pb.keep[d.uri] = true // what the fast path published of a newer buffer
		}
		if d.Key != DocKey(d.uri) {
			// A buffer answered as a linked path: clearing that path's
			// own URI would clear the buffer in Neovim (one buffer per file).
			pb.keep[PathURI(d.Key)] = true
		}
	}
	// A file the views hold now that the pass did not see came after it:
	// its change marked it, and the fast path publishes it.
	for _, v := range st.views {
		for _, f := range v.skills.Files() {
			if _, ok := pb.r.byPath[f.Path]; !ok {
				pb.keep[st.URIFor(f.Path)] = true
			}
		}
	}
	q.pub.ClearExcept(pb.keep)
	q.refreshLenses(st)
	return true
}

// refreshLenses asks the client for new code lenses after a pass when they
// may have changed without an edit to their file: after the views were
// built (settings, folders), after each pass when hosts are selected,
// since the hosts lens depends on the other files (shadowing, budgets), and
// when an open skill file was shadowed, unshadowed, saved into a root, or
// dropped or loaded again (a quick fix that mends its YAML: a client that
// asks for lenses only on save or leaving insert mode would keep "dropped").
func (q *scheduler) refreshLenses(st *Snapshot) {
	hostsSelected := slices.ContainsFunc(st.views, func(v viewSnapshot) bool { return len(v.opts.Hosts) > 0 })
	states := lensStates(st)
	q.mu.Lock()
	first := !q.lensesRefreshed
	q.lensesRefreshed = true
	changed := states != q.lensStates
	q.lensStates = states
	q.mu.Unlock()
	if first || hostsSelected || changed {
		q.pub.RefreshCodeLenses()
	}
	if first { // new views: the rules on may have changed
		q.pub.RefreshInlayHints()
	}
}

// lensStates names the open skill files whose DSH code lens says they are
// out of the catalog: those DSH drops, with the rule, those outside the
// roots and those shadowed, with the file that wins (see lensStatus).
// Opening an ordinary skill file leaves it unchanged.
func lensStates(st *Snapshot) string {
	var b strings.Builder
	for _, d := range st.OpenDocs() {
		snap := st.OwnerOf(d.Key)
		if d.Chat || snap.File(d.Key) == nil {
			continue
		}
		switch sk := snap.SkillAt(d.Key); {
		case snap.File(d.Key).Drop != nil:
			b.WriteString(d.Key + " dropped: " + string(snap.File(d.Key).Drop.Code) + "\n")
		case !snap.InRoots(d.Key):
			b.WriteString(d.Key + " outside the roots\n")
		case sk != nil && snap.Registry.ShadowOf(sk) != nil:
			b.WriteString(d.Key + " shadowed by " + snap.Registry.ShadowOf(sk).Path + "\n")
		}
	}
	return b.String()
}

// publishFile publishes the diagnostics of a skill file from snap, with the
// overlay's version when the file is open. It returns the URI used.
func (q *scheduler) publishFile(st *Snapshot, snap *skills.Snapshot, f *skillfile.File, ds []diagnostics.Diagnostic) uri.URI {
	var version *int32
	if o, ok := snap.Overlay(f.Path); ok {
		version = new(o.Version)
	}
	return q.publishVersion(st, snap, f, ds, version)
}

// publishVersion publishes ds, the diagnostics of f, for the document
// version given (nil: the file as on disk).
func (q *scheduler) publishVersion(st *Snapshot, snap *skills.Snapshot, f *skillfile.File, ds []diagnostics.Diagnostic, version *int32) uri.URI {
	u := st.URIFor(f.Path)
	if st.linkedAway(f.Path) {
		return u
	}
	q.converted = convertFor(q.converted[:0], f, ds, snap, st, &q.textMem)
	q.pub.Publish(u, version, q.converted)
	clear(q.converted) // keeps the memory, not what the diagnostics named
	if cap(q.converted) > MaxPublished+1 {
		q.converted = nil
	}
	return u
}

// convertFor appends to dst the conversion of ds, the diagnostics of f,
// reading a lean file back only when there is something to convert that
// its kept first lines do not hold (Snapshot.TextFor): into
// *mem's memory, which it leaves there for the next file (nil: new
// memory). The conversion keeps nothing of the bytes.
func convertFor(dst []protocol.Diagnostic, f *skillfile.File, ds []diagnostics.Diagnostic, snap *skills.Snapshot, names pathNamer, mem *[]byte) []protocol.Diagnostic {
	if len(ds) == 0 {
		return appendProtocolDiagnostics(dst, ds, nil, snap, names)
	}
	covered := ds[0].Span
	for _, d := range ds[1:] {
		covered = spans.Span{Start: min(covered.Start, d.Span.Start), End: max(covered.End, d.Span.End)}
	}
	idx, err := snap.TextFor(f, covered, mem)
	if err != nil {
		idx = spans.NewLineIndex(nil)
	}
	return appendProtocolDiagnostics(dst, ds, idx, snap, names)
}

// publishChat publishes the diagnostics of an open chat buffer against the
// snapshot of the view that holds it.
func (q *scheduler) publishChat(st *Snapshot, d *Document) {
	snap := st.ViewFor(d.Key)
	opts := st.OptionsFor(d.Key)
	opts.Elsewhere = st.Elsewhere(snap, d.Key)
	opts.ChatHosts, opts.ChatWho = chatKnown(st, snap, d.Key), chatWho(st, d.Key)
	ds := ChatDiagnostics(snap, d, opts)
	q.pub.Publish(d.uri, new(d.Version), protocolDiagnostics(ds, spans.NewLineIndex(d.Text), snap, st))
}

// wholeDiagnostics returns the diagnostics of the whole-snapshot rules of
// a pass, by path: the fast path carries them until the next pass.
func wholeDiagnostics(r passResult) map[string][]diagnostics.Diagnostic {
	whole := map[string][]diagnostics.Diagnostic{}
	for p, fd := range r.byPath {
		for _, d := range fd.diags {
			if rule := diagnostics.Lookup(d.Code); rule != nil && rule.Whole {
				whole[p] = append(whole[p], d)
			}
		}
	}
	return whole
}

// carried returns the last pass's whole-snapshot diagnostics of path.
func (q *scheduler) carried(path string) []diagnostics.Diagnostic {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.whole[path]
}

// discoveryRules are the rules whose diagnostics need the discovery done:
// whether a file is a direct entry of a root, and which other skill a link
// reaches. Before the discovery ends an open skill file is checked on its
// own (publishEarly) without them; the rules that compare a skill with the
// others (the registry's, description-overlap) find nothing to compare then.
var discoveryRules = map[string]bool{
	diagnostics.CodeOutsideRoots: true,
	diagnostics.CodeLinkOutside:  true,
}

// publishEarly publishes, before the initial discovery ends, the
// diagnostics of open skill files that need no other skill (see
// earlyDiagnostics); the others come when the discovery ends. Chat buffers
// wait for the discovery (they name skills), and so do the files of a root
// DSH reads another way (the bundled root) and, once the server runs, the
// files of rebuilt views: those keep what they showed until the new
// discovery ends.
func (q *scheduler) publishEarly(st *Snapshot, paths map[string]bool) {
	if !q.early {
		return
	}
	for _, p := range slices.Sorted(maps.Keys(paths)) {
		d := st.Doc(p)
		if d == nil { // closed before the discovery ended
			q.pub.Clear(st.URIFor(p))
			continue
		}
		if d.Chat || !st.IsSkillPath(d.Key, d.LanguageID) || !st.readsAsFS(d.Key) {
			continue
		}
		snap, ds := EarlyDiagnostics(d, st.OptionsFor(d.Key))
		if f := snap.File(d.Key); f != nil {
			q.pub.Publish(d.uri, new(d.Version), convertFor(nil, f, ds, snap, st, nil))
		}
	}
}

// EarlyDiagnostics checks an open skill file on its own: in the snapshot
// that holds only its buffer (bufferAlone), with the rules that need no other file
// (Quick) less the discoveryRules. Each is one the file gets once the
// discovery ends (TestEarlyDiagnosticsAreFinal).
func EarlyDiagnostics(d *Document, opts diagnostics.Options) (*skills.Snapshot, []diagnostics.Diagnostic) {
	snap := d.bufferAlone()
	opts.Quick = true
	ds := diagnostics.RunFile(snap, d.Key, opts)
	return snap, slices.DeleteFunc(ds, func(x diagnostics.Diagnostic) bool { return discoveryRules[x.Code] })
}
