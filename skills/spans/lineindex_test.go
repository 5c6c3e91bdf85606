package spans

import (
	"math"
	"slices"
	"testing"
	"unicode/utf8"
)

func TestLineIndexPosition(t *testing.T) {
	tests := []struct {
		name          string
		src           string
		off           int
		line, col     int // UTF-16, 0-based
		line1, bcol1  int // CLI, 1-based bytes
		lineCount     int
		spanOfLine    int
		spanStart, sE int
	}{
		{"empty", "", 0, 0, 0, 1, 1, 1, 0, 0, 0},
		{"empty past end", "", 5, 0, 0, 1, 1, 1, 0, 0, 0},
		{"negative", "abc", -3, 0, 0, 1, 1, 1, 0, 0, 3},
		{"ascii", "abc\ndef", 5, 1, 1, 2, 2, 2, 1, 4, 7},
		{"no final newline end", "abc\ndef", 7, 1, 3, 2, 4, 2, 1, 4, 7},
		{"final newline", "abc\n", 4, 1, 0, 2, 1, 2, 0, 0, 3},
		{"e acute", "é=x\n", 2, 0, 1, 1, 3, 2, 0, 0, 4},
		{"e acute mid rune", "é=x\n", 1, 0, 0, 1, 2, 2, 0, 0, 4},
		{"cjk", "名前: x", 6, 0, 2, 1, 7, 1, 0, 0, 9},
		{"surrogate pair after", "a𐐀b", 5, 0, 3, 1, 6, 1, 0, 0, 6},
		{"surrogate pair before", "a𐐀b", 1, 0, 1, 1, 2, 1, 0, 0, 6},
		{"surrogate pair inside", "a𐐀b", 3, 0, 1, 1, 4, 1, 0, 0, 6},
		{"crlf second line", "ab\r\ncd\r\n", 5, 1, 1, 2, 2, 3, 0, 0, 2},
		{"crlf at cr", "ab\r\ncd\r\n", 2, 0, 2, 1, 3, 3, 1, 4, 6},
		{"crlf at lf", "ab\r\ncd\r\n", 3, 0, 2, 1, 4, 3, 2, 8, 8},
		{"lone cr is text", "a\rb\nc", 3, 0, 3, 1, 4, 2, 0, 0, 3},
		{"span clamped high", "a\nb", 0, 0, 0, 1, 1, 2, 9, 2, 3},
		{"span clamped low", "a\nb", 0, 0, 0, 1, 1, 2, -1, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := NewLineIndex([]byte(tt.src))
			if l, c := x.Position(tt.off); l != tt.line || c != tt.col {
				t.Errorf("Position(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.line, tt.col)
			}
			if l, c := x.LineCol(tt.off); l != tt.line1 || c != tt.bcol1 {
				t.Errorf("LineCol(%d) = %d:%d, want %d:%d", tt.off, l, c, tt.line1, tt.bcol1)
			}
			if n := x.LineCount(); n != tt.lineCount {
				t.Errorf("LineCount() = %d, want %d", n, tt.lineCount)
			}
			if s, e := x.LineSpan(tt.spanOfLine); s != tt.spanStart || e != tt.sE {
				t.Errorf("LineSpan(%d) = [%d,%d), want [%d,%d)", tt.spanOfLine, s, e, tt.spanStart, tt.sE)
			}
		})
	}
}

func TestLineIndexOffset(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int
		want      int
	}{
		{"empty", "", 0, 0, 0},
		{"empty past", "", 3, 4, 0},
		{"ascii", "abc\ndef", 1, 2, 6},
		{"ascii col past end", "abc\ndef", 0, 99, 3},
		{"line past end", "abc\ndef", 5, 0, 7},
		{"negative line", "abc\ndef", -1, 2, 2},
		{"negative col", "abc\ndef", 1, -4, 4},
		{"e acute", "é=x", 0, 1, 2},
		{"cjk", "名前: x", 0, 2, 6},
		{"surrogate whole", "a𐐀b", 0, 3, 5},
		{"surrogate middle maps to rune start", "a𐐀b", 0, 2, 1},
		{"surrogate col past end", "a𐐀b", 0, 9, 6},
		{"crlf col past end stops before cr", "ab\r\ncd", 0, 5, 2},
		{"crlf second line", "ab\r\ncd", 1, 1, 5},
		{"final newline empty line", "ab\n", 1, 3, 3},
		{"non-ascii col past end", "é\r\nx", 0, 7, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := NewLineIndex([]byte(tt.src))
			if got := x.Offset(tt.line, tt.col); got != tt.want {
				t.Errorf("Offset(%d, %d) = %d, want %d", tt.line, tt.col, got, tt.want)
			}
		})
	}
}

// checkRoundTrip asserts that every rune-boundary offset outside a line
// terminator survives offset → position → offset.
func checkRoundTrip(t *testing.T, src []byte) {
	t.Helper()
	x := NewLineIndex(src)
	for off := 0; off <= len(src); off++ {
		l, c := x.Position(off)
		if l < 0 || l >= x.LineCount() || c < 0 {
			t.Fatalf("Position(%d) = %d:%d out of range", off, l, c)
		}
		s, e := x.LineSpan(l)
		if s < 0 || s > e || e > len(src) {
			t.Fatalf("LineSpan(%d) = [%d,%d) out of range", l, s, e)
		}
		back := x.Offset(l, c)
		if back < 0 || back > len(src) {
			t.Fatalf("Offset(%d,%d) = %d out of range", l, c, back)
		}
		l1, c1 := x.LineCol(off)
		if l1 != l+1 || c1 < 1 {
			t.Fatalf("LineCol(%d) = %d:%d, Position line %d", off, l1, c1, l)
		}
		if off > e || off < s { // inside a line terminator
			continue
		}
		if off < len(src) && !utf8.RuneStart(src[off]) {
			continue
		}
		if back != off {
			t.Fatalf("round trip of %d: %d:%d -> %d (src %q)", off, l, c, back, src)
		}
	}
}

func TestLineIndexRoundTrip(t *testing.T) {
	for _, src := range []string{"", "a", "é𐐀名\r\nx\n", "---\nname: é\n---\n𐐀\r\n", "\n\n", "\xff\xfe\n\xed\xa0\x80"} {
		checkRoundTrip(t, []byte(src))
		checkAgainstNaive(t, NewLineIndex([]byte(src)), []byte(src), 3)
	}
}

// TestLineIndexExtremeArguments: lines and columns at the ends of int
// (a fuzzer found start+column overflowing) clamp instead of panicking.
func TestLineIndexExtremeArguments(t *testing.T) {
	extremes := []int{0, 1, -1, math.MaxInt, math.MinInt, math.MaxInt32, math.MaxInt32 + 1, 1 << 40}
	for _, src := range []string{"", "abc\ndef", "é=x\r\n", "a𐐀b\n\n"} {
		x := NewLineIndex([]byte(src))
		for _, line := range extremes {
			for _, col := range extremes {
				if off := x.Offset(line, col); off < 0 || off > len(src) {
					t.Fatalf("Offset(%d, %d) of %q = %d", line, col, src, off)
				}
			}
			x.Position(line)
			x.LineSpan(line)
		}
	}
}

func FuzzLineIndex(f *testing.F) {
	for _, s := range []string{"", "abc\ndef", "é=x\r\n", "名前: x\n", "a𐐀b", "\r\r\n\n", "\xff\x80\n"} {
		f.Add([]byte(s), 1, 2)
	}
	f.Fuzz(func(t *testing.T, src []byte, line, col int) {
		if len(src) > 512 { // checkRoundTrip is quadratic on long lines
			src = src[:512]
		}
		x := NewLineIndex(src)
		if off := x.Offset(line, col); off < 0 || off > len(src) {
			t.Fatalf("Offset(%d,%d) = %d out of [0,%d]", line, col, off, len(src))
		}
		x.Position(line)
		x.LineSpan(line)
		checkRoundTrip(t, src)
		if lines := naiveLineTable(src); !slices.Equal(x.lines, lines) {
			t.Fatalf("line table of %q: got %v, want %v", src, x.lines, lines)
		}
		checkAgainstNaive(t, x, src, col)
	})
}

// naiveLineTable builds the line starts byte by byte.
func naiveLineTable(src []byte) (lines []int32) {
	lines = []int32{0}
	for i, b := range src {
		if b == '\n' {
			lines = append(lines, int32(i+1))
		}
	}
	return lines
}

// checkAgainstNaive compares Position and Offset (with their ASCII fast
// paths) with rune-by-rune computations over the naive line table, at
// every offset and at columns up to maxCol of every line.
func checkAgainstNaive(t *testing.T, x *LineIndex, src []byte, maxCol int) {
	t.Helper()
	lines := naiveLineTable(src)
	lineEnd := func(l int) int {
		if l+1 < len(lines) {
			e := int(lines[l+1]) - 1
			if e > int(lines[l]) && src[e-1] == '\r' {
				e--
			}
			return e
		}
		return len(src)
	}
	units := func(r rune) int {
		if r >= 0x10000 {
			return 2
		}
		return 1
	}
	for off := 0; off <= len(src); off++ {
		l := 0
		for l+1 < len(lines) && int(lines[l+1]) <= off {
			l++
		}
		start, end := int(lines[l]), lineEnd(l)
		col := 0
		for i := start; i < min(off, end); {
			r, n := utf8.DecodeRune(src[i:end])
			if i+n > off {
				break
			}
			col += units(r)
			i += n
		}
		if gl, gc := x.Position(off); gl != l || gc != col {
			t.Fatalf("Position(%d) of %q = %d:%d, want %d:%d", off, src, gl, gc, l, col)
		}
	}
	for l := range lines {
		start, end := int(lines[l]), lineEnd(l)
		for c := 0; c <= max(maxCol, 0)%64+end-start+1; c++ {
			want, col := end, 0
			if c == 0 {
				want = start
			}
			for i := start; c > 0 && i < end; {
				r, n := utf8.DecodeRune(src[i:end])
				if col+units(r) > c {
					want = i
					break
				}
				col += units(r)
				i += n
				if col == c {
					want = i
					break
				}
			}
			if got := x.Offset(l, c); got != want {
				t.Fatalf("Offset(%d, %d) of %q = %d, want %d", l, c, src, got, want)
			}
		}
	}
}
