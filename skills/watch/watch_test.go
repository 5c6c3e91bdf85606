package watch

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestWatcherRealFS runs the fsnotify watcher on a temp dir: a skill
// created under a root that does not exist yet appears, and one deleted
// disappears. It polls with a deadline; no fixed sleeps.
func TestWatcherRealFS(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	os.MkdirAll(filepath.Join(dir, "project"), 0o755)
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	ws.Load(t.Context())
	watcher := watchWorkspace(t, ws, roots, 20*time.Millisecond)
	waitFor := func(what string, cond func(*skills.Snapshot) bool) {
		t.Helper()
		watcher.waitForSnapshot(t, ws, what, cond)
	}
	p := filepath.Join(dir, "project", ".dsh", "skills", "foo", "SKILL.md")
	skilltest.WriteSkill(t, p, "foo", "appears without a restart")
	waitFor("foo to appear", func(s *skills.Snapshot) bool { return s.Registry.Lookup("foo") != nil })
	skilltest.WriteSkill(t, p, "foo", "edited on disk")
	waitFor("the edit", func(s *skills.Snapshot) bool {
		sk := s.Registry.Lookup("foo")
		return sk != nil && sk.Description == "edited on disk"
	})
	// An installer that keeps the old version: it moves the folder aside
	// and the new one in. No event names the skill file itself.
	stage := filepath.Join(dir, "project", "stage")
	skilltest.WriteSkill(t, filepath.Join(stage, "SKILL.md"), "foo", "installed over")
	if err := os.Rename(filepath.Dir(p), filepath.Join(dir, "project", "foo.bak")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(stage, filepath.Dir(p)); err != nil {
		t.Fatal(err)
	}
	waitFor("the installed version", func(s *skills.Snapshot) bool {
		sk := s.Registry.Lookup("foo")
		return sk != nil && sk.Description == "installed over"
	})
	os.RemoveAll(filepath.Join(dir, "project", ".dsh"))
	waitFor("foo to vanish", func(s *skills.Snapshot) bool { return s.Registry.Lookup("foo") == nil })
	skilltest.WriteSkill(t, p, "foo", "back again")
	waitFor("foo to come back", func(s *skills.Snapshot) bool { return s.Registry.Lookup("foo") != nil })
	if errs := watcher.reported(); len(errs) > 0 {
		t.Errorf("watcher errors: %v", errs)
	}
}

// TestWatcherRecoversFromOverflow overflows the kernel's event queue
// while bundle folders are removed and made again, then writes into them:
// the writes after the overflow must be seen, so the watcher must watch the
// folders whose Create events the kernel dropped. It holds the watcher's
// lock to stop it reading, so the queue fills (inotify only; slow: it makes
// as many files as the queue holds).
func TestWatcherRecoversFromOverflow(t *testing.T) {
	skilltest.SkipUnlessSlow(t)
	if runtime.GOOS != "linux" {
		t.Skip("the queue limit is inotify's")
	}
	limit := 16384
	if b, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events"); err == nil {
		fmt.Sscan(string(b), &limit)
	}
	if limit > 1<<18 {
		t.Skipf("the kernel's queue holds %d events: too many files to make", limit)
	}
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	names := skilltest.BundleNames(20)
	skilltest.WriteBundles(t, agents, names, "v0")
	junk := filepath.Join(agents, "s00", "assets")
	os.MkdirAll(junk, 0o755)
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	ws.Load(t.Context())
	watcher := watchWorkspace(t, ws, roots, 10*time.Millisecond)
	watcher.mu.Lock() // the read loop stops at its next event
	for _, name := range names[1:] {
		os.RemoveAll(filepath.Join(agents, name))
	}
	// s00 is watched: each file is an event. The margin covers what
	// fsnotify's reader took from the queue before it blocked (one read of
	// its 64 KiB buffer, 2,048 of these events at most).
	for i := range limit + 2500 {
		if err := os.WriteFile(filepath.Join(agents, "s00", fmt.Sprintf("f%05d", i)), nil, 0o644); err != nil {
			watcher.mu.Unlock()
			t.Fatal(err)
		}
	}
	skilltest.WriteBundles(t, agents, names[1:], "v1")
	watcher.mu.Unlock()
	overflowed := func() bool {
		return slices.ContainsFunc(watcher.reported(), func(err error) bool { return strings.Contains(err.Error(), "overflowed") })
	}
	deadline := time.Now().Add(20 * time.Second)
	for !overflowed() {
		if time.Now().After(deadline) {
			t.Fatalf("the queue of %d events never overflowed; errors: %v", limit, watcher.reported())
		}
		time.Sleep(10 * time.Millisecond)
	}
	watcher.waitForCold(t, deadline, "the rescan after the overflow missed changes")
	// Written after the rescan, into folders made while events were lost.
	skilltest.WriteBundles(t, agents, names[1:], "v2")
	watcher.waitForCold(t, deadline, "writes after the overflow were lost")
}

// TestStressChurn rewrites many files while readers query snapshots; the
// final snapshot must equal a cold discovery and the watcher's goroutines
// must be gone after Close. It runs the real fsnotify watcher, so it polls
// with deadlines (slow: SKILL_LS_SLOW).
func TestStressChurn(t *testing.T) {
	skilltest.SkipUnlessSlow(t)
	base := watcherGoroutines()
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	names := skilltest.BundleNames(300)
	skilltest.WriteBundles(t, agents, names, "v0")
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	ws.Load(t.Context())
	watcher := watchWorkspace(t, ws, roots, 10*time.Millisecond)
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for range 4 {
		readers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				s := ws.Snapshot()
				for _, sk := range s.Registry.Winners() {
					_ = s.Registry.Lookup(sk.Name)
				}
			}
		})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 5 {
		for _, name := range names {
			switch rng.IntN(4) {
			case 0:
				os.RemoveAll(filepath.Join(agents, name))
			default:
				skilltest.WriteSkill(t, filepath.Join(agents, name, "SKILL.md"), name, fmt.Sprintf("v%d", round+1))
			}
		}
	}
	watcher.waitForCold(t, time.Now().Add(20*time.Second), "lost update")
	close(stop)
	readers.Wait()
	watcher.Close()
	deadline := time.Now().Add(5 * time.Second)
	for watcherGoroutines() > base {
		if time.Now().After(deadline) {
			t.Fatalf("watcher goroutines leaked: %d before, %d after", base, watcherGoroutines())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitForSnapshot polls ws until cond holds of its snapshot; on timeout it
// says what the watcher watches and what the registry holds.
func (w *liveWatcher) waitForSnapshot(t *testing.T, ws *skills.Workspace, what string, cond func(*skills.Snapshot) bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond(ws.Snapshot()) {
		if time.Now().After(deadline) {
			w.mu.Lock()
			watched := slices.Sorted(maps.Keys(w.watched))
			w.mu.Unlock()
			t.Fatalf("timed out waiting for %s; watched %v; registry:\n%s", what, watched, skilltest.Summary(ws.Snapshot()))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// watchWorkspace starts the real watcher on roots, applying each batch to
// ws after quiet. It stops when the test ends.
func watchWorkspace(t *testing.T, ws *skills.Workspace, roots []discovery.Root, quiet time.Duration) *liveWatcher {
	t.Helper()
	lw := &liveWatcher{ws: ws, roots: roots}
	w, err := New(roots, Options{
		Quiet:   quiet,
		OnBatch: func(cs []skills.Change) { ws.Apply(context.Background(), cs...) },
		OnError: func(err error) { lw.errMu.Lock(); lw.errs = append(lw.errs, err); lw.errMu.Unlock() },
	})
	if err != nil {
		t.Fatal(err)
	}
	lw.Watcher = w
	t.Cleanup(func() { w.Close() })
	return lw
}

// reported returns the errors the watcher reported so far.
func (lw *liveWatcher) reported() []error {
	lw.errMu.Lock()
	defer lw.errMu.Unlock()
	return slices.Clone(lw.errs)
}

// waitForCold waits until the workspace's snapshot equals a cold discovery
// of the roots. After deadline it fails, saying what (the test's words),
// the lines that differ and what the watcher reported.
func (lw *liveWatcher) waitForCold(t *testing.T, deadline time.Time, what string) {
	t.Helper()
	want := skilltest.ColdSummary(t, lw.roots)
	for skilltest.Summary(lw.ws.Snapshot()) != want {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the live snapshot never matched a cold discovery; watcher errors %v (-cold +live):\n%s", what, lw.reported(), skilltest.SummaryDiff(want, skilltest.Summary(lw.ws.Snapshot())))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// watcherGoroutines counts the goroutines running the watcher's code (its
// loops, fsnotify's reader), so a leak check ignores the rest of the test
// binary (other tests, the runtime, the race detector).
func watcherGoroutines() int {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	n := 0
	for _, g := range bytes.Split(buf, []byte("\n\n")) {
		if bytes.Contains(g, []byte("skills.(*RootWatcher)")) || bytes.Contains(g, []byte("fsnotify")) {
			n++
		}
	}
	return n
}

// liveWatcher is the real watcher applying its batches to a workspace,
// with the errors it reported.
type liveWatcher struct {
	*Watcher
	ws    *skills.Workspace
	roots []discovery.Root

	errMu sync.Mutex
	errs  []error
}
