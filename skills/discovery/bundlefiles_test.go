package discovery

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadBundleFilesBounds: a file the skill links to is read however
// deep and in a dot folder, never through a symbolic link or outside the
// bundle; what the bounds leave out is named with its bound (issue 38,
// point 8).
func TestReadBundleFilesBounds(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	for _, rel := range []string{"SKILL.md", "a/b/c/deep.sh", "a/b/c/other.sh", ".hidden/run.sh", ".dot.sh", "node_modules/x.js", "top.sh"} {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.sh"), []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	linked := []string{
		filepath.Join(dir, "a/b/c/deep.sh"), filepath.Join(dir, ".hidden/run.sh"),
		filepath.Join(dir, "link/secret.sh"), filepath.Join(outside, "secret.sh"), filepath.Join(dir, "SKILL.md"),
	}
	files, skipped := ReadBundleFiles(dir, filepath.Join(dir, "SKILL.md"), linked, func(string, []byte) bool { return true })
	var read []string
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f.Path)
		read = append(read, rel)
	}
	slices.Sort(read)
	if want := []string{".hidden/run.sh", "a/b/c/deep.sh", "top.sh"}; !slices.Equal(read, want) {
		t.Errorf("read %q, want %q", read, want)
	}
	var notes []string
	for _, s := range skipped {
		rel, _ := filepath.Rel(dir, s.Path)
		notes = append(notes, rel+" "+s.Why[strings.LastIndexByte(s.Why, '('):])
	}
	slices.Sort(notes)
	want := []string{".dot.sh (dot folders)", ".hidden (dot folders)", "a/b/c (depth)", "link (links)", "node_modules (dot folders)"}
	if !slices.Equal(notes, want) {
		t.Errorf("skipped %q, want %q", notes, want)
	}
}

// TestReadBundleFilesCount: the files past the count are counted, once.
func TestReadBundleFilesCount(t *testing.T) {
	dir := t.TempDir()
	for i := range MaxBundleFiles + 3 {
		if err := os.WriteFile(filepath.Join(dir, strings.Repeat("f", 1+i%5)+string(rune('a'+i%26))+string(rune('a'+i/26))), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, skipped := ReadBundleFiles(dir, "", nil, func(string, []byte) bool { return false })
	if len(files) != MaxBundleFiles || len(skipped) != 1 || skipped[0].Why != "3 files not read past the first 64 (count)" {
		t.Errorf("%d files, skipped %+v", len(files), skipped)
	}
}
