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

// TestRenderToTerminalEscapes: render prints the model's bytes, but a
// terminal obeys some of them: a body's OSC 52 set the clipboard and its
// ESC [2J cleared the screen, notes included, when render skill wrote to
// a terminal. There the controls are escaped (tabs and line breaks kept);
// through a pipe the bytes stay exact.
func TestRenderToTerminalEscapes(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	skill := filepath.Join(dir, "p", ".agents", "skills", "esc")
	if err := os.MkdirAll(skill, 0o755); err != nil {
		t.Fatal(err)
	}
	body := "Hello \x1b]52;c;ZXZpbA==\a and \x1b[2J\tdone \u202eright\n"
	if err := os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte("---\nname: esc\ndescription: Escapes.\n---\n"+body), 0o644); err != nil {
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
	if status := run(context.Background(), []string{"render", "skill", "esc"}, strings.NewReader(""), tty, &stderr); status != exitOK {
		t.Fatalf("exit %d: %s", status, &stderr)
	}
	tty.Close()
	out := string(<-got)
	if strings.ContainsAny(out, "\x1b\a\u202e") || !strings.Contains(out, `Hello \033]52;c;ZXZpbA==\a and \033[2J`+"\tdone "+`\342\200\256right`) {
		t.Errorf("the terminal got %q", out)
	}

	var stdout bytes.Buffer
	run(context.Background(), []string{"render", "skill", "esc"}, strings.NewReader(""), &stdout, &stderr)
	if !strings.Contains(stdout.String(), body) {
		t.Errorf("a pipe got %q, want the body's bytes", stdout.String())
	}
}
