package jstext

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDescriptionShortcuts checks the ASCII shortcuts of NormalizeDescription
// and CatalogDescription against the code-unit loops.
func TestDescriptionShortcuts(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "b", "Z", "0", " ", " ", "  ", "\t", "\n", "\r\n", ".", "-", "~", "\x7f", "\x01", "é", "日", "𐐀", "\u00a0", "\u3000", "\xff"}
	texts := []string{"", " ", "a", " a", "a ", "a  b", "a b", "plain words here."}
	for range 50000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, raw := range texts {
		got, gotUnits := Collapse(raw)
		want, wantUnits := collapse(raw)
		if got != want || gotUnits != wantUnits {
			t.Fatalf("Collapse(%q) = %q, %d; want %q, %d", raw, got, gotUnits, want, wantUnits)
		}
		for _, limit := range []int{0, 3, 4, 5, 8, 1000} {
			m := max(3, limit)
			want := want
			if wantUnits > m {
				want = cutUnits(want, m-3)
			}
			if got := Shorten(raw, limit); got != want {
				t.Fatalf("Shorten(%q, %d) = %q, want %q", raw, limit, got, want)
			}
		}
	}
}
