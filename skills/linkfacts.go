package skills

import (
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// LinkFact is what the engine knows about one local link in a skill file's
// body: where it points and whether the target is there. Diagnostics, hover,
// definition and the watcher read these facts from the snapshot instead of
// asking the disk themselves.
type LinkFact struct {
	// Link is the link in the file's outline, made when the fact is (a
	// snapshot keeps the facts compact: linkset.go).
	markdown.Link
	// Base is the directory the link resolves against: the skill's base
	// (its bundle folder, or the root for a flat skill; the file's folder
	// for a file outside the roots).
	Base string
	// Inside reports that Target is Base or lies inside it.
	Inside bool
	// Exists reports that Target existed when the snapshot was made (it is
	// stat'ed, following symbolic links, never read).
	Exists bool
	// Skill is the skill file of the discovered skill whose folder holds
	// Target (or which is Target, for a flat skill), "" when none does. For
	// a link inside the file's own bundle it is the file itself. For a
	// skill file outside the roots, a skill beside its bundle counts too
	// (looseHolder).
	Skill string
}

// Target returns the resolved path (LinkTarget of Base and Dest; computed
// on demand, so that thousands of facts do not each hold a path).
func (l LinkFact) Target() string {
	t, _ := LinkTarget(l.Base, l.Dest)
	return t
}

// statTarget reports whether something exists at path, following symbolic
// links: how link targets are checked (never read).
func statTarget(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// linkFacts resolves and stats the local links of f, a file whose links
// resolve against base, in the snapshot being made: holder finds the skill
// whose folder holds a target. A body often links the same file several
// times: each distinct destination is resolved once and each distinct
// target stat'ed once. A target inside the base of a bundle (own: its
// skill file, "" for other files) belongs to that bundle, since only a
// root's direct children are bundles: no walk up its folders.
func linkFacts(f *skillfile.File, base, own string, exists func(string) bool, holder func(string) string) linkSet {
	n := f.Outline.NumLinks()
	if n == 0 {
		return linkSet{}
	}
	out := make([]linkRec, 0, n)
	hs := holderList{self: f.Path}
	res := newLinkResolver(base)
	// dests maps a destination already seen to the index in out of its
	// first fact (-1: not a local link); targets does the same for the
	// resolved targets (two destinations can name one target).
	dests, targets := map[string]int{}, map[string]int{}
	for i := range n {
		dest := f.Outline.LinkDest(i)
		if at, ok := dests[dest]; ok {
			if at >= 0 {
				fact := out[at]
				fact.link = uint16(i)
				out = append(out, fact)
			}
			continue
		}
		target, ok := res.target(dest)
		if !ok {
			dests[dest] = -1
			continue
		}
		dests[dest] = len(out)
		fact := linkRec{link: uint16(i)}
		inside := discovery.Within(target, base)
		if inside {
			fact.flags |= factInside
		}
		if prev, ok := targets[target]; ok {
			fact.flags |= out[prev].flags & factExists
			fact.holder = out[prev].holder
		} else {
			targets[target] = len(out)
			if exists(target) {
				fact.flags |= factExists
			}
			if inside && own != "" {
				fact.holder = hs.index(own)
			} else {
				fact.holder = hs.index(holder(target))
			}
		}
		out = append(out, fact)
	}
	return linkSet{facts: out, holders: hs.list}.trimmed()
}

// linkHolder returns how the links of the file at path find the skill
// that holds a target: the snapshot's skillHolding, and for a skill file
// outside the roots that is a bundle's SKILL.md, the skills beside its
// bundle too (looseHolder).
func (s *Snapshot) linkHolder(path string, exists func(string) bool) func(string) string {
	if s.disk.At(path) != nil || filepath.Base(path) != skillFileName {
		return s.skillHolding
	}
	return looseHolder(path, exists, s.skillHolding)
}

// skillFileName is the name of a bundle's skill file.
const skillFileName = "SKILL.md"

// looseHolder extends holder for a skill file outside the roots at
// <folder>/<name>/SKILL.md: a target in another bundle of folder belongs
// to that bundle's skill when its SKILL.md exists (stat'ed, as targets
// are). folder is what the file has for roots: another agent's skill
// folder (.claude/skills, .github/skills) or a folder of skills opened in
// the editor. A link to a sibling skill there is a skill reference, as it
// is between two bundles of one of DSH's roots; a target in the file's
// own bundle, or outside folder, keeps holder's answer.
func looseHolder(path string, exists func(string) bool, holder func(string) string) func(string) string {
	bundle := filepath.Dir(path)
	folder := filepath.Dir(bundle)
	seen := map[string]bool{} // a sibling's skill file: whether it exists
	return func(target string) string {
		sk := holder(target)
		if sk != "" || target == folder || !discovery.Within(target, folder) || discovery.Within(target, bundle) {
			return sk
		}
		rel, err := filepath.Rel(folder, target)
		if err != nil {
			return ""
		}
		first, _, _ := strings.Cut(rel, string(filepath.Separator))
		file := filepath.Join(folder, first, skillFileName)
		ok, known := seen[file]
		if !known {
			ok = exists(file)
			seen[file] = ok
		}
		if ok {
			return file
		}
		return ""
	}
}

// Links returns the facts about the local links of the file at path, in
// body order (nil for an unknown path). The slice is made on each call,
// from the compact form the snapshot keeps.
func (s *Snapshot) Links(path string) []LinkFact {
	if p := s.placed(path); p != nil {
		return p.links.expand(p.file, baseOf(p))
	}
	return nil
}

// EachLink yields the facts Links returns, one at a time, without making
// a slice of them: what a check of every file reads, so that its passes
// leave no facts behind them for the collector.
func (s *Snapshot) EachLink(path string) iter.Seq[LinkFact] {
	p := s.placed(path)
	return func(yield func(LinkFact) bool) {
		if p == nil {
			return
		}
		base := baseOf(p)
		for _, r := range p.links.facts {
			if !yield(p.links.fact(r, p.file, base)) {
				return
			}
		}
	}
}

// LinkAt returns the fact of the link of the file at path whose destination
// holds off.
func (s *Snapshot) LinkAt(path string, off int) *LinkFact {
	facts := s.Links(path)
	for i := range facts {
		if facts[i].Span.Contains(off) {
			return &facts[i]
		}
	}
	return nil
}

// LinksInto returns, for every file of the snapshot, the links that point
// into the skill whose file is skillPath from outside it (a link from one
// skill to another's files), in path order.
func (s *Snapshot) LinksInto(skillPath string) map[string][]LinkFact {
	out := map[string][]LinkFact{}
	for _, p := range s.outside {
		for l := range s.EachLink(p) {
			if l.Skill == skillPath && !l.Inside {
				out[p] = append(out[p], l)
			}
		}
	}
	return out
}

// WatchDir returns, for a fact whose target lies inside its base, the
// nearest existing folder above the target (at most the base): the folder
// to watch to see the target appear or go; "" for other facts. It stats the
// disk: only the watcher of open files asks.
func WatchDir(l LinkFact) string {
	t := l.Target()
	if !l.Inside || t == l.Base {
		return ""
	}
	dir := filepath.Dir(t)
	for dir != l.Base && discovery.Within(dir, l.Base) {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
		dir = filepath.Dir(dir)
	}
	return l.Base
}
