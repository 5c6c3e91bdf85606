package skills

// smallIndex maps strings to ints: a list searched in order while it is
// short (a body links a handful of distinct files), a map past that. The
// list is an array, so a smallIndex on the stack allocates nothing until
// it needs the map.
type smallIndex struct {
	n    int
	keys [smallIndexList]string
	vals [smallIndexList]int
	m    map[string]int
}

// smallIndexList is how many keys smallIndex keeps in its list.
const smallIndexList = 16

func (x *smallIndex) get(k string) (int, bool) {
	if x.m != nil {
		v, ok := x.m[k]
		return v, ok
	}
	for i, key := range x.keys[:x.n] {
		if key == k {
			return x.vals[i], true
		}
	}
	return 0, false
}

func (x *smallIndex) put(k string, v int) {
	if x.m == nil && x.n < smallIndexList {
		x.keys[x.n], x.vals[x.n] = k, v
		x.n++
		return
	}
	if x.m == nil {
		x.m = make(map[string]int, 2*smallIndexList)
		for i, key := range x.keys[:x.n] {
			x.m[key] = x.vals[i]
		}
	}
	x.m[k] = v
}
