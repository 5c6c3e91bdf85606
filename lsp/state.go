package lsp

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

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// session owns every open document (skill files, chat buffers, other
// Markdown) and every view (one skills.Workspace per workspace folder).
// Every change, from the client (didOpen, didChange, didSave, didClose,
// didChangeWatchedFiles, settings, folders) or from the server's own
// watchers and discovery, goes through modify. Handlers read a snapshot.
type session struct {
	opts   Options
	logger *slog.Logger
	bg     context.Context // Serve's ctx: the views' work derives from it
	wg     *sync.WaitGroup // the server's background goroutines
	pub    publisher       // diagnostics and progress
	out    notifier        // messages and the client's file watch
	// urgent counts the messages being handled (requests, edits) and the
	// edits waiting for their own diagnostics: the workspace-wide pass
	// steps aside for them.
	urgent *urgent

	mu sync.Mutex // guards the fields below; modify holds it
	// docs are the open documents by key; replaced on every change, never
	// mutated, so a snapshot can share it.
	docs map[string]*document
	// settings are the effective settings; folders the workspace folder
	// paths, in client order.
	settings Settings
	folders  []string
	// started reports that initialized arrived; closed that stop ran (no
	// new views after it).
	started, closed bool
	// views is the current view set (nil before initialized).
	views *viewSet
}

// notifier is what the discovery needs from the client besides a
// publisher: problems to show and the file-watch registration.
type notifier interface {
	showProblems(problems []string)
	registerFileWatch(ctx context.Context, roots []discovery.Root)
}

func newSession(bg context.Context, logger *slog.Logger, opts Options, wg *sync.WaitGroup, pub publisher, out notifier, settings Settings) *session {
	return &session{
		opts: opts, logger: logger, bg: bg, wg: wg, pub: pub, out: out,
		urgent:   &urgent{},
		docs:     map[string]*document{},
		settings: settings,
	}
}

// A modification is one change to the editor state, applied by modify
// under the session lock. apply records in fx what must happen once the
// lock is released.
type modification interface {
	apply(s *session, fx *effects) error
}

// effects are the consequences of modifications that run after the lock:
// waking the diagnostics scheduler, clearing closed chat buffers,
// stopping replaced views (which waits for their watchers, whose batches
// take the lock) and starting new ones.
type effects struct {
	dirty []string  // paths to diagnose at once
	full  bool      // a workspace-wide pass is due
	clear []uri.URI // URIs to publish [] for
	stop  []*viewSet
	start *viewSet
}

// modify applies mods in order, in the manner of gopls' didModifyFiles:
// it is the only place where documents, settings, folders and views
// change. The error joins the errors of the mods that were refused.
func (s *session) modify(mods ...modification) error {
	var fx effects
	var errs []error
	s.mu.Lock()
	for _, m := range mods {
		if err := m.apply(s, &fx); err != nil {
			errs = append(errs, err)
		}
	}
	if s.views != nil && s.views != fx.start {
		s.views.sched.mark(fx.dirty, fx.full)
	}
	s.mu.Unlock()
	for _, u := range fx.clear {
		s.pub.clear(u)
	}
	for _, old := range fx.stop {
		old.stop()
	}
	if fx.start != nil {
		s.startViews(fx.start)
	}
	return errors.Join(errs...)
}

// rebuildLocked replaces the views by new ones built from the settings
// and folders (after initialized, until stop).
func (s *session) rebuildLocked(fx *effects) {
	if !s.started || s.closed {
		return
	}
	first := s.views == nil
	if s.views != nil {
		fx.stop = append(fx.stop, s.views)
	}
	s.views = s.newViewSetLocked()
	s.views.sched.early = first
	fx.start = s.views
}

// stop cancels the views' work and closes their watchers; no views start
// after it.
func (s *session) stop() {
	s.mu.Lock()
	s.closed = true
	set := s.views
	s.mu.Unlock()
	if set != nil {
		set.stop()
	}
}

// snapshot returns the current state.
func (s *session) snapshot() *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snapshotLocked(s.views)
}

// snapshotOf returns the current documents and settings with the views of
// set (the scheduler of a replaced set keeps seeing its own views).
func (s *session) snapshotOf(set *viewSet) *snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snapshotLocked(set)
}

func (s *session) snapshotLocked(set *viewSet) *snapshot {
	st := &snapshot{docs: s.docs, settings: s.settings, folders: s.folders, set: set}
	if set != nil {
		st.loaded = set.isLoaded
		for _, v := range set.views {
			st.views = append(st.views, viewSnapshot{folder: v.folder, skills: v.ws.Snapshot(), opts: v.opts, config: v.config})
		}
	}
	return st
}

// loadedSnapshot waits for the initial discovery of the current views and
// returns the state after it.
func (s *session) loadedSnapshot(ctx context.Context) (*snapshot, error) {
	st := s.snapshot()
	if st.set == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
	}
	select {
	case <-st.set.loaded:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-st.set.ctx.Done(): // discovery was cancelled: shutdown or new settings
		return nil, fmt.Errorf("skill discovery was cancelled (shutdown or new settings): %w", protocol.ErrContentModified)
	}
	return s.snapshotOf(st.set), nil
}

// isSkillDocLocked reports whether an open document is a skill file the
// views hold as an overlay (see isSkillPath). Chat buffers are not.
func (s *session) isSkillDocLocked(d *document) bool {
	if d.chat || s.views == nil {
		return !d.chat && isSkillPath(d.key, d.languageID, nil)
	}
	var dirs []string
	for _, v := range s.views.views {
		for _, r := range v.ws.Roots() {
			dirs = append(dirs, r.Dir)
		}
	}
	return isSkillPath(d.key, d.languageID, dirs)
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
