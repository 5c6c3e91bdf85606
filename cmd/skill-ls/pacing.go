package main

import (
	"os"
	"runtime/debug"
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
