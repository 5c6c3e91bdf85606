package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runOnTerminal runs skill-ls with args and its stdout on a
// pseudo-terminal, and returns what the terminal got, stderr and the exit
// status.
func runOnTerminal(t *testing.T, args ...string) (screen, stderr string, status int) {
	t.Helper()
	master, tty := openPTY(t)
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(master) // ends with EIO when the terminal is closed
		got <- b
	}()
	var errOut bytes.Buffer
	status = run(context.Background(), args, strings.NewReader(""), tty, &errOut)
	tty.Close() // the master then reads to the end, and fails
	return string(<-got), errOut.String(), status
}

// escSkillProject makes a project holding .agents/skills/esc/SKILL.md with
// src, DSH's other roots empty, and makes it the working directory.
func escSkillProject(t *testing.T, src string) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	skill := filepath.Join(dir, "p", ".agents", "skills", "esc")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(dir, "p"))
}
