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

// Below marks the bytes of x less than n (n from 1 to 0x80): ASCII below n,
// never a byte with its high bit set.
func Below(x uint64, n byte) uint64 {
	return ^(((x & low7) + (0x80-uint64(n))*ones) | x) & highs
}

// AtLeast marks the bytes of x that are n or more (n from 1 to 0x80).
func AtLeast(x uint64, n byte) uint64 {
	return (((x & low7) + (0x80-uint64(n))*ones) | x) & highs
}

// Equal marks the bytes of x equal to c.
func Equal(x uint64, c byte) uint64 {
	y := x ^ (uint64(c) * ones)
	return ^(((y & low7) + low7) | y) & highs
}

// Between marks the bytes of x from lo up to but not including hi (ASCII:
// 1 <= lo < hi <= 0x80).
func Between(x uint64, lo, hi byte) uint64 {
	a := x & low7
	return (a + (0x80-uint64(lo))*ones) &^ (a + (0x80-uint64(hi))*ones) &^ x & highs
}

// Not marks the bytes mask does not mark.
func Not(mask uint64) uint64 { return ^mask & highs }

// First returns the index (0 to 7) of the first byte a non-zero mask
// marks.
func First(mask uint64) int { return bits.TrailingZeros64(mask) >> 3 }
