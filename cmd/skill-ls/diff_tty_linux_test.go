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

// TestDiffToTerminalEscapes: a patch's lines are the files' own bytes,
// and --diff printed a skill's escape sequences (OSC 52 sets the
// clipboard) to a terminal, which obeyed them. There the controls are
// escaped, as render escapes the model's text; through a pipe the patch
// keeps the exact bytes git apply needs.
func TestDiffToTerminalEscapes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	skill := filepath.Join(dir, "p", ".agents", "skills", "esc")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	// A colon in the description: its safe fix quotes the value, and the
	// hunk shows the line that holds the escape sequence.
	src := "---\nname: esc\ndescription: Use it: now \x1b]52;c;ZXZpbA==\a here\n---\nBody\n"
	if err := os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(dir, "p"))

	master, tty := openPTY(t)
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(master) // ends with EIO when the terminal is closed
		got <- b
	}()
	var stderr bytes.Buffer
	run(context.Background(), []string{"check", "--diff"}, strings.NewReader(""), tty, &stderr)
	tty.Close()
	out := string(<-got)
	if strings.ContainsAny(out, "\x1b\a") || !strings.Contains(out, `\033]52;c;ZXZpbA==\a`) {
		t.Errorf("the terminal got %q (stderr %s)", out, &stderr)
	}

	var stdout bytes.Buffer
	run(context.Background(), []string{"check", "--diff"}, strings.NewReader(""), &stdout, &stderr)
	if !strings.Contains(stdout.String(), "-description: Use it: now \x1b]52;c;ZXZpbA==\a here\n") {
		t.Errorf("a pipe got %q, want the file's bytes", stdout.String())
	}
}
