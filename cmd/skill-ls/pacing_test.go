package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestPaceOneShot: the one-shot pacing applies unless GOGC is set, its
// memory limit unless GOMEMLIMIT is set too, and restore puts back what
// was there. Not parallel: it changes the process's collector settings.
func TestPaceOneShot(t *testing.T) {
	current := func() (int, int64) {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p, debug.SetMemoryLimit(-1)
	}
	before, beforeLimit := current()
	for _, tc := range []struct {
		name, gogc, memlimit string
		percent              int
		limited              bool
	}{
		{"defaults", "", "", oneShotGCPercent, physicalMemory() > 0},
		{"GOGC set", "50", "", before, false},
		{"GOMEMLIMIT set", "", "1GiB", oneShotGCPercent, false},
		{"both set", "off", "1GiB", before, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			t.Setenv("GOMEMLIMIT", tc.memlimit)
			restore := paceOneShot()
			p, limit := current()
			restore()
			if p != tc.percent {
				t.Errorf("GC percent %d, want %d", p, tc.percent)
			}
			if limited := limit != beforeLimit; limited != tc.limited {
				t.Errorf("memory limit %d (before %d), limited %t, want %t", limit, beforeLimit, limited, tc.limited)
			}
			if tc.limited && (limit <= 0 || limit == math.MaxInt64 || uint64(limit) != physicalMemory()/2) {
				t.Errorf("memory limit %d, want half of %d", limit, physicalMemory())
			}
			if p, limit := current(); p != before || limit != beforeLimit {
				t.Errorf("after restore: %d, %d; want %d, %d", p, limit, before, beforeLimit)
			}
		})
	}
}
