package markdown

import (
	"bytes"
	"encoding/binary"

	"github.com/skill-ls/skill-ls/skills/internal/wordscan"
)

// The bytes the inline scan stops at, found by vectorised searches of the
// body: each search runs ahead to the next one, and the scan asks again
// only once it has passed it, so the text between stops costs no scan of
// its own, and each byte of the body is searched at most once for each
// kind of stop.

// stopBytes are the link, code and HTML syntax the inline scan stops at;
// it also stops at the control bytes, where it gives up.
const stopBytes = "\\`<![]"

// stopFinder holds, for each byte of stopBytes and then for the control
// bytes, the position of the next one in the body at or after the last
// position asked about (len(body) when there is none); -1 before the
// first search.
type stopFinder struct {
	next [len(stopBytes) + 1]int
}

// reset forgets the stops of the previous body.
func (f *stopFinder) reset() {
	for k := range f.next {
		f.next[k] = -1
	}
}

// skip returns the first position in b[i:to] of a stop, or to. b is the
// body; i never goes back from one call to the next, and b[i:to] lies
// within one line.
func (f *stopFinder) skip(b []byte, i, to int) int {
	n := to
	for k := range f.next {
		if f.next[k] < i {
			f.next[k] = find(b, i, k)
		}
		n = min(n, f.next[k])
	}
	return n
}

// find returns the position of the next stop of kind k (an index of
// stopBytes, or len(stopBytes) for the control bytes) at or after b[i], or
// len(b).
func find(b []byte, i, k int) int {
	if k == len(stopBytes) {
		return nextControl(b, i)
	}
	if j := bytes.IndexByte(b[i:], stopBytes[k]); j >= 0 {
		return i + j
	}
	return len(b)
}

// nextControl returns the position of the first control byte other than
// a line feed (which ends a line, never inside one) at or after b[i], or
// len(b). It tests 32 bytes at a time, then eight.
func nextControl(b []byte, i int) int {
	for p := b[i:]; len(p) >= 32; p = p[32:] {
		if wordscan.Controls(binary.LittleEndian.Uint64(p))|wordscan.Controls(binary.LittleEndian.Uint64(p[8:]))|
			wordscan.Controls(binary.LittleEndian.Uint64(p[16:]))|wordscan.Controls(binary.LittleEndian.Uint64(p[24:])) != 0 {
			break
		}
		i += 32
	}
	for ; i < len(b); i += 8 {
		if m := wordscan.Controls(wordscan.LoadPadded(b, i, '\n')); m != 0 {
			return i + wordscan.First(m)
		}
	}
	return len(b)
}
