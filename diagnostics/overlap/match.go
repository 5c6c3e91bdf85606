package overlap

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/parallel"
)

// The constants of the score, documented in the rule's Doc.
const (
	// Threshold is the score from which two descriptions overlap.
	Threshold = 0.6
	// MinShared is the number of words two descriptions must share.
	MinShared = 4
	// commonShare, commonFloor and commonCap make a word too common to
	// find pairs by: it is in more than min(cap, max(floor, share × N))
	// skills. The cap keeps the pairs scored linear in N past 10,000
	// skills (a share of N would make them grow with N²).
	commonShare = 0.02
	commonFloor = 64
	commonCap   = 200
)

// entry is one skill of the index: its words as sorted term ids,
// their total weight, the same words rarest first, and its prefix: the
// first of those, which any skill overlapping it must share one of (see
// weigh).
type entry struct {
	Skill
	terms []int32
	total float64
}

// order is a skill's terms rarest first and its prefix (see weigh): they
// find the pairs, and FindAll drops them once it found every pair.
type order struct{ rarer, prefix []int32 }

// Index is the skills compared with their words, and the
// inverted index of the distinctive words.
type Index struct {
	skills   []entry // in path order
	weight   []float64
	postings [][]int32 // by term: the skills using it, nil for common words
	orders   []order   // by skill, nil after FindAll
	dict     *stemDict
	// found holds every skill's overlaps once FindAll ran.
	found [][]Match
	// workers is how many goroutines the index works on.
	workers int
	// matchedOnly marks an index that kept the terms of the skills in a
	// match only (KeepMatchedOnly).
	matchedOnly bool
}

// Match is one skill that overlaps another: its path and name, and the
// score.
type Match struct {
	Path, Name string
	Score      float64
	other      int
}

// Matches returns the skills that overlap the one at path, best first.
// After FindAll, it reads the overlaps found for every skill at once.
func (idx *Index) Matches(path string) []Match {
	i, ok := idx.find(path)
	if !ok {
		return nil
	}
	if idx.found != nil {
		return idx.found[i]
	}
	var out []Match
	sc := idx.scratch()
	idx.scan(i, sc, func(j int) {
		if m, ok := idx.compare(i, j, sc.terms); ok {
			out = append(out, m)
		}
	})
	idx.sortMatches(out)
	return out
}

// FindAll finds the overlaps of every skill, scoring each candidate pair
// once, on the index's workers; ctx stops it.
func (idx *Index) FindAll(ctx context.Context) {
	n := len(idx.skills)
	found := make([][]Match, n)
	type pair struct {
		i int
		m Match
	}
	workers := max(1, idx.workers)
	results := make([][]pair, workers)
	scratches := make([]scratch, workers) // made on a worker's first skill
	parallel.Each(n, workers, func(w, i int) {
		if ctx.Err() != nil {
			return
		}
		if scratches[w].skills == nil {
			scratches[w] = idx.scratch()
		}
		sc := scratches[w]
		idx.scan(i, sc, func(j int) {
			if j > i {
				if m, ok := idx.compare(i, j, sc.terms); ok {
					results[w] = append(results[w], pair{i, m})
				}
			}
		})
	})
	for _, rs := range results {
		for _, p := range rs {
			found[p.i] = append(found[p.i], p.m)
			back := p.m
			back.other = p.i
			back.Path, back.Name = idx.skills[p.i].Path, idx.skills[p.i].Name
			found[p.m.other] = append(found[p.m.other], back)
		}
	}
	for _, ms := range found {
		idx.sortMatches(ms)
	}
	idx.found = found
	// Matches now reads found: the prefixes and postings that found the
	// pairs are dropped, as a whole run holds the index while its rules
	// run (Shared and Nearest read the terms, their weights and the
	// dictionary).
	idx.postings, idx.orders = nil, nil
}

// KeepMatchedOnly drops, once FindAll ran, the skills it found no overlap
// for: Matches and Shared, all a whole check asks then, read only skills
// in a match (Matches of another finds none), and the others' records
// and term ids held a large share of the heap while the rules ran
// (docs/performance.md). Nearest reads every skill: it is not to be asked after this
// (a check of eval files keeps them).
func (idx *Index) KeepMatchedOnly() {
	if idx.found == nil {
		return // FindAll did not run, or was stopped
	}
	kept := 0
	renumber := make([]int, len(idx.found)) // old index → kept index
	for i, ms := range idx.found {
		renumber[i] = kept
		if len(ms) > 0 {
			kept++
		}
	}
	skills, found := make([]entry, 0, kept), make([][]Match, 0, kept)
	for i, ms := range idx.found {
		if len(ms) == 0 {
			continue
		}
		for k := range ms {
			ms[k].other = renumber[ms[k].other] // a skill in a match is kept
		}
		skills, found = append(skills, idx.skills[i]), append(found, ms)
	}
	idx.skills, idx.found, idx.matchedOnly = skills, found, true
}

// find returns the index of the skill at path: a binary search of the
// records, which Build keeps in path order, rather than a map of every
// path that a whole run would hold while its rules run.
func (idx *Index) find(path string) (int, bool) {
	return slices.BinarySearchFunc(idx.skills, path, func(e entry, path string) int { return strings.Compare(e.Path, path) })
}

// scan calls visit once for every skill that shares a distinctive word of
// its prefix with a word of skill i's prefix (the candidates, see weigh),
// after marking i's terms in sc.terms.
func (idx *Index) scan(i int, sc scratch, visit func(j int)) {
	mark := int32(i + 1)
	for _, t := range idx.skills[i].terms {
		sc.terms[t] = mark
	}
	for _, t := range idx.orders[i].prefix {
		for _, j := range idx.postings[t] {
			if int(j) != i && sc.skills[j] != mark {
				sc.skills[j] = mark
				visit(int(j))
			}
		}
	}
}

func (idx *Index) sortMatches(ms []Match) {
	slices.SortFunc(ms, func(a, b Match) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Path, b.Path))
	})
}

// compare scores skills i and j: the weight of their shared words over the
// geometric mean of the weights of their words. marked holds i+1 at every
// term of skill i (see mark).
func (idx *Index) compare(i, j int, marked []int32) (Match, bool) {
	a, b := &idx.skills[i], &idx.skills[j]
	// The shared weight is at most the lighter total, so two skills whose
	// totals differ by more than threshold² cannot reach the threshold.
	if lo, hi := min(a.total, b.total), max(a.total, b.total); lo < Threshold*Threshold*hi {
		return Match{}, false
	}
	// b's words rarest (heaviest) first: once what is shared plus what is
	// left of b cannot reach the threshold, the pair fails.
	sum, count, left := 0.0, 0, b.total
	need := Threshold * math.Sqrt(a.total*b.total) * (1 - 1e-9)
	stamp := int32(i + 1)
	for _, t := range idx.orders[j].rarer {
		w := idx.weight[t]
		left -= w
		if marked[t] == stamp {
			sum += w
			count++
		} else if sum+left < need {
			return Match{}, false
		}
	}
	if count < MinShared || a.total == 0 || b.total == 0 {
		return Match{}, false
	}
	score := sum / math.Sqrt(a.total*b.total)
	if score < Threshold {
		return Match{}, false
	}
	return Match{Path: idx.skills[j].Path, Name: idx.skills[j].Name, Score: score, other: j}, true
}

// scratch is one worker's space: a stamp per skill (visited) and per term
// (the terms of the skill being compared).
type scratch struct{ skills, terms []int32 }

func (idx *Index) scratch() scratch {
	return scratch{make([]int32, len(idx.skills)), make([]int32, len(idx.weight))}
}

// Shared returns the words the skill at path and the one of m share, most
// distinctive first, as the first writes them (the first spelling in its
// name and description).
func (idx *Index) Shared(path string, m Match) []string {
	i, ok := idx.find(path)
	if !ok {
		return nil
	}
	a, b := &idx.skills[i], &idx.skills[m.other]
	inB := map[int32]bool{}
	for _, t := range b.terms {
		inB[t] = true
	}
	type word struct {
		text   string
		weight float64
	}
	var words []word
	done := map[int32]bool{}
	visit := func(stem, surface []byte) {
		if t, ok := idx.dict.term(stem); ok && inB[t] && !done[t] {
			done[t] = true
			words = append(words, word{string(surface), idx.weight[t]})
		}
	}
	forEachWord(a.Name, visit)
	forEachWord(a.Description, visit)
	slices.SortStableFunc(words, func(p, q word) int { return cmp.Compare(q.weight, p.weight) })
	out := make([]string, len(words))
	for k, w := range words {
		out[k] = w.text
	}
	return out
}
