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

func (j job) label() string {
	if j.Binary == "" {
		return "floor"
	}
	return j.Binary
}

func cliKey(command, bin string) string { return command + "\x00" + bin }

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
