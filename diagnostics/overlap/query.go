package overlap

import (
	"cmp"
	"math"
	"slices"
)

// Nearest scores the indexed skills against a text (a trigger query) with
// the score of two descriptions (the weight of the shared words over the
// geometric mean of both weights; the text's words that no skill uses
// weigh nothing, as they favour none), and returns those sharing a word
// with it, best first, with the words each shares (most distinctive
// first, then in the text's order). It is not to be asked after
// KeepMatchedOnly.
func (idx *Index) Nearest(text string) []Nearness {
	if idx.matchedOnly {
		panic("overlap: Nearest on an index that kept the matched skills' terms only")
	}
	type textWord struct {
		word string
		at   int // the word's rank in the text
	}
	inText := map[int32]textWord{}
	total := 0.0
	forEachWord(text, func(stem, word []byte) {
		if t, ok := idx.dict.term(stem); ok {
			if _, seen := inText[t]; !seen {
				inText[t] = textWord{string(word), len(inText)}
				total += idx.weight[t]
			}
		}
	})
	if total == 0 {
		return nil
	}
	var out []Nearness
	for i := range idx.skills {
		e := &idx.skills[i]
		sum := 0.0
		var shared []int32
		for _, t := range e.terms {
			if _, ok := inText[t]; ok {
				sum += idx.weight[t]
				shared = append(shared, t)
			}
		}
		if sum == 0 || e.total == 0 {
			continue
		}
		slices.SortFunc(shared, func(a, b int32) int {
			return cmp.Or(cmp.Compare(idx.weight[b], idx.weight[a]), cmp.Compare(inText[a].at, inText[b].at))
		})
		n := Nearness{Path: e.Path, Name: e.Name, Score: sum / math.Sqrt(total*e.total)}
		for _, t := range shared {
			n.Shared = append(n.Shared, inText[t].word)
		}
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b Nearness) int { return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Path, b.Path)) })
	return out
}

// Nearness is how near a skill's name and description are to a text.
type Nearness struct {
	Path, Name string
	Score      float64
	// Shared are the text's words the skill uses, as the text writes them.
	Shared []string
}
