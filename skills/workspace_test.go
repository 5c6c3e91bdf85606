package skills

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// summary renders a snapshot's resolved state as text, to compare a
// snapshot built incrementally with a cold discovery of the same tree.
func summary(s *Snapshot) string {
	var b strings.Builder
	for _, sk := range s.Registry.Winners() {
		fmt.Fprintf(&b, "W %s %s %s %q %v\n", sk.Name, sk.Source, sk.Path, sk.Description, sk.Invocation)
	}
	for _, sh := range s.Registry.Shadowed() {
		fmt.Fprintf(&b, "S %s %s <- %s\n", sh.Skill.Name, sh.Skill.Path, sh.Winner.Path)
	}
	for _, f := range s.Registry.Dropped() {
		fmt.Fprintf(&b, "D %s %s\n", f.Path, f.Drop.Detail)
	}
	var probs []string
	for _, p := range s.Problems() {
		probs = append(probs, fmt.Sprintf("P %s %s\n", p.Code, p.Path))
	}
	slices.Sort(probs)
	b.WriteString(strings.Join(probs, ""))
	return b.String()
}

// summaryDiff lists the lines of two summaries that only one has: "-" for
// want's (the cold discovery's), "+" for got's.
func summaryDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}

// sameNames reports whether two lists of skills hold the same names and
// descriptions in the same order (two workspaces parse their own skills).
func sameNames(a, b []*Skill) bool {
	return slices.EqualFunc(a, b, func(x, y *Skill) bool { return x.Name == y.Name && x.Description == y.Description && x.Path == y.Path })
}

func writeSkill(t testing.TB, path, name, desc string) {
	t.Helper()
	writeFile(t, path, fmt.Sprintf("---\nname: %s\ndescription: %s\n---\n\nBody of %s.\n", name, desc, name))
}

// bundleNames names n numbered test bundles, as wide as n needs: s00 … s19
// for 20, s000 … s299 for 300.
func bundleNames(n int) []string {
	width := len(fmt.Sprint(max(n-1, 0)))
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("s%0*d", width, i)
	}
	return names
}

// writeBundles writes, under root, a bundle for each name, described as desc.
func writeBundles(t testing.TB, root string, names []string, desc string) {
	t.Helper()
	for _, name := range names {
		writeSkill(t, filepath.Join(root, name, "SKILL.md"), name, desc)
	}
}

// writeFile writes content to path, making its folders.
func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func testRoots(dir string) []discovery.Root {
	return discovery.Roots(discovery.RootOptions{
		Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"),
		DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"),
		Getenv: func(string) string { return "" },
	})
}

func coldSummary(t *testing.T, roots []discovery.Root) string {
	t.Helper()
	snap, err := Load(context.Background(), roots, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return summary(snap)
}

func TestApplyDiskChangesMatchesColdDiscovery(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	user := filepath.Join(dir, "home", ".agents", "skills")
	writeSkill(t, filepath.Join(agents, "alpha", "SKILL.md"), "alpha", "first")
	writeSkill(t, filepath.Join(user, "alpha", "SKILL.md"), "alpha", "user alpha")
	w := NewWorkspace(roots, LoadOptions{})
	if _, err := w.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	dsh := filepath.Join(dir, "project", ".dsh", "skills")
	// fast marks the changes of content that Apply takes without listing
	// the roots again (sameEntries): the snapshot keeps prev's root states.
	steps := []struct {
		name string
		do   func() []string // returns the changed paths
		fast bool
	}{
		{"create bundle", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			writeSkill(t, p, "beta", "second")
			return []string{filepath.Dir(p), p}
		}, false},
		{"edit description", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			writeSkill(t, p, "beta", "second, edited")
			return []string{p}
		}, true},
		{"rename the skill in its file", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			writeSkill(t, p, "alpha", "now shadows the user alpha")
			return []string{p}
		}, true},
		{"and back", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			writeSkill(t, p, "beta", "second")
			return []string{p}
		}, true},
		{"folder made again, only the folder reported", func() []string {
			// The watcher saw the folder's Create but not the writes in it:
			// they came before its watch on the new folder.
			p := filepath.Join(agents, "beta")
			os.RemoveAll(p)
			writeSkill(t, filepath.Join(p, "SKILL.md"), "beta", "SECOND")
			return []string{p}
		}, true},
		{"resource written", func() []string {
			p := filepath.Join(agents, "beta", "scripts", "run.sh")
			writeFile(t, p, "echo hi\n")
			return []string{filepath.Dir(p), p}
		}, true},
		{"SKILL.md becomes a folder", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			os.Remove(p)
			os.Mkdir(p, 0o755)
			return []string{p}
		}, false},
		{"and a file again", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			os.Remove(p)
			writeSkill(t, p, "beta", "second")
			return []string{p}
		}, false},
		{"root appears (.dsh did not exist)", func() []string {
			p := filepath.Join(dsh, "alpha", "SKILL.md")
			writeSkill(t, p, "alpha", "project dsh alpha")
			return []string{filepath.Join(dir, "project", ".dsh")}
		}, false},
		{"flat file", func() []string {
			p := filepath.Join(agents, "gamma.md")
			writeSkill(t, p, "gamma", "flat")
			return []string{p}
		}, false},
		{"break yaml", func() []string {
			p := filepath.Join(agents, "gamma.md")
			os.WriteFile(p, []byte("---\nname: gamma\ndescription: Use when: x\n---\n"), 0o644)
			return []string{p}
		}, true},
		{"SKILL.md deleted, the folder stays", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			os.Remove(p)
			return []string{p}
		}, false},
		{"delete bundle", func() []string {
			p := filepath.Join(agents, "beta")
			os.RemoveAll(p)
			return []string{filepath.Join(p, "SKILL.md"), p}
		}, false},
		{"rename bundle", func() []string {
			from, to := filepath.Join(agents, "alpha"), filepath.Join(agents, "zeta")
			if err := os.Rename(from, to); err != nil {
				t.Fatal(err)
			}
			return []string{from, to}
		}, false},
		{"symlink swap", func() []string {
			target := filepath.Join(dir, "elsewhere", "linked")
			writeSkill(t, filepath.Join(target, "SKILL.md"), "linked", "via symlink")
			link := filepath.Join(agents, "linked")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return []string{link}
		}, false},
		{"broken symlink", func() []string {
			link := filepath.Join(agents, "dangling")
			os.Symlink(filepath.Join(dir, "nowhere"), link)
			return []string{link}
		}, false},
		{"root vanishes", func() []string {
			os.RemoveAll(dsh)
			return []string{dsh}
		}, false},
	}
	for _, st := range steps {
		paths := st.do()
		var cs []Change
		for _, p := range paths {
			cs = append(cs, Change{Kind: ChangeDisk, Path: p})
		}
		prev := w.Snapshot()
		next := w.Apply(t.Context(), cs...)
		if got := summary(next); got != coldSummary(t, roots) {
			t.Fatalf("after %s:\n got:\n%s\nwant (cold):\n%s", st.name, got, coldSummary(t, roots))
		}
		if fast := len(next.Roots) > 0 && &next.Roots[0] == &prev.Roots[0]; fast != st.fast {
			t.Errorf("after %s: roots kept %v, want %v", st.name, fast, st.fast)
		}
	}
}

func TestOverlayWinsOverDisk(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	p := filepath.Join(dir, "project", ".agents", "skills", "a", "SKILL.md")
	writeSkill(t, p, "a", "disk")
	w := NewWorkspace(roots, LoadOptions{})
	w.Load(t.Context())
	w.Apply(t.Context(), Change{Kind: ChangeOpen, Path: p, Version: 1, Text: []byte("---\nname: a\ndescription: editor\n---\n")})
	writeSkill(t, p, "a", "disk changed")
	s := w.Apply(t.Context(), Change{Kind: ChangeDisk, Path: p})
	if got := s.Registry.Lookup("a").Description; got != "editor" {
		t.Fatalf("open buffer lost to disk: description %q", got)
	}
	s = w.Apply(t.Context(), Change{Kind: ChangeEdit, Path: p, Version: 0 + 3, Text: []byte("---\nname: a\ndescription: v3\n---\n")})
	s = w.Apply(t.Context(), Change{Kind: ChangeEdit, Path: p, Version: 2, Text: []byte("---\nname: a\ndescription: v2\n---\n")})
	if got := s.Registry.Lookup("a").Description; got != "v3" {
		t.Fatalf("a version going backwards replaced newer text: %q", got)
	}
	s = w.Apply(t.Context(), Change{Kind: ChangeClose, Path: p})
	if got := s.Registry.Lookup("a").Description; got != "disk changed" {
		t.Fatalf("after close the disk must count again: %q", got)
	}
}

func TestUnchangedFilesAreNotReparsed(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	writeBundles(t, agents, bundleNames(20), "d")
	w := NewWorkspace(roots, LoadOptions{})
	before, _ := w.Load(t.Context())
	changed := filepath.Join(agents, "s05", "SKILL.md")
	writeSkill(t, changed, "s05", "new")
	after := w.Apply(t.Context(), Change{Kind: ChangeRescan})
	for _, f := range before.Files() {
		same := after.File(f.Path) == f
		if f.Path == changed && same {
			t.Errorf("%s changed but kept its old parse", f.Path)
		}
		if f.Path != changed && !same {
			t.Errorf("%s did not change but was parsed again", f.Path)
		}
	}
}

// TestApplyConvergesOnCoarseReports makes random changes in three roots
// (rewrites that keep the file's size, names that shadow each other, broken
// YAML, folders removed, replaced and moved aside, flat files) and tells
// Apply of each only what a watcher that runs behind may report: the
// changed file, its bundle folder, or both, and the folder always when the
// change made it. Changes are applied a few at a time; after each Apply the
// snapshot must equal a cold discovery.
func TestApplyConvergesOnCoarseReports(t *testing.T) {
	for seed := range uint64(8) {
		for _, opts := range []LoadOptions{{}} {
			t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
				dir := t.TempDir()
				roots := testRoots(dir)
				rootDirs := []string{
					filepath.Join(dir, "project", ".dsh", "skills"),
					filepath.Join(dir, "project", ".agents", "skills"),
					filepath.Join(dir, "home", ".agents", "skills"),
				}
				for _, r := range rootDirs {
					os.MkdirAll(r, 0o755)
				}
				names := []string{"a", "b", "c"}
				rng := rand.New(rand.NewPCG(seed, 7))
				w := NewWorkspace(roots, opts)
				w.Load(t.Context())
				var pending []Change
				var log []string
				report := func(paths ...string) {
					for _, p := range paths {
						pending = append(pending, Change{Kind: ChangeDisk, Path: p})
					}
				}
				for step := range 60 {
					root := rootDirs[rng.IntN(len(rootDirs))]
					name := names[rng.IntN(len(names))]
					folder := filepath.Join(root, name)
					file := filepath.Join(folder, "SKILL.md")
					desc := fmt.Sprintf("v%02d", step) // the same size every time
					_, err := os.Stat(folder)
					existed := err == nil
					fileOrFolder := func() {
						switch {
						case !existed:
							report(folder, file)
						case rng.IntN(3) == 0:
							report(file)
						case rng.IntN(2) == 0:
							report(folder)
						default:
							report(file, folder)
						}
					}
					var what string
					switch rng.IntN(8) {
					case 0:
						what = "rewrite"
						writeSkill(t, file, name, desc)
						fileOrFolder()
					case 1:
						what = "rename inside"
						writeSkill(t, file, names[rng.IntN(len(names))], desc)
						fileOrFolder()
					case 2:
						what = "break YAML"
						writeFile(t, file, "---\nname: "+name+"\ndescription: broken: "+desc+"\n---\n")
						fileOrFolder()
					case 3:
						what = "remove SKILL.md"
						os.Remove(file)
						if existed {
							fileOrFolder()
						}
					case 4:
						what = "remove folder"
						os.RemoveAll(folder)
						report(folder)
					case 5:
						what = "move aside, new one in"
						stage, aside := filepath.Join(dir, "stage"), filepath.Join(dir, "aside")
						writeSkill(t, filepath.Join(stage, "SKILL.md"), name, desc)
						os.RemoveAll(aside)
						os.Rename(folder, aside)
						if err := os.Rename(stage, folder); err != nil {
							t.Fatal(err)
						}
						report(folder)
					case 6:
						what = "flat file"
						flat := filepath.Join(root, name+".md")
						if rng.IntN(3) == 0 {
							os.Remove(flat)
						} else {
							writeSkill(t, flat, names[rng.IntN(len(names))], desc)
						}
						report(flat)
					case 7:
						what = "root made again"
						os.RemoveAll(root)
						writeSkill(t, file, name, desc)
						report(root)
					}
					log = append(log, fmt.Sprintf("%d %s %s", step, what, strings.TrimPrefix(folder, dir)))
					if rng.IntN(3) == 0 {
						continue // one more change in this batch
					}
					w.Apply(t.Context(), pending...)
					pending = nil
					if got, want := summary(w.Snapshot()), coldSummary(t, roots); got != want {
						t.Fatalf("after steps\n%s\nthe snapshot differs from a cold discovery (-cold +live):\n%s", strings.Join(log, "\n"), summaryDiff(want, got))
					}
					log = nil
				}
			})
		}
	}
}

// TestWatcherRealFS runs the fsnotify watcher on a temp dir: a skill
// created under a root that does not exist yet appears, and one deleted
// disappears. It polls with a deadline; no fixed sleeps.
func TestWatcherRealFS(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	os.MkdirAll(filepath.Join(dir, "project"), 0o755)
	ws := NewWorkspace(roots, LoadOptions{})
	ws.Load(t.Context())
	watcher := watchWorkspace(t, ws, roots, 20*time.Millisecond)
	waitFor := func(what string, cond func(*Snapshot) bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !cond(ws.Snapshot()) {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s; registry:\n%s", what, summary(ws.Snapshot()))
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	p := filepath.Join(dir, "project", ".dsh", "skills", "foo", "SKILL.md")
	writeSkill(t, p, "foo", "appears without a restart")
	waitFor("foo to appear", func(s *Snapshot) bool { return s.Registry.Lookup("foo") != nil })
	writeSkill(t, p, "foo", "edited on disk")
	waitFor("the edit", func(s *Snapshot) bool {
		sk := s.Registry.Lookup("foo")
		return sk != nil && sk.Description == "edited on disk"
	})
	// An installer that keeps the old version: it moves the folder aside
	// and the new one in. No event names the skill file itself.
	stage := filepath.Join(dir, "project", "stage")
	writeSkill(t, filepath.Join(stage, "SKILL.md"), "foo", "installed over")
	if err := os.Rename(filepath.Dir(p), filepath.Join(dir, "project", "foo.bak")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(stage, filepath.Dir(p)); err != nil {
		t.Fatal(err)
	}
	waitFor("the installed version", func(s *Snapshot) bool {
		sk := s.Registry.Lookup("foo")
		return sk != nil && sk.Description == "installed over"
	})
	os.RemoveAll(filepath.Join(dir, "project", ".dsh"))
	waitFor("foo to vanish", func(s *Snapshot) bool { return s.Registry.Lookup("foo") == nil })
	writeSkill(t, p, "foo", "back again")
	waitFor("foo to come back", func(s *Snapshot) bool { return s.Registry.Lookup("foo") != nil })
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
	skipUnlessSlow(t)
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
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	names := bundleNames(20)
	writeBundles(t, agents, names, "v0")
	junk := filepath.Join(agents, "s00", "assets")
	os.MkdirAll(junk, 0o755)
	ws := NewWorkspace(roots, LoadOptions{})
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
	writeBundles(t, agents, names[1:], "v1")
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
	writeBundles(t, agents, names[1:], "v2")
	watcher.waitForCold(t, deadline, "writes after the overflow were lost")
}

// TestStressChurn rewrites many files while readers query snapshots; the
// final snapshot must equal a cold discovery and the watcher's goroutines
// must be gone after Close. It runs the real fsnotify watcher, so it polls
// with deadlines (slow: SKILL_LS_SLOW).
func TestStressChurn(t *testing.T) {
	skipUnlessSlow(t)
	base := watcherGoroutines()
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	names := bundleNames(300)
	writeBundles(t, agents, names, "v0")
	ws := NewWorkspace(roots, LoadOptions{})
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
				writeSkill(t, filepath.Join(agents, name, "SKILL.md"), name, fmt.Sprintf("v%d", round+1))
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

// liveWatcher is the real watcher applying its batches to a workspace,
// with the errors it reported.
type liveWatcher struct {
	*RootWatcher
	ws    *Workspace
	roots []discovery.Root

	errMu sync.Mutex
	errs  []error
}

// watchWorkspace starts the real watcher on roots, applying each batch to
// ws after quiet. It stops when the test ends.
func watchWorkspace(t *testing.T, ws *Workspace, roots []discovery.Root, quiet time.Duration) *liveWatcher {
	t.Helper()
	lw := &liveWatcher{ws: ws, roots: roots}
	w, err := Watch(roots, WatchOptions{
		Quiet:   quiet,
		OnBatch: func(cs []Change) { ws.Apply(context.Background(), cs...) },
		OnError: func(err error) { lw.errMu.Lock(); lw.errs = append(lw.errs, err); lw.errMu.Unlock() },
	})
	if err != nil {
		t.Fatal(err)
	}
	lw.RootWatcher = w
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
	want := coldSummary(t, lw.roots)
	for summary(lw.ws.Snapshot()) != want {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the live snapshot never matched a cold discovery; watcher errors %v (-cold +live):\n%s", what, lw.reported(), summaryDiff(want, summary(lw.ws.Snapshot())))
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

// textOf returns the bytes of f, a file of s (nil when they cannot be read).
func textOf(s *Snapshot, f *skillfile.File) []byte {
	idx, err := s.Text(f)
	if err != nil {
		return nil
	}
	return idx.Src()
}

// TestEditsMatchFullResolve types into open skill files (description
// edits, renames, breaking and fixing YAML) and checks that the registry
// an edit updates equals a full resolve after every edit.
func TestEditsMatchFullResolve(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	user := filepath.Join(dir, "home", ".agents", "skills")
	for _, n := range []string{"a", "b", "c"} {
		writeSkill(t, filepath.Join(agents, n, "SKILL.md"), n, "agents "+n)
		writeSkill(t, filepath.Join(user, n, "SKILL.md"), n, "user "+n)
	}
	fast := NewWorkspace(roots, LoadOptions{})
	fast.Load(t.Context())
	full := NewWorkspace(roots, LoadOptions{})
	full.Load(t.Context())
	p := filepath.Join(agents, "a", "SKILL.md")
	q := filepath.Join(user, "b", "SKILL.md")
	loose := filepath.Join(dir, "elsewhere", "SKILL.md")
	edits := []Change{
		{Kind: ChangeOpen, Path: p, Version: 1, Text: []byte("---\nname: a\ndescription: typed 1\n---\n")},
		{Kind: ChangeEdit, Path: p, Version: 2, Text: []byte("---\nname: a\ndescription: typed 2\n---\nbody\n")},
		{Kind: ChangeEdit, Path: p, Version: 3, Text: []byte("---\nname: a\ndescription: broken: yes\n---\n")},
		{Kind: ChangeEdit, Path: p, Version: 4, Text: []byte("---\nname: a\ndescription: still broken: yes\n---\n")},
		{Kind: ChangeEdit, Path: p, Version: 5, Text: []byte("---\nname: renamed\ndescription: fixed\n---\n")},
		{Kind: ChangeOpen, Path: q, Version: 1, Text: []byte("---\nname: b\ndescription: user b typed\ndisable-model-invocation: true\n---\n")},
		{Kind: ChangeOpen, Path: loose, Version: 1, Text: []byte("---\nname: loose\ndescription: x\n---\n")},
		{Kind: ChangeEdit, Path: loose, Version: 2, Text: []byte("---\nname: loose\ndescription: y\n---\n")},
		{Kind: ChangeEdit, Path: p, Version: 6, Text: []byte("---\nname: a\ndescription: back\n---\n")},
	}
	for i, c := range edits {
		got := fast.Apply(t.Context(), c)
		want := full.Apply(t.Context(), c, Change{Kind: ChangeRescan})
		if summary(got) != summary(want) {
			t.Fatalf("edit %d: fast path\n%s\nfull resolve\n%s", i, summary(got), summary(want))
		}
		for _, f := range want.Files() {
			if g := got.File(f.Path); g == nil || !bytes.Equal(textOf(got, g), textOf(want, f)) {
				t.Fatalf("edit %d: file %s differs", i, f.Path)
			}
		}
		if sk := got.SkillAt(p); sk != nil && sk.File != got.File(p) {
			t.Fatalf("edit %d: SkillAt returns a stale skill", i)
		}
	}
}

// TestUpdatedWinnersMatchFullResolve edits skills whose names are unique,
// a dropped file, and more distinct skills than a table's top holds,
// checking the updated registry against a full resolve as it goes.
func TestUpdatedWinnersMatchFullResolve(t *testing.T) {
	dir := t.TempDir()
	roots := testRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	const n = maxTop + 40
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		writeSkill(t, filepath.Join(agents, name, "SKILL.md"), name, "first "+name)
	}
	broken := filepath.Join(agents, "broken", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(broken), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, []byte("---\nname: broken\ndescription: a: b\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fast := NewWorkspace(roots, LoadOptions{})
	fast.Load(t.Context())
	full := NewWorkspace(roots, LoadOptions{})
	full.Load(t.Context())
	check := func(step string, c Change) {
		t.Helper()
		prev := fast.Snapshot()
		before := summary(prev)
		got := fast.Apply(t.Context(), c)
		want := full.Apply(t.Context(), c, Change{Kind: ChangeRescan})
		if summary(got) != summary(want) {
			t.Fatalf("%s: fast path\n%s\nfull resolve\n%s", step, summary(got), summary(want))
		}
		if walked := slices.Collect(got.Registry.AllWinners()); !sameNames(walked, want.Registry.Winners()) {
			t.Fatalf("%s: AllWinners walks %d skills unlike Winners", step, len(walked))
		}
		if walked := slices.Collect(got.Registry.AllWinners()); !slices.Equal(walked, got.Registry.Winners()) {
			t.Fatalf("%s: AllWinners differs from the registry's own Winners", step)
		}
		if summary(prev) != before {
			t.Fatalf("%s: the edit changed the previous snapshot", step)
		}
	}
	check("open broken", Change{Kind: ChangeOpen, Path: broken, Version: 1, Text: []byte("---\nname: broken\ndescription: 'a: b' still: no\n---\n")})
	check("edit broken", Change{Kind: ChangeEdit, Path: broken, Version: 2, Text: []byte("---\nname: broken\ndescription: x: y\n---\n")})
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		p := filepath.Join(agents, name, "SKILL.md")
		check("open "+name, Change{Kind: ChangeOpen, Path: p, Version: 1, Text: fmt.Appendf(nil, "---\nname: %s\ndescription: typed %d\n---\n", name, i)})
		if i%50 == 0 {
			check("edit "+name, Change{Kind: ChangeEdit, Path: p, Version: 2, Text: fmt.Appendf(nil, "---\nname: %s\ndescription: again %d\n---\n", name, i)})
		}
	}
}
