package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
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

// binary is a skill-ls build under test.
type binary struct{ Name, Path string }

// sizeResult holds everything measured at one corpus size.
type sizeResult struct {
	Corpus  corpusInfo
	Rounds  int
	LoadAvg [2]string // /proc/loadavg before and after the server sessions
	// Stolen is the share of the CPU time the virtual machine's host took
	// during the server sessions (steal in /proc/stat), "" when unknown:
	// a vCPU the host runs something else on stalls whatever ran on it.
	Stolen string
	CLI    map[string][]procResult
	Server map[string][]serverRun
}

// report is a whole run: what was measured, where, and every measurement
// (saved with -json, printed by printReport).
type report struct {
	Started time.Time
	// CLILoadAvg is /proc/loadavg before and after the CLI rounds.
	CLILoadAvg [2]string
	Machine    machine
	Binaries   []binary
	Sizes      []int
	Results    map[int]*sizeResult
}

// machine describes the computer a run was made on.
type machine struct {
	NProc     int
	CPU       string
	GoVersion string
	Kernel    string
}

// runConfig is what `bench run` was asked to measure, and how.
type runConfig struct {
	bins         []binary
	sizes        []int
	runsOf       func(size, def int) int // CLI rounds per size
	lspRunsOf    func(size, def int) int // server sessions per binary and size
	noCLI, noLSP bool
	lsp          lspOptions
	cache        string // dir of the cached corpora
	jsonOut      string // file to save the run to, or ""
	seed         uint64 // of the corpora
}

// runBench is `bench run`: it measures the binaries at each size, the CLI
// rounds then the server sessions, prints the tables and saves the run as
// JSON if asked.
func runBench(args []string) error {
	cfg, err := parseRunFlags(args)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	rep, err := newReport(cfg)
	if err != nil {
		return err
	}
	if !cfg.noCLI {
		if err := measureCLI(self, cfg, rep); err != nil {
			return err
		}
	}
	if !cfg.noLSP {
		if err := measureServers(cfg, rep); err != nil {
			return err
		}
	}
	printReport(os.Stdout, rep)
	return saveJSON(cfg.jsonOut, rep)
}

// parseRunFlags reads the flags and the NAME=BINARY arguments of `bench
// run`.
func parseRunFlags(args []string) (runConfig, error) {
	cfg := runConfig{lsp: lspOptions{CompletionGap: 10 * time.Millisecond, EditGap: 50 * time.Millisecond, Timeout: 20 * time.Minute}}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), runUsage)
		fs.PrintDefaults()
	}
	sizes := fs.String("sizes", "1000,10000,100000", "comma-separated corpus `sizes` (skills)")
	runs := fs.String("runs", "1000:9,10000:5,100000:3", "CLI rounds per size (`size:n,...`; a bare n for every size)")
	lspRuns := fs.String("lsp-runs", "1000:3,10000:2,100000:1", "server sessions per binary and size (`size:n,...`)")
	fs.BoolVar(&cfg.noCLI, "no-cli", false, "skip the CLI rounds")
	fs.BoolVar(&cfg.noLSP, "no-lsp", false, "skip the server sessions")
	fs.DurationVar(&cfg.lsp.Quiet, "quiet", 4*time.Second, "how long to measure completions and edits after the startup pass")
	fs.IntVar(&cfg.lsp.Saves, "saves", 4, "how many times another skill file is saved on disk after the quiet phase, SaveGap apart (0: none)")
	fs.DurationVar(&cfg.lsp.SaveGap, "save-gap", time.Second, "the time between two saves")
	fs.DurationVar(&cfg.lsp.EditDelay, "edit-delay", 300*time.Millisecond, "when edits begin after discovery ends (after the server's debounce, so the startup pass has begun)")
	fs.StringVar(&cfg.cache, "cache", defaultCache(), "`dir` of the cached corpora")
	fs.StringVar(&cfg.jsonOut, "json", "", "also write every measurement as JSON to `file`")
	fs.DurationVar(&cfg.lsp.Timeout, "lsp-timeout", 20*time.Minute, "bound of one server session (a session that runs out is reported with what it measured)")
	fs.Uint64Var(&cfg.seed, "seed", 1, "corpus seed")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	var err error
	if cfg.bins, err = parseBinaries(fs.Args()); err != nil {
		return cfg, err
	}
	if len(cfg.bins) == 0 {
		fs.Usage()
		return cfg, fmt.Errorf("no binary to measure")
	}
	if cfg.sizes, err = parseSizes(*sizes); err != nil {
		return cfg, err
	}
	if cfg.runsOf, err = perSize(*runs); err != nil {
		return cfg, fmt.Errorf("-runs: %v", err)
	}
	if cfg.lspRunsOf, err = perSize(*lspRuns); err != nil {
		return cfg, fmt.Errorf("-lsp-runs: %v", err)
	}
	return cfg, nil
}

// parseBinaries reads NAME=BINARY arguments, making each path absolute.
func parseBinaries(args []string) ([]binary, error) {
	var bins []binary
	for _, a := range args {
		name, path, ok := strings.Cut(a, "=")
		if !ok || name == "" || path == "" {
			return nil, fmt.Errorf("want NAME=BINARY, got %q", a)
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		bins = append(bins, binary{name, abs})
	}
	return bins, nil
}

// parseSizes reads the comma-separated corpus sizes of -sizes.
func parseSizes(s string) ([]int, error) {
	var sizes []int
	for part := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("-sizes: bad size %q", part)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

// newReport starts the report of a run: the machine, the binaries, and
// the corpus of each size (generated unless cached).
func newReport(cfg runConfig) (*report, error) {
	rep := &report{Started: time.Now(), Machine: thisMachine(), Binaries: cfg.bins, Sizes: cfg.sizes, Results: map[int]*sizeResult{}}
	for _, n := range cfg.sizes {
		c, err := ensureCorpus(cfg.cache, n, cfg.seed, logf)
		if err != nil {
			return nil, err
		}
		rep.Results[n] = &sizeResult{Corpus: c, CLI: map[string][]procResult{}, Server: map[string][]serverRun{}}
	}
	return rep, nil
}

// measureCLI runs the CLI rounds of every size (cliRounds), noting the
// machine's load average before and after.
func measureCLI(self string, cfg runConfig, rep *report) error {
	rep.CLILoadAvg[0] = loadAvg()
	for _, n := range cfg.sizes {
		rep.Results[n].Rounds = cfg.runsOf(n, 5)
	}
	if err := cliRounds(self, cfg.bins, cfg.sizes, rep.Results); err != nil {
		return err
	}
	rep.CLILoadAvg[1] = loadAvg()
	return nil
}

// measureServers runs the server sessions of each size in turn, noting
// the machine's load average before and after each size.
func measureServers(cfg runConfig, rep *report) error {
	for _, n := range cfg.sizes {
		res := rep.Results[n]
		res.LoadAvg[0] = loadAvg()
		before, known := cpuTicks()
		if err := serverSessions(cfg.bins, res.Corpus, res, cfg.lspRunsOf(n, 1), cfg.lsp); err != nil {
			return err
		}
		res.LoadAvg[1] = loadAvg()
		if after, ok := cpuTicks(); ok && known && after.total > before.total {
			res.Stolen = fmt.Sprintf("%.1f%%", 100*float64(after.steal-before.steal)/float64(after.total-before.total))
		}
	}
	return nil
}

// saveJSON writes every measurement of the run to file, if one is given.
func saveJSON(file string, rep *report) error {
	if file == "" {
		return nil
	}
	b, _ := json.MarshalIndent(rep, "", "  ")
	return os.WriteFile(file, b, 0o644)
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

// thisMachine describes this computer: cores, CPU model, Go and kernel.
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

// loadAvg returns the 1, 5 and 15 minute load averages, or "?".
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

// ticks are the machine's CPU time in clock ticks, from /proc/stat: all of
// it, and what the host of a virtual machine took (steal).
type ticks struct{ total, steal uint64 }

// cpuTicks reads the machine's CPU time; false when /proc/stat cannot
// tell (not Linux, or a kernel without the steal column).
func cpuTicks() (ticks, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return ticks{}, false
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return ticks{}, false
	}
	var t ticks
	for i, s := range f[1:] {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return ticks{}, false
		}
		if i < 8 { // guest time is counted in user time already
			t.total += v
		}
		if i == 7 {
			t.steal = v
		}
	}
	return t, true
}
