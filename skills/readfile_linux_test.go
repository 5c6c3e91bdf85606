package skills

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadSkillFileMatchesOS holds readSkillFile (bare system calls on
// Linux) to readSkillFileOS: the same bytes, errors and file info for
// every kind of path a root can hold.
func TestReadSkillFileMatchesOS(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte, perm os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, perm); err != nil {
			t.Fatal(err)
		}
		return p
	}
	paths := []string{
		write("SKILL.md", []byte("---\nname: a\ndescription: é 日本 𐐀\n---\nbody\r\n"), 0o644),
		write("empty.md", nil, 0o600),
		write("bin.md", []byte("\x00\x01\x02"), 0o755),
		write("big.md", bytes.Repeat([]byte("x"), 1<<16+3), 0o644),
		write("setuid.md", []byte("x"), 0o644|os.ModeSetuid),
		filepath.Join(dir, "missing.md"),
		filepath.Join(dir, "SKILL.md", "under-a-file.md"),
		dir,
	}
	huge := write("huge.md", nil, 0o644)
	if err := os.Truncate(huge, MaxFileSize+1); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, huge)
	if err := os.Symlink("SKILL.md", filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere.md", filepath.Join(dir, "broken.md")); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, filepath.Join(dir, "link.md"), filepath.Join(dir, "broken.md"))
	if fifo := filepath.Join(dir, "fifo.md"); syscall.Mkfifo(fifo, 0o644) == nil {
		paths = append(paths, fifo)
	}
	for _, p := range paths {
		got, gotInfo, gotErr := readSkillFile(p)
		want, wantInfo, wantErr := readSkillFileOS(p)
		if !bytes.Equal(got, want) || (got == nil) != (want == nil) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("%s: read %q, %v; want %q, %v", p, got, gotErr, want, wantErr)
		}
		if (gotInfo == nil) != (wantInfo == nil) {
			t.Errorf("%s: info %v, want %v", p, gotInfo, wantInfo)
			continue
		}
		if gotInfo == nil {
			continue
		}
		if gotInfo.Name() != wantInfo.Name() || gotInfo.Size() != wantInfo.Size() || gotInfo.Mode() != wantInfo.Mode() ||
			!gotInfo.ModTime().Equal(wantInfo.ModTime()) || gotInfo.IsDir() != wantInfo.IsDir() {
			t.Errorf("%s: info %s %d %v %v %v; want %s %d %v %v %v", p,
				gotInfo.Name(), gotInfo.Size(), gotInfo.Mode(), gotInfo.ModTime(), gotInfo.IsDir(),
				wantInfo.Name(), wantInfo.Size(), wantInfo.Mode(), wantInfo.ModTime(), wantInfo.IsDir())
		}
		g, w := *gotInfo.Sys().(*syscall.Stat_t), *wantInfo.Sys().(*syscall.Stat_t)
		g.Atim = w.Atim // the first read may have moved it
		if g != w {
			t.Errorf("%s: Sys %+v, want %+v", p, g, w)
		}
	}
}
