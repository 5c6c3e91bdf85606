package skills

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestUpdateSorted: updateSorted, with few changes or many, answers as
// putting the strings in a set and sorting it, and leaves its inputs as
// they were.
func TestUpdateSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = strconv.Itoa(rng.IntN(200))
		}
		return out
	}
	for step := range 2000 {
		list := slices.Compact(slices.Sorted(slices.Values(pick(rng.IntN(120)))))
		add, del := pick(rng.IntN(60)), pick(rng.IntN(60))
		if step%3 == 0 {
			slices.Sort(add)
		}
		want := map[string]bool{}
		for _, s := range list {
			want[s] = true
		}
		for _, s := range del {
			delete(want, s)
		}
		for _, s := range add {
			want[s] = true
		}
		list0, add0, del0 := slices.Clone(list), slices.Clone(add), slices.Clone(del)
		got := updateSorted(list, add, del)
		if w := slices.Sorted(func(yield func(string) bool) {
			for s := range want {
				if !yield(s) {
					return
				}
			}
		}); !slices.Equal(got, w) && (len(got) > 0 || len(w) > 0) {
			t.Fatalf("step %d: updateSorted(%q, %q, %q) = %q, want %q", step, list, add, del, got, w)
		}
		if !slices.Equal(list, list0) || !slices.Equal(add, add0) || !slices.Equal(del, del0) {
			t.Fatalf("step %d: updateSorted changed its inputs", step)
		}
	}
}
