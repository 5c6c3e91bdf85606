//go:build unix

package pollstdin

import (
	"bytes"
	"io"
	"os"
	"testing"
	"time"
)

// TestPollableStdin: a pipe comes back as a file the poller serves, which
// reads what was written and whose Close ends a read that waits; a
// regular file or a reader that is no file comes back as it was.
func TestPollableStdin(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	in := Pollable(r)
	f, ok := in.(*os.File)
	if !ok || f == r {
		t.Fatalf("Pollable(pipe) = %T %v; want a new *os.File", in, in == io.Reader(r))
	}
	if _, err := w.Write([]byte("Content-Length: 2\r\n\r\n{}")); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 64)
	n, err := f.Read(got)
	if err != nil || string(got[:n]) != "Content-Length: 2\r\n\r\n{}" {
		t.Fatalf("read %q, %v", got[:n], err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := f.Read(got)
		done <- err
	}()
	time.Sleep(10 * time.Millisecond)
	f.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a read after Close returned no error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end a waiting read")
	}

	reg, err := os.CreateTemp(t.TempDir(), "in")
	if err != nil {
		t.Fatal(err)
	}
	defer reg.Close()
	if Pollable(reg) != io.Reader(reg) {
		t.Error("a regular file was changed")
	}
	var buf bytes.Buffer
	if Pollable(&buf) != io.Reader(&buf) {
		t.Error("a buffer was changed")
	}
}
