package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

func printServer(w io.Writer, rep *report, res *sizeResult) {
	floor := res.CLI[cliKey("floor", "")]
	sessions := 0
	for _, runs := range res.Server {
		sessions = max(sessions, len(runs))
	}
	fmt.Fprintf(w, "\nServer over stdio: %d session(s) per binary (load average %s -> %s); times since the documents were opened (median over sessions); latencies pooled over sessions\n", sessions, res.LoadAvg[0], res.LoadAvg[1])
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := "figure\tfloor\t"
	for _, b := range rep.Binaries {
		header += b.Name + "\t"
	}
	fmt.Fprintln(tw, header)
	line := func(name, floorCell string, cell func(runs []serverRun) string) {
		s := name + "\t" + floorCell + "\t"
		for _, b := range rep.Binaries {
			runs := res.Server[b.Name]
			if len(runs) == 0 {
				s += "-\t"
				continue
			}
			s += cell(runs) + "\t"
		}
		fmt.Fprintln(tw, s)
	}
	at := func(get func(serverRun) time.Duration) func([]serverRun) string {
		return func(runs []serverRun) string {
			d := make(durations, 0, len(runs))
			for _, r := range runs {
				if v := get(r); v >= 0 {
					d = append(d, v)
				}
			}
			return fmtDur(d.median())
		}
	}
	floorWall, floorRSS := "-", "-"
	if len(floor) > 0 {
		floorWall, floorRSS = fmtDur(walls(floor).median()), fmtMiB(rssMedian(floor))
	}
	line("first progress notification", "", at(func(r serverRun) time.Duration { return r.FirstProgress }))
	line("opened file's first diagnostics", "", at(func(r serverRun) time.Duration { return r.FirstDiag }))
	line("discovery done (progress end)", floorWall, at(func(r serverRun) time.Duration { return r.DiscoveryEnd }))
	line("startup pass done (all published)", "", func(runs []serverRun) string {
		s := at(func(r serverRun) time.Duration { return r.PassEnd })(runs)
		for _, r := range runs {
			if !r.PassComplete {
				return s + " (timeout)"
			}
		}
		return s
	})
	line("first completion (sent at open)", "", func(runs []serverRun) string {
		r := runs[0]
		if len(r.Completions) == 0 {
			return "-"
		}
		c := r.Completions[0]
		kind := "final"
		if c.Incomplete {
			kind = "incomplete"
		}
		return fmt.Sprintf("%s, %d items, %s", kind, c.Items, fmtDur(c.Latency))
	})
	line("completions before discovery: final+empty", "", func(runs []serverRun) string {
		total, bad := 0, 0
		for _, r := range runs {
			for _, c := range r.Completions {
				if r.phase(c.Sent) == "discovery" {
					total++
					if !c.Incomplete && c.Items == 0 {
						bad++
					}
				}
			}
		}
		return fmt.Sprintf("%d of %d", bad, total)
	})
	for _, ph := range []struct{ key, name string }{{"discovery", "during discovery"}, {"startup", "during startup pass"}, {"quiet", "quiet"}} {
		line("`/` completion p50/p99/max, "+ph.name, "", func(runs []serverRun) string {
			var d durations
			for _, r := range runs {
				for _, c := range r.Completions {
					if r.phase(c.Sent) == ph.key {
						d = append(d, c.Latency)
					}
				}
			}
			if len(d) == 0 {
				return "- (n=0)"
			}
			return fmt.Sprintf("%s / %s / %s (n=%d)", fmtDur(d.median()), fmtDur(d.quantile(0.99)), fmtDur(d.max()), len(d))
		})
	}
	for _, ph := range []struct{ key, name string }{{"startup", "during startup pass"}, {"quiet", "quiet"}} {
		line("edit's diagnostics median/p99/max, "+ph.name, "", func(runs []serverRun) string {
			var d durations
			lost := 0
			for _, r := range runs {
				for _, e := range r.Edits {
					if r.phase(e.Sent) != ph.key {
						continue
					}
					if e.Latency < 0 {
						lost++
						continue
					}
					d = append(d, e.Latency)
				}
			}
			if len(d) == 0 {
				return fmt.Sprintf("- (n=0, %d lost)", lost)
			}
			s := fmt.Sprintf("%s / %s / %s (n=%d)", fmtDur(d.median()), fmtDur(d.quantile(0.99)), fmtDur(d.max()), len(d))
			if lost > 0 {
				s += fmt.Sprintf(", %d lost", lost)
			}
			return s
		})
	}
	line("peak RSS (VmHWM)", floorRSS, func(runs []serverRun) string {
		v := make([]int64, len(runs))
		for i, r := range runs {
			v[i] = r.PeakRSS
		}
		return fmtMiB(medianInt(v))
	})
	tw.Flush()
}
