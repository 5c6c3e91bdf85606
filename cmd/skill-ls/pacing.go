package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// oneShotGCPercent is the collector pacing of the one-shot verbs (check,
// list, render) unless GOGC is set: the heap may grow by six times what is
// live between collections. What they keep alive grows with the tree
// (about 0.8 GB at 100,000 generated skills) while they allocate about
// three times that, and at the default pacing the collector took a tenth
// of check's CPU time there. At 300 it ran about a third as often; at 600
// the last and largest collection of a 100k check mostly never comes
// (check's CPU time there 1.93-2.06x the floor's at 300, 1.78-1.79x at
// 600, in two paired runs; peak RSS 1.3 -> 1.4 GB). A fixed limit below
// the live heap would make it run almost without pause (a 128 MiB limit
// doubled check's CPU time at 100k). See docs/performance.md.
const oneShotGCPercent = 600

// paceOneShot sets the collector pacing of a one-shot verb and returns the
// function that restores the previous one. Unless the environment sets
// GOGC, the heap may grow by oneShotGCPercent, and, unless it sets
// GOMEMLIMIT too, a soft memory limit of half the machine's memory (when
// known) makes the collector work harder before a tree too large for the
// machine swaps. GOGC and GOMEMLIMIT, when set, apply as the runtime reads
// them.
func paceOneShot() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	prevPercent := debug.SetGCPercent(oneShotGCPercent)
	prevLimit := int64(-1)
	if total := physicalMemory(); total > 0 && os.Getenv("GOMEMLIMIT") == "" {
		prevLimit = debug.SetMemoryLimit(int64(min(total/2, 1<<62)))
	}
	return func() {
		debug.SetGCPercent(prevPercent)
		if prevLimit >= 0 {
			debug.SetMemoryLimit(prevLimit)
		}
	}
}

// Heap a one-shot verb reaches per skill entry when nothing is collected
// after the roots are listed (the generated corpus, 100,000 skills: list
// 6.4 KB, render catalog 4.6 KB, check 14 KB, garbage included).
const (
	onDemandHeapPerEntry = 6 << 10  // list and render (bodies on demand)
	checkHeapPerEntry    = 16 << 10 // check (bodies kept, link facts, diagnostics)
)

// maxSizedGCPercent bounds the pacing sizeCollector sets: the heap may grow
// by at most this much of what is live after the listing.
const maxSizedGCPercent = 5000

// minSizedLive is the live heap sizeCollector assumes before the first
// collection (the runtime's own minimum heap is 4 MB at GOGC=100).
const minSizedLive = 4 << 20

// sizeCollector returns the LoadOptions.Listed of a one-shot verb whose heap
// grows by about perEntry bytes per skill entry it reads, nil when the
// environment sets GOGC. Once the roots are listed it raises the pacing so
// that the next collection comes only when the heap has grown by what the
// entries need (never below oneShotGCPercent, at most maxSizedGCPercent):
// at 100,000 skills, a collection late in the load marked the 220-265 MB
// the files keep and took about a tenth of list's and render's wall time
// (check's: 9%). The memory limit paceOneShot sets still bounds the heap.
func sizeCollector(perEntry int64) func(entries int) {
	if os.Getenv("GOGC") != "" {
		return nil
	}
	return func(entries int) {
		percent := sizedGCPercent(int64(entries)*perEntry, liveHeap())
		if percent > oneShotGCPercent {
			debug.SetGCPercent(percent)
		}
	}
}

// sizedGCPercent is the pacing that lets a heap of live bytes grow by need
// before the next collection, at most maxSizedGCPercent.
func sizedGCPercent(need, live int64) int {
	live = max(live, minSizedLive)
	return int(min(need*100/live+1, maxSizedGCPercent))
}

// liveHeap returns the heap the last collection found live (0 before the
// first one).
func liveHeap() int64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(sample[0].Value.Uint64(), 1<<62))
}

// passGCPercent is the server's collector pacing while a workspace-wide
// pass runs and its result goes out (see passPacing).
const passGCPercent = 200

// passPacing returns the server's lsp.Options.PassMemory, nil when the
// environment sets GOGC.
//
// Before a pass it collects, on the pass's goroutine, which waits: the
// garbage of the discovery or of the edits since the last pass goes now,
// not in the middle of the pass. Until the pass's result is out, the heap
// may then grow by passGCPercent of what is live instead of base
// (serverGCPercent). A pass allocates about 4.5 KB per skill file (its
// diagnostics and their encoding, the link facts it keeps, the replies
// to the user meanwhile): at 100,000 skills that is about 450 MB over 300
// MB live. At base the collector marked three times during such a pass,
// 300-400 ms each, and most of the edits and completions slower than 5
// ms fell in those marks; at passGCPercent it does not mark at all.
//
// When the result is out, a collection in the background brings the heap
// back before base returns: lowering the pacing under a heap that grew
// made the next collection start at once and charge its whole marking to
// the goroutines that allocated, the user's requests among them (one
// edit waited 240 ms). Passes of one server do not overlap; if they did,
// base would come back when the last one ends.
func passPacing(base int) func() (done func()) {
	if os.Getenv("GOGC") != "" {
		return nil
	}
	var mu sync.Mutex
	running := 0
	return func() func() {
		runtime.GC()
		mu.Lock()
		if running == 0 {
			debug.SetGCPercent(passGCPercent)
		}
		running++
		mu.Unlock()
		return func() {
			mu.Lock()
			running--
			mu.Unlock()
			go func() {
				runtime.GC()
				mu.Lock()
				defer mu.Unlock()
				if running == 0 {
					debug.SetGCPercent(base)
				}
			}()
		}
	}
}
