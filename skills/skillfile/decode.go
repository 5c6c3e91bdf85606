package skillfile

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// decode.go: how a skill file's bytes become text (docs/dsh.md §3.4).

// decode turns the bytes into text by the read mode (docs/dsh.md §3.4), recording
// a binary or invalid file. It returns the bytes the file is read as (the
// decoded ones for ReadNode) and the text after any stripped BOM.
func (f *File) decode(src []byte) (out, text []byte, ok bool) {
	if f.Mode == ReadNode {
		if !utf8.Valid(src) {
			// Node decodes invalid sequences to U+FFFD; the engine then
			// works on the decoded text.
			src = []byte(decodeNode(src))
		}
		return src, src, true
	}
	sniff := src[:min(len(src), binarySniffLen)]
	if i := bytes.IndexByte(sniff, 0); i >= 0 {
		f.find(problem.BinaryFile, spans.Span{Start: i, End: i + 1}, "")
		return src, nil, false
	}
	if !utf8.Valid(src) {
		i := firstInvalidUTF8(src)
		f.find(problem.InvalidUTF8, spans.Span{Start: i, End: i + 1}, "")
		return src, nil, false
	}
	if f.BOM {
		f.TextStart = 3
		return src, src[3:], true
	}
	return src, src, true
}

// SavedOver returns f, the parse of an editor buffer, as DSH reads the file
// once the buffer is saved over disk, the file's parse from disk. An editor
// decodes a Latin-1 or UTF-16 file into the UTF-8 text it sends, and saves
// the buffer back in the file's encoding: while DSH cannot read the bytes on
// disk as text (binary-file, invalid-utf8), the saved buffer is dropped for
// the same reason, whatever its text. f is then a copy whose first finding
// is the disk's, marked OnDisk and placed on the buffer's first line; its
// other findings stay, since they are about the text the user means. Else f
// is returned as it is (so is a buffer that is itself not text).
func (f *File) SavedOver(disk *File) *File {
	if disk == nil || disk.Drop == nil || f.text == nil || f.Frontmatter == nil {
		return f
	}
	code := disk.Drop.Code
	if code != problem.BinaryFile && code != problem.InvalidUTF8 {
		return f
	}
	c := *f
	src := f.text.Src()
	first := spans.Span{Start: f.TextStart, End: f.TextStart + firstLineLen(src[f.TextStart:])}
	c.Findings = append([]Finding{{Code: code, Span: first, OnDisk: true}}, f.Findings...)
	c.Drop, c.Def = nil, nil
	c.settle(src)
	return &c
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return 0
}

// decodeNode decodes bytes as Node's utf8 decoder does: each maximal invalid
// subpart becomes one U+FFFD (WHATWG Encoding Standard).
func decodeNode(b []byte) string {
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			sb.WriteRune(r)
			i += size
			continue
		}
		sb.WriteRune(utf8.RuneError)
		i += maximalSubpart(b[i:])
	}
	return sb.String()
}

// maximalSubpart returns the length of the maximal invalid subpart at the
// start of b (at least 1).
func maximalSubpart(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for k := 0; k < need && n < len(b); k++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
		n++
	}
	return n
}
