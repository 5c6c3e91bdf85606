package main

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"
)

// printReport writes the tables.
func printReport(w io.Writer, rep *report) {
	m := rep.Machine
	fmt.Fprintf(w, "skill-ls benchmark, %s: %d cores (%s), %s, Linux %s\n", rep.Started.Format("2006-01-02 15:04"), m.NProc, m.CPU, m.GoVersion, m.Kernel)
	for _, b := range rep.Binaries {
		fmt.Fprintf(w, "  %s = %s\n", b.Name, b.Path)
	}
	for _, n := range rep.Sizes {
		res := rep.Results[n]
		c := res.Corpus
		fmt.Fprintf(w, "\n== %d skills: %d skill files, %.1f MiB of Markdown, %d resource files ==\n",
			n, c.SkillFiles, float64(c.SkillBytes)/(1<<20), c.Resources)
		if len(res.CLI) > 0 {
			printCLI(w, rep, res)
		}
		if len(res.Server) > 0 {
			printServer(w, rep, res)
		}
	}
	if len(rep.Sizes) > 1 {
		printScaling(w, rep)
	}
}

// cliCommands are the CLI commands measured, in table order.
func cliCommands() []string { return []string{"check", "list", "render catalog"} }

// printCLI writes the table of the CLI rounds of one size: one row a
// command and binary, with its times against the floor's.
func printCLI(w io.Writer, rep *report, res *sizeResult) {
	floor := res.CLI[cliKey("floor", "")]
	fw := walls(floor).median()
	fb, fc := walls(floor).min(), cpus(floor).median()
	fmt.Fprintf(w, "\nCLI: %d rounds, interleaved with the other sizes' (load average %s -> %s). wall: median and best; ×floor: median wall / the floor's median wall, best / best, and median CPU (user+sys) / the floor's; spread: (max-min)/median of the wall times\n", res.Rounds, rep.CLILoadAvg[0], rep.CLILoadAvg[1])
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "command\tbinary\twall\t×floor\tbest\t×floor\tCPU\t×floor\tmax RSS\tspread\t")
	ratio := func(a, b time.Duration) string { return fmt.Sprintf("%.2f", float64(a)/float64(b)) }
	row := func(command, bin string, rs []procResult) {
		wd, cd := walls(rs), cpus(rs)
		label := bin
		if label == "" {
			label = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.0f%%\t\n", command, label,
			fmtDur(wd.median()), ratio(wd.median(), fw), fmtDur(wd.min()), ratio(wd.min(), fb),
			fmtDur(cd.median()), ratio(cd.median(), fc), fmtMiB(rssMedian(rs)), 100*wd.spread())
	}
	row("floor", "", floor)
	for _, cmd := range cliCommands() {
		for _, b := range rep.Binaries {
			row(cmd, b.Name, res.CLI[cliKey(cmd, b.Name)])
		}
	}
	tw.Flush()
}

// walls returns the wall times of rs.
func walls(rs []procResult) durations {
	out := make(durations, len(rs))
	for i, r := range rs {
		out[i] = r.Wall
	}
	return out
}

// cpus returns the CPU times (user+sys) of rs.
func cpus(rs []procResult) durations {
	out := make(durations, len(rs))
	for i, r := range rs {
		out[i] = r.CPU
	}
	return out
}

// rssMedian returns the median peak RSS of rs.
func rssMedian(rs []procResult) int64 {
	v := make([]int64, len(rs))
	for i, r := range rs {
		v[i] = r.MaxRSS
	}
	return medianInt(v)
}

// printScaling prints time(large)/time(small) for each consecutive pair of
// sizes that are 10× apart.
func printScaling(w io.Writer, rep *report) {
	fmt.Fprintf(w, "\nScaling: median wall at the larger size / at the smaller\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := "command\tbinary\t"
	for i := 1; i < len(rep.Sizes); i++ {
		header += fmt.Sprintf("%s/%s\t", short(rep.Sizes[i]), short(rep.Sizes[i-1]))
	}
	fmt.Fprintln(tw, header)
	jobs := []job{{Command: "floor"}}
	for _, cmd := range cliCommands() {
		for _, b := range rep.Binaries {
			jobs = append(jobs, job{Command: cmd, Binary: b.Name})
		}
	}
	for _, j := range jobs {
		line := j.Command + "\t" + j.label() + "\t"
		for i := 1; i < len(rep.Sizes); i++ {
			a, b := rep.Results[rep.Sizes[i-1]], rep.Results[rep.Sizes[i]]
			ta, tb := walls(a.CLI[cliKey(j.Command, j.Binary)]).median(), walls(b.CLI[cliKey(j.Command, j.Binary)]).median()
			if ta <= 0 || tb <= 0 {
				line += "-\t"
				continue
			}
			line += fmt.Sprintf("%.1f\t", float64(tb)/float64(ta))
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

// short writes a size the short way: 1k, 100k, 1M.
func short(n int) string {
	switch {
	case n%1000000 == 0:
		return fmt.Sprintf("%dM", n/1000000)
	case n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}
