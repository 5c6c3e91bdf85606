package spans

import (
	"bytes"
	"encoding/binary"
	"sync"
	"unicode/utf8"
)

// LineIndex maps byte offsets in a file's source to (line, UTF-16 column)
// positions and back, and to the 1-based byte columns of the CLI. It is
// modelled on gopls's protocol.Mapper: the line-start table is built lazily
// on first use, and text made only of ASCII takes a fast path.
//
// Lines split on '\n'; a '\r' immediately before the '\n' belongs to the line
// terminator (so a CRLF file has the same lines as its LF twin). A lone '\r'
// is ordinary text. Lines and columns are 0-based except in [LineIndex.LineCol].
//
// A LineIndex is safe for concurrent use; src must not be modified.
type LineIndex struct {
	src []byte

	once sync.Once
	// Guarded by once: built once, then read-only. The byte offset of the
	// start of each line (lines[0] == 0); a source is at most
	// MaxFileSize bytes, so four bytes hold an offset.
	lines []int32
}

// NewLineIndex returns an index over src. It does no work until first used.
func NewLineIndex(src []byte) *LineIndex {
	return &LineIndex{src: src}
}

func (x *LineIndex) init() {
	x.once.Do(func() {
		src := x.src
		n := bytes.Count(src, []byte{'\n'}) + 1
		lines := make([]int32, 1, n)
		for start := 0; ; {
			i := bytes.IndexByte(src[start:], '\n')
			if i < 0 {
				break
			}
			start += i + 1
			lines = append(lines, int32(start))
		}
		x.lines = lines
	})
}

// isASCII reports whether b holds only ASCII bytes, eight at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Src returns the bytes the index is over.
func (x *LineIndex) Src() []byte { return x.src }

// LineCount returns the number of lines. An empty source has one (empty)
// line; a source ending in '\n' has an empty last line after it.
func (x *LineIndex) LineCount() int {
	x.init()
	return len(x.lines)
}

// LineSpan returns the byte span of line (0-based) without its terminator
// ("\n" or "\r\n"). A line out of range is clamped to the first or last line.
func (x *LineIndex) LineSpan(line int) (start, end int) {
	x.init()
	line = max(0, min(line, len(x.lines)-1))
	start = int(x.lines[line])
	if line+1 < len(x.lines) {
		end = int(x.lines[line+1]) - 1 // the '\n'
		if end > start && x.src[end-1] == '\r' {
			end--
		}
	} else {
		end = len(x.src)
	}
	return start, end
}

// line returns the 0-based line holding off, with off clamped to [0, len(src)].
func (x *LineIndex) line(off int) (line, clamped int) {
	x.init()
	off = max(0, min(off, len(x.src)))
	// Largest i with lines[i] <= off.
	lo, hi := 0, len(x.lines)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if int(x.lines[m]) <= off {
			lo = m
		} else {
			hi = m
		}
	}
	return lo, off
}

// Position returns the 0-based line and UTF-16 column of byte offset off. An
// offset outside [0, len(src)] is clamped. An offset inside a multi-byte rune
// counts from the rune's start; an offset inside a line terminator ("\r" of
// "\r\n") maps to the end of the line's text.
func (x *LineIndex) Position(off int) (line, utf16col int) {
	line, off = x.line(off)
	start, end := x.LineSpan(line)
	if off > end {
		off = end
	}
	if isASCII(x.src[start:off]) {
		return line, off - start // one UTF-16 unit a byte
	}
	col := 0
	for i := start; i < off; {
		r, n := utf8.DecodeRune(x.src[i:end])
		if i+n > off { // off is inside this rune
			break
		}
		if r >= 0x10000 {
			col += 2
		} else {
			col++
		}
		i += n
	}
	return line, col
}

// Offset returns the byte offset of the 0-based line and UTF-16 column. It
// never panics: a negative line or column is treated as 0, a line past the
// end maps to the end of the source, a column past the line's end maps to the
// end of the line's text (before its terminator), and a column in the middle
// of a surrogate pair maps to the start of that rune.
func (x *LineIndex) Offset(line, utf16col int) int {
	x.init()
	if line < 0 {
		line = 0
	}
	if line >= len(x.lines) {
		return len(x.src)
	}
	start, end := x.LineSpan(line)
	if utf16col <= 0 {
		return start
	}
	to := end // start+utf16col, without overflowing
	if utf16col < end-start {
		to = start + utf16col
	}
	if isASCII(x.src[start:to]) {
		return to // one byte a UTF-16 unit
	}
	col := 0
	i := start
	for i < end {
		r, n := utf8.DecodeRune(x.src[i:end])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if col+w > utf16col {
			return i // utf16col falls inside this rune (a surrogate pair)
		}
		col += w
		i += n
		if col == utf16col {
			return i
		}
	}
	return end
}

// LineCol returns the 1-based line and 1-based byte column of offset off, the
// convention of `path:line:col:` in the CLI's output (as vet and gopls print).
// The offset is clamped to [0, len(src)].
func (x *LineIndex) LineCol(off int) (line1, col1 int) {
	line, off := x.line(off)
	return line + 1, off - int(x.lines[line]) + 1
}
