// Package watch watches the skill roots with fsnotify and turns what it
// sees into the workspace's disk changes, in batches.
package watch

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// Options configure a root watcher.
type Options struct {
	// Quiet is how long the watcher waits without events before it delivers
	// a batch (default 150 ms).
	Quiet time.Duration
	// PollInterval is how often a root is rescanned when it cannot be
	// watched (watch limit reached; default 5 s).
	PollInterval time.Duration
	// OnBatch receives each batch of changes, in event order. It is called
	// from one goroutine, never concurrently.
	OnBatch func([]skills.Change)
	// OnError receives watcher problems the user should know about (each
	// kind once): the inotify watch limit, fsnotify errors.
	OnError func(error)
}

// Watcher watches every root of a workspace with fsnotify: each root,
// each bundle folder in it, and for a root that does not exist yet, its
// nearest existing ancestor, one path segment at a time, so the root is
// picked up when it appears.
type Watcher struct {
	fs    *fsnotify.Watcher
	roots []discovery.Root
	opts  Options
	done  chan struct{}
	kick  chan struct{}
	wg    sync.WaitGroup

	mu       sync.Mutex // guards the fields below
	pending  []skills.Change
	watched  map[string]bool
	extra    map[string]bool
	polling  map[int]bool
	reported map[string]bool
	closed   bool
}

// New starts watching roots. Close stops it.
func New(roots []discovery.Root, opts Options) (*Watcher, error) {
	if opts.Quiet <= 0 {
		opts.Quiet = 150 * time.Millisecond
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = 5 * time.Second
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("start file watcher: %w", err)
	}
	w := &Watcher{
		fs: fw, roots: roots, opts: opts,
		done: make(chan struct{}), kick: make(chan struct{}, 1),
		watched: map[string]bool{}, extra: map[string]bool{}, polling: map[int]bool{}, reported: map[string]bool{},
	}
	w.mu.Lock()
	for i := range roots {
		w.armRootLocked(i)
	}
	w.mu.Unlock()
	w.wg.Go(w.readLoop)
	w.wg.Go(w.processLoop)
	return w, nil
}

// Close stops the watcher and waits for its goroutines.
func (w *Watcher) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	w.mu.Unlock()
	close(w.done)
	err := w.fs.Close()
	w.wg.Wait()
	return err
}

// WatchCount returns how many directories are watched.
func (w *Watcher) WatchCount() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.watched)
}

// SetExtra sets extra directories to watch (the folders of resources that
// open skills link to), replacing the previous set.
func (w *Watcher) SetExtra(dirs []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	want := map[string]bool{}
	for _, d := range dirs {
		want[filepath.Clean(d)] = true
	}
	for d := range w.extra {
		if !want[d] {
			delete(w.extra, d)
		}
	}
	var added []skills.Change
	for d := range want {
		if !w.extra[d] {
			w.extra[d] = true
			w.addLocked(d, -1)
			// Whatever happened in d before the watch existed is caught up
			// by one change for the folder itself: the link facts into it
			// are made again (the roots and bundle folders have their own
			// watches, so no entry needs examining).
			added = append(added, skills.Change{Kind: skills.ChangeLinks, Path: d})
		}
	}
	if len(added) > 0 {
		w.pending = append(w.pending, added...)
		w.signal()
	}
}

// poll rescans root i on a timer (the fallback when it cannot be watched).
func (w *Watcher) poll(i int) {
	t := time.NewTicker(w.opts.PollInterval)
	defer t.Stop()
	for {
		select {
		case <-w.done:
			return
		case <-t.C:
			w.enqueue(skills.Change{Kind: skills.ChangeDisk, Path: w.roots[i].Dir})
		}
	}
}

// readLoop drains fsnotify's channels continuously, so fsnotify never
// blocks, and turns events into pending changes.
func (w *Watcher) readLoop() {
	for {
		select {
		case <-w.done:
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			w.handle(ev)
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			w.mu.Lock()
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				w.reportLocked("overflow", fmt.Errorf("file watcher overflowed; rescanning all skill roots"))
				w.rearmLocked()
				w.pending = append(w.pending, skills.Change{Kind: skills.ChangeRescan})
			} else {
				w.reportLocked("error", fmt.Errorf("file watcher: %w", err))
			}
			w.mu.Unlock()
			w.signal()
		}
	}
}

// handle records one event and keeps the watch set in step with it.
func (w *Watcher) handle(ev fsnotify.Event) {
	p := filepath.Clean(ev.Name)
	w.mu.Lock()
	relevant := w.extra[filepath.Dir(p)]
	for i, r := range w.roots {
		switch {
		case discovery.Within(p, r.Dir):
			relevant = true
			// A new bundle folder directly in the root (or the root itself).
			if ev.Op.Has(fsnotify.Create) && (filepath.Dir(p) == r.Dir || p == r.Dir) {
				if p == r.Dir {
					w.forgetLocked(r.Dir)
					w.armRootLocked(i)
				} else if fi, err := os.Stat(p); err == nil && fi.IsDir() {
					w.addLocked(p, i)
				}
			}
			if p == r.Dir && (ev.Op.Has(fsnotify.Remove) || ev.Op.Has(fsnotify.Rename)) {
				delete(w.watched, p)
				w.armRootLocked(i) // follow the ancestor until it comes back
			}
		case discovery.Within(r.Dir, p):
			// An ancestor of a root changed: the root may have appeared or gone.
			relevant = true
			if ev.Op.Has(fsnotify.Create) {
				w.armRootLocked(i)
			}
		}
	}
	if ev.Op.Has(fsnotify.Remove) || ev.Op.Has(fsnotify.Rename) {
		delete(w.watched, p) // the kernel dropped the watch
	}
	if relevant {
		w.pending = append(w.pending, skills.Change{Kind: skills.ChangeDisk, Path: p})
	}
	w.mu.Unlock()
	if relevant {
		w.signal()
	}
}

func (w *Watcher) enqueue(c skills.Change) {
	w.mu.Lock()
	w.pending = append(w.pending, c)
	w.mu.Unlock()
	w.signal()
}

func (w *Watcher) signal() {
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// processLoop delivers pending changes after Quiet without new events.
func (w *Watcher) processLoop() {
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-w.done:
			timer.Stop()
			return
		case <-w.kick:
			timer.Reset(w.opts.Quiet)
		case <-timer.C:
			w.mu.Lock()
			batch := compactChanges(w.pending)
			w.pending = nil
			w.mu.Unlock()
			if len(batch) > 0 && w.opts.OnBatch != nil {
				w.opts.OnBatch(batch)
			}
		}
	}
}

// compactChanges drops repeated changes of the same path, keeping the
// first occurrence's position (Apply re-reads the path's current state, so
// a delete followed by a create of the same path is one re-read).
func compactChanges(cs []skills.Change) []skills.Change {
	seen := make(map[string]bool, len(cs))
	out := cs[:0:0]
	for _, c := range cs {
		key := fmt.Sprint(c.Kind, "\x00", c.Path)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, c)
	}
	return slices.Clip(out)
}
