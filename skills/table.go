package skills

import (
	"iter"
	"maps"
)

// Table is a string-keyed map that snapshots share: a base map and a
// middle layer, never written once built, and a small top of the entries
// set or deleted since. A change copies only the top, so a keystroke, or
// an editor's didOpen, costs the same in a tree of any size; the top is
// folded into a new middle layer when it grows past maxSmallTop entries,
// and that one into a new base past maxTop. A Table is a value: With
// returns a new one and leaves its receiver as it was. The zero Table is
// empty. The server keeps its open documents in one too.
type Table[V any] struct {
	base map[string]V
	mid  map[string]slot[V]
	top  map[string]slot[V]
	n    int // the number of entries
}

// slot is an entry of a table's top or middle layer: a value, or a
// deletion.
type slot[V any] struct {
	v       V
	deleted bool
}

// maxTop bounds the changes a table holds above its base before With
// folds them into a new base; maxSmallTop bounds its top, which each
// change copies, before With folds it into the middle layer. A change
// then copies 8 entries on average, and 8 more for the middle layer
// made every 16 changes, where one top of up to maxTop copied 128: an
// editor that opens 2,000 files changes three tables a file.
const (
	maxTop      = 256
	maxSmallTop = 16
)

// NewTable returns a table over base, which the caller no longer writes.
func NewTable[V any](base map[string]V) Table[V] {
	return Table[V]{base: base, n: len(base)}
}

// Get returns the entry for k.
func (t Table[V]) Get(k string) (V, bool) {
	if s, ok := t.top[k]; ok {
		return s.v, !s.deleted
	}
	if s, ok := t.mid[k]; ok {
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
			if t.changed(k) {
				continue
			}
			if !yield(k, v) {
				return
			}
		}
		for k, s := range t.mid {
			if _, newer := t.top[k]; newer || s.deleted {
				continue
			}
			if !yield(k, s.v) {
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

// changed reports whether the top or the middle layer holds k.
func (t Table[V]) changed(k string) bool {
	_, inTop := t.top[k]
	_, inMid := t.mid[k]
	return inTop || inMid
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
	changes := len(set) + len(del)
	if len(t.mid)+len(t.top)+changes > maxTop {
		return t.folded(set, del)
	}
	if len(t.top)+changes <= maxSmallTop {
		next := Table[V]{base: t.base, mid: t.mid, top: joinSlots(t.top, nil, changes), n: t.n}
		next.write(next.top, set, del)
		return next
	}
	next := Table[V]{base: t.base, mid: joinSlots(t.mid, t.top, changes), n: t.n}
	next.write(next.mid, set, del)
	return next
}

// joinSlots returns a new map of the slots of lower and, over them, of
// upper, with room for extra more.
func joinSlots[V any](lower, upper map[string]slot[V], extra int) map[string]slot[V] {
	out := make(map[string]slot[V], len(lower)+len(upper)+extra)
	maps.Copy(out, lower)
	maps.Copy(out, upper)
	return out
}

// write records set and del in layer, t's newest layer (not shared yet),
// and counts the entries.
func (t *Table[V]) write(layer map[string]slot[V], set map[string]V, del []string) {
	for _, k := range del {
		if _, ok := set[k]; ok {
			continue
		}
		if _, had := t.Get(k); had {
			t.n--
			layer[k] = slot[V]{deleted: true}
		}
	}
	for k, v := range set {
		if _, had := t.Get(k); !had {
			t.n++
		}
		layer[k] = slot[V]{v: v}
	}
}

// folded is With for changes that would overflow the middle layer: a new
// base.
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
