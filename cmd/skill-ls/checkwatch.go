package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/watch"
)

// watch checks, then watches DSH's roots and the folders the other selected
// hosts read (the same watcher as the language server) and checks again
// after every batch of changes, until ctx ends or the process is
// interrupted. It returns the last run's status.
func (r *checkRun) watch(ctx context.Context) int {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	roots := r.loadRoots()
	batches := make(chan []skills.Change, 64)
	w, err := watch.New(append(slices.Clone(roots), r.hostWatchRoots(roots)...), watch.Options{
		OnBatch: func(cs []skills.Change) {
			select {
			case batches <- cs:
			case <-ctx.Done():
			}
		},
		OnError: func(err error) { fmt.Fprintf(r.stderr, "skill-ls check: %s\n", errText(err)) },
	})
	if err != nil {
		fmt.Fprintf(r.stderr, "skill-ls check: %s\n", errText(err))
		return exitUsage
	}
	defer w.Close()
	ws := skills.NewWorkspace(roots, r.loadOptions())
	snap, err := ws.Load(ctx)
	if err != nil {
		return exitUsage
	}
	open := hostBuffers{}
	snap = r.syncHostFiles(ctx, ws, snap, open)
	w.SetExtra(open.dirs())
	status := r.report(ctx, snap)
	fmt.Fprintln(r.stderr, "Watching the skill roots; press Ctrl-C to stop.")
	for {
		select {
		case <-ctx.Done():
			return status
		case cs := <-batches:
			snap := r.syncHostFiles(ctx, ws, ws.Apply(ctx, cs...), open)
			if ctx.Err() != nil {
				return status
			}
			w.SetExtra(open.dirs())
			fmt.Fprintf(r.stdout, "\n-- %s: %s changed --\n", time.Now().Format("15:04:05"), plural(len(cs), "path", "paths"))
			status = r.report(ctx, snap)
		}
	}
}

// hostWatchRoots returns the folders the selected hosts other than DSH read
// that roots do not already cover, as roots for the watcher: it watches
// each one, the skill folders in it, and the nearest existing folder above
// one that does not exist yet.
func (r *checkRun) hostWatchRoots(roots []discovery.Root) []discovery.Root {
	var out []discovery.Root
	covered := func(dir string) bool {
		return slices.ContainsFunc(roots, func(root discovery.Root) bool { return discovery.Within(dir, root.Dir) }) ||
			slices.ContainsFunc(out, func(root discovery.Root) bool { return root.Dir == dir })
	}
	for _, h := range r.opts.Hosts {
		for _, f := range h.Folders(r.opts.HostEnv) {
			if !covered(f.Dir) {
				out = append(out, discovery.Root{Dir: f.Dir, Source: discovery.SourceCustom, Index: len(roots) + len(out)})
			}
		}
	}
	return out
}

// dirs returns the folders that hold the host buffers: the watcher watches
// them too, as a host may find skill files deeper than the skill folders
// of its roots.
func (b hostBuffers) dirs() []string {
	var out []string
	for p := range b {
		out = append(out, filepath.Dir(p))
	}
	slices.Sort(out)
	return slices.Compact(out)
}
