//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// fixableTree writes a project whose skill a has one safe fix, and returns
// the skill file's path; the test's working directory is dir.
func fixableTree(t *testing.T) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(`
-- project/.git/HEAD --
-- project/.agents/skills/a/SKILL.md --
---
name: a
description: Use when: the user asks
---
`)))
	t.Chdir(dir)
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	return dir, filepath.Join(dir, "project", ".agents", "skills", "a", "SKILL.md")
}

const fixedA = "---\nname: a\ndescription: 'Use when: the user asks'\n---\n"

// TestFixWritesInPlace: --fix rewrites the file itself: the same inode,
// its mode, and its hard links, which see the fixed text; no backup is
// left next to it.
func TestFixWritesInPlace(t *testing.T) {
	dir, path := fixableTree(t)
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "project", "hard-link.md")
	if err := os.Link(path, hard); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	if _, stderr, code := checkIn(t, "--fix"); code != exitOK || !strings.Contains(stderr, "Fixed 1 problem in 1 file.") {
		t.Fatalf("check --fix: %d\n%s", code, stderr)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("the file was replaced: another inode")
	}
	if after.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", after.Mode().Perm())
	}
	if got, _ := os.ReadFile(hard); string(got) != fixedA {
		t.Errorf("the hard link holds %q, want the fixed text", got)
	}
	if st, ok := after.Sys().(*syscall.Stat_t); ok && st.Nlink != 2 {
		t.Errorf("%d links, want 2", st.Nlink)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("files left beside SKILL.md: %v", entries)
	}
}

// TestFixKeepsOwner: a fix run by root keeps the owner and group of a file
// that belongs to another user (a replaced file would become root's). It
// needs to give a file away, which only root can: CI runs as root; where
// the test cannot, it says so.
func TestFixKeepsOwner(t *testing.T) {
	_, path := fixableTree(t)
	const uid, gid = 54321, 54322
	if err := os.Chown(path, uid, gid); err != nil {
		t.Skipf("cannot give a file to uid %d here (%v): the owner test needs root, as in CI", uid, err)
	}
	os.Chmod(path, 0o600)
	if _, stderr, code := checkIn(t, "--fix"); code != exitOK {
		t.Fatalf("check --fix: %d\n%s", code, stderr)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != uid || st.Gid != gid || fi.Mode().Perm() != 0o600 {
		t.Errorf("owner %d:%d mode %v, want %d:%d 0600", st.Uid, st.Gid, fi.Mode().Perm(), uid, gid)
	}
	if got, _ := os.ReadFile(path); string(got) != fixedA {
		t.Errorf("the file holds %q, want the fixed text", got)
	}
}

// TestWriteRefusesChangedFile: a file whose bytes are no longer those the
// fix was computed from is not written, and no backup is left.
func TestWriteRefusesChangedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "SKILL.md")
	os.WriteFile(path, []byte("appended by someone\n"), 0o644)
	if err := writeInPlace(path, []byte("old"), []byte("new")); err != errChanged {
		t.Errorf("got %v, want errChanged", err)
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

// TestParseLeftover: the names of skill-ls's own files, and only those.
func TestParseLeftover(t *testing.T) {
	for name, want := range map[string]string{
		".SKILL.md.skill-ls-123":                     "SKILL.md/",
		".SKILL.md.skill-ls-0123456789abcdef-42":     "SKILL.md/0123456789abcdef",
		".pdf.md.skill-ls-99":                        "pdf.md/",
		".SKILL.md.skill-ls-":                        "",
		"SKILL.md.skill-ls-123":                      "",
		".SKILL.md.skill-ls-0123456789ABCDEF-42":     "",
		".SKILL.md.skill-ls-0123456789abcdef-x":      "",
		".SKILL.md.skill-ls-notes":                   "",
		".skill-ls-123":                              "",
		".x.skill-ls-0123456789abcdef0123456789ab-1": "",
	} {
		file, tag, ok := parseLeftover(name)
		got := ""
		if ok {
			got = file + "/" + tag
		}
		if got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}
