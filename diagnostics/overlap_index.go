package diagnostics

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skill-ls/skill-ls/skills"
)

// overlap_index.go: building the description-overlap index — the skills
// the catalog offers, their words as term ids, the terms' weights, each
// skill's prefix and the postings of the distinctive terms.

// buildOverlapIndex indexes the skills of snap the catalog offers: their
// words as term ids, each term's weight, and the postings of the
// distinctive terms. The words are found on pace's workers, then numbered
// in path order.
func buildOverlapIndex(snap *skills.Snapshot, pace Pace) *overlapIndex {
	files := offeredSkills(snap)
	stems := make([][]string, len(files))
	eachSkill(len(files), pace, func(i int) { stems[i] = uniqueStems(files[i].Def.Name, files[i].Def.Description) })
	idx := &overlapIndex{byPath: make(map[string]int, len(files)), skills: make([]overlapSkill, len(files))}
	terms := termTable{dict: map[string]int32{}}
	for i, f := range files {
		idx.byPath[f.Path] = i
		idx.skills[i] = overlapSkill{path: f.Path, name: f.Def.Name, file: f, terms: terms.of(int32(i+1), stems[i])}
	}
	idx.dict = terms.dict
	idx.weigh(terms.df, pace)
	return idx
}

// eachSkill calls fn(0..n-1) on pace's workers.
func eachSkill(n int, pace Pace, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range pace.workers() {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				fn(i)
			}
		})
	}
	wg.Wait()
}

// uniqueStems returns the stems of a skill's name and description, each
// once, in the order they first appear.
func uniqueStems(name, description string) []string {
	var out []string
	add := func(stem, _ []byte) {
		for _, s := range out {
			if s == string(stem) {
				return
			}
		}
		out = append(out, string(stem))
	}
	forEachWord(name, add)
	forEachWord(description, add)
	return out
}

// offeredSkills returns the files of snap whose skill the catalog offers
// the model, in path order: the registry winners with a file, and the
// files outside the roots whose name no other file took; neither with
// disable-model-invocation, nor without a description, nor with the
// placeholder of skill-ls new (description-placeholder's).
func offeredSkills(snap *skills.Snapshot) []*skills.File {
	winner := map[string]string{}
	if snap.Registry != nil {
		for _, w := range snap.Registry.Winners() {
			winner[w.Name] = w.Path
		}
	}
	taken := map[string]bool{}
	var out []*skills.File
	for _, f := range snap.Files() {
		d := f.Def
		if d == nil || !d.Invocation.ModelInvocable || f.Frontmatter == nil || f.Frontmatter.Field("description") == nil ||
			strings.Contains(d.Description, skills.DescriptionPlaceholder) {
			continue
		}
		if w, ok := winner[d.Name]; (ok && w != f.Path) || taken[d.Name] {
			continue
		}
		taken[d.Name] = true
		out = append(out, f)
	}
	return out
}

// termTable numbers the stems of the skills indexed and counts the skills
// using each (its document frequency).
type termTable struct {
	dict map[string]int32
	df   []int
	seen []int32 // by term: the last skill (its mark) that used it
}

// of returns the sorted terms of a skill's stems, each once, counting the
// skill (marked mark, its index + 1) in their frequencies.
func (tt *termTable) of(mark int32, stems []string) []int32 {
	terms := make([]int32, 0, len(stems))
	for _, stem := range stems {
		id, ok := tt.dict[stem]
		if !ok {
			id = int32(len(tt.df))
			tt.dict[stem] = id
			tt.df = append(tt.df, 0)
			tt.seen = append(tt.seen, 0)
		}
		if tt.seen[id] != mark {
			tt.seen[id] = mark
			tt.df[id]++
			terms = append(terms, id)
		}
	}
	slices.Sort(terms)
	return terms
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
	rarer := func(a, b int32) int { return cmp.Or(cmp.Compare(df[a], df[b]), cmp.Compare(a, b)) }
	eachSkill(len(idx.skills), pace, func(i int) {
		sk := &idx.skills[i]
		for _, t := range sk.terms {
			sk.total += idx.weight[t]
		}
		sk.rarer = slices.SortedFunc(slices.Values(sk.terms), rarer)
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
