package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestColorOnTerminal runs check with its output on a terminal (a
// pseudo-terminal): --color auto colours it there, and not with NO_COLOR.
func TestColorOnTerminal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "skills", "broken", "SKILL.md")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("---\nname: broken\ndescription: Deploy things: fast\n---\n"), 0o644)
	t.Setenv("TERM", "xterm-256color")
	for _, tt := range []struct {
		name    string
		noColor string
		want    bool
	}{{"terminal", "", true}, {"NO_COLOR", "1", false}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("NO_COLOR", tt.noColor)
			out, stderr, _ := runOnTerminal(t, "check", "--no-default-roots", "--custom-dir", filepath.Join(dir, "skills"))
			if got := strings.Contains(out, "\x1b[1;31merror\x1b[0m"); got != tt.want {
				t.Errorf("coloured %v, want %v:\n%q", got, tt.want, out)
			}
			if strings.Contains(stderr, "\x1b[") {
				t.Errorf("stderr is not a terminal, but its summary is coloured: %q", stderr)
			}
		})
	}
}
