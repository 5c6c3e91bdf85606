package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestRenderToTerminalEscapes: render prints the model's bytes, but a
// terminal obeys some of them: a body's OSC 52 set the clipboard and its
// ESC [2J cleared the screen, notes included, when render skill wrote to
// a terminal. There the controls are escaped (tabs and line breaks kept);
// through a pipe the bytes stay exact.
func TestRenderToTerminalEscapes(t *testing.T) {
	body := "Hello \x1b]52;c;ZXZpbA==\a and \x1b[2J\tdone \u202eright\n"
	escSkillProject(t, "---\nname: esc\ndescription: Escapes.\n---\n"+body)

	out, stderr, status := runOnTerminal(t, "render", "skill", "esc")
	if status != exitOK {
		t.Fatalf("exit %d: %s", status, stderr)
	}
	if strings.ContainsAny(out, "\x1b\a\u202e") || !strings.Contains(out, `Hello \033]52;c;ZXZpbA==\a and \033[2J`+"\tdone "+`\342\200\256right`) {
		t.Errorf("the terminal got %q", out)
	}

	var stdout, errOut bytes.Buffer
	run(context.Background(), []string{"render", "skill", "esc"}, strings.NewReader(""), &stdout, &errOut)
	if !strings.Contains(stdout.String(), body) {
		t.Errorf("a pipe got %q, want the body's bytes", stdout.String())
	}
}
