package skills

import (
	"slices"
	"strings"
)

// Shadow records a valid skill that lost to a same-name skill DSH prefers.
type Shadow struct {
	// Skill is the loser.
	Skill *Skill
	// Winner is the skill DSH uses instead.
	Winner *Skill
}

// Registry is the resolved set of skills: one winner per name, plus every
// loser and every dropped file, so an author can be told why.
type Registry struct {
	// Winners are the winning skills sorted by name (UTF-16 code-unit order).
	Winners []*Skill
	// Shadowed are the losers in candidate order.
	Shadowed []Shadow
	// Dropped are the files in the roots that DSH ignores, in root order.
	Dropped []*File
	// Incomplete, when non-empty, is the provider failure that makes DSH
	// publish no catalog at all (spec §3.4, Node read path).
	Incomplete string

	byName layered[*Skill]
	all    layered[[]*Skill]
}

// Lookup returns the winning skill with the given name, or nil. A name that
// fails the grammar finds nothing (registry.get).
func (r *Registry) Lookup(name string) *Skill {
	if r == nil || !IsSkillName(name) {
		return nil
	}
	return r.byName.at(name)
}

// Winner returns the winning skill with the given name, or nil: Lookup
// without the grammar check, for a name taken from a skill.
func (r *Registry) Winner(name string) *Skill {
	if r == nil {
		return nil
	}
	return r.byName.at(name)
}

// All returns every valid skill with the name, the winner first.
func (r *Registry) All(name string) []*Skill {
	if r == nil {
		return nil
	}
	return r.all.at(name)
}

// ShadowOf returns the winner that shadows s, or nil when s is a winner.
func (r *Registry) ShadowOf(s *Skill) *Skill {
	if w := r.Lookup(s.Name); w != nil && w != s {
		return w
	}
	return nil
}

// Log returns the warning lines DSH logs for the files and duplicates of
// this registry, in DSH's order for one discovery pass: file drops in root
// and entry order, then the duplicate losers.
func (r *Registry) Log() []string {
	var out []string
	for _, f := range r.Dropped {
		out = append(out, f.Drop.Log)
	}
	for _, s := range r.Shadowed {
		out = append(out, `skill "`+s.Skill.Name+`" from `+string(s.Skill.Source)+" ignored because a higher-priority skill already exists")
	}
	return out
}

// Resolve picks one winner per name among candidates: by rank, then root
// order, then entry order (spec §3.5). Candidates must be valid skills.
func Resolve(candidates []*Skill, dropped []*File) *Registry {
	sorted := slices.Clone(candidates)
	slices.SortStableFunc(sorted, func(a, b *Skill) int {
		if a.Rank != b.Rank {
			return a.Rank - b.Rank
		}
		if a.RootIndex != b.RootIndex {
			return a.RootIndex - b.RootIndex
		}
		return a.EntryIndex - b.EntryIndex
	})
	r := &Registry{Dropped: dropped}
	byName, all := make(map[string]*Skill, len(sorted)), make(map[string][]*Skill, len(sorted))
	for _, s := range sorted {
		all[s.Name] = append(all[s.Name], s)
		if w, ok := byName[s.Name]; ok {
			r.Shadowed = append(r.Shadowed, Shadow{Skill: s, Winner: w})
			continue
		}
		byName[s.Name] = s
		r.Winners = append(r.Winners, s)
	}
	r.byName, r.all = newLayered(byName), newLayered(all)
	// Names are ASCII by grammar, so byte order is UTF-16 code-unit order.
	slices.SortFunc(r.Winners, func(a, b *Skill) int { return strings.Compare(a.Name, b.Name) })
	return r
}

// patch returns a registry where the skills and dropped files of the
// replaced files (old -> new, same identity) are swapped for the new ones,
// keeping every placement. It shares nothing mutable with r. It costs the
// replaced files and the losers and dropped files, not a look-up per
// winner: a replaced file keeps its name, which finds its skills.
func (r *Registry) patch(replaced map[*File]*File) *Registry {
	if len(replaced) == 0 {
		return r
	}
	swap := map[*Skill]*Skill{}
	for old, f := range replaced {
		if old.Def == nil {
			continue // a dropped file: no skill
		}
		for _, s := range r.all.at(old.Def.Name) {
			if s.File == old {
				n := *f.Def
				n.Source, n.Rank, n.RootIndex, n.EntryIndex, n.ResourceBase = s.Source, s.Rank, s.RootIndex, s.EntryIndex, s.ResourceBase
				swap[s] = &n
			}
		}
	}
	next := &Registry{Incomplete: r.Incomplete, Winners: slices.Clone(r.Winners), Shadowed: slices.Clone(r.Shadowed), Dropped: slices.Clone(r.Dropped)}
	byName, all := map[string]*Skill{}, map[string][]*Skill{}
	for old, n := range swap {
		if r.byName.at(old.Name) == old {
			byName[old.Name] = n
			if i, ok := slices.BinarySearchFunc(next.Winners, old.Name, func(s *Skill, name string) int { return strings.Compare(s.Name, name) }); ok {
				next.Winners[i] = n
			}
		}
		list, ok := all[old.Name]
		if !ok {
			list = slices.Clone(r.all.at(old.Name))
		}
		for i := range list {
			if list[i] == old {
				list[i] = n
			}
		}
		all[old.Name] = list
	}
	if len(swap) > 0 {
		for i, sh := range next.Shadowed {
			if n, ok := swap[sh.Skill]; ok {
				next.Shadowed[i].Skill = n
			}
			if n, ok := swap[sh.Winner]; ok {
				next.Shadowed[i].Winner = n
			}
		}
	}
	for i, f := range next.Dropped {
		if n, ok := replaced[f]; ok {
			next.Dropped[i] = n
		}
	}
	next.byName, next.all = r.byName.set(byName), r.all.set(all)
	return next
}
