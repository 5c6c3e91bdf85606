package fix

import "testing"

// TestLostWord: the words a fix takes out of what a host shows the model.
// Removing a terminal escape sequence (control-character's safe fix)
// takes none: its bytes after the ESC ("[31m") are no text the model
// was meant to read, and counting them refused the fix in every folder
// Claude Code reads (its skill tool returns the body).
func TestLostWord(t *testing.T) {
	for _, tc := range []struct{ before, after, want string }{
		{"Hello \x1b[31mred\x1b[0m text.", "Hello red text.", ""},
		{"Hello \x1b[31m red.", "Hello  red.", ""},
		{"Title \x1b]0;pwned\a done", "Title  done", ""},
		{"Keep pass\u200bwords out.", "Keep passwords out.", ""},
		{"Use when: asked", "Use when:", "asked"},
		{"one two", "one", "two"},
	} {
		if got := lostWord(tc.before, tc.after); got != tc.want {
			t.Errorf("lostWord(%q, %q) = %q, want %q", tc.before, tc.after, got, tc.want)
		}
	}
}
