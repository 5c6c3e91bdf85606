//go:build unix

package main

import (
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
