package skills

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Shadow records a valid skill that lost to a same-name skill DSH prefers.
type Shadow struct {
	// Skill is the loser.
	Skill *Skill
	// Winner is the skill DSH uses instead.
	Winner *Skill
}

// Registry is the resolved set of skills: one winner per name, plus every
// loser and every dropped file, so an author can be told why. A Registry is
// a value: update returns a new one.
type Registry struct {
	// Incomplete, when non-empty, is the provider failure that makes DSH
	// publish no catalog at all (docs/dsh.md §3.4, Node read path).
	Incomplete string

	// groups holds, per name, its skills in placement order: the winner
	// first.
	groups Table[[]*Skill]
	// names are the names of groups, sorted (UTF-16 code-unit order, which
	// is byte order for the ASCII the grammar allows).
	names []string
	// shared are the names more than one skill has, sorted.
	shared []string
	// drops are the dropped files in the roots, by path.
	drops Table[droppedFile]
}

// droppedFile is a file DSH ignores, with its place in the roots.
type droppedFile struct {
	file        *skillfile.File
	root, entry int
}

// placement orders skills as DSH prefers them (docs/dsh.md §3.5): by rank, then
// root order, then entry order.
func placement(a, b *Skill) int {
	return cmp.Or(cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.RootIndex, b.RootIndex), cmp.Compare(a.EntryIndex, b.EntryIndex))
}

// Resolve picks one winner per name among candidates (valid skills), and
// records the dropped files, in root order.
func Resolve(candidates []*Skill, dropped []*skillfile.File) *Registry {
	var drops []droppedFile
	for i, f := range dropped {
		drops = append(drops, droppedFile{file: f, entry: i})
	}
	return (&Registry{}).update(nil, candidates, nil, drops)
}

// update returns r without the skills of removed and the drops at the paths
// of undropped, and with the skills of added and the drops of dropped. The
// groups of the names involved are resolved again; nothing else is looked
// at.
func (r *Registry) update(removed, added []*Skill, undropped []string, dropped []droppedFile) *Registry {
	next := *r
	if len(undropped) > 0 || len(dropped) > 0 {
		set := make(map[string]droppedFile, len(dropped))
		for _, d := range dropped {
			set[d.file.Path] = d
		}
		next.drops = r.drops.With(set, undropped)
	}
	if len(removed) == 0 && len(added) == 0 {
		return &next
	}
	groups := make(map[string][]*Skill, len(removed)+len(added))
	var touched []string // the names of groups, in the order first met
	group := func(name string) []*Skill {
		g, ok := groups[name]
		if !ok {
			g = slices.Clone(r.groups.At(name))
			touched = append(touched, name)
		}
		return g
	}
	for _, s := range removed {
		groups[s.Name] = slices.DeleteFunc(group(s.Name), func(x *Skill) bool { return x == s })
	}
	for _, s := range added {
		groups[s.Name] = append(group(s.Name), s)
	}
	var names, gone, shared, unshared []string
	for _, name := range touched {
		g := groups[name]
		switch {
		case len(g) == 0:
			gone = append(gone, name)
			delete(groups, name)
			continue
		case len(g) > 1:
			shared = append(shared, name)
		default:
			if _, ok := slices.BinarySearch(r.shared, name); ok {
				unshared = append(unshared, name)
			}
		}
		names = append(names, name)
		slices.SortStableFunc(g, placement)
	}
	next.groups = r.groups.With(groups, gone)
	next.names = updateSorted(r.names, names, gone)
	next.shared = updateSorted(r.shared, shared, append(unshared, gone...))
	return &next
}

// Winners returns the winning skills sorted by name. The slice is new.
func (r *Registry) Winners() []*Skill {
	if r == nil {
		return nil
	}
	return slices.Collect(r.AllWinners())
}

// AllWinners yields the winners in Winners' order without making the list.
func (r *Registry) AllWinners() iter.Seq[*Skill] {
	return func(yield func(*Skill) bool) {
		if r == nil {
			return
		}
		for _, name := range r.names {
			if !yield(r.groups.At(name)[0]) {
				return
			}
		}
	}
}

// Names returns the winners' names in Winners' order. The caller must not
// modify the slice: a `/` completion searches it after each keystroke and
// looks up the skills of the few names it offers alone.
func (r *Registry) Names() []string {
	if r == nil {
		return nil
	}
	return r.names
}

// WinnerCount returns the number of winners.
func (r *Registry) WinnerCount() int {
	if r == nil {
		return 0
	}
	return len(r.names)
}

// Lookup returns the winning skill with the given name, or nil. A name that
// fails the grammar finds nothing (registry.get).
func (r *Registry) Lookup(name string) *Skill {
	if !skillfile.IsSkillName(name) {
		return nil
	}
	return r.Winner(name)
}

// Winner returns the winning skill with the given name, or nil: Lookup
// without the grammar check, for a name taken from a skill.
func (r *Registry) Winner(name string) *Skill {
	if r == nil {
		return nil
	}
	if g := r.groups.At(name); len(g) > 0 {
		return g[0]
	}
	return nil
}

// All returns every valid skill with the name, the winner first. The
// caller must not modify the slice.
func (r *Registry) All(name string) []*Skill {
	if r == nil {
		return nil
	}
	return r.groups.At(name)
}

// ShadowOf returns the winner that shadows s, or nil when s is a winner.
func (r *Registry) ShadowOf(s *Skill) *Skill {
	if w := r.Lookup(s.Name); w != nil && w != s {
		return w
	}
	return nil
}

// Shadowed returns the losers, each with its winner, in placement order.
func (r *Registry) Shadowed() []Shadow {
	if r == nil {
		return nil
	}
	var out []Shadow
	for _, name := range r.shared {
		g := r.groups.At(name)
		for _, s := range g[1:] {
			out = append(out, Shadow{Skill: s, Winner: g[0]})
		}
	}
	slices.SortStableFunc(out, func(a, b Shadow) int { return placement(a.Skill, b.Skill) })
	return out
}

// Dropped returns the files in the roots that DSH ignores, in root and
// entry order.
func (r *Registry) Dropped() []*skillfile.File {
	if r == nil {
		return nil
	}
	drops := slices.Collect(func(yield func(droppedFile) bool) {
		for _, d := range r.drops.All() {
			if !yield(d) {
				return
			}
		}
	})
	slices.SortFunc(drops, func(a, b droppedFile) int {
		return cmp.Or(cmp.Compare(a.root, b.root), cmp.Compare(a.entry, b.entry), strings.Compare(a.file.Path, b.file.Path))
	})
	out := make([]*skillfile.File, len(drops))
	for i, d := range drops {
		out[i] = d.file
	}
	return out
}

// Log returns the warning lines DSH logs for the files and duplicates of
// this registry, in DSH's order for one discovery pass: file drops in root
// and entry order, then the duplicate losers.
func (r *Registry) Log() []string {
	var out []string
	for _, f := range r.Dropped() {
		if f.Drop.Log != "" {
			out = append(out, f.Drop.Log)
		}
	}
	for _, s := range r.Shadowed() {
		out = append(out, `skill "`+s.Skill.Name+`" from `+string(s.Skill.Source)+" ignored because a higher-priority skill already exists")
	}
	return out
}
