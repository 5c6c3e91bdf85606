package markdown

import (
	"bytes"
	"iter"
	"math"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// linklist.go: the links of an outline in the form a workspace keeps them.
// A tree of 100,000 skills keeps close to a million links for as long as it
// holds their files, and a Link is 40 bytes and its destination a string of
// its own. So an outline keeps its links in one string: a 4-byte count,
// then a 16-byte record a link (the span's start and end, and where its
// destination is among the destinations that follow, the image flag in the
// top bit), then the distinct destinations one after another. One
// allocation a body; a Link is made when asked.

const (
	// linkHeader is the size of the count that starts a packed list.
	linkHeader = 4
	// linkRecord is the size of one link's record.
	linkRecord = 16
	// imageBit marks an image in the record's destination end.
	imageBit = 1 << 31
)

// linkPacker collects the links of one body and packs them.
type linkPacker struct {
	links []Link // their Dest is left empty: destAt says where it is
	// dests holds the distinct destinations of links one after another,
	// destAt where each link's is in it (a body often links a file more
	// than once).
	dests  []byte
	destAt [][2]int
}

// reset empties p, keeping the capacity of its lists.
func (p *linkPacker) reset() {
	p.links, p.dests, p.destAt = p.links[:0], p.dests[:0], p.destAt[:0]
}

// add appends a link whose destination is dest (l.Dest is not read).
func (p *linkPacker) add(l Link, dest []byte) {
	l.Dest = ""
	p.links = append(p.links, l)
	p.destAt = append(p.destAt, p.destOf(dest))
}

// destOf returns where dest is in p.dests, appending it unless one of the
// body's first links has it already (later ones are not searched, so that
// a body of thousands of links is not searched thousands of times).
func (p *linkPacker) destOf(dest []byte) [2]int {
	for _, at := range p.destAt[:min(len(p.destAt), destSearch)] {
		if bytes.Equal(p.dests[at[0]:at[1]], dest) {
			return at
		}
	}
	start := len(p.dests)
	p.dests = append(p.dests, dest...)
	return [2]int{start, len(p.dests)}
}

// destSearch is how many of a body's first links destOf searches.
const destSearch = 32

// pack returns the links in one string ("" for none); ok is false when an
// offset does not fit in the record's 32 bits (a body past 4 GiB).
func (p *linkPacker) pack() (packed string, ok bool) {
	n := len(p.links)
	if n == 0 {
		return "", true
	}
	if len(p.dests) >= imageBit || n > math.MaxUint32 {
		return "", false
	}
	for _, l := range p.links {
		if l.Span.Start < 0 || l.Span.End < 0 || uint64(l.Span.End) > math.MaxUint32 || uint64(l.Span.Start) > math.MaxUint32 {
			return "", false
		}
	}
	var b strings.Builder // its String is the one allocation
	b.Grow(linkHeader + n*linkRecord + len(p.dests))
	writeUint32(&b, uint32(n))
	for i, l := range p.links {
		end := uint32(p.destAt[i][1])
		if l.Image {
			end |= imageBit
		}
		writeUint32(&b, uint32(l.Span.Start))
		writeUint32(&b, uint32(l.Span.End))
		writeUint32(&b, uint32(p.destAt[i][0]))
		writeUint32(&b, end)
	}
	b.Write(p.dests)
	return b.String(), true
}

// writeUint32 writes v little-endian.
func writeUint32(b *strings.Builder, v uint32) {
	b.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)})
}

// uint32At reads the little-endian uint32 at s[i:].
func uint32At(s string, i int) uint32 {
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

// NumLinks returns how many links the outline holds.
func (o *Outline) NumLinks() int {
	if o.links == "" {
		return 0
	}
	return int(uint32At(o.links, 0))
}

// Link returns the i-th link of the body (0 <= i < NumLinks); its Dest is
// cut from the outline's one string.
func (o *Outline) Link(i int) Link {
	rec := linkHeader + i*linkRecord
	start, end := uint32At(o.links, rec), uint32At(o.links, rec+4)
	dest := linkHeader + o.NumLinks()*linkRecord
	from, to := uint32At(o.links, rec+8), uint32At(o.links, rec+12)
	return Link{
		Dest:  o.links[dest+int(from) : dest+int(to&^imageBit)],
		Span:  spans.Span{Start: int(start), End: int(end)},
		Image: to&imageBit != 0,
	}
}

// LinkDest returns the destination of the i-th link (Link(i).Dest).
func (o *Outline) LinkDest(i int) string {
	rec := linkHeader + i*linkRecord
	dest := linkHeader + o.NumLinks()*linkRecord
	from, to := uint32At(o.links, rec+8), uint32At(o.links, rec+12)
	return o.links[dest+int(from) : dest+int(to&^imageBit)]
}

// Links yields the links of the body in order, with their index.
func (o *Outline) Links() iter.Seq2[int, Link] {
	return func(yield func(int, Link) bool) {
		for i := range o.NumLinks() {
			if !yield(i, o.Link(i)) {
				return
			}
		}
	}
}
