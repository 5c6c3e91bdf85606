package overlap

import (
	"cmp"
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skill-ls/skill-ls/skills/parallel"
)

// index.go: building the description-overlap index — the skills
// the catalog offers, their words as term ids, the terms' weights, each
// skill's prefix and the postings of the distinctive terms.

// Skill is one skill to compare: its file's path, its name and its
// description.
type Skill struct{ Path, Name, Description string }

// Build indexes skills in path order (sorting a copy given out of order,
// as the index finds a skill by a binary search): their words as term ids,
// each term's weight, and the postings of the distinctive terms, on
// workers goroutines. The words are found and looked up in a dictionary
// the workers share, then numbered in the skills' order (as they first
// appear), so the ids do not depend on the workers' order.
func Build(skills []Skill, workers int) *Index {
	byPath := func(a, b Skill) int { return strings.Compare(a.Path, b.Path) }
	if !slices.IsSortedFunc(skills, byPath) {
		skills = slices.SortedStableFunc(slices.Values(skills), byPath)
	}
	dict := newStemDict()
	terms := make([][]int32, len(skills))
	seen := make([]map[string]int32, max(1, workers))
	scratch := make([][]int32, len(seen))
	for w := range seen {
		seen[w] = map[string]int32{}
	}
	parallel.Each(len(skills), workers, func(w, i int) {
		terms[i] = dict.stemsOf(skills[i].Name, skills[i].Description, seen[w], &scratch[w])
	})
	idx := &Index{skills: make([]entry, len(skills)), dict: dict, workers: workers}
	df := dict.number(terms)
	parallel.Each(len(skills), workers, func(_, i int) {
		slices.Sort(terms[i])
		idx.skills[i] = entry{Skill: skills[i], terms: terms[i]}
	})
	idx.weigh(df)
	return idx
}

// stemDict gives every stem of the skills indexed a term id. Workers look
// stems up at the same time (the table is sharded, each shard under its
// own lock) and get provisional ids in the order they come; number then
// renumbers the terms in the order they first appear in the skills.
type stemDict struct {
	seed   maphash.Seed
	shards [stemDictShards]stemShard
	count  atomic.Int32
	// final maps a provisional id to the term id (set by number).
	final []int32
}

// stemDictShards is the number of shards of a stemDict.
const stemDictShards = 64

type stemShard struct {
	mu  sync.Mutex
	ids map[string]int32
	_   [48]byte // one shard per cache line
}

func newStemDict() *stemDict {
	d := &stemDict{seed: maphash.MakeSeed()}
	for i := range d.shards {
		d.shards[i].ids = map[string]int32{}
	}
	return d
}

// provisional returns the provisional id of stem, giving it the next one
// when it is new.
func (d *stemDict) provisional(stem []byte) int32 {
	sh := &d.shards[maphash.Bytes(d.seed, stem)%stemDictShards]
	sh.mu.Lock()
	id, ok := sh.ids[string(stem)]
	if !ok {
		id = d.count.Add(1) - 1
		sh.ids[string(stem)] = id
	}
	sh.mu.Unlock()
	return id
}

// stemsOf returns the provisional ids of the stems of a skill's name and
// description, each once, in the order they first appear. seen is the
// calling worker's memory of the words it met, across skills: each
// word's provisional id, or -1 for a word the score does not count; the
// same words come back in skill after skill, and a word met before costs
// one look-up instead of the stop-word tests, the stemming and the
// shared dictionary's lock. The ids are gathered in *scratch, the
// worker's, and returned in a slice of their number: the index keeps
// every skill's for as long as check runs its rules, where a slice grown
// by appends kept up to twice the room.
func (d *stemDict) stemsOf(name, description string, seen map[string]int32, scratch *[]int32) []int32 {
	out := (*scratch)[:0]
	var buf [64]byte
	add := func(word []byte) {
		id, ok := seen[string(word)]
		if !ok {
			id = -1
			if st, counts := stemOf(word, buf[:0]); counts {
				id = d.provisional(st)
			}
			seen[string(word)] = id
		}
		if id >= 0 && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	forEachRun(name, add)
	forEachRun(description, add)
	*scratch = out
	if len(out) == 0 {
		return nil
	}
	kept := make([]int32, len(out))
	copy(kept, out)
	return kept
}

// number turns every skill's provisional ids (each skill's stems once, in
// the order they appear) into term ids, in place: terms are numbered from
// 0 in the order they first appear, skill after skill. It returns each
// term's document frequency: how many skills use it.
func (d *stemDict) number(skills [][]int32) []int {
	d.final = make([]int32, d.count.Load())
	for i := range d.final {
		d.final[i] = -1
	}
	var df []int
	for _, ids := range skills {
		for k, p := range ids {
			t := d.final[p]
			if t < 0 {
				t = int32(len(df))
				d.final[p] = t
				df = append(df, 0)
			}
			ids[k] = t
			df[t]++
		}
	}
	return df
}

// term returns the term id of stem, once numbered.
func (d *stemDict) term(stem []byte) (int32, bool) {
	id, ok := d.shards[maphash.Bytes(d.seed, stem)%stemDictShards].ids[string(stem)]
	if !ok {
		return 0, false
	}
	return d.final[id], true
}

// weigh sets every term's weight from its frequency df, every skill's
// total weight and prefix, and the postings: for each term used by two
// skills or more but not too common to find pairs by, the skills that hold
// it in their prefix.
//
// The prefix is the prefix filter of similarity joins. Order all terms
// rarest first (df, then id). Two skills a and b that overlap share weight
// S ≥ t·√(Wa·Wb), and S ≤ min(Wa, Wb), so S ≥ t²·Wa and S ≥ t²·Wb (t the
// threshold, W a skill's total). A skill's prefix is its rarest terms up to
// where the weight left after them is below t²·W: the rarest term a and b
// share cannot lie after it, so it is in both prefixes. Indexing and
// probing only the prefixes therefore finds every pair the full postings
// would (the rarest shared term is distinctive whenever any shared term
// is), and visits fewer.
func (idx *Index) weigh(df []int) {
	n := float64(len(idx.skills))
	idx.weight = make([]float64, len(df))
	for t, c := range df {
		idx.weight[t] = math.Log(1 + n/float64(max(1, c-1)))
	}
	common := min(commonCap, max(commonFloor, int(commonShare*n)))
	// Every term's rank in the order rarest first (df, then id), so that a
	// skill's terms sort rarest first as plain numbers.
	byRarity := make([]int32, len(df))
	for t := range byRarity {
		byRarity[t] = int32(t)
	}
	slices.SortFunc(byRarity, func(a, b int32) int { return cmp.Or(cmp.Compare(df[a], df[b]), cmp.Compare(a, b)) })
	rank := make([]int32, len(df))
	for r, t := range byRarity {
		rank[t] = int32(r)
	}
	idx.orders = make([]order, len(idx.skills))
	parallel.Each(len(idx.skills), idx.workers, func(_, i int) {
		sk, o := &idx.skills[i], &idx.orders[i]
		for _, t := range sk.terms {
			sk.total += idx.weight[t]
		}
		o.rarer = make([]int32, len(sk.terms))
		for k, t := range sk.terms {
			o.rarer[k] = rank[t]
		}
		slices.Sort(o.rarer)
		for k, r := range o.rarer {
			o.rarer[k] = byRarity[r]
		}
		o.prefix = o.rarer
		left, floor := sk.total, Threshold*Threshold*sk.total*(1-1e-9)
		for k, t := range o.rarer {
			if left < floor {
				o.prefix = o.rarer[:k]
				break
			}
			left -= idx.weight[t]
		}
	})
	idx.postings = make([][]int32, len(df))
	for i := range idx.orders {
		for _, t := range idx.orders[i].prefix {
			if c := df[t]; c >= 2 && c <= common {
				idx.postings[t] = append(idx.postings[t], int32(i))
			}
		}
	}
}
