package skills

import (
	"maps"
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

	byName map[string]*Skill
	all    map[string][]*Skill
}

// Lookup returns the winning skill with the given name, or nil. A name that
// fails the grammar finds nothing (registry.get).
func (r *Registry) Lookup(name string) *Skill {
	if r == nil || !IsSkillName(name) {
		return nil
	}
	return r.byName[name]
}

// All returns every valid skill with the name, the winner first.
func (r *Registry) All(name string) []*Skill {
	if r == nil {
		return nil
	}
	return r.all[name]
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
	r := &Registry{byName: make(map[string]*Skill, len(sorted)), all: make(map[string][]*Skill, len(sorted)), Dropped: dropped}
	for _, s := range sorted {
		r.all[s.Name] = append(r.all[s.Name], s)
		if w, ok := r.byName[s.Name]; ok {
			r.Shadowed = append(r.Shadowed, Shadow{Skill: s, Winner: w})
			continue
		}
		r.byName[s.Name] = s
		r.Winners = append(r.Winners, s)
	}
	// Names are ASCII by grammar, so byte order is UTF-16 code-unit order.
	slices.SortFunc(r.Winners, func(a, b *Skill) int { return strings.Compare(a.Name, b.Name) })
	return r
}

// patch returns a registry where the skills and dropped files of the
// replaced files (old -> new, same identity) are swapped for the new ones,
// keeping every placement. It shares nothing mutable with r.
func (r *Registry) patch(replaced map[*File]*File) *Registry {
	if len(replaced) == 0 {
		return r
	}
	swap := map[*Skill]*Skill{}
	next := &Registry{Incomplete: r.Incomplete, byName: maps.Clone(r.byName), all: maps.Clone(r.all)}
	fresh := func(s *Skill) *Skill {
		if s == nil || s.File == nil {
			return s
		}
		if n, ok := swap[s]; ok {
			return n
		}
		f, ok := replaced[s.File]
		if !ok {
			return s
		}
		n := *f.Def
		n.Source, n.Rank, n.RootIndex, n.EntryIndex, n.ResourceBase = s.Source, s.Rank, s.RootIndex, s.EntryIndex, s.ResourceBase
		swap[s] = &n
		return &n
	}
	next.Winners = make([]*Skill, len(r.Winners))
	for i, s := range r.Winners {
		next.Winners[i] = fresh(s)
	}
	next.Shadowed = make([]Shadow, len(r.Shadowed))
	for i, sh := range r.Shadowed {
		next.Shadowed[i] = Shadow{Skill: fresh(sh.Skill), Winner: fresh(sh.Winner)}
	}
	next.Dropped = make([]*File, len(r.Dropped))
	for i, f := range r.Dropped {
		if n, ok := replaced[f]; ok {
			f = n
		}
		next.Dropped[i] = f
	}
	for old, n := range swap {
		if next.byName[old.Name] == old {
			next.byName[old.Name] = n
		}
		list := slices.Clone(next.all[old.Name])
		for i := range list {
			if list[i] == old {
				list[i] = n
			}
		}
		next.all[old.Name] = list
	}
	return next
}
