package discovery

import (
	"bytes"
	"cmp"
	"io/fs"
	"slices"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// newCollator returns an ICU-like en-US collator, approximating
// String.prototype.localeCompare (docs/dsh.md §3.3). Collators are not safe for
// concurrent use, so each listing makes its own.
func newCollator() *collate.Collator {
	return collate.New(language.AmericanEnglish)
}

// collationOrder returns the indexes of names in localeCompare order, ties
// broken by bytes. Names made only of lowercase ASCII letters, digits, '-'
// and '.' (skill names, name.md) collate in byte order, so two of them are
// compared as bytes; any other name gets its collation key (computed once,
// when first compared), and comparing keys orders names as the collator's
// Compare does.
func collationOrder(names []string) []int {
	c := newCollator()
	var buf collate.Buffer
	type keyed struct {
		plain bool // only [-.0-9a-z]
		keyed bool // key is computed
		key   []byte
	}
	ks := make([]keyed, len(names))
	for i, n := range names {
		ks[i].plain = plainName(n)
	}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	key := func(i int) []byte {
		if !ks[i].keyed {
			ks[i].key, ks[i].keyed = c.KeyFromString(&buf, names[i]), true
		}
		return ks[i].key
	}
	// The last tie-break, by index, makes the order total: an unstable
	// sort then gives what a stable one does.
	slices.SortFunc(order, func(a, b int) int {
		if !ks[a].plain || !ks[b].plain {
			if r := bytes.Compare(key(a), key(b)); r != 0 {
				return r
			}
		}
		if r := strings.Compare(names[a], names[b]); r != 0 {
			return r
		}
		return cmp.Compare(a, b)
	})
	return order
}

// plainName reports a name of only lowercase ASCII letters, digits, '-'
// and '.', whose collation order is its byte order.
func plainName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// inVisitOrder returns the names and types of ents in DSH's visit order
// (localeCompare, see collationOrder).
func inVisitOrder(ents []fs.DirEntry) (names []string, types []fs.FileMode) {
	listed := make([]string, len(ents))
	for i, e := range ents {
		listed[i] = e.Name()
	}
	names = make([]string, len(ents))
	types = make([]fs.FileMode, len(ents))
	for i, at := range collationOrder(listed) {
		names[i], types[i] = listed[at], ents[at].Type()
	}
	return names, types
}

// LocaleOrder returns the indexes of names in the order JavaScript's
// a.localeCompare(b) sorts them under an en-US ICU collator (Bun's, for
// hosts that sort skill names so), ties broken by bytes.
func LocaleOrder(names []string) []int { return collationOrder(names) }
