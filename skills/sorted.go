package skills

import "slices"

// updateSorted returns the sorted list with the strings of add put in and
// those of del taken out (a string in both is kept); list itself is not
// changed. A few changes are made in place of a copy, many by merging add,
// sorted, into list.
func updateSorted(list, add, del []string) []string {
	if len(add) == 0 && len(del) == 0 {
		return list
	}
	if len(list) > 0 && len(add)+len(del) <= 32 {
		return updateFew(list, add, del)
	}
	if !slices.IsSorted(add) {
		add = slices.Sorted(slices.Values(add))
	}
	var gone map[string]bool
	if len(list) > 0 && len(del) > 0 {
		gone = make(map[string]bool, len(del))
		for _, s := range del {
			gone[s] = true
		}
	}
	out := make([]string, 0, len(list)+len(add))
	for i, j := 0, 0; i < len(list) || j < len(add); {
		if j == len(add) || i < len(list) && list[i] < add[j] {
			if !gone[list[i]] {
				out = append(out, list[i])
			}
			i++
			continue
		}
		if i < len(list) && list[i] == add[j] {
			i++
		}
		if len(out) == 0 || out[len(out)-1] != add[j] {
			out = append(out, add[j])
		}
		j++
	}
	return out
}

// updateFew is updateSorted for a few changes: a copy of list with each
// inserted or deleted in place.
func updateFew(list, add, del []string) []string {
	out, cloned := list, false
	for _, s := range del {
		if i, ok := slices.BinarySearch(out, s); ok && !slices.Contains(add, s) {
			if !cloned {
				out, cloned = slices.Clone(out), true
			}
			out = slices.Delete(out, i, i+1)
		}
	}
	for _, s := range add {
		if i, ok := slices.BinarySearch(out, s); !ok {
			if !cloned {
				out, cloned = slices.Clone(out), true
			}
			out = slices.Insert(out, i, s)
		}
	}
	return out
}
