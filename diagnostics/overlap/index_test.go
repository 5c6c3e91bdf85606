package overlap

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// vocabulary returns n skills in families: each description keeps part of
// its family's ten words and adds some of a shared vocabulary of the given
// size (rarer words less often), so that pairs overlap from far above the
// threshold to just under it.
func vocabulary(n, vocab, seed int) []Skill {
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	word := func(id int) string { return "w" + strings.Repeat("q", id%5) + fmt.Sprint(id) + "x" }
	var out []Skill
	for i := range n {
		family := rng.IntN(max(1, n/12))
		var words []string
		for k := range 10 {
			if rng.Float64() < 0.75 {
				words = append(words, word(100000+family*10+k))
			}
		}
		for range rng.IntN(6) {
			words = append(words, word(int(float64(vocab)*math.Pow(rng.Float64(), 1.6))))
		}
		name := fmt.Sprintf("skill-%d", i)
		out = append(out, Skill{Path: fmt.Sprintf("/s/%06d/SKILL.md", i), Name: name, Description: strings.Join(words, " ")})
	}
	return out
}

// corpusSkills returns the model-invocable winners of a generated corpus of
// n skills (skilltest, seed), in path order.
func corpusSkills(t *testing.T, n int, seed uint64) []Skill {
	t.Helper()
	c, err := skilltest.WriteCorpus(t.TempDir(), skilltest.CorpusOptions{N: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := skills.Load(t.Context(), discovery.Roots(c.RootOptions()), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out []Skill
	for _, sk := range snap.Registry.Winners() {
		if sk.Invocation.ModelInvocable && sk.Description != "" {
			out = append(out, Skill{Path: sk.Path, Name: sk.Name, Description: sk.Description})
		}
	}
	slices.SortFunc(out, func(a, b Skill) int { return strings.Compare(a.Path, b.Path) })
	return out
}

func TestWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Use when the user asks to review pull requests", "review pull request"},
		{"Reviews, reviewing, reviewed", "review review review"},
		{"queries QUERY; mapping maps", "query query map map"},
		{"Fill PDF forms (2024) - CSV, a, I", "fill pdf form csv"},
		{"changes changed changing", "chang chang chang"},
		{"日本語のスキル", "日本語のスキル"},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range Words(tt.in) {
			got = append(got, w.Stem)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Words(%q) = %q, want %q", tt.in, g, tt.want)
		}
	}
}

func TestPrefixFindsEveryPair(t *testing.T) {
	for _, tc := range []struct{ n, vocab, seed int }{{400, 40, 1}, {700, 120, 2}, {1000, 300, 3}} {
		t.Run(fmt.Sprintf("%d-skills-%d-words", tc.n, tc.vocab), func(t *testing.T) {
			idx := Build(vocabulary(tc.n, tc.vocab, tc.seed), 2)
			idx.FindAll(t.Context())
			got, want := overlapPairs(idx), naiveOverlapPairs(idx)
			if len(want) < 20 {
				t.Fatalf("only %d overlapping pairs: the test proves little", len(want))
			}
			t.Logf("%d overlapping pairs", len(want))
			if !sameScores(got, want) {
				t.Errorf("prefix index found %d pairs, every pair %d", len(got), len(want))
			}
		})
	}
	t.Run("corpus", func(t *testing.T) {
		idx := Build(corpusSkills(t, 800, 2), 2)
		idx.FindAll(t.Context())
		if got, want := overlapPairs(idx), naiveOverlapPairs(idx); !sameScores(got, want) {
			t.Errorf("prefix index found %d pairs, every pair %d", len(got), len(want))
		}
	})
}

func sameScores(a, b map[[2]int]float64) bool {
	return maps.EqualFunc(a, b, func(x, y float64) bool { return math.Abs(x-y) < 1e-12 })
}

func overlapPairs(idx *Index) map[[2]int]float64 {
	out := map[[2]int]float64{}
	for i, ms := range idx.found {
		for _, m := range ms {
			out[[2]int{min(i, m.other), max(i, m.other)}] = m.Score
		}
	}
	return out
}

func naiveOverlapPairs(idx *Index) map[[2]int]float64 {
	df := map[int32]int{}
	for _, sk := range idx.skills {
		for _, t := range sk.terms {
			df[t]++
		}
	}
	n := len(idx.skills)
	common := min(commonCap, max(commonFloor, int(commonShare*float64(n))))
	out := map[[2]int]float64{}
	marked := make([]int32, len(idx.weight))
	for i := range idx.skills {
		for _, t := range idx.skills[i].terms {
			marked[t] = int32(i + 1)
		}
		for j := i + 1; j < n; j++ {
			distinct := false
			for _, t := range idx.skills[j].terms {
				if marked[t] == int32(i+1) && df[t] >= 2 && df[t] <= common {
					distinct = true
					break
				}
			}
			if !distinct {
				continue
			}
			sum, count := 0.0, 0
			for _, t := range idx.skills[j].terms {
				if marked[t] == int32(i+1) {
					sum += idx.weight[t]
					count++
				}
			}
			a, b := idx.skills[i].total, idx.skills[j].total
			if score := sum / math.Sqrt(a*b); count >= MinShared && score >= Threshold {
				out[[2]int{i, j}] = score
			}
		}
	}
	return out
}

func referenceTerms(list []Skill) (terms [][]int32, df []int, dict map[string]int32) {
	dict = map[string]int32{}
	for _, f := range list {
		var stems []string
		add := func(stem, _ []byte) {
			if !slices.Contains(stems, string(stem)) {
				stems = append(stems, string(stem))
			}
		}
		forEachWord(f.Name, add)
		forEachWord(f.Description, add)
		var ts []int32
		for _, s := range stems {
			id, ok := dict[s]
			if !ok {
				id = int32(len(df))
				dict[s] = id
				df = append(df, 0)
			}
			df[id]++
			ts = append(ts, id)
		}
		slices.Sort(ts)
		terms = append(terms, ts)
	}
	return terms, df, dict
}

func TestTermsMatchReference(t *testing.T) {
	for name, list := range map[string][]Skill{"vocabulary": vocabulary(500, 60, 4), "corpus": corpusSkills(t, 600, 3)} {
		t.Run(name, func(t *testing.T) {
			terms, df, dict := referenceTerms(list)
			for _, workers := range []int{1, 2, 7} {
				idx := Build(list, workers)
				if len(idx.skills) != len(terms) || len(idx.weight) != len(df) {
					t.Fatalf("%d workers: %d skills, %d terms; want %d, %d", workers, len(idx.skills), len(idx.weight), len(terms), len(df))
				}
				rarer := func(a, b int32) int { return cmp.Or(cmp.Compare(df[a], df[b]), cmp.Compare(a, b)) }
				for i := range idx.skills {
					if !slices.Equal(idx.skills[i].terms, terms[i]) {
						t.Fatalf("%d workers: skill %d terms %v, want %v", workers, i, idx.skills[i].terms, terms[i])
					}
					if want := slices.SortedFunc(slices.Values(terms[i]), rarer); !slices.Equal(idx.orders[i].rarer, want) {
						t.Fatalf("%d workers: skill %d rarest first %v, want %v", workers, i, idx.orders[i].rarer, want)
					}
				}
				n := float64(len(idx.skills))
				for tm, c := range df {
					if w := math.Log(1 + n/float64(max(1, c-1))); idx.weight[tm] != w {
						t.Fatalf("%d workers: term %d weighs %v, want %v", workers, tm, idx.weight[tm], w)
					}
				}
				for stem, want := range dict {
					if got, ok := idx.dict.term([]byte(stem)); !ok || got != want {
						t.Fatalf("%d workers: term(%q) = %d, %v; want %d", workers, stem, got, ok, want)
					}
				}
				if _, ok := idx.dict.term([]byte("no-such-stem")); ok {
					t.Fatal("an unknown stem has a term")
				}
			}
		})
	}
}

// TestFindAllDropsWhatFoundThePairs: once FindAll ran, the matches are
// read from what it found, and the prefixes and postings that found them
// are dropped (a whole run holds the index while its rules run); the
// matches and the words they share are still there.
func TestFindAllDropsWhatFoundThePairs(t *testing.T) {
	idx := Build(vocabulary(400, 40, 1), 2)
	idx.FindAll(t.Context())
	if idx.postings != nil {
		t.Error("the postings are kept after FindAll")
	}
	if idx.orders != nil {
		t.Error("the prefixes are kept after FindAll")
	}
	pairs := 0
	for _, e := range idx.skills {
		for _, m := range idx.Matches(e.Path) {
			pairs++
			if len(idx.Shared(e.Path, m)) < MinShared {
				t.Errorf("%s and %s share fewer than %d words", e.Path, m.Path, MinShared)
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no overlapping pair: the test proves little")
	}
}

// TestEntryKeepsNoPrefix: an indexed skill's record holds what Matches,
// Shared and Nearest read, not the terms rarest first and the prefix that
// only find the pairs: FindAll drops those, and a whole run holds the
// records (~100k of them) while its rules run.
func TestEntryKeepsNoPrefix(t *testing.T) {
	if size := reflect.TypeFor[entry]().Size(); size > 80 {
		t.Errorf("an indexed skill's record is %d bytes, want at most 80", size)
	}
}

// TestIndexFindsPathsInOrder: the index finds a skill by a binary search
// of its records in path order, not through a map of every path (~4 MB at
// 100k skills, held while a whole run's rules run); skills given out of
// order are found all the same.
func TestIndexFindsPathsInOrder(t *testing.T) {
	typ := reflect.TypeFor[Index]()
	for i := range typ.NumField() {
		if f := typ.Field(i); f.Type.Kind() == reflect.Map {
			t.Errorf("Index.%s is a map", f.Name)
		}
	}
	list := vocabulary(300, 30, 2)
	want := Build(list, 2)
	want.FindAll(t.Context())
	slices.Reverse(list)
	got := Build(list, 2)
	got.FindAll(t.Context())
	for _, s := range list {
		if w, g := want.Matches(s.Path), got.Matches(s.Path); !slices.EqualFunc(w, g, func(a, b Match) bool { return a.Path == b.Path && math.Abs(a.Score-b.Score) < 1e-12 }) {
			t.Fatalf("%s: matches %v from the skills out of order, want %v", s.Path, g, w)
		}
	}
	if got.Matches("/nowhere/SKILL.md") != nil || got.Shared("/nowhere/SKILL.md", Match{}) != nil {
		t.Error("a path not indexed has matches or shared words")
	}
}

// TestTermsKeptExact: the index keeps each skill's term ids in a slice of
// their number (check keeps the index while it runs its rules, and a
// slice grown by appends kept up to twice the room).
func TestTermsKeptExact(t *testing.T) {
	skills := []Skill{
		{Path: "/r/a/SKILL.md", Name: "alpha", Description: "Extract tables from scanned invoices and receipts."},
		{Path: "/r/b/SKILL.md", Name: "beta", Description: "Convert spreadsheets, invoices and ledgers into charts."},
		{Path: "/r/c/SKILL.md", Name: "gamma", Description: "the and of"},
		{Path: "/r/d/SKILL.md", Name: "delta", Description: "Invoices, receipts, ledgers, charts, tables."},
	}
	idx := Build(skills, 2)
	for _, e := range idx.skills {
		if cap(e.terms) != len(e.terms) {
			t.Errorf("%s keeps %d term ids in room for %d", e.Name, len(e.terms), cap(e.terms))
		}
	}
}

// TestKeepMatchedOnly: after FindAll, an index keeps the skills in a
// match only, and Matches and Shared answer as before.
func TestKeepMatchedOnly(t *testing.T) {
	skills := vocabulary(400, 40, 1)
	full, kept := Build(skills, 2), Build(skills, 2)
	full.FindAll(t.Context())
	kept.FindAll(t.Context())
	kept.KeepMatchedOnly()
	matched := 0
	for _, e := range full.skills {
		ms := full.Matches(e.Path)
		if len(ms) > 0 {
			matched++
		}
		got := kept.Matches(e.Path)
		if len(got) != len(ms) {
			t.Fatalf("%s: %d matches, want %d", e.Path, len(got), len(ms))
		}
		for k, m := range ms {
			if got[k].Path != m.Path || got[k].Name != m.Name || got[k].Score != m.Score {
				t.Errorf("%s: match %d is %+v, want %+v", e.Path, k, got[k], m)
			}
			if kw, fw := kept.Shared(e.Path, got[k]), full.Shared(e.Path, m); !slices.Equal(kw, fw) {
				t.Errorf("%s and %s share %q, want %q", e.Path, m.Path, kw, fw)
			}
		}
	}
	if matched == 0 || matched == len(skills) {
		t.Fatalf("%d of %d skills overlap another: the test proves little", matched, len(skills))
	}
	if len(kept.skills) != matched {
		t.Errorf("the index keeps %d skills, want the %d in a match", len(kept.skills), matched)
	}
}
