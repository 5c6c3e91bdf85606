package skills

import (
	"os"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// SlowLinkFacts is the link facts without their shortcuts: every link
// resolved by LinkTarget, every distinct target stat'ed by os.Stat.
func (s *Snapshot) SlowLinkFacts(f *skillfile.File, base string) []LinkFact {
	n := f.Outline.NumLinks()
	if n == 0 {
		return nil
	}
	out := make([]LinkFact, 0, n)
	seen := make(map[string]int, n)
	own := s.bundles.At(base)
	holder := s.linkHolder(f.Path, statTarget)
	for i := range n {
		l := f.Outline.Link(i)
		target, ok := LinkTarget(base, l.Dest)
		if !ok {
			continue
		}
		fact := LinkFact{Link: l, Base: base, Inside: discovery.Within(target, base)}
		if prev, ok := seen[target]; ok {
			fact.Exists, fact.Skill = out[prev].Exists, out[prev].Skill
		} else {
			seen[target] = len(out)
			_, err := os.Stat(target)
			fact.Exists = err == nil
			if fact.Inside && own != "" {
				fact.Skill = own
			} else {
				fact.Skill = holder(target)
			}
		}
		out = append(out, fact)
	}
	return out
}

// BaseOf is the folder the links of the file at path resolve against.
func BaseOf(s *Snapshot, path string) string {
	if p := s.placed(path); p != nil {
		return baseOf(p)
	}
	return filepath.Dir(path)
}

// FreshLinkFacts are the link facts of the file at path made now against
// s, for the tests that compare them with those s holds.
func FreshLinkFacts(s *Snapshot, path string) []LinkFact {
	f, base := s.File(path), BaseOf(s, path)
	return linkFacts(f, base, "", statTarget, s.linkHolder(path, statTarget)).expand(f, base)
}

// LooseLinkFacts are the link facts of f, a file outside the roots,
// against base.
func LooseLinkFacts(s *Snapshot, f *skillfile.File, base string) []LinkFact {
	return linkFacts(f, base, "", statTarget, s.linkHolder(f.Path, statTarget)).expand(f, base)
}

// StoredLinks is the first of the link records s keeps for the file at
// path (Links makes its facts anew on each call): two snapshots that keep
// the same record keep the same facts, not made again.
func StoredLinks(s *Snapshot, path string) any {
	return &s.placed(path).links.facts[0]
}

// Paths are the sorted paths of s's files; Outside those whose links
// reach outside their base.
func Paths(s *Snapshot) []string   { return s.paths }
func Outside(s *Snapshot) []string { return s.outside }

// TopSizes are how many changes s's file and registry tables hold above
// their bases.
func TopSizes(s *Snapshot) (files, names int) {
	return len(s.disk.top) + len(s.disk.mid), len(s.Registry.groups.top) + len(s.Registry.groups.mid)
}

// MaxTop is the size past which a table folds its top.
const MaxTop = maxTop
