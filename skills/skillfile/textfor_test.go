package skillfile

import (
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestTextFor checks that a lean file's kept first lines place every span
// inside them as the whole file does, and that a span reaching the body
// (or the line after the kept ones) asks for the file.
func TestTextFor(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		{"ascii", "---\nname: a\ndescription: Use it.\n---\n# Body\nSee [x](x.md).\n"},
		{"crlf", "---\r\nname: a\r\ndescription: é 漢字 𐐀\r\n---\r\nbody 𐐀\r\n"},
		{"bom", "\uFEFF---\nname: a\ndescription: 漢字\n---\nbody\n"},
		{"no body", "---\nname: a\ndescription: d\n---"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			full := Parse("/r/a/SKILL.md", []byte(tt.src), ReadFS)
			lean := full.WithoutText(1)
			whole := spans.NewLineIndex([]byte(tt.src))
			closeLine := strings.Index(tt.src, "\n---") + 1
			for start := 0; start <= len(tt.src); start++ {
				for end := start; end <= len(tt.src); end++ {
					sp := spans.Span{Start: start, End: end}
					if full.TextFor(sp) != full.InMemory() {
						t.Fatalf("a file in memory: TextFor(%v) is not its text", sp)
					}
					x := lean.TextFor(sp)
					if x == nil {
						if end < closeLine {
							t.Fatalf("TextFor(%v) = nil for a span in the frontmatter", sp)
						}
						continue
					}
					if end > closeLine+len("---\r") {
						t.Fatalf("TextFor(%v) served a span past the closing line", sp)
					}
					sameLines(t, x, whole, sp)
				}
			}
		})
	}
}

// sameLines fails unless x and whole place sp alike: lines, byte and
// UTF-16 columns, and the text of its first line.
func sameLines(t *testing.T, x, whole *spans.LineIndex, sp spans.Span) {
	t.Helper()
	for _, off := range []int{sp.Start, sp.End} {
		l1, c1 := x.LineCol(off)
		l2, c2 := whole.LineCol(off)
		p1, u1 := x.Position(off)
		p2, u2 := whole.Position(off)
		if l1 != l2 || c1 != c2 || p1 != p2 || u1 != u2 {
			t.Fatalf("offset %d: kept lines say %d:%d (%d,%d), the file %d:%d (%d,%d)", off, l1, c1, p1, u1, l2, c2, p2, u2)
		}
	}
	line, _ := whole.LineCol(sp.Start)
	a, b := x.LineSpan(line - 1)
	c, d := whole.LineSpan(line - 1)
	if string(x.Src()[a:b]) != string(whole.Src()[c:d]) {
		t.Fatalf("span %v: line %q, the file's %q", sp, x.Src()[a:b], whole.Src()[c:d])
	}
}

// TestTextForNoFrontmatter checks that a lean file whose frontmatter is
// not closed, or is over maxKeptFront bytes, keeps no lines.
func TestTextForNoFrontmatter(t *testing.T) {
	big := "---\nname: a\ndescription: " + strings.Repeat("x", maxKeptFront) + "\n---\nbody\n"
	for _, src := range []string{"# no frontmatter\n", "---\nname: a\n", "", big} {
		lean := Parse("/r/a/SKILL.md", []byte(src), ReadFS).WithoutText(1)
		if x := lean.TextFor(spans.Span{}); x != nil {
			t.Errorf("%q: TextFor = %q, want nil", src, x.Src())
		}
	}
}
