package session

// state.go: the session, sole owner of the editor state (open documents,
// settings, folders, views), and modify, the one way to change it.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// Session owns every open document (skill files, chat buffers, other
// Markdown) and every view (one skills.Workspace per workspace folder).
// Every change, from the client (didOpen, didChange, didSave, didClose,
// didChangeWatchedFiles, settings, folders) or from the server's own
// watchers and discovery, goes through modify. Handlers read a snapshot,
// which takes no lock: modify publishes what they read (shared), and each
// view's workspace its own snapshots.
type Session struct {
	opts   Options
	logger *slog.Logger
	bg     context.Context // Serve's ctx: the views' work derives from it
	wg     *sync.WaitGroup // the server's background goroutines
	pub    publisher       // diagnostics and progress
	Out    Notifier        // messages and the client's file watch
	// Urgent counts the messages being handled (requests, edits) and the
	// edits waiting for their own diagnostics: the workspace-wide pass
	// steps aside for them.
	Urgent *Urgent

	// published is what handlers read of the fields below, published by
	// modify before it releases mu.
	published atomic.Pointer[shared]

	mu sync.Mutex // guards the fields below; modify holds it
	// docs are the open documents by key; replaced on every change, never
	// mutated, so a snapshot can share it.
	docs skills.Table[*Document]
	// settings are the effective settings; folders the workspace folder
	// paths, in client order.
	settings Settings
	folders  []string
	// started reports that initialized arrived; closed that stop ran (no
	// new views after it).
	started, closed bool
	// views is the current view set (nil before initialized).
	views *viewSet
	// want is what the next view set is built from: the settings and
	// folders last asked for, installed with the set (see rebuildLocked);
	// rebuilds counts the view sets asked for, so that only the newest
	// one is installed.
	want     viewInputs
	rebuilds uint64
	// rebuildq queues the view sets to build after the first (rebuild.go).
	rebuildq rebuildQueue
	// viewsBuilding, when set (by tests), runs before a view set is
	// built, outside the lock.
	ViewsBuilding func()
	// LinkWalked, when set (by tests), gets each link walk's answer on
	// the walk's goroutine, as apply, which carries it to the session
	// (findLinks): a test holds one walk's answer back.
	LinkWalked func(path string, apply func())
	// walks counts the link walks asked for: each linking document
	// holds its own walk's number (linkDoc).
	walks uint64
}

// shared is the part of the session a handler reads: replaced at the end
// of each modify, never mutated.
type shared struct {
	docs     skills.Table[*Document]
	settings Settings
	folders  []string
	views    *viewSet
}

// Notifier is what the discovery needs from the client besides a
// publisher: problems to show and the file-watch registration.
type Notifier interface {
	ShowProblems(problems []string)
	RegisterFileWatch(ctx context.Context, roots []discovery.Root)
}

func NewSession(bg context.Context, logger *slog.Logger, opts Options, wg *sync.WaitGroup, pub publisher, out Notifier, settings Settings) *Session {
	s := &Session{
		opts: opts, logger: logger, bg: bg, wg: wg, pub: pub, Out: out,
		Urgent:   &Urgent{},
		settings: settings,
		want:     viewInputs{settings: settings},
	}
	s.publishLocked()
	return s
}

// publishLocked publishes the documents, settings, folders and views for
// the handlers to read.
func (s *Session) publishLocked() {
	s.published.Store(&shared{docs: s.docs, settings: s.settings, folders: s.folders, views: s.views})
}

// A Modification is one change to the editor state, applied by Modify
// under the session lock. apply records in fx what must happen once the
// lock is released: a disk change's reading among it. An editor buffer's
// change is applied to the views at once (a workspace parses it from its
// text; it reads no file).
type Modification interface {
	apply(s *Session, fx *effects) error
}

// effects are the consequences of modifications that run after the lock:
// reading the disk for the views, clearing closed chat buffers, and
// building new views, which replace the old ones (stopping those waits for
// their scheduler's publish under way, which must not wait for the lock).
type effects struct {
	dirty []string  // paths to diagnose at once
	full  bool      // a workspace-wide pass is due
	clear []uri.URI // URIs to publish [] for
	// rebuild is the first view set, to build and install once the lock
	// is released (rebuildLocked); startBuilder that later sets were
	// queued for the session's builder (rebuild.go).
	rebuild      *rebuild
	startBuilder bool
	// disk are the disk changes to apply to views once the lock is
	// released: they list roots and read files.
	disk []diskWork
	// links are the walks for the linked paths of buffers just opened,
	// started once the lock is released (findLinks).
	links []linkWalk
}

// diskWork is a batch of disk changes for one view of a set.
type diskWork struct {
	set     *viewSet
	view    *view
	changes []skills.Change
}

// Modify applies mods in order, in the manner of gopls' didModifyFiles:
// it is the only place where documents, settings, folders and views
// change. The error joins the errors of the mods that were refused.
func (s *Session) Modify(mods ...Modification) error {
	var fx effects
	var errs []error
	mods = prepare(mods)
	s.mu.Lock()
	for _, m := range mods {
		if err := m.apply(s, &fx); err != nil {
			errs = append(errs, err)
		}
	}
	// The state is published before the scheduler wakes: its loop reads
	// the documents from the published state, and would otherwise take
	// a buffer just opened for one already closed.
	s.publishLocked()
	if s.views != nil {
		s.views.sched.mark(fx.dirty, fx.full)
		s.views.sched.markClosed(fx.clear)
	}
	s.mu.Unlock()
	s.applyDisk(fx.disk)
	for _, w := range fx.links {
		s.findLinks(w)
	}
	for _, u := range fx.clear {
		s.pub.Clear(u)
	}
	if fx.rebuild != nil {
		s.rebuildViews(*fx.rebuild)
	}
	if fx.startBuilder {
		s.startBuilder()
	}
	return errors.Join(errs...)
}

// preparer is a modification that reads the disk it needs before the
// session lock is taken (OpenDoc: whether a SKILL.md is beside it).
type preparer interface{ prepare() Modification }

// prepare returns mods with each preparer prepared (a copy when one is).
func prepare(mods []Modification) []Modification {
	out, cloned := mods, false
	for i, m := range mods {
		if p, ok := m.(preparer); ok {
			if !cloned {
				out, cloned = slices.Clone(mods), true
			}
			out[i] = p.prepare()
		}
	}
	return out
}

// viewInputs is what a view set is built from.
type viewInputs struct {
	settings Settings
	folders  []string
	// newSettings reports that settings are not the installed ones: the
	// open documents are classified again (chat or not) when they are.
	newSettings bool
}

// rebuild asks for the view set of in; gen numbers it among the sets
// asked for.
type rebuild struct {
	gen uint64
	in  viewInputs
}

// rebuildLocked asks for new views built from the wanted settings and
// folders (after initialized, until stop): modify builds them once the
// lock is released (rebuildViews).
func (s *Session) rebuildLocked(fx *effects) {
	if !s.started || s.closed {
		return
	}
	s.rebuilds++
	in := s.want
	in.folders = slices.Clone(in.folders)
	r := &rebuild{gen: s.rebuilds, in: in}
	if s.views == nil {
		fx.rebuild = r // the first set: initialized waits for it
		return
	}
	fx.startBuilder = s.rebuildq.askLocked(r) || fx.startBuilder
}

// rebuildViews builds the view set of r without the lock (building reads
// the projects' config files and looks at their folders) and swaps it in
// under the lock with the settings and folders it was built from, unless
// a newer set was asked for meanwhile or the server stopped. Until then
// the state is the old one, whole: the settings and the views change
// together.
func (s *Session) rebuildViews(r rebuild) {
	if s.ViewsBuilding != nil {
		s.ViewsBuilding()
	}
	set := s.newViewSet(r.in)
	s.mu.Lock()
	if s.closed || r.gen != s.rebuilds {
		s.mu.Unlock()
		set.stop()
		return
	}
	s.installInputsLocked(r.in)
	old := s.views
	// Open skill files have had no diagnostics but their own until a set
	// ends its discovery: a set that replaces one that had not gives them
	// their own diagnostics too, or they would wait for its discovery.
	set.sched.early = old == nil || !old.isLoaded()
	s.views = set
	s.publishLocked()
	s.mu.Unlock()
	if old != nil {
		old.stop()
	}
	s.startViews(set)
}

// installInputsLocked makes in the settings and folders of the state.
func (s *Session) installInputsLocked(in viewInputs) {
	s.settings, s.folders = in.settings, in.folders
	if in.newSettings {
		docs := make(map[string]*Document, s.docs.Len())
		for k, d := range s.docs.All() {
			docs[k] = d.withText(d.Version, d.Text, &s.settings)
		}
		s.docs = skills.NewTable(docs)
	}
	s.want.newSettings = false
}

// Stop cancels the views' work and closes their watchers; no views start
// after it.
func (s *Session) Stop() {
	s.mu.Lock()
	s.closed = true
	set := s.views
	s.mu.Unlock()
	if set != nil {
		set.stop()
	}
}

// applyDisk applies batches of disk changes to their views, outside the
// session lock (each lists roots and reads files; the workspaces order
// them), then marks their paths for diagnostics.
func (s *Session) applyDisk(work []diskWork) {
	for _, w := range work {
		w.view.ws.Apply(w.set.ctx, w.changes...)
		var dirty []string
		for _, c := range w.changes {
			dirty = append(dirty, filepath.Clean(c.Path))
		}
		w.set.sched.mark(dirty, true)
	}
}

// Snapshot returns the current state, taking no lock. The state is read
// once: read again for the documents, it could be a later one than the
// views' (a settings change in between).
func (s *Session) Snapshot() *Snapshot {
	sh := s.published.Load()
	return snapshotFrom(sh, sh.views)
}

// snapshotOf returns the current documents and settings with the views of
// set (the scheduler of a replaced set keeps seeing its own views).
func (s *Session) snapshotOf(set *viewSet) *Snapshot {
	return snapshotFrom(s.published.Load(), set)
}

// snapshotFrom returns the documents and settings of sh with the views of
// set.
func snapshotFrom(sh *shared, set *viewSet) *Snapshot {
	st := &Snapshot{Docs: sh.docs, Settings: sh.settings, Folders: sh.folders}
	if set != nil {
		st.ctx, st.discovered = set.ctx, set.loaded
		st.Loaded = set.isLoaded()
		for _, v := range set.views {
			st.views = append(st.views, viewSnapshot{folder: v.folder, skills: v.ws.Snapshot(), opts: v.opts, config: v.config, memo: v.memo, passRoots: v.passRoots})
		}
	}
	return st
}

// LoadedSnapshot waits for the view sets asked for so far to be built and
// for the initial discovery of the current views, and
// returns the state after it.
func (s *Session) LoadedSnapshot(ctx context.Context) (*Snapshot, error) {
	if settled := s.settledViews(); settled != nil {
		select {
		case <-settled:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	set := s.published.Load().views
	if set == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
	}
	select {
	case <-set.loaded:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-set.ctx.Done(): // discovery was cancelled: shutdown or new settings
		return nil, fmt.Errorf("skill discovery was cancelled (shutdown or new settings): %w", protocol.ErrContentModified)
	}
	return s.snapshotOf(set), nil
}

// isSkillDocLocked reports whether an open document is a skill file the
// views hold as an overlay (see isSkillPath). Chat buffers are not.
func (s *Session) isSkillDocLocked(d *Document) bool {
	if d.linking {
		return false // not yet: linkDoc gives it its path
	}
	if d.Chat || s.views == nil {
		return !d.Chat && isSkillPath(d.Key, d.LanguageID, nil)
	}
	var dirs []string
	for _, v := range s.views.views {
		for _, r := range v.ws.Roots() {
			dirs = append(dirs, r.Dir)
		}
	}
	return isSkillPath(d.Key, d.LanguageID, dirs) || slices.ContainsFunc(s.views.views, func(v *view) bool { return passedOver(d.Key, d.passFacts(), v.passRoots) })
}

// isSkillPath reports whether a document is a skill file: a SKILL.md
// anywhere, a document with language id "skill", or a .md file directly in
// one of rootDirs (a flat skill). Other Markdown (READMEs, notes) is not.
func isSkillPath(path, languageID string, rootDirs []string) bool {
	if !filepath.IsAbs(path) {
		return false
	}
	if filepath.Base(path) == "SKILL.md" || languageID == "skill" {
		return true
	}
	return strings.EqualFold(filepath.Ext(path), ".md") && slices.Contains(rootDirs, filepath.Dir(path))
}
