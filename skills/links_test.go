package skills

import (
	"math/rand/v2"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinkTargetMatchesJoin checks LinkTarget's shortcuts (no unescaping
// without a %, joining without cleaning) against the plain computation.
func TestLinkTargetMatchesJoin(t *testing.T) {
	reference := func(base, dest string) (string, bool) {
		if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "//") {
			return "", false
		}
		if i := strings.IndexAny(dest, ":/"); i > 0 && dest[i] == ':' {
			if !(i == 1 && len(dest) > 2 && (dest[2] == '/' || dest[2] == '\\')) {
				return "", false
			}
		}
		if i := strings.IndexAny(dest, "?#"); i >= 0 {
			dest = dest[:i]
		}
		if dest == "" {
			return "", false
		}
		if u, err := url.PathUnescape(dest); err == nil {
			dest = u
		}
		if filepath.IsAbs(dest) {
			return filepath.Clean(dest), true
		}
		return filepath.Join(base, filepath.FromSlash(dest)), true
	}
	bases := []string{"/", "/r", "/r/skill", "/r/skill/", "/r//skill", "/r/./skill", "/r/../skill", "r/skill", ".", ""}
	dests := []string{"scripts/run.sh", "a", "a/", "./a", "a/./b", "a/../b", "../a", "a//b", "/abs/x", "a%20b", "%zz",
		"a?q=1", "a#frag", "#frag", "//host/x", "http://x", "C:/x", "a:b", "...", "a/.../b", ".hidden/x"}
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "ab./%2?#:"
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		dests = append(dests, b.String())
	}
	for _, base := range bases {
		for _, dest := range dests {
			got, ok := LinkTarget(base, dest)
			want, wantOK := reference(base, dest)
			if got != want || ok != wantOK {
				t.Fatalf("LinkTarget(%q, %q) = %q, %v; want %q, %v", base, dest, got, ok, want, wantOK)
			}
		}
	}
}
