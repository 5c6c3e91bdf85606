package discovery

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// TestReadSkillFile reads every kind of path a root can hold: the bytes of
// a regular file (through links, whatever its size and mode), and a clear
// error, never a block, for the rest.
func TestReadSkillFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte, perm os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, perm); err != nil {
			t.Fatal(err)
		}
		return p
	}
	text := []byte("---\nname: a\ndescription: é 日本 𐐀\n---\nbody\r\n")
	big := bytes.Repeat([]byte("x"), 1<<16+3)
	huge := write("huge.md", nil, 0o644)
	if err := os.Truncate(huge, skillfile.MaxFileSize+1); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	broken := filepath.Join(dir, "broken.md")
	fifo := filepath.Join(dir, "fifo.md")
	for _, err := range []error{os.Symlink("SKILL.md", link), os.Symlink("nowhere.md", broken), syscall.Mkfifo(fifo, 0o644)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		path    string
		want    []byte
		wantErr error // nil: read; else errors.Is
	}{
		{"text", write("SKILL.md", text, 0o644), text, nil},
		{"empty", write("empty.md", nil, 0o600), []byte{}, nil},
		{"binary", write("bin.md", []byte("\x00\x01\x02"), 0o755), []byte("\x00\x01\x02"), nil},
		{"larger than one read", write("big.md", big, 0o644), big, nil},
		{"setuid", write("setuid.md", []byte("x"), 0o644|os.ModeSetuid), []byte("x"), nil},
		{"link", link, text, nil},
		{"missing", filepath.Join(dir, "missing.md"), nil, os.ErrNotExist},
		{"under a file", filepath.Join(dir, "SKILL.md", "x.md"), nil, syscall.ENOTDIR},
		{"broken link", broken, nil, os.ErrNotExist},
		{"directory", dir, nil, ErrNotRegular},
		{"FIFO", fifo, nil, ErrNotRegular},
		{"over the size limit", huge, nil, ErrTooLarge},
	}
	for _, tt := range tests {
		for _, buf := range [][]byte{nil, make([]byte, 0, 8), make([]byte, 0, 1<<20)} {
			got, size, err := ReadSkillFile(tt.path, buf)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || got != nil {
					t.Errorf("%s: %q, %v; want the error %v", tt.name, got, err, tt.wantErr)
				}
				continue
			}
			if err != nil || !bytes.Equal(got, tt.want) || size != int64(len(tt.want)) {
				t.Errorf("%s (buffer of %d): %d bytes, size %d, %v; want %d bytes", tt.name, cap(buf), len(got), size, err, len(tt.want))
			}
		}
	}
}
