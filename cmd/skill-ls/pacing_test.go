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

// TestSizedGCPercent: the pacing lets the live heap grow by what the
// entries need, never less than the runtime's minimum heap, at most
// maxSizedGCPercent.
func TestSizedGCPercent(t *testing.T) {
	for _, tc := range []struct {
		need, live int64
		want       int
	}{
		{need: 400 << 20, live: 40 << 20, want: 1001},           // 100,000 entries of list or render
		{need: 4 << 20, live: 40 << 20, want: 11},               // a small tree: below oneShotGCPercent, left alone
		{need: 60 << 20, live: 0, want: 1501},                   // before the first collection: 4 MB assumed
		{need: 1 << 40, live: 1 << 20, want: maxSizedGCPercent}, // bounded
	} {
		if got := sizedGCPercent(tc.need, tc.live); got != tc.want {
			t.Errorf("sizedGCPercent(%d, %d) = %d, want %d", tc.need, tc.live, got, tc.want)
		}
	}
}

// TestSizeCollector: once told the entries, the one-shot pacing rises to
// what they need (never lowered below oneShotGCPercent), and restore puts
// back what was there; with GOGC set nothing is sized. Not parallel: it
// changes the process's collector settings.
func TestSizeCollector(t *testing.T) {
	current := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	before := current()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restore := paceOneShot()
	sized := sizeCollector(onDemandHeapPerEntry)
	sized(10)
	if p := current(); p != oneShotGCPercent {
		t.Errorf("after 10 entries: GC percent %d, want %d", p, oneShotGCPercent)
	}
	sized(100000)
	// 600 MB needed over what a test process keeps live (well under 100
	// MB; the exact figure moves with any collection meanwhile).
	if p := current(); p <= oneShotGCPercent {
		t.Errorf("after 100,000 entries: GC percent %d, want above %d", p, oneShotGCPercent)
	}
	restore()
	if p := current(); p != before {
		t.Errorf("after restore: GC percent %d, want %d", p, before)
	}

	t.Setenv("GOGC", "100")
	if sizeCollector(onDemandHeapPerEntry) != nil {
		t.Error("with GOGC set: a sizing, want none")
	}
}
