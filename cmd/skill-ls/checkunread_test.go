package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCheckUnreadHostFile: a SKILL.md in .claude/skills that skill-ls
// cannot read (over 16 MiB, a link to itself) is a skill file the hosts
// find and drop. `check PATH` on its bundle reported it, counted "0
// skill files" and said no skill file was found in the PATHs; `check
// --host claude PATH` printed the other unread files of the folder too,
// outside the PATH.
func TestCheckUnreadHostFile(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	skills := filepath.Join(project, ".claude", "skills")
	for rel, text := range map[string]string{
		".git/HEAD":                    "ref: refs/heads/main\n",
		".claude/skills/ok/SKILL.md":   "---\nname: ok\ndescription: A skill.\n---\nBody.\n",
		".claude/skills/huge/SKILL.md": "---\nname: huge\ndescription: A huge skill.\n---\n",
	} {
		p := filepath.Join(project, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Truncate(filepath.Join(skills, "huge", "SKILL.md"), 17<<20); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(skills, "loop"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("SKILL.md", filepath.Join(skills, "loop", "SKILL.md")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Chdir(project)
	for _, tc := range []struct {
		args       []string
		want, deny string
	}{
		{[]string{"check", ".claude/skills/huge"}, ".claude/skills/huge/SKILL.md:1:1: error: skill-ls did not read this file", "loop"},
		{[]string{"check", "--host", "claude", ".claude/skills/loop"}, ".claude/skills/loop/SKILL.md:1:1: error: Claude Code cannot read this file", "huge"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append(tc.args, "--format", "concise"), strings.NewReader(""), &stdout, &stderr)
		if code != exitFound || !strings.Contains(stdout.String(), tc.want) || strings.Contains(stdout.String(), tc.deny) {
			t.Errorf("%v: exit %d, want %d, %q and no %q:\n%s", tc.args, code, exitFound, tc.want, tc.deny, stdout.String())
		}
		if !strings.Contains(stderr.String(), "1 error, 0 warnings in 1 skill file\n") || strings.Contains(stderr.String(), "No skill files were found") {
			t.Errorf("%v: the summary does not count the unread file:\n%s", tc.args, stderr.String())
		}
	}
}

// TestCheckFIFOHostFile: a SKILL.md in .claude/skills that is a FIFO got
// no finding and no count (the hosts' walk took regular files only), and
// `check` on its bundle said no skill file was found. It is reported as
// DSH's roots report one (not-regular-file), naming the hosts, counted,
// and never waited on.
func TestCheckFIFOHostFile(t *testing.T) {
	project := filepath.Join(t.TempDir(), "project")
	for _, d := range []string{".git", ".claude/skills/ok", ".claude/skills/pipe"} {
		if err := os.MkdirAll(filepath.Join(project, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(project, ".claude/skills/ok/SKILL.md"), []byte("---\nname: ok\ndescription: A skill.\n---\nBody.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(project, ".claude/skills/pipe/SKILL.md"), 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	t.Setenv("HOME", filepath.Join(t.TempDir(), "home"))
	t.Chdir(project)
	const want = ".claude/skills/pipe/SKILL.md:1:1: warning: Claude Code"
	for _, tc := range []struct {
		args    []string
		summary string
	}{
		{[]string{"check"}, "0 errors, 1 warning in 2 skill files\n"},
		{[]string{"check", ".claude/skills/pipe"}, "0 errors, 1 warning in 1 skill file\n"},
		{[]string{"check", "--host", "claude", ".claude/skills/pipe"}, "0 errors, 1 warning in 1 skill file\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(t.Context(), append(tc.args, "--format", "concise"), strings.NewReader(""), &stdout, &stderr)
		out := stdout.String()
		if code != exitOK || !strings.Contains(out, want) || !strings.Contains(out, "cannot read this file: it is not a regular file (a FIFO) [not-regular-file]") {
			t.Errorf("%v: exit %d, want %d and %q:\n%s", tc.args, code, exitOK, want, out)
		}
		if !strings.Contains(stderr.String(), tc.summary) {
			t.Errorf("%v: the summary does not count the FIFO, want %q:\n%s", tc.args, tc.summary, stderr.String())
		}
	}
}
