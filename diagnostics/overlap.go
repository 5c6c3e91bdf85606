package diagnostics

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// The description-overlap rule: two skills whose descriptions would both
// match the same request, the most reported reason a skill never triggers.
// The score is a word overlap anyone can redo by hand (see the rule's Doc),
// and the pairs are found through an inverted index of the distinctive
// words, so a tree of 10,000 skills compares only the pairs that share one.

// CodeDescriptionOverlap is the code of the rule.
const CodeDescriptionOverlap = "description-overlap"

// The rule's constants, documented in its Doc.
const (
	// overlapThreshold is the score from which two descriptions overlap.
	overlapThreshold = 0.6
	// overlapMinShared is the number of words two descriptions must share.
	overlapMinShared = 4
	// overlapMaxReports bounds the overlaps reported on one skill.
	overlapMaxReports = 3
	// overlapMaxWords bounds the shared words a message lists.
	overlapMaxWords = 8
	// overlapCommonShare, overlapCommonFloor and overlapCommonCap make a
	// word too common to find pairs by: it is in more than
	// min(cap, max(floor, share × N)) skills. The cap keeps the pairs
	// scored linear in N past 10,000 skills (a share of N would make them
	// grow with N², and check at 100,000 skills spend most of its time
	// here).
	overlapCommonShare = 0.02
	overlapCommonFloor = 64
	overlapCommonCap   = 200
)

var overlapRules = []*Rule{
	{Code: CodeDescriptionOverlap, Severity: SeverityWarning, Whole: true, Summary: "two skills' descriptions would match the same requests",
		Doc: "The model picks a skill by matching the request against the names and descriptions in the catalog. When two skills are described with mostly the same words, a request worded like either can pick the other, and one of them seems never to trigger. " +
			"skill-ls compares the skills the catalog offers (one per name, the one DSH uses; not those with `disable-model-invocation: true`, nor those whose description is still the placeholder of `skill-ls new`; files DSH cannot read are left out). " +
			"**Words**: the name (split at `-` and `_`) and the description, lower-cased and split into runs of letters and digits; runs of digits only, single letters and common words are dropped (English function words such as *the*, *and*, *with*, and the words every description uses such as *use*, *when*, *user*, *skill*, *asks*); a plural `s`/`es`, `ies` → `y`, `ing`, `ed` and a final `e` are removed, so *reviews*, *reviewing* and *reviewed* are one word. " +
			"**Weight**: a word counts ln(1 + N / max(1, n − 1)), where N is the number of skills compared and n how many of them use the word: a word only this skill, or only the two skills compared, uses counts ln(1 + N), and a word every skill uses counts about ln 2. " +
			"**Score**: the weight of the words both descriptions hold, divided by the geometric mean of the weights of each one's words, √(Wa × Wb) (the cosine of the two weighted word sets): 1 when both hold the same words, lower as either holds words of its own. " +
			"Two skills overlap when the score is at least 0.6 and they share at least 4 words. The message lists the shared words, most distinctive first, and the related location is the other description; at most 3 overlaps are reported per skill. " +
			"To find pairs quickly, skill-ls compares only skills that share a word used by at most max(64, 2% of N) skills, and never more than 200 (so the work grows with N, not N², in very large trees); a pair that shares only words more common than that is not reported. " +
			"Fix it by saying in each description what only that skill does (its inputs, its outputs, the words a user would type for it), or merge the two skills.",
		File: checkOverlap},
}

// overlapSkill is one skill of the index: its words as sorted term ids,
// their total weight, the same words rarest first, and its prefix: the
// first of those, which any skill overlapping it must share one of (see
// weigh).
type overlapSkill struct {
	path   string
	name   string
	file   *skillfile.File
	terms  []int32
	total  float64
	rarer  []int32
	prefix []int32
}

// overlapIndex is the skills the catalog offers with their words, and the
// inverted index of the distinctive words.
type overlapIndex struct {
	skills   []overlapSkill
	byPath   map[string]int
	weight   []float64
	postings [][]int32 // by term: the skills using it, nil for common words
	dict     *stemDict
	// found holds every skill's overlaps once all ran (a whole Run).
	found [][]overlapMatch
	// pace is the whole Run's.
	pace Pace
}

// overlapMatch is one skill that overlaps another.
type overlapMatch struct {
	other int
	score float64
}

// overlapIndex builds the description index once per Run and, for a
// whole Run, finds every skill's overlaps at once.
func (rs *runState) overlapIndex() *overlapIndex {
	rs.overlapOnce.Do(func() {
		rs.overlap = buildOverlapIndex(rs.snap, rs.pace)
		if rs.whole {
			rs.overlap.pace = rs.pace
			rs.overlap.all(rs.ctx)
		}
	})
	return rs.overlap
}

// matches returns the skills that overlap the one at path, best first.
// After all, it reads the overlaps found for every skill at once.
func (idx *overlapIndex) matches(path string) []overlapMatch {
	i, ok := idx.byPath[path]
	if !ok {
		return nil
	}
	if idx.found != nil {
		return idx.found[i]
	}
	var out []overlapMatch
	sc := idx.scratch()
	idx.scan(i, sc, func(j int) {
		if m, ok := idx.compare(i, j, sc.terms); ok {
			out = append(out, m)
		}
	})
	idx.sortMatches(out)
	return out
}

// all finds the overlaps of every skill, scoring each candidate pair once,
// on the workers of idx.pace.
func (idx *overlapIndex) all(ctx context.Context) {
	pace := idx.pace
	n := len(idx.skills)
	found := make([][]overlapMatch, n)
	type pair struct {
		i int
		m overlapMatch
	}
	workers := pace.workers()
	results := make([][]pair, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			pace.begin()
			sc := idx.scratch()
			for {
				pace.yield(ctx)
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				idx.scan(i, sc, func(j int) {
					if j > i {
						if m, ok := idx.compare(i, j, sc.terms); ok {
							results[w] = append(results[w], pair{i, m})
						}
					}
				})
			}
		})
	}
	wg.Wait()
	for _, rs := range results {
		for _, p := range rs {
			found[p.i] = append(found[p.i], p.m)
			back := p.m
			back.other = p.i
			found[p.m.other] = append(found[p.m.other], back)
		}
	}
	for _, ms := range found {
		idx.sortMatches(ms)
	}
	idx.found = found
}

// scan calls visit once for every skill that shares a distinctive word of
// its prefix with a word of skill i's prefix (the candidates, see weigh),
// after marking i's terms in sc.terms.
func (idx *overlapIndex) scan(i int, sc scratch, visit func(j int)) {
	mark := int32(i + 1)
	for _, t := range idx.skills[i].terms {
		sc.terms[t] = mark
	}
	for _, t := range idx.skills[i].prefix {
		for _, j := range idx.postings[t] {
			if int(j) != i && sc.skills[j] != mark {
				sc.skills[j] = mark
				visit(int(j))
			}
		}
	}
}

func (idx *overlapIndex) sortMatches(ms []overlapMatch) {
	slices.SortFunc(ms, func(a, b overlapMatch) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(idx.skills[a.other].path, idx.skills[b.other].path))
	})
}

// compare scores skills i and j: the weight of their shared words over the
// geometric mean of the weights of their words. marked holds i+1 at every
// term of skill i (see mark).
func (idx *overlapIndex) compare(i, j int, marked []int32) (overlapMatch, bool) {
	a, b := &idx.skills[i], &idx.skills[j]
	// The shared weight is at most the lighter total, so two skills whose
	// totals differ by more than threshold² cannot reach the threshold.
	if lo, hi := min(a.total, b.total), max(a.total, b.total); lo < overlapThreshold*overlapThreshold*hi {
		return overlapMatch{}, false
	}
	// b's words rarest (heaviest) first: once what is shared plus what is
	// left of b cannot reach the threshold, the pair fails.
	sum, count, left := 0.0, 0, b.total
	need := overlapThreshold * math.Sqrt(a.total*b.total) * (1 - 1e-9)
	stamp := int32(i + 1)
	for _, t := range b.rarer {
		w := idx.weight[t]
		left -= w
		if marked[t] == stamp {
			sum += w
			count++
		} else if sum+left < need {
			return overlapMatch{}, false
		}
	}
	if count < overlapMinShared || a.total == 0 || b.total == 0 {
		return overlapMatch{}, false
	}
	score := sum / math.Sqrt(a.total*b.total)
	if score < overlapThreshold {
		return overlapMatch{}, false
	}
	return overlapMatch{other: j, score: score}, true
}

// scratch is one worker's space: a stamp per skill (visited) and per term
// (the terms of the skill being compared).
type scratch struct{ skills, terms []int32 }

func (idx *overlapIndex) scratch() scratch {
	return scratch{make([]int32, len(idx.skills)), make([]int32, len(idx.weight))}
}

// shared returns the words skills i and j share, most distinctive first,
// as skill i writes them (the first spelling in its name and description).
func (idx *overlapIndex) shared(i, j int) []string {
	a, b := &idx.skills[i], &idx.skills[j]
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
	forEachWord(a.name, visit)
	forEachWord(a.file.Def.Description, visit)
	slices.SortStableFunc(words, func(p, q word) int { return cmp.Compare(q.weight, p.weight) })
	out := make([]string, len(words))
	for k, w := range words {
		out[k] = w.text
	}
	return out
}

// checkOverlap reports the skills whose descriptions overlap this one's.
func checkOverlap(p *Pass) {
	idx := p.run.overlapIndex()
	ms := idx.matches(p.File.Path)
	if len(ms) == 0 {
		return
	}
	at := p.File.Frontmatter.Field("description").ValueSpan
	for k, m := range ms {
		if k == overlapMaxReports {
			break
		}
		other := &idx.skills[m.other]
		words := idx.shared(idx.byPath[p.File.Path], m.other)
		more := ""
		if len(words) > overlapMaxWords {
			more = fmt.Sprintf(" and %d more", len(words)-overlapMaxWords)
			words = words[:overlapMaxWords]
		}
		msg := fmt.Sprintf("this description and that of %q share the words %s%s (overlap %.2f, warned from %.2f): a request that uses them may pick either skill; say what only this one does",
			other.name, strings.Join(words, ", "), more, m.score, overlapThreshold)
		if k == overlapMaxReports-1 && len(ms) > overlapMaxReports {
			msg += fmt.Sprintf(" (%d more skills overlap it)", len(ms)-overlapMaxReports)
		}
		d := p.Report(at, msg)
		d.Related = []Related{{Path: other.path, Span: other.file.Frontmatter.Field("description").ValueSpan, Message: "the description of " + other.name}}
	}
}
