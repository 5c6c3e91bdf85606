package markdown

import (
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

// TestLinkDestsShareOneString: a body's links cost two allocations however
// many there are (the list, and one string their destinations are cut
// from): a workspace keeps every file's links, and a string a link left
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
	if len(out.Links) != 80 || out.Links[0].Dest != "refs/doc.md" || out.Links[79].Dest != "https://x.test/i.png" {
		t.Fatalf("the scan found %d links: %+v", len(out.Links), out.Links[:min(2, len(out.Links))])
	}
	if allocs > 2 {
		t.Errorf("the scan kept %v allocations for 80 links, want 2", allocs)
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
	for _, l := range out.Links {
		got = append(got, l.Dest)
	}
	if want := []string{"refs/a.md", "refs/b.md", "refs/a.md", "refs/a.md"}; !slices.Equal(got, want) {
		t.Fatalf("destinations %q, want %q", got, want)
	}
	if string(s.dests) != "refs/a.mdrefs/b.md" {
		t.Errorf("the kept destinations are %q, want each once", s.dests)
	}
}
