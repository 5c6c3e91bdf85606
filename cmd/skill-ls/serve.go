package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/trace"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/pollstdin"
	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/terminal"
	"github.com/skill-ls/skill-ls/lsp"
)

const serveHelp = `
Serve runs the skill-ls language server over stdin and stdout (JSON-RPC with
Content-Length framing). Stdout carries only protocol messages; logs go to
stderr, or to --logfile. Editors usually start the server as plain
'skill-ls', or with --stdio: both mean serve.

--document-selector prints, as JSON, which documents an editor should offer
the server under the settings object --settings (initializationOptions):
{"languages": [...], "fileNames": [...]} (docs/server.md), and exits.

Examples:
  skill-ls
  skill-ls serve --logfile /tmp/skill-ls.log -v
  skill-ls serve --document-selector --settings '{"chatPatterns": ["*.talk"]}'
`

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("serve", "skill-ls [serve] [--stdio] [--logfile FILE] [-v]", serveHelp, stderr, stderr)
	c.stdout = stderr             // never write help on the protocol stream
	c.extra = []string{"version"} // skill-ls --verison comes here
	logfile := c.fs.String("logfile", "", "write logs to `file` (appended) instead of stderr")
	verbose := c.fs.Bool("v", false, "verbose: log requests and mirror info logs to the editor")
	c.fs.Bool("stdio", true, "talk LSP on stdin/stdout (the only transport; accepted for editors that pass it)")
	c.fs.Int("clientProcessId", 0, "the editor's process `id` (accepted for editors that pass it; ignored)")
	sel := selectorFlags(c)
	pos, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	if *sel.print {
		return sel.run(stdout, stderr)
	}
	if len(pos) > 0 {
		return c.usageError(fmt.Sprintf("unexpected argument %q", pos[0]))
	}
	logw := stderr
	if *logfile != "" {
		f, err := os.OpenFile(*logfile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "skill-ls serve: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		logw = f
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	opts := lsp.Options{
		Logger:  slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: level})),
		Version: versionString(),
	}
	if *verbose {
		opts.LogMessageLevel = slog.LevelInfo
	}
	if terminal.Is(stdin) {
		fmt.Fprintln(stderr, "skill-ls is a language server: it speaks the Language Server Protocol (JSON-RPC) on stdin and stdout, and editors start it. For the command line, run 'skill-ls --help' (check, list, render, ...). Press Ctrl-D to stop.")
	}
	if path := os.Getenv("SKILL_LS_TRACE"); path != "" {
		stopTrace, err := startTrace(path)
		if err != nil {
			fmt.Fprintf(stderr, "skill-ls serve: SKILL_LS_TRACE: %v\n", err)
			return exitUsage
		}
		defer stopTrace()
	}
	err := lsp.Serve(ctx, stdio{pollstdin.Pollable(stdin), stdout}, opts)
	if errors.Is(err, lsp.ErrBrokenHeader) {
		fmt.Fprintf(stderr, "skill-ls serve: %v; stopping. Is the client speaking LSP (Content-Length framed JSON-RPC)?\n", err)
	}
	return lsp.ExitStatus(err)
}

// startTrace writes a Go execution trace of the server to path (with
// "%p" replaced by the process id) until the returned stop is called:
// SKILL_LS_TRACE, for finding where a request waited (each JSON-RPC
// message is a trace region named for its method). See
// docs/performance.md.
func startTrace(path string) (stop func(), err error) {
	path = strings.ReplaceAll(path, "%p", strconv.Itoa(os.Getpid()))
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := trace.Start(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		trace.Stop()
		f.Close()
	}, nil
}

// stdio is the server's end of the stream: stdin and stdout.
type stdio struct {
	io.Reader
	io.Writer
}

// Close closes stdin when it can be closed, which ends a blocked read.
// Stdout stays open: the process may still write its exit.
func (s stdio) Close() error {
	if c, ok := s.Reader.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
