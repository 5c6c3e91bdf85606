package skills

import (
	"iter"
	"maps"
)

// layered is a string-keyed table that snapshots share: a base map, never
// written once built, and a small top map of the entries set since (the
// files typed in). Setting entries copies only the top, so typing costs the
// same at 100 or 100,000 skills; the top is folded into a new base when it
// grows past a few hundred entries. Entries are only replaced, never added
// or removed, through set: the keys of top are keys of base.
type layered[V any] struct {
	base, top map[string]V
}

// maxTop bounds the top of a layered table before set folds it.
const maxTop = 256

// newLayered returns a table over base (which the caller no longer writes).
func newLayered[V any](base map[string]V) layered[V] {
	return layered[V]{base: base}
}

// get returns the entry for k.
func (t layered[V]) get(k string) (V, bool) {
	if v, ok := t.top[k]; ok {
		return v, true
	}
	v, ok := t.base[k]
	return v, ok
}

// at returns the entry for k, or the zero V.
func (t layered[V]) at(k string) V {
	v, _ := t.get(k)
	return v
}

// len returns the number of entries.
func (t layered[V]) len() int { return len(t.base) }

// all yields every entry once, in no order.
func (t layered[V]) all() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for k, v := range t.base {
			if o, ok := t.top[k]; ok {
				v = o
			}
			if !yield(k, v) {
				return
			}
		}
	}
}

// set returns t with the entries of changes, which replace entries of t;
// t itself is unchanged.
func (t layered[V]) set(changes map[string]V) layered[V] {
	if len(changes) == 0 {
		return t
	}
	if len(t.top)+len(changes) > maxTop {
		base := maps.Clone(t.base)
		maps.Copy(base, t.top)
		maps.Copy(base, changes)
		return layered[V]{base: base}
	}
	top := make(map[string]V, len(t.top)+len(changes))
	maps.Copy(top, t.top)
	maps.Copy(top, changes)
	return layered[V]{base: t.base, top: top}
}
