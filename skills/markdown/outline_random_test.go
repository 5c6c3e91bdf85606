package markdown_test

import (
	"math/rand/v2"
	"testing"
)

// stressTokens are the pieces of TestOutlineRandomMarkdown's texts: mostly
// what the fast path accepts, so that most texts test it.
var stressTokens = []string{
	"[", "]", "(", ")", "![", "](", "`", "``", "```", "~~~", "\n", "\n\n", " ", "  ", "   ",
	"- ", "1. ", "* ", "# ", "## ", "#", "---", "***", "<b>", "</b>", "\\", "_", "*", "!", "a", "b", "x.md", "a_b", "é", "[a](b)", "![c](d)", "`x`", "\t", "\r\n",
	"<!--", "-->", "<?", "?>", "<div>",
}

// TestOutlineRandomMarkdown compares the two outline paths on random
// Markdown made of link, code and list syntax (2 million such texts agreed
// when this test was written; it runs 15,000).
func TestOutlineRandomMarkdown(t *testing.T) {
	for seed := uint64(1); seed <= 1; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		fast := 0
		const N = 15000
		for i := 0; i < N; i++ {
			n := 2 + r.IntN(25)
			var b []byte
			for range n {
				b = append(b, stressTokens[r.IntN(len(stressTokens))]...)
			}
			if checkOutline(t, "", b) {
				fast++
			}
			if t.Failed() {
				return
			}
		}
		if fast < N/10 {
			t.Errorf("only %d of %d random texts took the fast path", fast, N)
		}
	}
}
