package main

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// durations is a sample of timings.
type durations []time.Duration

// quantile returns the q-quantile (0..1) by the nearest-rank method, or -1
// for an empty sample.
func (d durations) quantile(q float64) time.Duration {
	if len(d) == 0 {
		return -1
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

func (d durations) median() time.Duration { return d.quantile(0.5) }

func (d durations) min() time.Duration {
	if len(d) == 0 {
		return -1
	}
	return slices.Min(d)
}

func (d durations) max() time.Duration {
	if len(d) == 0 {
		return -1
	}
	return slices.Max(d)
}

// spread is (max-min)/median: how much repeated runs disagreed.
func (d durations) spread() float64 {
	m := d.median()
	if m <= 0 {
		return 0
	}
	return float64(d.max()-d.min()) / float64(m)
}

// fmtDur prints a duration with a unit fitting its size ("-" when absent).
func fmtDur(d time.Duration) string {
	switch {
	case d < 0:
		return "-"
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	case d < 100*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/1e6)
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/1e6)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// fmtMiB prints bytes in MiB.
func fmtMiB(b int64) string {
	if b <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}

func medianInt(v []int64) int64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}
