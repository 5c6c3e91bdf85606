package markdown

import (
	"strings"
	"testing"
)

// TestOpenerStackBounded: a line of a million [ needs goldmark whatever
// follows, and the fast scanner finds that out without a stack of a
// million openers.
func TestOpenerStackBounded(t *testing.T) {
	for _, line := range []string{"[", "![", "[a ", "a ["} {
		s := new(lineScanner)
		s.reset([]byte(strings.Repeat(line, 1<<20)+"\n"), 0)
		if s.scan() {
			t.Errorf("%q×2^20: the fast scanner reads it, goldmark must", line)
		}
		if cap(s.stack) > 4096 {
			t.Errorf("%q×2^20: the opener stack grew to %d", line, cap(s.stack))
		}
	}
}
