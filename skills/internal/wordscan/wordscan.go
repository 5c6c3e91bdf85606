// Package wordscan tests the eight bytes of a 64-bit word at once (SWAR:
// SIMD within a register), so that a scan for rare bytes skips runs of
// ordinary ones eight at a time. Each test returns a mask with the high bit
// of every byte that passes set, and no other bit: exact, with no carry
// from one byte into the next, so [First] of a mask is the first byte that
// passes and a mask of zero means none does.
package wordscan

import (
	"encoding/binary"
	"math/bits"
)

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	low7  = 0x7f7f7f7f7f7f7f7f
)

// Load returns the word of the eight bytes at b[i:] (b[i] in its low byte,
// so that [First] counts from b[i]).
func Load(b []byte, i int) uint64 { return binary.LittleEndian.Uint64(b[i:]) }

// LoadPadded is Load for an i within 8 bytes of the end of b, too: the
// bytes past the end read as pad.
func LoadPadded(b []byte, i int, pad byte) uint64 {
	if i+8 <= len(b) {
		return Load(b, i)
	}
	w := [8]byte{pad, pad, pad, pad, pad, pad, pad, pad}
	copy(w[:], b[i:])
	return Load(w[:], 0)
}

// Controls marks the control bytes of x (below space) but line feeds,
// which end a line and are never inside one. a is x without its high
// bits: a + 0x60 reaches the high bit of a byte unless the byte is below
// 0x20, and (a ^ 0x0a) + 0x7f unless it is a line feed; neither sum
// carries into the next byte.
func Controls(x uint64) uint64 {
	a := x & low7
	return ^(a + 0x60*ones) & ((a ^ 0x0a*ones) + low7) &^ x & highs
}

// FromDEL marks the bytes of x from DEL (0x7f) on: DEL and every byte of
// a multi-byte UTF-8 character.
func FromDEL(x uint64) uint64 { return ((x & low7) + ones | x) & highs }

// First returns the index (0 to 7) of the first byte a non-zero mask
// marks.
func First(mask uint64) int { return bits.TrailingZeros64(mask) >> 3 }
