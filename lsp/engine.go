package lsp

// engine.go: the workspace views (one skills.Workspace per workspace
// folder), the single mutation funnel from editor events, and the debounced
// diagnostics scheduler.

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

type changeKind int

const (
	changeOpen changeKind = iota
	changeEdit
	changeSave
	changeClose
)

// view is one workspace folder: a DSH session whose cwd is the folder.
type view struct {
	folder  string
	ws      *skills.Workspace
	watcher *skills.RootWatcher // nil when watching failed or is disabled
}

// engine owns the views built from one settings + folders configuration.
// A settings or folder change replaces the whole engine.
type engine struct {
	s        *server
	settings Settings
	views    []*view
	ctx      context.Context
	cancel   context.CancelFunc
	kickCh   chan struct{} // capacity 1: coalesced wake-ups of loop
	loaded   chan struct{} // closed after the initial discovery

	mu sync.Mutex // guards the fields below and serializes Apply after load
	// isLoaded reports that the initial discovery is done; before it, edits
	// are only recorded in server.docs and replayed by load.
	isLoaded bool
	// dirty are paths (skill files and chat buffers) to diagnose at once.
	dirty map[string]bool
	// full reports that a debounced workspace-wide pass is due.
	full bool
	// pendingDisk are disk changes seen before the initial discovery ended.
	pendingDisk map[*view][]skills.Change
	// stopped reports that stop ran (watchers closed).
	stopped bool
}

func newEngine(s *server, settings Settings, folders []string) *engine {
	e := &engine{
		s:        s,
		settings: settings,
		kickCh:   make(chan struct{}, 1),
		loaded:   make(chan struct{}),
		dirty:    map[string]bool{},
	}
	e.ctx, e.cancel = context.WithCancel(s.bg)
	if len(folders) == 0 {
		folders = []string{""} // no cwd: user, custom and bundled roots only
	}
	for _, f := range folders {
		roots := skills.Roots(skills.RootOptions{
			Cwd:            f,
			ProjectRoot:    projectRootFor(settings.ProjectRoot, f),
			DSHHome:        settings.DSHHome,
			AgentsHome:     settings.AgentsHome,
			CustomDirs:     settings.CustomDirs,
			BundledDir:     settings.BundledDir,
			NoDefaultRoots: settings.NoDefaultRoots,
			Getenv:         s.opts.Getenv,
			HomeDir:        s.opts.HomeDir,
		})
		e.views = append(e.views, &view{folder: f, ws: skills.NewWorkspace(roots, skills.LoadOptions{})})
	}
	return e
}

func (e *engine) start() {
	e.s.wg.Go(e.loop)
	e.s.wg.Go(e.load)
}

// stop cancels the engine's work and closes its watchers.
func (e *engine) stop() {
	e.cancel()
	e.mu.Lock()
	if e.stopped {
		e.mu.Unlock()
		return
	}
	e.stopped = true
	e.mu.Unlock()
	for _, v := range e.views {
		if v.watcher != nil {
			v.watcher.Close()
		}
	}
}

// watch starts the fsnotify watcher of each view (issue 4): disk changes
// go through the same Apply as editor events.
func (e *engine) watch() {
	if e.s.opts.DisableWatch {
		return
	}
	for _, v := range e.views {
		w, err := skills.Watch(v.ws.Roots(), skills.WatchOptions{
			OnBatch: func(cs []skills.Change) { e.applyDisk(v, cs) },
			OnError: func(err error) { e.s.showProblems([]string{err.Error()}) },
		})
		if err != nil {
			e.s.showProblems([]string{fmt.Sprintf("cannot watch skill roots (changes on disk need a restart): %v", err)})
			continue
		}
		e.mu.Lock()
		if e.stopped {
			e.mu.Unlock()
			w.Close()
			return
		}
		v.watcher = w
		e.mu.Unlock()
	}
}

// applyDisk applies a batch of disk changes to v (or to every view when v
// is nil: client-side watched-file events).
func (e *engine) applyDisk(v *view, cs []skills.Change) {
	e.mu.Lock()
	defer e.mu.Unlock()
	views := e.views
	if v != nil {
		views = []*view{v}
	}
	if !e.isLoaded {
		if e.pendingDisk == nil {
			e.pendingDisk = map[*view][]skills.Change{}
		}
		for _, x := range views {
			e.pendingDisk[x] = append(e.pendingDisk[x], cs...)
		}
		return
	}
	for _, x := range views {
		x.ws.Apply(e.ctx, cs...)
	}
	for _, c := range cs {
		e.dirty[filepath.Clean(c.Path)] = true
	}
	e.full = true
	e.signal()
}

func (e *engine) diagOptions() diagnostics.Options {
	return diagnostics.Options{Profile: diagnostics.Profile(e.settings.Profile), MaxDescription: e.settings.CatalogDescriptionMaxLength}
}

// signal wakes the loop without blocking.
func (e *engine) signal() {
	select {
	case e.kickCh <- struct{}{}:
	default:
	}
}

// load runs the initial discovery of every view (with work-done progress),
// then replays the open buffers and schedules diagnostics.
func (e *engine) load() {
	e.watch() // before listing, so no change is lost
	var roots []skills.Root
	for _, v := range e.views {
		roots = append(roots, v.ws.Roots()...)
	}
	e.s.registerFileWatch(e.ctx, roots)
	done := e.s.beginProgress(e.ctx, "skill-ls", "Discovering skills")
	start := time.Now()
	for i, v := range e.views {
		if _, err := v.ws.Load(e.ctx); err != nil {
			done("cancelled")
			return
		}
		if len(e.views) > 1 {
			e.s.reportProgress(e.ctx, fmt.Sprintf("%d/%d folders", i+1, len(e.views)), uint32(100*(i+1)/len(e.views)))
		}
	}
	e.mu.Lock()
	e.isLoaded = true
	var changes []skills.Change
	for _, d := range e.s.openDocs() {
		if d.chat {
			e.dirty[d.key] = true
			continue
		}
		if e.isSkillDocLocked(d) {
			changes = append(changes, skills.Change{Kind: skills.ChangeEdit, Path: d.key, Version: d.version, Text: d.text})
			e.dirty[d.key] = true
		}
	}
	for _, v := range e.views {
		if cs := append(e.pendingDisk[v], changes...); len(cs) > 0 {
			v.ws.Apply(e.ctx, cs...)
		}
	}
	e.pendingDisk = nil
	e.full = true
	n := 0
	for _, v := range e.views {
		n += len(v.ws.Snapshot().Files())
	}
	e.mu.Unlock()
	close(e.loaded)
	done(fmt.Sprintf("%d skill files", n))
	e.s.logger.Debug("discovery done", "files", n, "elapsed", time.Since(start))
	e.signal()
}

// isSkillDocLocked reports whether an open document is a skill file the
// workspace should hold as an overlay: a SKILL.md anywhere, a document
// with language id "skill", or a .md file directly in a root (flat skill).
// Other Markdown (READMEs, notes) and chat buffers are not.
func (e *engine) isSkillDocLocked(d *document) bool {
	return !d.chat && e.isSkillPathLocked(d.key, d.languageID)
}

// isSkillPathLocked is isSkillDocLocked for a path and language id (the
// document need not be open).
func (e *engine) isSkillPathLocked(key, languageID string) bool {
	if !filepath.IsAbs(key) {
		return false
	}
	if filepath.Base(key) == "SKILL.md" || languageID == "skill" {
		return true
	}
	if !strings.EqualFold(filepath.Ext(key), ".md") {
		return false
	}
	dir := filepath.Dir(key)
	for _, v := range e.views {
		for _, r := range v.ws.Roots() {
			if r.Dir == dir {
				return true
			}
		}
	}
	return false
}

// docChanged is the mutation funnel for editor events (called inline on the
// read loop, after server.docs is updated).
func (s *server) docChanged(d *document, kind changeKind) {
	e := s.engine()
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if d.chat {
		if kind == changeClose {
			e.s.clearDiagnostics(d.uri)
			return
		}
		e.dirty[d.key] = true
		e.signal()
		return
	}
	if !e.isSkillDocLocked(d) || !e.isLoaded || kind == changeSave {
		return // before load: load replays server.docs
	}
	c := skills.Change{Path: d.key, Version: d.version, Text: d.text}
	switch kind {
	case changeOpen:
		c.Kind = skills.ChangeOpen
	case changeEdit:
		c.Kind = skills.ChangeEdit
	case changeClose:
		c.Kind = skills.ChangeClose
		c.Text = nil
	}
	for _, v := range e.views {
		v.ws.Apply(e.ctx, c)
	}
	e.dirty[d.key] = true
	e.full = true
	e.signal()
}

// startEngine builds the engine from the current settings and folders and
// starts discovery (on initialized).
func (s *server) startEngine() {
	s.mu.Lock()
	s.initialized = true
	s.mu.Unlock()
	s.rebuildEngine()
}

// configChanged rebuilds the engine after a settings or folder change.
func (s *server) configChanged() {
	s.mu.Lock()
	ok := s.initialized && s.state != stateShutdown
	s.mu.Unlock()
	if ok {
		s.rebuildEngine()
	}
}

func (s *server) rebuildEngine() {
	s.mu.Lock()
	old := s.eng
	e := newEngine(s, s.settings, slices.Clone(s.folders))
	e.settings.CustomDirs = slices.Clone(s.settings.CustomDirs)
	s.eng = e
	s.mu.Unlock()
	if old != nil {
		old.stop()
	}
	e.start()
}

// openDocs returns the open documents (copies of the pointers; documents
// are replaced, never mutated, except for the chat flag under s.mu).
func (s *server) openDocs() []*document {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*document, 0, len(s.docs))
	for _, d := range s.docs {
		c := *d
		out = append(out, &c)
	}
	slices.SortFunc(out, func(a, b *document) int { return strings.Compare(a.key, b.key) })
	return out
}

// loop is the diagnostics scheduler: dirty paths are diagnosed at once;
// the workspace-wide pass runs after the debounce, cancelling an older pass.
func (e *engine) loop() {
	type passMsg struct {
		seq int
		r   passResult
	}
	var (
		timer      *time.Timer
		timerC     <-chan time.Time
		passCancel context.CancelFunc = func() {}
		passSeq    int
		passDone   = make(chan passMsg)
	)
	defer func() { passCancel() }()
	for {
		select {
		case <-e.ctx.Done():
			if timer != nil {
				timer.Stop()
			}
			return
		case <-e.kickCh:
			e.mu.Lock()
			loaded := e.isLoaded
			dirty := e.dirty
			e.dirty = map[string]bool{}
			full := e.full
			e.full = false
			e.mu.Unlock()
			if !loaded {
				continue
			}
			e.publishPaths(dirty)
			e.watchLinkedDirs()
			if full {
				if timer == nil {
					timer = time.NewTimer(e.settings.DiagnosticsDelay)
				} else {
					timer.Reset(e.settings.DiagnosticsDelay)
				}
				timerC = timer.C
			}
		case <-timerC:
			timerC = nil
			passCancel() // a newer pass replaces an older one
			ctx, cancel := context.WithCancel(e.ctx)
			passCancel = cancel
			passSeq++
			seq := passSeq
			snaps := e.snapshots()
			e.s.wg.Go(func() {
				r := e.runPass(ctx, snaps)
				if ctx.Err() != nil {
					return
				}
				select {
				case passDone <- passMsg{seq, r}:
				case <-ctx.Done():
				}
			})
		case m := <-passDone:
			if m.seq == passSeq {
				e.publishPass(m.r)
			}
		}
	}
}

func (e *engine) snapshots() []*skills.Snapshot {
	out := make([]*skills.Snapshot, len(e.views))
	for i, v := range e.views {
		out[i] = v.ws.Snapshot()
	}
	return out
}

// passResult is the output of one workspace-wide pass: per path, the
// diagnostics and the snapshot whose text they index.
type passResult struct {
	byPath map[string]fileDiags
}

type fileDiags struct {
	snap  *skills.Snapshot
	diags []diagnostics.Diagnostic
}

// runPass runs the rules on every view and merges the results: a path
// belongs to the first view that knows the file.
func (e *engine) runPass(ctx context.Context, snaps []*skills.Snapshot) passResult {
	r := passResult{byPath: map[string]fileDiags{}}
	opts := e.diagOptions()
	for _, snap := range snaps {
		ds := diagnostics.Run(ctx, snap, opts)
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
func (e *engine) publishPaths(paths map[string]bool) {
	if len(paths) == 0 {
		return
	}
	opts := e.diagOptions()
	keys := make([]string, 0, len(paths))
	for p := range paths {
		keys = append(keys, p)
	}
	slices.Sort(keys)
	for _, p := range keys {
		d := e.s.docByKey(p)
		if d != nil && d.chat {
			e.publishChat(d, opts)
			continue
		}
		snap := e.ownerSnapshot(p)
		f := snap.File(p)
		if f == nil {
			if d != nil {
				e.s.clearDiagnostics(d.uri)
			}
			continue
		}
		e.s.publishFile(snap, f, diagnostics.RunFile(snap, p, opts))
	}
}

// publishPass publishes a full pass: every skill file, every open chat
// buffer, and [] for anything published before that is now clean or gone.
func (e *engine) publishPass(r passResult) {
	if e.ctx.Err() != nil {
		return
	}
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
			u := e.s.uriFor(p)
			keep[u] = true
			e.s.publish(u, nil, fd.diags, skills.NewLineIndex(nil), fd.snap)
			continue
		}
		keep[e.s.publishFile(fd.snap, f, fd.diags)] = true
	}
	opts := e.diagOptions()
	for _, d := range e.s.openDocs() {
		if d.chat {
			keep[d.uri] = true
			e.publishChat(d, opts)
		}
	}
	e.s.clearExcept(keep)
}

// publishChat publishes the diagnostics of an open chat buffer against the
// snapshot of the view that holds it.
func (e *engine) publishChat(d *document, opts diagnostics.Options) {
	snap := e.viewFor(d.key).ws.Snapshot()
	e.s.publish(d.uri, ptr(d.version), chatDiagnostics(snap, d, opts), skills.NewLineIndex(d.text), snap)
}

// viewFor returns the view whose folder holds path (the deepest), else the
// first view.
func (e *engine) viewFor(path string) *view {
	best := e.views[0]
	bestLen := -1
	for _, v := range e.views {
		if v.folder != "" && skills.Within(path, v.folder) && len(v.folder) > bestLen {
			best, bestLen = v, len(v.folder)
		}
	}
	return best
}

// ownerSnapshot returns the snapshot of the first view that knows the file
// at path, else the snapshot of viewFor(path).
func (e *engine) ownerSnapshot(path string) *skills.Snapshot {
	for _, v := range e.views {
		if snap := v.ws.Snapshot(); snap.File(path) != nil {
			return snap
		}
	}
	return e.viewFor(path).ws.Snapshot()
}

// chatDiagnostics checks the `/name` tokens of a chat buffer.
func chatDiagnostics(snap *skills.Snapshot, d *document, opts diagnostics.Options) []diagnostics.Diagnostic {
	var toks []diagnostics.ChatToken
	for _, t := range render.GestureTokens(string(d.text)) {
		toks = append(toks, diagnostics.ChatToken{Name: t.Name, Span: skills.Span{Start: t.Start, End: t.End}})
	}
	return diagnostics.Chat(d.key, toks, snap.Registry, opts)
}
