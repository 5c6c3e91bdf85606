package skills

import (
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// linkset.go: the link facts of a file in the form a snapshot keeps them.
// A tree of 100,000 skills holds close to a million facts, and most of a
// LinkFact follows from its file: the link is one of the file's outline,
// the base is the file's, and the skill holding the target is mostly none
// or the file itself. So a snapshot keeps, per fact, the link's index, two
// flags and the index of its holder in a short list of the file's, and
// Snapshot.Links and EachLink make the LinkFacts when asked.

// linkRec is one link fact as a snapshot keeps it.
type linkRec struct {
	// link is the index of the link in the file's Outline.
	link uint16
	// holder is the fact's Skill: noHolder, selfHolder (the file's own
	// path), or firstHolder+i for the i-th of the set's holders.
	holder uint16
	// flags are factInside and factExists.
	flags uint8
}

// The flags of a linkRec: LinkFact's Inside and Exists.
const (
	factInside uint8 = 1 << iota
	factExists
)

// The holders of a linkRec that its set does not list.
const (
	noHolder    = 0
	selfHolder  = 1
	firstHolder = 2
)

// A body holds at most markdown.MaxLinks links, so a file has no more
// distinct holders: a linkRec counts both in 16 bits (the conversion does
// not compile if they might not fit).
const _ = uint16(markdown.MaxLinks + firstHolder)

// linkSet is the link facts of one file, in body order: the records and
// the holders, other than none and the file itself, that they name. Most
// files link to no other skill: holders is a pointer, nil for them, so
// that every file's placed stays small.
type linkSet struct {
	facts   []linkRec
	holders *[]string
}

// holderList numbers the holders of the facts of the file at self as a
// linkRec names them, listing those other than none and the file itself.
type holderList struct {
	self string
	list *[]string
	seen map[string]uint16 // the number of each of list, made on first use
}

// index returns the linkRec holder that stands for sk, adding sk to the
// list on first sight.
func (hs *holderList) index(sk string) uint16 {
	switch sk {
	case "":
		return noHolder
	case hs.self:
		return selfHolder
	}
	if i, ok := hs.seen[sk]; ok {
		return i
	}
	if hs.list == nil {
		hs.list, hs.seen = new([]string), map[string]uint16{}
	}
	i := uint16(firstHolder + len(*hs.list))
	hs.seen[sk] = i
	*hs.list = append(*hs.list, sk)
	return i
}

// trimmed returns the set without the room its facts left for the links
// that are not local: a snapshot keeps it. The facts of a file with links
// stay a slice, if an empty one (Links tells them from no facts at all).
func (ls linkSet) trimmed() linkSet {
	switch {
	case len(ls.facts) == 0:
		ls.facts = []linkRec{}
	case len(ls.facts) < cap(ls.facts):
		ls.facts = slices.Clone(ls.facts)
	}
	return ls
}

// holder returns the Skill of a linkRec of the set of the file at self.
func (ls linkSet) holder(h uint16, self string) string {
	switch h {
	case noHolder:
		return ""
	case selfHolder:
		return self
	}
	return (*ls.holders)[h-firstHolder]
}

// fact returns r, a fact of the set, in full: f is the file the set was
// made of, base the directory its links resolve against.
func (ls linkSet) fact(r linkRec, f *skillfile.File, base string) LinkFact {
	return LinkFact{
		Link:   f.Outline.Link(int(r.link)),
		Base:   base,
		Inside: r.flags&factInside != 0,
		Exists: r.flags&factExists != 0,
		Skill:  ls.holder(r.holder, f.Path),
	}
}

// expand returns the set's facts in full (see fact). The slice is new.
func (ls linkSet) expand(f *skillfile.File, base string) []LinkFact {
	if ls.facts == nil {
		return nil
	}
	out := make([]LinkFact, len(ls.facts))
	for i, r := range ls.facts {
		out[i] = ls.fact(r, f, base)
	}
	return out
}

// reachesOutside reports whether a fact's target lies outside its base: a
// change anywhere on disk may touch it.
func (ls linkSet) reachesOutside() bool {
	for _, r := range ls.facts {
		if r.flags&factInside == 0 {
			return true
		}
	}
	return false
}

// touchedBy reports whether a change at one of the paths can change p's
// link facts: a target, or a folder above one, changed, or a SKILL.md in a
// folder above one did (it makes the folder a skill that holds the target,
// or no longer).
func touchedBy(p *placed, paths []string) bool {
	base := baseOf(p)
	for _, r := range p.links.facts {
		t, _ := LinkTarget(base, p.file.Outline.LinkDest(int(r.link)))
		for _, q := range paths {
			if discovery.Within(t, q) || q == base || filepath.Base(q) == skillFileName && discovery.Within(t, filepath.Dir(q)) {
				return true
			}
		}
	}
	return false
}
