package markdown

import (
	"fmt"
	"runtime"
	"slices"
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

// TestLinkDestsShareOneString: a body's links cost one allocation however
// many there are (one string holds their records and the destinations cut
// from it): a workspace keeps every file's links, and a string a link left
// the kept heap full of small holes.
func TestLinkDestsShareOneString(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString("See [doc](refs/doc" + strings.Repeat("x", i%7) + ".md) and ![i](https://x.test/i.png).\n\n")
	}
	body := []byte(b.String())
	var out Outline
	s := new(lineScanner)
	allocs := testing.AllocsPerRun(20, func() {
		s.reset(body, 0)
		if !s.scan() {
			t.Fatal("the fast scanner gave up on plain links")
		}
		out = s.outline()
	})
	if out.NumLinks() != 80 || out.Link(0).Dest != "refs/doc.md" || out.Link(79).Dest != "https://x.test/i.png" {
		t.Fatalf("the scan found %d links", out.NumLinks())
	}
	if allocs > 1 {
		t.Errorf("the scan kept %v allocations for 80 links, want 1", allocs)
	}
}

// TestRepeatedDestKeptOnce: a body that links a file several times keeps
// its destination's bytes once.
func TestRepeatedDestKeptOnce(t *testing.T) {
	body := []byte("See [a](refs/a.md), [b](refs/b.md) and [a again](refs/a.md).\n\n![a](refs/a.md)\n")
	s := new(lineScanner)
	s.reset(body, 0)
	if !s.scan() {
		t.Fatal("the fast scanner gave up on plain links")
	}
	out := s.outline()
	var got []string
	for _, l := range out.Links() {
		got = append(got, l.Dest)
	}
	if want := []string{"refs/a.md", "refs/b.md", "refs/a.md", "refs/a.md"}; !slices.Equal(got, want) {
		t.Fatalf("destinations %q, want %q", got, want)
	}
	if string(s.links.dests) != "refs/a.mdrefs/b.md" {
		t.Errorf("the kept destinations are %q, want each once", s.links.dests)
	}
}

// TestLinksKeptBytes: the links a scanned body keeps cost at most 16 bytes
// a link beside their destinations (each once): a tree of 100,000 skills
// keeps close to a million links for as long as check runs its rules, at
// 40 bytes each as Link records.
func TestLinksKeptBytes(t *testing.T) {
	var b strings.Builder
	const links = 200
	for i := range links {
		fmt.Fprintf(&b, "See [doc](refs/doc%d.md).\n\n", i)
	}
	body := []byte(b.String())
	dests := 0
	for i := range links {
		dests += len(fmt.Sprintf("refs/doc%d.md", i))
	}
	s := new(lineScanner)
	scan := func() Outline {
		s.reset(body, 0)
		if !s.scan() {
			t.Fatal("the fast scanner gave up on plain links")
		}
		return s.outline()
	}
	scan() // the scanner's lists grow to their size once
	var before, after runtime.MemStats
	const runs = 20
	kept := make([]Outline, runs)
	runtime.ReadMemStats(&before)
	for i := range kept {
		kept[i] = scan()
	}
	runtime.ReadMemStats(&after)
	perBody := int(after.TotalAlloc-before.TotalAlloc) / runs
	// An eighth over for the size class the allocation rounds up to.
	if limit := (4 + 16*links + dests) * 9 / 8; perBody > limit {
		t.Errorf("a body of %d links (%d bytes of destinations) keeps %d bytes, over %d", links, dests, perBody, limit)
	}
}
