package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestDiffToTerminalEscapes: a patch's lines are the files' own bytes,
// and --diff printed a skill's escape sequences (OSC 52 sets the
// clipboard) to a terminal, which obeyed them. There the controls are
// escaped, as render escapes the model's text; through a pipe the patch
// keeps the exact bytes git apply needs.
func TestDiffToTerminalEscapes(t *testing.T) {
	// A colon in the description: its safe fix quotes the value, and the
	// hunk shows the line that holds the escape sequence.
	escSkillProject(t, "---\nname: esc\ndescription: Use it: now \x1b]52;c;ZXZpbA==\a here\n---\nBody\n")

	out, stderr, _ := runOnTerminal(t, "check", "--diff")
	if strings.ContainsAny(out, "\x1b\a") || !strings.Contains(out, `\033]52;c;ZXZpbA==\a`) {
		t.Errorf("the terminal got %q (stderr %s)", out, stderr)
	}

	var stdout, errOut bytes.Buffer
	run(context.Background(), []string{"check", "--diff"}, strings.NewReader(""), &stdout, &errOut)
	if !strings.Contains(stdout.String(), "-description: Use it: now \x1b]52;c;ZXZpbA==\a here\n") {
		t.Errorf("a pipe got %q, want the file's bytes", stdout.String())
	}
}
