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
