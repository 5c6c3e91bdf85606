package wordscan

import (
	"math/rand/v2"
	"testing"
)

// TestMasks checks each test against its byte-by-byte meaning, for every
// byte value in every lane beside random neighbours (a carry or borrow
// from one lane into the next would show there).
func TestMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for lane := range 8 {
		for v := range 256 {
			for range 8 {
				var b [8]byte
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				b[lane] = byte(v)
				x := Load(b[:], 0)
				check(t, b, Controls(x), func(c byte) bool { return c < 0x20 && c != '\n' })
				check(t, b, FromDEL(x), func(c byte) bool { return c >= 0x7f })
			}
		}
	}
}

func check(t *testing.T, b [8]byte, mask uint64, want func(byte) bool) {
	t.Helper()
	first := 8
	for i, c := range b {
		got := mask>>(8*i)&0xff != 0
		if got != want(c) || mask>>(8*i)&0x7f != 0 {
			t.Fatalf("%x: lane %d (%#x) marked %v, mask %#x", b, i, c, got, mask)
		}
		if got && first == 8 {
			first = i
		}
	}
	if mask != 0 && First(mask) != first {
		t.Fatalf("%x: First = %d, want %d", b, First(mask), first)
	}
}

// TestLoadPadded checks that the bytes past the end read as the pad, in
// their places.
func TestLoadPadded(t *testing.T) {
	b := []byte("abcdefghij")
	for i := range len(b) {
		var want [8]byte
		for k := range want {
			want[k] = '#'
			if i+k < len(b) {
				want[k] = b[i+k]
			}
		}
		if got := LoadPadded(b, i, '#'); got != Load(want[:], 0) {
			t.Errorf("LoadPadded(%q, %d) = %#x, want %q", b, i, got, want)
		}
	}
}
