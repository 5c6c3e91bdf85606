package skills

import (
	"iter"
	"maps"
)

// table is a string-keyed map that snapshots share: a base map, never
// written once built, and a small top of the entries set or deleted since.
// A change copies only the top, so a keystroke costs the same in a tree of
// any size; the top is folded into a new base when it grows past
// maxTop entries. A table is a value: with returns a new one and leaves its
// receiver as it was.
type table[V any] struct {
	base map[string]V
	top  map[string]slot[V]
	n    int // the number of entries
}

// slot is an entry of a table's top: a value, or a deletion.
type slot[V any] struct {
	v       V
	deleted bool
}

// maxTop bounds the top of a table before with folds it.
const maxTop = 256

// newTable returns a table over base, which the caller no longer writes.
func newTable[V any](base map[string]V) table[V] {
	return table[V]{base: base, n: len(base)}
}

// get returns the entry for k.
func (t table[V]) get(k string) (V, bool) {
	if s, ok := t.top[k]; ok {
		return s.v, !s.deleted
	}
	v, ok := t.base[k]
	return v, ok
}

// at returns the entry for k, or the zero V.
func (t table[V]) at(k string) V {
	v, _ := t.get(k)
	return v
}

// len returns the number of entries.
func (t table[V]) len() int { return t.n }

// all yields every entry once, in no order.
func (t table[V]) all() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for k, v := range t.base {
			if _, changed := t.top[k]; changed {
				continue
			}
			if !yield(k, v) {
				return
			}
		}
		for k, s := range t.top {
			if !s.deleted && !yield(k, s.v) {
				return
			}
		}
	}
}

// with returns t with the entries of set added or replaced and the keys of
// del removed (a key in both is set). The table may keep set itself (an
// empty t takes it as its base, so that loading a tree does not copy its
// largest maps): the caller no longer writes set.
func (t table[V]) with(set map[string]V, del []string) table[V] {
	if len(set) == 0 && len(del) == 0 {
		return t
	}
	if t.n == 0 && len(del) == 0 && len(set) > maxTop {
		return newTable(set)
	}
	if len(t.top)+len(set)+len(del) > maxTop {
		return t.folded(set, del)
	}
	top := make(map[string]slot[V], len(t.top)+len(set)+len(del))
	maps.Copy(top, t.top)
	next := table[V]{base: t.base, top: top, n: t.n}
	for _, k := range del {
		if _, ok := set[k]; ok {
			continue
		}
		if _, had := next.get(k); had {
			next.n--
			top[k] = slot[V]{deleted: true}
		}
	}
	for k, v := range set {
		if _, had := next.get(k); !had {
			next.n++
		}
		top[k] = slot[V]{v: v}
	}
	return next
}

// folded is with for changes that would overflow the top: a new base.
func (t table[V]) folded(set map[string]V, del []string) table[V] {
	base := make(map[string]V, max(t.n, len(set)))
	for k, v := range t.all() {
		base[k] = v
	}
	for _, k := range del {
		delete(base, k)
	}
	maps.Copy(base, set)
	return newTable(base)
}
