package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// job is one thing the CLI rounds run.
type job struct {
	Command string // floor, check, list, render catalog
	Binary  string // "" for the floor
	argv    []string
	okExit  []int
}

// label names the job's binary in a table: the binary, or "floor".
func (j job) label() string {
	if j.Binary == "" {
		return "floor"
	}
	return j.Binary
}

// cliKey is the key of a command run by a binary in sizeResult.CLI.
func cliKey(command, bin string) string { return command + "\x00" + bin }

// rootArgs are the flags that point skill-ls at the corpus's project and
// homes.
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
	all := cliJobs(self, bins, sizes, results)
	logf("CLI warm-up round")
	for _, j := range all {
		if _, err := j.run(); err != nil {
			return fmt.Errorf("warm-up: %v", err)
		}
	}
	rounds := 0
	for _, n := range sizes {
		rounds = max(rounds, results[n].Rounds)
	}
	for r := range rounds {
		if err := cliRound(r, rounds, all, results); err != nil {
			return err
		}
	}
	return nil
}

// sizedJob is a job on the corpus of one size.
type sizedJob struct {
	job
	n   int // the size
	c   corpusInfo
	env []string
}

// run runs the job once in the corpus's project.
func (j sizedJob) run() (procResult, error) {
	return runProc(j.c.project(), j.env, j.argv, j.okExit...)
}

// cliJobs lists, size by size, the floor and every binary's check, list
// and render catalog.
func cliJobs(self string, bins []binary, sizes []int, results map[int]*sizeResult) []sizedJob {
	var all []sizedJob
	for _, n := range sizes {
		c := results[n].Corpus
		env := benchEnv(c.home())
		all = append(all, sizedJob{job{Command: "floor", argv: append([]string{self, "floor"}, c.roots()...)}, n, c, env})
		for _, cmd := range [][]string{{"check"}, {"list"}, {"render", "catalog"}} {
			for _, b := range bins {
				j := job{Command: strings.Join(cmd, " "), Binary: b.Name, argv: append(append([]string{b.Path}, cmd...), rootArgs(c)...)}
				if cmd[0] == "check" {
					j.okExit = []int{1} // the corpus has broken skills
				}
				all = append(all, sizedJob{j, n, c, env})
			}
		}
	}
	return all
}

// cliRound runs round r (of rounds): once each job whose size still has
// rounds to go, starting r jobs further down the list than round 0, and
// records the results.
func cliRound(r, rounds int, all []sizedJob, results map[int]*sizeResult) error {
	var jobs []sizedJob
	for _, j := range all {
		if r < results[j.n].Rounds {
			jobs = append(jobs, j)
		}
	}
	logf("CLI round %d/%d (%d jobs)", r+1, rounds, len(jobs))
	for k := range jobs {
		j := jobs[(k+r)%len(jobs)]
		pr, err := j.run()
		if err != nil {
			return err
		}
		key := cliKey(j.Command, j.Binary)
		results[j.n].CLI[key] = append(results[j.n].CLI[key], pr)
	}
	return nil
}
