package main

import (
	"io"
	"os/exec"
	"time"
)

// serverProcess is a running `skill-ls serve` and its pipes.
type serverProcess struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser
	exited chan struct{} // closed when the process has exited
}

// startServer starts `bin serve` in the corpus's project with the
// benchmark's environment.
func startServer(bin string, c corpusInfo) (*serverProcess, error) {
	cmd := exec.Command(bin, "serve")
	cmd.Dir = c.project()
	cmd.Env = benchEnv(c.home())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &serverProcess{cmd: cmd, stdin: stdin, stdout: stdout, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// waitExit gives the server 10 seconds to exit, then kills it.
func (p *serverProcess) waitExit() {
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}
