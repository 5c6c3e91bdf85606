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

// TestCheckWatch runs `check --watch`, breaks a skill on disk and waits for
// the re-check to report it, then fixes it and waits for the clean run.
func TestCheckWatch(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	p := filepath.Join(root, "pdf", "SKILL.md")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("---\nname: pdf\ndescription: fine\n---\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"check", "--watch", "--no-default-roots", "--custom-dir", root}, strings.NewReader(""), &stdout, &stderr)
	}()
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				cancel()
				t.Fatalf("timed out waiting for %s\nstdout:\n%s\nstderr:\n%s", what, stdout.String(), stderr.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("the first run", func() bool { return strings.Contains(stderr.String(), "Watching the skill roots") })
	os.WriteFile(p, []byte("---\nname: pdf\ndescription: Use when: broken\n---\n"), 0o644)
	waitFor("the broken skill", func() bool { return strings.Contains(stdout.String(), "[yaml-unquoted-colon]") })
	os.WriteFile(p, []byte("---\nname: pdf\ndescription: 'Use when: fixed'\n---\n"), 0o644)
	waitFor("the clean re-check", func() bool { return strings.Count(stderr.String(), "0 errors, 0 warnings") >= 2 })
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d after a clean last run, want 0", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("check --watch did not stop when its context ended")
	}
}

// TestCheckWatchHostileName runs `check --watch`, then creates a skill in
// a folder whose name holds a newline, a forged finding and ESC [8m: the
// re-check reports it on one inert line.
func TestCheckWatchHostileName(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	os.MkdirAll(root, 0o755)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"check", "--watch", "--no-default-roots", "--custom-dir", root}, strings.NewReader(""), &stdout, &stderr)
	}()
	deadline := time.Now().Add(15 * time.Second)
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s\nstdout:\n%s\nstderr:\n%s", what, stdout.String(), stderr.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("the first run", func() bool { return strings.Contains(stderr.String(), "Watching the skill roots") })
	p := filepath.Join(root, "evil\nREADME.md:1:1: error: pwned\x1b[8m", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	os.WriteFile(p, []byte("---\nname: evil\ndescription: Use when: x\n---\n"), 0o644)
	waitFor("the hostile skill", func() bool { return strings.Contains(stdout.String(), "[yaml-unquoted-colon]") })
	cancel()
	<-done
	checkInertOutput(t, "check --watch stdout", stdout.String())
	checkInertOutput(t, "check --watch stderr", stderr.String())
	if !strings.Contains(stdout.String(), `\nREADME.md:1:1: error: pwned\033[8m/SKILL.md":3:14: error:`) {
		t.Errorf("the finding does not name the folder quoted:\n%s", stdout.String())
	}
}
