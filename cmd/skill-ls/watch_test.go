package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for a writer and a poller.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// watchSession is a `check --watch` running in the test's process.
type watchSession struct {
	t              *testing.T
	stdout, stderr lockedBuffer
	cancel         context.CancelFunc
	done           chan int
	deadline       time.Time
}

// startWatch runs check --watch with args and waits for its first run.
func startWatch(t *testing.T, args ...string) *watchSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := &watchSession{t: t, cancel: cancel, done: make(chan int, 1), deadline: time.Now().Add(20 * time.Second)}
	t.Cleanup(cancel)
	go func() {
		w.done <- run(ctx, append([]string{"check", "--watch"}, args...), strings.NewReader(""), &w.stdout, &w.stderr)
	}()
	w.waitFor("the first run", func() bool { return strings.Contains(w.stderr.String(), "Watching the skill roots") })
	return w
}

// waitFor waits until cond holds, failing the test at the session's deadline.
func (w *watchSession) waitFor(what string, cond func() bool) {
	w.t.Helper()
	for !cond() {
		if time.Now().After(w.deadline) {
			w.cancel()
			w.t.Fatalf("timed out waiting for %s\nstdout:\n%s\nstderr:\n%s", what, w.stdout.String(), w.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// lastRun returns the last run's findings (stdout after the last "-- TIME:
// N paths changed --" line) and its summary line on stderr.
func (w *watchSession) lastRun() (out, summary string) {
	out = w.stdout.String()
	if i := strings.LastIndex(out, "\n-- "); i >= 0 {
		out = out[i:]
	}
	lines := strings.Split(w.stderr.String(), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], " skill file") {
			return out, lines[i]
		}
	}
	return out, ""
}

// stop interrupts the session and returns its exit status.
func (w *watchSession) stop() int {
	w.t.Helper()
	w.cancel()
	select {
	case code := <-w.done:
		return code
	case <-time.After(10 * time.Second):
		w.t.Fatal("check --watch did not stop when its context ended")
		return -1
	}
}

// TestCheckWatch runs `check --watch`, breaks a skill on disk and waits for
// the re-check to report it, then fixes it and waits for the clean run.
func TestCheckWatch(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	p := filepath.Join(root, "pdf", "SKILL.md")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("---\nname: pdf\ndescription: fine\n---\n"), 0o644)
	w := startWatch(t, "--no-default-roots", "--custom-dir", root)
	os.WriteFile(p, []byte("---\nname: pdf\ndescription: Use when: broken\n---\n"), 0o644)
	w.waitFor("the broken skill", func() bool { return strings.Contains(w.stdout.String(), "[yaml-unquoted-colon]") })
	os.WriteFile(p, []byte("---\nname: pdf\ndescription: 'Use when: fixed'\n---\n"), 0o644)
	w.waitFor("the clean re-check", func() bool { return strings.Count(w.stderr.String(), "0 errors, 0 warnings") >= 2 })
	if code := w.stop(); code != 0 {
		t.Errorf("exit %d after a clean last run, want 0", code)
	}
}

// TestCheckWatchHostFolders runs a plain `check --watch` in a project whose
// skills are in .claude/skills: it checks them with the rules of the hosts
// that read that folder, and follows a file breaking, a new skill and a
// deleted one.
func TestCheckWatchHostFolders(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", filepath.Join(dir, "home"))
	project := filepath.Join(dir, "project")
	folder := filepath.Join(project, ".claude", "skills")
	writeSkill := func(name, text string) {
		os.MkdirAll(filepath.Join(folder, name), 0o755)
		os.WriteFile(filepath.Join(folder, name, "SKILL.md"), []byte(text), 0o644)
	}
	writeSkill("pdf", "---\nname: pdf\ndescription: Use when reading PDF files.\n---\nRead it.\n")
	os.Mkdir(filepath.Join(project, ".git"), 0o755)
	w := startWatch(t, "--cwd", project, "--format", "concise")
	w.waitFor("the host folder", func() bool { return strings.Contains(w.stderr.String(), "(found .claude/skills)") })
	writeSkill("pdf", "---\nname: pdf\ndescription: Use when: broken\n---\nRead it.\n")
	w.waitFor("the host's drop", func() bool {
		return strings.Contains(w.stdout.String(), "error: GitHub Copilot CLI and Goose skip this skill")
	})
	writeSkill("csv", "---\nname: csv\n---\nRead it.\n")
	w.waitFor("the new skill", func() bool {
		return strings.Contains(w.stdout.String(), "csv/SKILL.md:1:1: warning: Claude Code describes this skill by the first line of its body")
	})
	os.RemoveAll(filepath.Join(folder, "pdf"))
	w.waitFor("the deleted skill", func() bool {
		// The info was Cursor's unconfirmed note on the missing
		// description: host-unconfirmed is off without --verbose. The fifth
		// warning is Copilot CLI describing the skill by its body.
		return strings.Contains(w.stderr.String(), "0 errors, 5 warnings in 1 skill file")
	})
	if code := w.stop(); code != 0 {
		t.Errorf("exit %d after a last run without errors, want 0", code)
	}
}

// TestCheckWatchHostileName runs `check --watch`, then creates a skill in
// a folder whose name holds a newline, a forged finding and ESC [8m: the
// re-check reports it on one inert line.
func TestCheckWatchHostileName(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	os.MkdirAll(root, 0o755)
	w := startWatch(t, "--no-default-roots", "--custom-dir", root)
	p := filepath.Join(root, "evil\nREADME.md:1:1: error: pwned\x1b[8m", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	os.WriteFile(p, []byte("---\nname: evil\ndescription: Use when: x\n---\n"), 0o644)
	w.waitFor("the hostile skill", func() bool { return strings.Contains(w.stdout.String(), "[yaml-unquoted-colon]") })
	w.stop()
	checkInertOutput(t, "check --watch stdout", w.stdout.String())
	checkInertOutput(t, "check --watch stderr", w.stderr.String())
	if !strings.Contains(w.stdout.String(), `\nREADME.md:1:1: error: pwned\033[8m/SKILL.md":3:14: error:`) {
		t.Errorf("the finding does not name the folder quoted:\n%s", w.stdout.String())
	}
}
