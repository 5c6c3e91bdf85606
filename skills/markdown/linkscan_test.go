package markdown

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSkipInlineTextMatchesByteLoop holds the eight-bytes-at-a-time skip
// to the byte-by-byte loop it replaces, at every start and end of random
// lines where stops are rare, common, or at every position.
func TestSkipInlineTextMatchesByteLoop(t *testing.T) {
	slow := func(b []byte, i, to int) int {
		for i < to && !inlineStop[b[i]] {
			i++
		}
		return i
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("abc xyz-_.:\\`<![]\t\x00\x1f\x7f\xc3\xa9")
	for _, stopEvery := range []int{1, 4, 16, 64, 1000} {
		for range 50 {
			b := make([]byte, rng.IntN(80))
			for k := range b {
				if rng.IntN(stopEvery) == 0 {
					b[k] = alphabet[rng.IntN(len(alphabet))]
				} else {
					b[k] = 'a' + byte(rng.IntN(26))
				}
			}
			for i := 0; i <= len(b); i++ {
				for to := i; to <= len(b); to++ {
					if got, want := skipInlineText(b, i, to), slow(b, i, to); got != want {
						t.Fatalf("skipInlineText(%q, %d, %d) = %d, want %d", b, i, to, got, want)
					}
				}
			}
		}
	}
}

// TestOpenerStackBounded: a line of a million [ needs goldmark whatever
// follows, and the fast scanner finds that out without a stack of a
// million openers (4 MiB of [ cost 176 MB a file, kept in the pool).
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
