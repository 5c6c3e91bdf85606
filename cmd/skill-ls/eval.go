package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/terminal"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/evalrun"
)

const evalHelp = `
Runs each trigger query of a skill (evals/eval_queries.json, or
evals/trigger-queries.json) through your own installed host CLI and counts
how often its model loads the skill. Each SKILL is a skill's name or its
folder; with none, every skill of the project that has trigger queries.

Each run happens in a new temporary folder that holds the skill file under
test and the other skills the host lists in the project, and nothing else
of the repository: no host settings, hooks, MCP servers or instruction
files (CLAUDE.md, AGENTS.md). The host's tools are narrowed to its skill
tool (Claude Code) or to reading files in a read-only sandbox that
refuses every command asking to leave it (Codex, whose model opens the
SKILL.md), and its permission prompts stay on; the query is passed as one
argument, never through a shell; the folder is removed afterwards. The
host is found on PATH (never in the repository), or is --host-command.

A query passes when it triggers in at least half of its runs and should,
or in fewer than half and should not. Exit status: 0 when every query
passes, 1 when one fails, 2 when the host cannot run (not installed, not
logged in) or on a usage error. docs/evals.md describes a session.

Examples:
  skill-ls eval deploy-staging                 3 runs of each query with claude
  skill-ls eval --runs 5 --jobs 4 .claude/skills/pdf
  skill-ls eval --host codex deploy-staging    the same with codex
  skill-ls eval --format json deploy-staging   the report as JSON
  skill-ls eval --split train deploy-staging   only the train split, while tuning
`

// evalFlags are the flags of eval.
type evalFlags struct {
	roots   rootFlags
	host    string
	command string
	runs    int
	jobs    int
	timeout time.Duration
	format  string
	split   string
}

func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("eval", "skill-ls eval [flags] [SKILL...]", evalHelp, stdout, stderr)
	f := &evalFlags{}
	f.roots.register(c.fs)
	c.fs.StringVar(&f.host, "host", "claude", "the host `id` whose CLI runs the queries: "+strings.Join(evalrun.HostIDs, ", "))
	c.fs.StringVar(&f.command, "host-command", "", "the host's executable `path` (default: its command found on PATH)")
	c.fs.IntVar(&f.runs, "runs", 3, "runs of each query")
	c.fs.IntVar(&f.jobs, "jobs", 2, "host runs at a time")
	c.fs.DurationVar(&f.timeout, "timeout", 3*time.Minute, "the longest one run may take")
	c.fs.StringVar(&f.format, "format", "text", "the report's `format`: text or json")
	c.fs.StringVar(&f.split, "split", "", "run only the queries of this `split`: train or validation (default: all)")
	names, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	if msg := f.problem(); msg != "" {
		return c.usageError(msg)
	}
	ctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt)
	defer stopSignals()
	plans, err := f.plans(ctx, names, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls eval: %s\n", errText(err))
		return exitUsage
	}
	return runPlans(ctx, plans, f.format, stdout, stderr)
}

// problem is what is wrong with the flags, "" when nothing is.
func (f *evalFlags) problem() string {
	switch {
	case f.runs < 1:
		return "--runs must be 1 or more"
	case f.jobs < 1:
		return "--jobs must be 1 or more"
	case f.timeout <= 0:
		return "--timeout must be more than 0"
	case f.format != "text" && f.format != "json":
		return fmt.Sprintf("unknown format %q (want text or json)", f.format)
	case f.split != "" && f.split != evalfile.SplitTrain && f.split != evalfile.SplitValidation:
		return fmt.Sprintf("unknown --split %q (want train or validation)", f.split)
	}
	return ""
}

// runPlans says how many host runs it will make, runs the plans one after
// another and writes their reports.
func runPlans(ctx context.Context, plans []*evalrun.Plan, format string, stdout, stderr io.Writer) int {
	total, queries := 0, 0
	for _, p := range plans {
		total += p.Total()
		queries += len(p.Queries)
	}
	p0 := plans[0]
	fmt.Fprintf(stderr, "skill-ls eval: %s of %s × %s = %d runs of %s (%s), %d at a time\n",
		plural(queries, "query", "queries"), plural(len(plans), "skill", "skills"), plural(p0.Runs, "run", "runs"), total, p0.Driver.Name, quotedRel(p0.Command), p0.Jobs)
	bar := newProgress(stderr, total)
	var reports []*evalrun.Report
	for _, p := range plans {
		p.Progress = bar.step
		rep, err := evalrun.Run(ctx, p)
		bar.clear()
		if err != nil {
			if errors.Is(err, evalrun.ErrNotLoggedIn) {
				fmt.Fprintf(stderr, "skill-ls eval: %s: %s; log in with %s first\n", p.Driver.Name, errText(err), p.Driver.Command)
			} else {
				fmt.Fprintf(stderr, "skill-ls eval: %s\n", errText(err))
			}
			return exitUsage
		}
		reports = append(reports, rep)
	}
	if err := writeEvalReports(stdout, reports, format); err != nil {
		fmt.Fprintf(stderr, "skill-ls eval: writing the report: %s\n", errText(err))
		return exitUsage
	}
	status := exitOK
	for _, r := range reports {
		if failed, _ := r.Failed(); failed {
			status = exitFound
		}
	}
	return status
}

// progress draws a bar on a terminal; elsewhere it stays silent.
type progress struct {
	w     io.Writer
	total int
	done  int
	tty   bool
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, tty: terminal.Is(w)}
}

// step counts one run done.
func (p *progress) step(int, int) {
	p.done++
	if !p.tty {
		return
	}
	const width = 30
	n := p.done * width / max(p.total, 1)
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d runs", strings.Repeat("=", n), strings.Repeat(" ", width-n), p.done, p.total)
}

// clear erases the bar.
func (p *progress) clear() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// resolveHostCommand finds the host's executable: command when given,
// else the driver's command on PATH. A command on PATH that lies inside
// the project is refused: a repository must not choose the program run.
func resolveHostCommand(command, name, project string) (string, error) {
	if command != "" {
		abs, err := filepath.Abs(command)
		if err != nil {
			return "", err
		}
		if fi, err := os.Stat(abs); err != nil || fi.IsDir() {
			return "", fmt.Errorf("--host-command %s: not an executable file", quotedRel(command))
		}
		return abs, nil
	}
	path, err := evalrun.LookPath(name)
	if err != nil {
		return "", err
	}
	if project == "" {
		return path, nil
	}
	// The command as PATH names it, and the file it links to: either one
	// inside the project is the repository's.
	abs, _ := filepath.Abs(path)
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		real = abs
	}
	if realProject, err := filepath.EvalSymlinks(project); err == nil && discovery.Within(real, realProject) || discovery.Within(abs, project) {
		return "", fmt.Errorf("%s on PATH is %s, inside the project: skill-ls eval runs no program of the repository (give one with --host-command)", name, quotedRel(abs))
	}
	return path, nil
}
