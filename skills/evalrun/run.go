package evalrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/skill-ls/skill-ls/skills/evalfile"
)

// Skill is a skill placed in a run's folder: its skill file's bytes. Only
// the skill file is placed: it is what the host lists and what its Skill
// tool returns, and with the host's tools narrowed to that tool nothing
// could read or run another file of the bundle.
type Skill struct {
	Name string
	Text []byte
}

// Plan is one skill's eval through one host.
type Plan struct {
	Driver *Driver
	// Command is the host's executable, resolved by the caller from PATH
	// or the command line (never from a file of the repository).
	Command string
	// Env is the host's environment (the user's: its login lives there).
	Env []string
	// Skill is the skill under test; Others the skills the host lists
	// beside it, which compete for the same queries.
	Skill  Skill
	Others []Skill
	// Queries are run Runs times each, Jobs runs at a time, each run
	// stopped after Timeout.
	Queries []evalfile.Query
	Runs    int
	Jobs    int
	Timeout time.Duration
	// TempDir is where the run folders are made ("": os.TempDir()).
	TempDir string
	// Progress, when set, is called after each run with the runs done.
	Progress func(done, total int)
}

// Total is the number of host runs the plan makes.
func (p *Plan) Total() int { return len(p.Queries) * p.Runs }

// outcome is one run's result.
type outcome struct {
	query     int
	triggered bool
	err       error
}

// Run runs every query of the plan Runs times and returns the report. It
// stops at the first run that says the host is not logged in, and when
// ctx is cancelled; every run folder is removed before it returns.
func Run(ctx context.Context, p *Plan) (*Report, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan int)
	results := make(chan outcome)
	var wg sync.WaitGroup
	for range max(p.Jobs, 1) {
		wg.Go(func() {
			for q := range jobs {
				trig, err := p.runOnce(ctx, p.Queries[q].Text)
				if errors.Is(err, ErrNotLoggedIn) {
					cancel(err)
				}
				results <- outcome{query: q, triggered: trig, err: err}
			}
		})
	}
	go func() {
		defer close(jobs)
		for q := range p.Queries {
			for range p.Runs {
				select {
				case jobs <- q:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	rep := newReport(p)
	done := 0
	for o := range results {
		rep.add(o)
		done++
		if p.Progress != nil {
			p.Progress(done, p.Total())
		}
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	rep.score()
	return rep, nil
}

// maxOutput bounds what is kept of a run's output: a turn's stream is a
// few kilobytes; a host gone wrong must not fill the memory.
const maxOutput = 16 << 20

// runOnce runs the host once for query in a folder of its own, removed
// afterwards, and scans its output.
func (p *Plan) runOnce(ctx context.Context, query string) (bool, error) {
	dir, err := os.MkdirTemp(p.TempDir, "skill-ls-eval-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	if err := p.place(dir); err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Command, p.Driver.Args(query)...)
	cmd.Dir, cmd.Env = dir, p.Env
	var out, errOut limitedBuffer
	out.max, errOut.max = maxOutput, 64<<10
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, &out, &errOut
	cmd.WaitDelay = 5 * time.Second
	runErr := cmd.Run()
	if ctx.Err() != nil && context.Cause(ctx) == context.DeadlineExceeded {
		return false, fmt.Errorf("no answer within %s", p.Timeout)
	}
	trig, err := p.Driver.Scan(out.Bytes(), p.Skill.Name)
	if err != nil && runErr != nil && !errors.Is(err, ErrNotLoggedIn) {
		if msg := oneLine(errOut.String()); msg != "" {
			return false, fmt.Errorf("%w: %s", runErr, msg)
		}
		return false, runErr
	}
	return trig, err
}

// place writes the skills where the host reads them: dir/<SkillDir>/<name>/SKILL.md.
func (p *Plan) place(dir string) error {
	for _, s := range append([]Skill{p.Skill}, p.Others...) {
		if !filepath.IsLocal(s.Name) || filepath.Base(s.Name) != s.Name {
			continue // a name DSH and the hosts reject; never a path
		}
		d := filepath.Join(dir, filepath.FromSlash(p.Driver.SkillDir), s.Name)
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, "SKILL.md"), s.Text, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

// Write keeps what fits and reports every byte written.
func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

var _ io.Writer = (*limitedBuffer)(nil)

// LookPath finds a host's command on PATH. An entry of PATH that is
// relative (".", "node_modules/.bin") is never used: exec.LookPath refuses
// what it finds there (exec.ErrDot), so the working directory cannot
// choose the program.
func LookPath(name string) (string, error) {
	path, err := exec.LookPath(name)
	switch {
	case errors.Is(err, exec.ErrDot):
		return "", fmt.Errorf("%s is found only through a relative entry of PATH (%s), which names a program of the working folder: give the host's path with --host-command", name, path)
	case err != nil:
		return "", fmt.Errorf("%s is not installed: no %s on PATH (install it, or give its path with --host-command)", name, name)
	}
	return path, nil
}
