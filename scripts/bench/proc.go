package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// procResult is one process run: wall time from start to exit, CPU time and
// peak resident memory (getrusage of the child).
type procResult struct {
	Wall   time.Duration
	CPU    time.Duration // user + system
	MaxRSS int64         // bytes
	Exit   int
}

// benchEnv is the environment of every measured process: no DSH_* variable
// leaks in, HOME is the corpus home, and the Go runtime keeps its defaults.
// PATH and SKILL_LS_TRACE (a server's execution trace, see
// docs/performance.md) pass through.
func benchEnv(home string) []string {
	env := []string{"HOME=" + home, "LANG=C.UTF-8"}
	for _, k := range []string{"PATH", "SKILL_LS_TRACE"} {
		if v := os.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// runProc runs argv in dir with stdout discarded and returns its figures.
// Exit statuses in okExit are expected; another one is an error.
func runProc(dir string, env []string, argv []string, okExit ...int) (procResult, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return procResult{}, err
	}
	defer devnull.Close()
	cmd.Stdout = devnull
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return procResult{}, err
	}
	err = cmd.Wait()
	wall := time.Since(t0)
	st := cmd.ProcessState
	if st == nil {
		return procResult{}, err
	}
	r := procResult{Wall: wall, Exit: st.ExitCode()}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		r.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		r.MaxRSS = ru.Maxrss << 10 // Linux reports KiB
	}
	ok := r.Exit == 0
	for _, e := range okExit {
		ok = ok || r.Exit == e
	}
	if !ok {
		return r, fmt.Errorf("%s: exit %d: %s", strings.Join(argv, " "), r.Exit, lastLines(stderr.String(), 5))
	}
	return r, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
