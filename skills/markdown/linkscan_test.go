package markdown

import (
	"math/rand/v2"
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
