package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// TestTerminalBanner starts the program as a person would, with no
// arguments in a terminal (a pseudo-terminal here): it says on stderr that
// it speaks LSP on stdin and how to get help, writes nothing on stdout, and
// stops at Ctrl-D. Started over a pipe, as editors do, it says nothing
// (issue 9, point 13).
func TestTerminalBanner(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	banner := []string{"language server", "Language Server Protocol", "stdin and stdout", "skill-ls --help", "Ctrl-D"}

	t.Run("terminal", func(t *testing.T) {
		master, tty := openPTY(t)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var stdout, stderr bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- run(ctx, nil, tty, &stdout, &stderr) }()
		// Ctrl-D at the start of a line ends the terminal's input (the
		// line discipline keeps it until the server reads).
		if _, err := master.Write([]byte{4}); err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-ctx.Done():
			t.Fatal("the server did not stop at Ctrl-D")
		}
		for _, want := range banner {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr lacks %q:\n%s", want, &stderr)
			}
		}
		if stdout.Len() != 0 {
			t.Errorf("stdout = %q, want nothing (it belongs to JSON-RPC)", &stdout)
		}
	})

	t.Run("pipe", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		w.Close() // at once: end of input
		defer r.Close()
		var stderr bytes.Buffer
		run(context.Background(), nil, r, io.Discard, &stderr)
		if strings.Contains(stderr.String(), banner[0]) {
			t.Errorf("the banner went to an editor's pipe:\n%s", &stderr)
		}
	})
	t.Run("/dev/null", func(t *testing.T) {
		null, err := os.Open(os.DevNull) // a character device, not a terminal
		if err != nil {
			t.Fatal(err)
		}
		defer null.Close()
		var stderr bytes.Buffer
		run(context.Background(), nil, null, io.Discard, &stderr)
		if strings.Contains(stderr.String(), banner[0]) {
			t.Errorf("the banner went out with stdin from /dev/null:\n%s", &stderr)
		}
	})
}

// openPTY opens a pseudo-terminal pair: the master end (the keyboard side)
// and the terminal a program reads.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	ioctl := func(req uintptr, arg *uint32) error {
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), req, uintptr(unsafe.Pointer(arg))); errno != 0 {
			return errno
		}
		return nil
	}
	var unlock, n uint32
	if err := ioctl(syscall.TIOCSPTLCK, &unlock); err != nil {
		t.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	if err := ioctl(syscall.TIOCGPTN, &n); err != nil {
		t.Fatalf("naming the pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return master, tty
}
