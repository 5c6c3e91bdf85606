package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// printServer writes the table of the server sessions of one size: one
// row a figure, one column the floor and then each binary.
func printServer(w io.Writer, rep *report, res *sizeResult) {
	floor := res.CLI[cliKey("floor", "")]
	sessions := 0
	for _, runs := range res.Server {
		sessions = max(sessions, len(runs))
	}
	stolen := ""
	if res.Stolen != "" {
		stolen = ", CPU time taken by the VM's host " + res.Stolen
	}
	fmt.Fprintf(w, "\nServer over stdio: %d session(s) per binary (load average %s -> %s%s); times since the documents were opened (median over sessions); latencies pooled over sessions\n", sessions, res.LoadAvg[0], res.LoadAvg[1], stolen)
	t := serverTable{tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight), rep, res}
	header := "figure\tfloor\t"
	for _, b := range rep.Binaries {
		header += b.Name + "\t"
	}
	fmt.Fprintln(t.tw, header)
	floorWall, floorRSS := "-", "-"
	if len(floor) > 0 {
		floorWall, floorRSS = fmtDur(walls(floor).median()), fmtMiB(rssMedian(floor))
	}
	t.row("first progress notification", "", medianOf(func(r serverRun) time.Duration { return r.FirstProgress }))
	t.row("opened file's first diagnostics", "", medianOf(func(r serverRun) time.Duration { return r.FirstDiag }))
	t.row("discovery done (files found)", floorWall, medianOf(func(r serverRun) time.Duration { return r.DiscoveryEnd }))
	t.row("startup pass done (all published)", "", passEndCell)
	t.row("first completion (sent at open)", "", firstCompletionCell)
	t.row("completions before discovery: final+empty", "", emptyBeforeDiscoveryCell)
	for _, ph := range []struct{ key, name string }{{"discovery", "during discovery"}, {"startup", "during startup pass"}, {"quiet", "quiet"}, {"saves", "while files are saved"}} {
		t.row("`/` completion p50/p99/max, "+ph.name, "", completionLatencyCell(ph.key))
	}
	for _, ph := range []struct{ key, name string }{{"startup", "during startup pass"}, {"quiet", "quiet"}, {"saves", "while files are saved"}} {
		t.row("edit's diagnostics median/p99/max, "+ph.name, "", editLatencyCell(ph.key))
	}
	t.row("peak RSS (VmHWM)", floorRSS, peakRSSCell)
	t.tw.Flush()
}

// serverTable is the server table being written.
type serverTable struct {
	tw  *tabwriter.Writer
	rep *report
	res *sizeResult
}

// row writes one figure: its name, the floor's cell, then the cell of
// each binary's sessions ("-" for a binary without any).
func (t serverTable) row(name, floorCell string, cell func(runs []serverRun) string) {
	s := name + "\t" + floorCell + "\t"
	for _, b := range t.rep.Binaries {
		runs := t.res.Server[b.Name]
		if len(runs) == 0 {
			s += "-\t"
			continue
		}
		s += cell(runs) + "\t"
	}
	fmt.Fprintln(t.tw, s)
}

// medianOf returns a cell: the median over the sessions of the time get
// returns, leaving out the sessions where it never happened.
func medianOf(get func(serverRun) time.Duration) func([]serverRun) string {
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

// passEndCell is the median end of the startup pass, marked "(timeout)"
// when a session's pass did not complete.
func passEndCell(runs []serverRun) string {
	s := medianOf(func(r serverRun) time.Duration { return r.PassEnd })(runs)
	for _, r := range runs {
		if !r.PassComplete {
			return s + " (timeout)"
		}
	}
	return s
}

// firstCompletionCell describes the first session's first completion, the
// one sent as the documents were opened: final or incomplete, its items
// and its latency.
func firstCompletionCell(runs []serverRun) string {
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
}

// emptyBeforeDiscoveryCell counts the completions sent during discovery
// that came back final and empty, of all sent then.
func emptyBeforeDiscoveryCell(runs []serverRun) string {
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
}

// completionLatencyCell returns a cell: p50, p99 and max latency of the
// completions sent in phase, pooled over the sessions.
func completionLatencyCell(phase string) func([]serverRun) string {
	return func(runs []serverRun) string {
		var d durations
		for _, r := range runs {
			for _, c := range r.Completions {
				if r.phase(c.Sent) == phase {
					d = append(d, c.Latency)
				}
			}
		}
		if len(d) == 0 {
			return "- (n=0)"
		}
		return fmt.Sprintf("%s / %s / %s (n=%d)", fmtDur(d.median()), fmtDur(d.quantile(0.99)), fmtDur(d.max()), len(d))
	}
}

// editLatencyCell returns a cell: median, p99 and max latency of the
// diagnostics of the edits sent in phase, pooled over the sessions, and
// how many edits got none.
func editLatencyCell(phase string) func([]serverRun) string {
	return func(runs []serverRun) string {
		var d durations
		lost := 0
		for _, r := range runs {
			for _, e := range r.Edits {
				if r.phase(e.Sent) != phase {
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
	}
}

// peakRSSCell is the median peak RSS of the server over the sessions.
func peakRSSCell(runs []serverRun) string {
	v := make([]int64, len(runs))
	for i, r := range runs {
		v[i] = r.PeakRSS
	}
	return fmtMiB(medianInt(v))
}
