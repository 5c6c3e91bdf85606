package session

import (
	"reflect"
	"testing"
)

// TestSnapshotReachesNoViewSet: a Snapshot holds values; through none of
// its fields (followed into this package's types) does it reach the
// mutable view set, a view (its watcher) or the scheduler.
func TestSnapshotReachesNoViewSet(t *testing.T) {
	mutable := map[reflect.Type]bool{
		reflect.TypeFor[viewSet](): true, reflect.TypeFor[view](): true, reflect.TypeFor[scheduler](): true,
	}
	pkg := reflect.TypeFor[Snapshot]().PkgPath()
	seen := map[reflect.Type]bool{}
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array || ty.Kind() == reflect.Map || ty.Kind() == reflect.Chan {
			ty = ty.Elem()
		}
		if mutable[ty] {
			t.Errorf("Snapshot%s reaches %v", path, ty)
			return
		}
		if seen[ty] || ty.Kind() != reflect.Struct || ty.PkgPath() != pkg {
			return
		}
		seen[ty] = true
		for f := range ty.Fields() {
			walk(path+"."+f.Name, f.Type)
		}
	}
	walk("", reflect.TypeFor[Snapshot]())
}
