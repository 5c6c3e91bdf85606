package main

import (
	"bytes"
	"os"
	"testing"
)

// TestUnreadProbe: on a pipe, the probe reports the bytes written and not
// yet read, at the writer's end; a file or a buffer has no probe.
func TestUnreadProbe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	unread := unreadProbe(w)
	if unread == nil {
		t.Fatal("no probe for a pipe")
	}
	if n, ok := unread(); !ok || n != 0 {
		t.Errorf("empty pipe: %d, %v; want 0, true", n, ok)
	}
	if _, err := w.Write(make([]byte, 3000)); err != nil {
		t.Fatal(err)
	}
	if n, ok := unread(); !ok || n != 3000 {
		t.Errorf("after writing 3000 bytes: %d, %v", n, ok)
	}
	if _, err := r.Read(make([]byte, 1000)); err != nil {
		t.Fatal(err)
	}
	if n, ok := unread(); !ok || n != 2000 {
		t.Errorf("after reading 1000 of them: %d, %v", n, ok)
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if unreadProbe(f) != nil || unreadProbe(&bytes.Buffer{}) != nil {
		t.Error("a probe for a regular file or a buffer")
	}
}
