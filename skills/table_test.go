package skills

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestTable: a table changed by random sets and deletes, past the top's
// fold, answers as a plain map changed the same way, and the tables it was
// made from are unchanged.
func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	want := map[string]int{"a": 1, "b": 2}
	tab := NewTable(maps.Clone(want))
	for step := range 2000 {
		set := map[string]int{}
		var del []string
		sets := r.IntN(4)
		if step%100 == 99 {
			sets = 40 // more than the small top holds
		}
		for range sets {
			set[fmt.Sprint(r.IntN(400))] = step
		}
		for range r.IntN(3) {
			del = append(del, fmt.Sprint(r.IntN(400)))
		}
		before, beforeWant := tab, maps.Clone(want)
		tab = tab.With(set, del)
		for _, k := range del {
			if _, ok := set[k]; !ok {
				delete(want, k)
			}
		}
		maps.Copy(want, set)
		if got := maps.Collect(tab.All()); !reflect.DeepEqual(got, want) || tab.Len() != len(want) {
			t.Fatalf("step %d: %v (len %d), want %v", step, got, tab.Len(), want)
		}
		if got := maps.Collect(before.All()); !reflect.DeepEqual(got, beforeWant) {
			t.Fatalf("step %d: the earlier table changed", step)
		}
		if len(tab.top) > maxSmallTop || len(tab.mid)+len(tab.top) > maxTop {
			t.Fatalf("step %d: top of %d entries and middle layer of %d not folded", step, len(tab.top), len(tab.mid))
		}
		for _, k := range []string{"a", "7", fmt.Sprint(r.IntN(400))} {
			v, ok := tab.Get(k)
			if w, wok := want[k]; v != w || ok != wok {
				t.Fatalf("step %d: get(%s) = %d, %t; want %d, %t", step, k, v, ok, w, wok)
			}
		}
	}
}
