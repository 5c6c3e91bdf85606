package skills

import (
	"iter"
	"maps"
	"slices"
	"strings"
	"sync"
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
	// Shadowed are the losers in candidate order.
	Shadowed []Shadow
	// Dropped are the files in the roots that DSH ignores, in root order.
	Dropped []*File
	// Incomplete, when non-empty, is the provider failure that makes DSH
	// publish no catalog at all (spec §3.4, Node read path).
	Incomplete string

	// byName holds each name's winner; all, for each name more than one
	// skill has, those skills, the winner first (see All).
	byName layered[*Skill]
	all    layered[[]*Skill]

	// winners are the winners sorted by name as of the last full list;
	// patched replaces entries of it (by index) since: an edit swaps one
	// skill without copying a list of every winner (100,000 pointers at
	// 100k skills, most of an edit's cost there). whole is the list with
	// the patches applied, made once when asked for.
	winners []*Skill
	patched map[int]*Skill
	whole   func() []*Skill
}

// Winners returns the winning skills sorted by name (UTF-16 code-unit
// order). The caller must not modify the slice.
func (r *Registry) Winners() []*Skill {
	if r == nil {
		return nil
	}
	if len(r.patched) == 0 {
		return r.winners
	}
	return r.whole()
}

// AllWinners yields the winners in Winners' order without making the
// list: a `/` completion after each keystroke walks them, and at 100,000
// skills making the list after every edit was 800 KB of garbage each time.
func (r *Registry) AllWinners() iter.Seq[*Skill] {
	return func(yield func(*Skill) bool) {
		if r == nil {
			return
		}
		// The patched indexes in order (few: a registry makes its whole
		// list again after some edits), and the runs of r.winners
		// between them.
		at := slices.Sorted(maps.Keys(r.patched))
		from := 0
		for _, i := range at {
			for _, s := range r.winners[from:i] {
				if !yield(s) {
					return
				}
			}
			if !yield(r.patched[i]) {
				return
			}
			from = i + 1
		}
		for _, s := range r.winners[from:] {
			if !yield(s) {
				return
			}
		}
	}
}

// WinnerCount returns len(r.Winners()) without making the list.
func (r *Registry) WinnerCount() int {
	if r == nil {
		return 0
	}
	return len(r.winners)
}

// applyPatches returns a new list of the winners with the patches applied.
func (r *Registry) applyPatches() []*Skill {
	list := slices.Clone(r.winners)
	for i, s := range r.patched {
		list[i] = s
	}
	return list
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
	if list := r.all.at(name); list != nil {
		return list
	}
	if w := r.byName.at(name); w != nil {
		return []*Skill{w}
	}
	return nil
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
	placement := func(a, b *Skill) int {
		if a.Rank != b.Rank {
			return a.Rank - b.Rank
		}
		if a.RootIndex != b.RootIndex {
			return a.RootIndex - b.RootIndex
		}
		return a.EntryIndex - b.EntryIndex
	}
	// The roots' candidates come in placement order already: checking it
	// costs one comparison per candidate, sorting them again a stable
	// sort.
	if !slices.IsSortedFunc(sorted, placement) {
		slices.SortStableFunc(sorted, placement)
	}
	r := &Registry{Dropped: dropped}
	// A name that one skill alone has (nearly all) gets no list in all:
	// one allocation and one map entry fewer per skill.
	byName, all := make(map[string]*Skill, len(sorted)), map[string][]*Skill{}
	for _, s := range sorted {
		if w, ok := byName[s.Name]; ok {
			r.Shadowed = append(r.Shadowed, Shadow{Skill: s, Winner: w})
			list := all[s.Name]
			if list == nil {
				list = []*Skill{w}
			}
			all[s.Name] = append(list, s)
			continue
		}
		byName[s.Name] = s
		r.winners = append(r.winners, s)
	}
	r.byName, r.all = newLayered(byName), newLayered(all)
	// Names are ASCII by grammar, so byte order is UTF-16 code-unit order.
	slices.SortFunc(r.winners, func(a, b *Skill) int { return strings.Compare(a.Name, b.Name) })
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
		for _, s := range r.All(old.Def.Name) {
			if s.File == old {
				n := *f.Def
				n.Source, n.Rank, n.RootIndex, n.EntryIndex, n.ResourceBase = s.Source, s.Rank, s.RootIndex, s.EntryIndex, s.ResourceBase
				swap[s] = &n
			}
		}
	}
	next := &Registry{Incomplete: r.Incomplete, Shadowed: r.Shadowed, Dropped: r.Dropped,
		winners: r.winners, patched: maps.Clone(r.patched)}
	next.whole = sync.OnceValue(next.applyPatches)
	if next.patched == nil {
		next.patched = map[int]*Skill{}
	}
	byName, all := map[string]*Skill{}, map[string][]*Skill{}
	for old, n := range swap {
		if r.byName.at(old.Name) == old {
			byName[old.Name] = n
			// A replaced file keeps its name, so its winner keeps its place.
			if i, ok := slices.BinarySearchFunc(r.winners, old.Name, func(s *Skill, name string) int { return strings.Compare(s.Name, name) }); ok {
				next.patched[i] = n
			}
		}
		list, ok := all[old.Name]
		if !ok {
			list = slices.Clone(r.All(old.Name))
		}
		for i := range list {
			if list[i] == old {
				list[i] = n
			}
		}
		all[old.Name] = list
	}
	next.Shadowed = r.patchedShadows(swap)
	next.Dropped = r.patchedDrops(replaced)
	next.byName, next.all = r.byName.set(byName), r.all.set(all)
	if len(next.patched) > maxTop {
		next.winners, next.patched = next.applyPatches(), nil
	}
	return next
}

// patchedShadows returns r.Shadowed with the skills of swap replaced. A
// skill alone with its name is no shadow nor winner of one: most edits
// share the list.
func (r *Registry) patchedShadows(swap map[*Skill]*Skill) []Shadow {
	if !anyOf(maps.Keys(swap), func(s *Skill) bool { return len(r.all.at(s.Name)) > 1 }) {
		return r.Shadowed
	}
	out := slices.Clone(r.Shadowed)
	for i, sh := range out {
		if n, ok := swap[sh.Skill]; ok {
			out[i].Skill = n
		}
		if n, ok := swap[sh.Winner]; ok {
			out[i].Winner = n
		}
	}
	return out
}

// patchedDrops returns r.Dropped with the files of replaced replaced. A
// valid file is not dropped: most edits share the list.
func (r *Registry) patchedDrops(replaced map[*File]*File) []*File {
	if !anyOf(maps.Keys(replaced), func(f *File) bool { return !f.Valid() }) {
		return r.Dropped
	}
	out := slices.Clone(r.Dropped)
	for i, f := range out {
		if n, ok := replaced[f]; ok {
			out[i] = n
		}
	}
	return out
}

// anyOf reports whether some element of seq satisfies ok.
func anyOf[T any](seq iter.Seq[T], ok func(T) bool) bool {
	for v := range seq {
		if ok(v) {
			return true
		}
	}
	return false
}
