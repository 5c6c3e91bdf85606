package skills

import (
	"iter"
	"maps"
)

// Table is a string-keyed map that snapshots share: a base map, never
// written once built, and a small top of the entries set or deleted since.
// A change copies only the top, so a keystroke, or an editor's didOpen,
// costs the same in a tree of any size; the top is folded into a new base
// when it grows past maxTop entries. A Table is a value: With returns a
// new one and leaves its receiver as it was. The zero Table is empty.
// The server keeps its open documents in one too.
type Table[V any] struct {
	base map[string]V
	top  map[string]slot[V]
	n    int // the number of entries
}

// slot is an entry of a table's top: a value, or a deletion.
type slot[V any] struct {
	v       V
	deleted bool
}

// maxTop bounds the top of a table before With folds it.
const maxTop = 256

// NewTable returns a table over base, which the caller no longer writes.
func NewTable[V any](base map[string]V) Table[V] {
	return Table[V]{base: base, n: len(base)}
}

// Get returns the entry for k.
func (t Table[V]) Get(k string) (V, bool) {
	if s, ok := t.top[k]; ok {
		return s.v, !s.deleted
	}
	v, ok := t.base[k]
	return v, ok
}

// At returns the entry for k, or the zero V.
func (t Table[V]) At(k string) V {
	v, _ := t.Get(k)
	return v
}

// Len returns the number of entries.
func (t Table[V]) Len() int { return t.n }

// All yields every entry once, in no order.
func (t Table[V]) All() iter.Seq2[string, V] {
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

// With returns t with the entries of set added or replaced and the keys of
// del removed (a key in both is set). The table may keep set itself (an
// empty t takes it as its base, so that loading a tree does not copy its
// largest maps): the caller no longer writes set.
func (t Table[V]) With(set map[string]V, del []string) Table[V] {
	if len(set) == 0 && len(del) == 0 {
		return t
	}
	if t.n == 0 && len(del) == 0 && len(set) > maxTop {
		return NewTable(set)
	}
	if len(t.top)+len(set)+len(del) > maxTop {
		return t.folded(set, del)
	}
	top := make(map[string]slot[V], len(t.top)+len(set)+len(del))
	maps.Copy(top, t.top)
	next := Table[V]{base: t.base, top: top, n: t.n}
	for _, k := range del {
		if _, ok := set[k]; ok {
			continue
		}
		if _, had := next.Get(k); had {
			next.n--
			top[k] = slot[V]{deleted: true}
		}
	}
	for k, v := range set {
		if _, had := next.Get(k); !had {
			next.n++
		}
		top[k] = slot[V]{v: v}
	}
	return next
}

// folded is With for changes that would overflow the top: a new base.
func (t Table[V]) folded(set map[string]V, del []string) Table[V] {
	base := make(map[string]V, max(t.n, len(set)))
	for k, v := range t.All() {
		base[k] = v
	}
	for _, k := range del {
		delete(base, k)
	}
	maps.Copy(base, set)
	return NewTable(base)
}
