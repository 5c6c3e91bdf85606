package diagnostics

import (
	"cmp"
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/scaffold"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// overlap_index.go: building the description-overlap index — the skills
// the catalog offers, their words as term ids, the terms' weights, each
// skill's prefix and the postings of the distinctive terms.

// buildOverlapIndex indexes the skills of snap the catalog offers: their
// words as term ids, each term's weight, and the postings of the
// distinctive terms. The words are found and looked up in a dictionary
// shared by pace's workers, then numbered in path order (as they first
// appear), so the ids do not depend on the workers' order.
func buildOverlapIndex(snap *skills.Snapshot, pace Pace) *overlapIndex {
	files := offeredSkills(snap)
	dict := newStemDict()
	terms := make([][]int32, len(files))
	eachSkill(len(files), pace, func(i int) { terms[i] = dict.stemsOf(files[i].Def.Name, files[i].Def.Description) })
	idx := &overlapIndex{byPath: make(map[string]int, len(files)), skills: make([]overlapSkill, len(files)), dict: dict}
	df := dict.number(terms)
	eachSkill(len(files), pace, func(i int) {
		slices.Sort(terms[i])
		f := files[i]
		idx.skills[i] = overlapSkill{path: f.Path, name: f.Def.Name, file: f, terms: terms[i]}
	})
	for i, f := range files {
		idx.byPath[f.Path] = i
	}
	idx.weigh(df, pace)
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
// description, each once, in the order they first appear.
func (d *stemDict) stemsOf(name, description string) []int32 {
	var out []int32
	add := func(stem, _ []byte) {
		if id := d.provisional(stem); !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	forEachWord(name, add)
	forEachWord(description, add)
	return out
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

// eachSkill calls fn(0..n-1) on pace's workers.
func eachSkill(n int, pace Pace, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range pace.workers() {
		wg.Go(func() {
			pace.begin()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fn(i)
			}
		})
	}
	wg.Wait()
}

// offeredSkills returns the files of snap whose skill the catalog offers
// the model, in path order: the registry winners with a file, and the
// files outside the roots whose name no other file took; neither with
// disable-model-invocation, nor without a description, nor with the
// placeholder of skill-ls new (description-placeholder's).
func offeredSkills(snap *skills.Snapshot) []*skillfile.File {
	// A winner's name is taken by the winner alone; taken holds the other
	// names (files outside the roots) once a file took them.
	taken := map[string]bool{}
	var out []*skillfile.File
	for _, f := range snap.Files() {
		d := f.Def
		if d == nil || !d.Invocation.ModelInvocable || f.Frontmatter == nil || f.Frontmatter.Field("description") == nil ||
			strings.Contains(d.Description, scaffold.DescriptionPlaceholder) {
			continue
		}
		if w := snap.Registry.Winner(d.Name); w != nil {
			if w.Path != f.Path {
				continue
			}
		} else if taken[d.Name] {
			continue
		} else {
			taken[d.Name] = true
		}
		out = append(out, f)
	}
	return out
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
func (idx *overlapIndex) weigh(df []int, pace Pace) {
	n := float64(len(idx.skills))
	idx.weight = make([]float64, len(df))
	for t, c := range df {
		idx.weight[t] = math.Log(1 + n/float64(max(1, c-1)))
	}
	common := min(overlapCommonCap, max(overlapCommonFloor, int(overlapCommonShare*n)))
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
	eachSkill(len(idx.skills), pace, func(i int) {
		sk := &idx.skills[i]
		for _, t := range sk.terms {
			sk.total += idx.weight[t]
		}
		sk.rarer = make([]int32, len(sk.terms))
		for k, t := range sk.terms {
			sk.rarer[k] = rank[t]
		}
		slices.Sort(sk.rarer)
		for k, r := range sk.rarer {
			sk.rarer[k] = byRarity[r]
		}
		sk.prefix = sk.rarer
		left, floor := sk.total, overlapThreshold*overlapThreshold*sk.total*(1-1e-9)
		for k, t := range sk.rarer {
			if left < floor {
				sk.prefix = sk.rarer[:k]
				break
			}
			left -= idx.weight[t]
		}
	})
	idx.postings = make([][]int32, len(df))
	for i := range idx.skills {
		for _, t := range idx.skills[i].prefix {
			if c := df[t]; c >= 2 && c <= common {
				idx.postings[t] = append(idx.postings[t], int32(i))
			}
		}
	}
}
