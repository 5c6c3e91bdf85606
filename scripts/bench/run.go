package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

const runUsage = `usage: bench run [flags] NAME=BINARY...

Measures each skill-ls BINARY (named NAME in the tables, e.g. before=...
after=...) against the floor on corpora of each -sizes skills:

  CLI: the floor, check, list and render catalog, in interleaved rounds
  (every job of every size once per round, the order rotating), after one
  warm-up round; wall time, CPU time and peak RSS (getrusage) of each
  process.

  Server: skill-ls serve over stdio, one session per binary in turn:
  initialize (workspace folder, workDoneProgress), then at once open a skill
  file and a chat buffer; "/" completions in the chat buffer back to back
  and edits of the skill file (each waiting for its own diagnostics) during
  the startup pass and when quiet; peak RSS from /proc/PID/status VmHWM.

Flags:
`

// job is one thing the CLI rounds run.
type job struct {
	Command string // floor, check, list, render catalog
	Binary  string // "" for the floor
	argv    []string
	okExit  []int
}

func (j job) label() string {
	if j.Binary == "" {
		return "floor"
	}
	return j.Binary
}

// binary is a skill-ls build under test.
type binary struct{ Name, Path string }

// sizeResult holds everything measured at one corpus size.
type sizeResult struct {
	Corpus  corpusInfo
	Rounds  int
	LoadAvg [2]string // /proc/loadavg before and after the server sessions
	CLI     map[string][]procResult
	Server  map[string][]serverRun
}

type report struct {
	Started time.Time
	// CLILoadAvg is /proc/loadavg before and after the CLI rounds.
	CLILoadAvg [2]string
	Machine    machine
	Binaries   []binary
	Sizes      []int
	Results    map[int]*sizeResult
}

type machine struct {
	NProc     int
	CPU       string
	GoVersion string
	Kernel    string
}

func cliKey(command, bin string) string { return command + "\x00" + bin }

func runBench(args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), runUsage)
		fs.PrintDefaults()
	}
	sizesFlag := fs.String("sizes", "1000,10000,100000", "comma-separated corpus `sizes` (skills)")
	runs := fs.String("runs", "1000:9,10000:5,100000:3", "CLI rounds per size (`size:n,...`; a bare n for every size)")
	lspRuns := fs.String("lsp-runs", "1000:3,10000:2,100000:1", "server sessions per binary and size (`size:n,...`)")
	noCLI := fs.Bool("no-cli", false, "skip the CLI rounds")
	noLSP := fs.Bool("no-lsp", false, "skip the server sessions")
	quiet := fs.Duration("quiet", 4*time.Second, "how long to measure completions and edits after the startup pass")
	editDelay := fs.Duration("edit-delay", 300*time.Millisecond, "when edits begin after discovery ends (after the server's debounce, so the startup pass has begun)")
	cache := fs.String("cache", defaultCache(), "`dir` of the cached corpora")
	jsonOut := fs.String("json", "", "also write every measurement as JSON to `file`")
	seed := fs.Uint64("seed", 1, "corpus seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var bins []binary
	for _, a := range fs.Args() {
		name, path, ok := strings.Cut(a, "=")
		if !ok || name == "" || path == "" {
			return fmt.Errorf("want NAME=BINARY, got %q", a)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return err
		}
		bins = append(bins, binary{name, abs})
	}
	if len(bins) == 0 {
		fs.Usage()
		return fmt.Errorf("no binary to measure")
	}
	var sizes []int
	for s := range strings.SplitSeq(*sizesFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			return fmt.Errorf("-sizes: bad size %q", s)
		}
		sizes = append(sizes, n)
	}
	runsOf, err := perSize(*runs)
	if err != nil {
		return fmt.Errorf("-runs: %v", err)
	}
	lspRunsOf, err := perSize(*lspRuns)
	if err != nil {
		return fmt.Errorf("-lsp-runs: %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}

	rep := &report{Started: time.Now(), Machine: thisMachine(), Binaries: bins, Sizes: sizes, Results: map[int]*sizeResult{}}
	for _, n := range sizes {
		c, err := ensureCorpus(*cache, n, *seed, logf)
		if err != nil {
			return err
		}
		rep.Results[n] = &sizeResult{Corpus: c, CLI: map[string][]procResult{}, Server: map[string][]serverRun{}}
	}
	if !*noCLI {
		rep.CLILoadAvg[0] = loadAvg()
		for _, n := range sizes {
			rep.Results[n].Rounds = runsOf(n, 5)
		}
		if err := cliRounds(self, bins, sizes, rep.Results); err != nil {
			return err
		}
		rep.CLILoadAvg[1] = loadAvg()
	}
	if !*noLSP {
		for _, n := range sizes {
			res := rep.Results[n]
			res.LoadAvg[0] = loadAvg()
			if err := serverSessions(bins, res.Corpus, res, lspRunsOf(n, 1), lspOptions{
				Quiet: *quiet, CompletionGap: 10 * time.Millisecond, EditGap: 50 * time.Millisecond, EditDelay: *editDelay,
				Timeout: 20 * time.Minute,
			}); err != nil {
				return err
			}
			res.LoadAvg[1] = loadAvg()
		}
	}
	printReport(os.Stdout, rep)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// runReport prints the tables of a run saved with -json.
func runReport(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: bench report FILE")
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	var rep report
	if err := json.Unmarshal(b, &rep); err != nil {
		return err
	}
	printReport(os.Stdout, &rep)
	return nil
}

// perSize parses "n" or "size:n,size:n".
func perSize(s string) (func(size, def int) int, error) {
	m := map[int]int{}
	all := 0
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, ":")
		if !ok {
			n, err := strconv.Atoi(k)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("bad count %q", part)
			}
			all = n
			continue
		}
		size, err1 := strconv.Atoi(k)
		n, err2 := strconv.Atoi(v)
		if err1 != nil || err2 != nil || n < 1 {
			return nil, fmt.Errorf("bad size:count %q", part)
		}
		m[size] = n
	}
	return func(size, def int) int {
		if n, ok := m[size]; ok {
			return n
		}
		if all > 0 {
			return all
		}
		return def
	}, nil
}

func rootArgs(c corpusInfo) []string {
	return []string{"--cwd", c.project(),
		"--dsh-home", filepath.Join(c.home(), ".dsh"),
		"--agents-home", filepath.Join(c.home(), ".agents")}
}

// cliRounds runs, for every size, the floor and every binary's check, list
// and render catalog: one warm-up round, then timed rounds, each job of
// each size once per round (a size stops after its own count of rounds),
// the order rotating so no job always follows the same one. The sizes share
// the rounds so that a change in the machine's load hits them alike, which
// keeps time(100k)/time(10k) paired too.
func cliRounds(self string, bins []binary, sizes []int, results map[int]*sizeResult) error {
	type sized struct {
		job
		n   int
		c   corpusInfo
		env []string
	}
	var all []sized
	for _, n := range sizes {
		c := results[n].Corpus
		env := benchEnv(c.home())
		all = append(all, sized{job{Command: "floor", argv: append([]string{self, "floor"}, c.roots()...)}, n, c, env})
		for _, cmd := range [][]string{{"check"}, {"list"}, {"render", "catalog"}} {
			for _, b := range bins {
				j := job{Command: strings.Join(cmd, " "), Binary: b.Name, argv: append(append([]string{b.Path}, cmd...), rootArgs(c)...)}
				if cmd[0] == "check" {
					j.okExit = []int{1} // the corpus has broken skills
				}
				all = append(all, sized{j, n, c, env})
			}
		}
	}
	logf("CLI warm-up round")
	for _, j := range all {
		if _, err := runProc(j.c.project(), j.env, j.argv, j.okExit...); err != nil {
			return fmt.Errorf("warm-up: %v", err)
		}
	}
	rounds := 0
	for _, n := range sizes {
		rounds = max(rounds, results[n].Rounds)
	}
	for r := range rounds {
		var jobs []sized
		for _, j := range all {
			if r < results[j.n].Rounds {
				jobs = append(jobs, j)
			}
		}
		logf("CLI round %d/%d (%d jobs)", r+1, rounds, len(jobs))
		for k := range jobs {
			j := jobs[(k+r)%len(jobs)]
			pr, err := runProc(j.c.project(), j.env, j.argv, j.okExit...)
			if err != nil {
				return err
			}
			key := cliKey(j.Command, j.Binary)
			results[j.n].CLI[key] = append(results[j.n].CLI[key], pr)
		}
	}
	return nil
}

// serverSessions runs n sessions per binary, the binaries taking turns.
func serverSessions(bins []binary, c corpusInfo, res *sizeResult, n int, o lspOptions) error {
	expected := map[string]map[string]bool{}
	for _, b := range bins {
		e, err := expectedFiles(b.Path, c)
		if err != nil {
			return fmt.Errorf("%s: %v", b.Name, err)
		}
		expected[b.Name] = e
	}
	for i := range n {
		for _, b := range bins {
			logf("%d skills: server session %d/%d of %s", c.N, i+1, n, b.Name)
			run, err := measureServer(b.Path, c, expected[b.Name], o)
			if err != nil {
				return fmt.Errorf("%s serve: %v", b.Name, err)
			}
			if !run.PassComplete {
				logf("warning: %s: the startup pass did not publish every expected file before the timeout", b.Name)
			}
			res.Server[b.Name] = append(res.Server[b.Name], run)
		}
	}
	return nil
}

func thisMachine() machine {
	m := machine{NProc: runtime.NumCPU(), GoVersion: runtime.Version()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.SplitSeq(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.Kernel = strings.TrimSpace(string(b))
	}
	return m
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

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

func cliCommands() []string { return []string{"check", "list", "render catalog"} }

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

func walls(rs []procResult) durations {
	out := make(durations, len(rs))
	for i, r := range rs {
		out[i] = r.Wall
	}
	return out
}

func cpus(rs []procResult) durations {
	out := make(durations, len(rs))
	for i, r := range rs {
		out[i] = r.CPU
	}
	return out
}

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

func short(n int) string {
	switch {
	case n%1000000 == 0:
		return fmt.Sprintf("%dM", n/1000000)
	case n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}

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
