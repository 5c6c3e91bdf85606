package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/skill-ls/skill-ls/lsp"
)

const serveHelp = `
Serve runs the skill-ls language server over stdin and stdout (JSON-RPC with
Content-Length framing). Stdout carries only protocol messages; logs go to
stderr, or to --logfile. Editors usually start the server as plain
'skill-ls', or with --stdio: both mean serve.

Examples:
  skill-ls
  skill-ls serve --logfile /tmp/skill-ls.log -v
`

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("serve", "skill-ls [serve] [--stdio] [--logfile FILE] [-v]", serveHelp, stderr, stderr)
	c.stdout = stderr // never write help on the protocol stream
	logfile := c.fs.String("logfile", "", "write logs to `file` (appended) instead of stderr")
	verbose := c.fs.Bool("v", false, "verbose: log requests and mirror info logs to the editor")
	c.fs.Bool("stdio", true, "talk LSP on stdin/stdout (the only transport; accepted for editors that pass it)")
	c.fs.Int("clientProcessId", 0, "the editor's process `id` (accepted for editors that pass it; ignored)")
	pos, exit, stop := c.parse(args, true)
	if stop {
		return exit
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
	return lsp.ExitStatus(lsp.Serve(ctx, stdio{stdin, stdout}, opts))
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
