package main

import (
	"math"
	"runtime/debug"
	"testing"
	"time"
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

// TestPassPacing: a pass raises the server's pacing to passGCPercent and
// the base comes back after the last overlapping pass ends (once the
// collection that follows it is done); with GOGC set there is none. Not
// parallel: it changes the process's collector settings.
func TestPassPacing(t *testing.T) {
	current := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	const base = 60
	defer debug.SetGCPercent(debug.SetGCPercent(base))
	waitFor := func(want int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for current() != want {
			if time.Now().After(deadline) {
				t.Fatalf("GC percent %d, want %d", current(), want)
			}
			time.Sleep(time.Millisecond)
		}
	}

	t.Setenv("GOGC", "")
	begin := passPacing(base)
	first := begin()
	if p := current(); p != passGCPercent {
		t.Fatalf("during a pass: GC percent %d, want %d", p, passGCPercent)
	}
	second := begin()
	first()
	time.Sleep(50 * time.Millisecond) // the collection after the first ends
	if p := current(); p != passGCPercent {
		t.Fatalf("with a pass still running: GC percent %d, want %d", p, passGCPercent)
	}
	second()
	waitFor(base)

	t.Setenv("GOGC", "100")
	if passPacing(base) != nil {
		t.Error("with GOGC set: a pass pacing, want none")
	}
}
