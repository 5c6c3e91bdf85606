package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/watch"
)

// watchCheck checks the roots, then watches them (the same watcher as the
// language server) and checks again after every batch of changes, until ctx
// ends or the process is interrupted. It returns the last run's status.
func watchCheck(ctx context.Context, roots []discovery.Root, report func(context.Context, *skills.Snapshot) int, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	batches := make(chan []skills.Change, 64)
	w, err := watch.New(roots, watch.Options{
		OnBatch: func(cs []skills.Change) {
			select {
			case batches <- cs:
			case <-ctx.Done():
			}
		},
		OnError: func(err error) { fmt.Fprintf(stderr, "skill-ls check: %s\n", errText(err)) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls check: %s\n", errText(err))
		return exitUsage
	}
	defer w.Close()
	snap, err := ws.Load(ctx)
	if err != nil {
		return exitUsage
	}
	status := report(ctx, snap)
	fmt.Fprintln(stderr, "Watching the skill roots; press Ctrl-C to stop.")
	for {
		select {
		case <-ctx.Done():
			return status
		case cs := <-batches:
			snap := ws.Apply(ctx, cs...)
			if ctx.Err() != nil {
				return status
			}
			fmt.Fprintf(stdout, "\n-- %s: %s changed --\n", time.Now().Format("15:04:05"), plural(len(cs), "path", "paths"))
			status = report(ctx, snap)
		}
	}
}
