//go:build unix

package atomicwrite

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteRefusesChangedFile: a file whose bytes are no longer those the
// fix was computed from is not written, and no backup is left.
func TestWriteRefusesChangedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "SKILL.md")
	os.WriteFile(path, []byte("appended by someone\n"), 0o644)
	if err := InPlace(path, []byte("old"), []byte("new")); err != ErrChanged {
		t.Errorf("got %v, want ErrChanged", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}

// TestKeepAppended: bytes another program appended while a shorter fixed
// text was written over the old one follow the fixed text, and the error
// names the backup.
func TestKeepAppended(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "SKILL.md")
	orig, fixed := []byte("0123456789\n"), []byte("fixed\n")
	// The state after the fixed text was written at 0 over orig, and
	// "tail\n" was appended meanwhile.
	os.WriteFile(path, append(append(append([]byte{}, fixed...), orig[len(fixed):]...), "tail\n"...), 0o644)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = keepAppended(f, orig, fixed, int64(len(orig)+5), "/backup")
	if _, ok := err.(errGrew); !ok || !strings.Contains(err.Error(), "/backup") {
		t.Errorf("got %v, want errGrew naming the backup", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, []byte("fixed\ntail\n")) {
		t.Errorf("the file holds %q", got)
	}
}
