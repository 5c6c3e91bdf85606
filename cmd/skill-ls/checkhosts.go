package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// `check --host`: besides DSH's rules, report what the selected agents do
// with each skill (diagnostics/hosts.go), and check the skill files only
// they discover (.claude/skills, .gemini/skills, ...). Those files are put
// in the snapshot as open buffers outside DSH's roots: that is what they
// are to DSH, and what an editor holds when one of them is open. So is a
// skill file a PATH names that DSH never loads (nested in a root).

// hostFlags are check's flags for the other agents.
type hostFlags struct {
	list    string
	home    string
	window  int
	verbose bool
}

func (h *hostFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&h.list, "host", "", "also report what these agents do with each skill, and check the skill files they discover: `ids` separated by commas (dsh, claude, codex, codex@0.141, copilot, copilot-cli, gemini, opencode, goose, cursor) or all")
	fs.StringVar(&h.home, "home", "", "with --host: the user's home `dir` the other agents read (~/.claude, ~/.codex, ~/.gemini, ...; default $HOME)")
	fs.BoolVar(&h.verbose, "verbose", false, "also report the host notes that only say a host's behaviour is unconfirmed or undocumented (host-unconfirmed)")
	fs.IntVar(&h.window, "context-window", 0, "with --host: the model's context window in `tokens`, for the budgets that are a share of it (Claude Code, Codex); 0: the window of each host release's default model (docs/hosts.md)")
}

// selectHosts sets the run's hosts and their environment from the flags.
func (r *checkRun) selectHosts(h *hostFlags, rf *rootFlags) error {
	r.opts.Verbose = h.verbose
	if h.list == "" {
		if h.home != "" || h.window != 0 {
			return errors.New("--home and --context-window need --host")
		}
		return nil
	}
	if h.window < 0 {
		return errors.New("--context-window must be 0 or more")
	}
	selected, err := hosts.Select(h.list)
	if err != nil {
		return fmt.Errorf("--host: %w", err)
	}
	env, err := hostOptions(rf, h.home, h.window)
	env.ShippedPlugins = true // check judges the skills of the plugins the project ships
	if err != nil {
		return err
	}
	r.opts.Hosts, r.opts.HostEnv = selected, env
	return nil
}

// load reads the roots to check and, with hosts selected, the skill files
// only they discover, and the PATHs' skill files DSH never loads.
func (r *checkRun) load(ctx context.Context) (*skills.Snapshot, error) {
	if len(r.opts.Hosts) == 0 && len(r.outside) == 0 {
		return skills.Load(ctx, r.loadRoots(), r.loadOptions())
	}
	_, snap, err := r.loadWorkspace(ctx, r.loadRoots())
	return snap, err
}

// loadWorkspace is a workspace of roots and, as open buffers, the skill
// files in scope that only the selected hosts discover. --fix edits one
// over the PATH roots alone: it writes only what the PATHs hold.
func (r *checkRun) loadWorkspace(ctx context.Context, roots []discovery.Root) (*skills.Workspace, *skills.Snapshot, error) {
	ws := skills.NewWorkspace(roots, r.loadOptions())
	snap, err := ws.Load(ctx)
	if err != nil {
		return nil, nil, err
	}
	snap = r.syncHostFiles(ctx, ws, snap, hostBuffers{})
	return ws, snap, ctx.Err()
}

// hostBuffers are the skill files only the selected hosts discover, and
// the PATHs' skill files DSH never loads, as the workspace holds them:
// open buffers outside DSH's roots, by path, with the text each was opened
// with.
type hostBuffers map[string][]byte

// syncHostFiles makes the workspace's host buffers (open) the files the
// selected hosts discover now and the PATHs' files DSH never loads: a file
// that is new or whose text changed is opened with its text, one that is
// gone or unreadable is closed. It returns the snapshot after the change
// (snap when nothing changed).
func (r *checkRun) syncHostFiles(ctx context.Context, ws *skills.Workspace, snap *skills.Snapshot, open hostBuffers) *skills.Snapshot {
	if len(r.opts.Hosts) == 0 && len(r.outside) == 0 {
		return snap
	}
	var cs []skills.Change
	now := map[string]bool{}
	for _, p := range r.hostFiles(ctx, snap) {
		src, _, err := discovery.ReadSkillFile(p, nil)
		if err != nil {
			continue
		}
		now[p] = true
		if old, ok := open[p]; !ok || !bytes.Equal(old, src) {
			open[p] = src
			cs = append(cs, skills.Change{Kind: skills.ChangeOpen, Path: p, Text: src})
		}
	}
	for _, p := range slices.Sorted(maps.Keys(open)) {
		if !now[p] {
			delete(open, p)
			cs = append(cs, skills.Change{Kind: skills.ChangeClose, Path: p})
		}
	}
	if len(cs) == 0 {
		return snap
	}
	return ws.Apply(ctx, cs...)
}

// hostFiles returns the skill files the selected hosts discover that DSH's
// roots do not hold, and those their searches pass over that look meant
// as skill files (a skill.md, a flat quick-fix.md in .claude/skills),
// within the PATH arguments when there are some, and the PATHs' skill
// files DSH never loads. The hosts a plain check chose take every such
// file, in the PATHs or not (only the PATHs' findings are printed): what
// a finding points at elsewhere (the copy a host uses instead) is then
// where a plain check points, so `check PATH` says what a plain check
// says of the file.
func (r *checkRun) hostFiles(ctx context.Context, snap *skills.Snapshot) []string {
	files, err := diagnostics.HostFiles(ctx, snap, r.opts)
	if err != nil {
		return nil
	}
	out := slices.DeleteFunc(files, func(p string) bool { return !r.inScope(p) && !r.opts.ReadersOnly })
	for _, p := range r.outside {
		if !snap.InRoots(p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// inScope reports whether a file lies within a PATH argument (always, when
// none was given).
func (r *checkRun) inScope(path string) bool {
	if !r.explicit {
		return true
	}
	return slices.ContainsFunc(r.paths, func(p string) bool { return discovery.Within(path, p) })
}

// hostRoots, with hosts selected, takes out of the PATH roots the custom
// roots that only another host reads (.claude/skills given as a PATH), so
// their files are checked as that host's, not as a DSH custom root.
func (r *checkRun) hostRoots(ctx context.Context, customDirs []string) {
	if len(r.opts.Hosts) == 0 || !r.explicit {
		return
	}
	var dirs []string
	for _, h := range r.opts.Hosts {
		if h.ID == hosts.DSH {
			continue
		}
		files, err := h.Discover(ctx, r.opts.HostEnv)
		if err != nil {
			return
		}
		for _, f := range files {
			dirs = append(dirs, f.Path)
		}
	}
	custom := absPaths(customDirs)
	r.roots = slices.DeleteFunc(r.roots, func(root discovery.Root) bool {
		if root.Source != discovery.SourceCustom || slices.Contains(custom, root.Dir) {
			return false
		}
		return slices.ContainsFunc(dirs, func(p string) bool { return discovery.Within(p, root.Dir) })
	})
	for i := range r.roots {
		r.roots[i].Index = i
	}
}

// absPaths returns the PATH arguments as absolute paths.
func absPaths(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		out = append(out, absDir(p))
	}
	return out
}

// checkMemoryLimit is the soft memory limit of a check's one pass over a
// tree: near it the collector runs more often, where it would let the
// heap grow to twice what its last run found live, plus what it has freed
// and not yet given back. A tree of 100,000 skill files keeps about 160
// MB live through its rules; docs/performance.md ("CLI memory") has the
// figures.
const checkMemoryLimit = 280 << 20

// memoryWatch is how often a check looks at its live heap to raise its
// memory limit (limitMemory).
const memoryWatch = 100 * time.Millisecond

// limitMemory sets check's soft memory limit for its one pass, unless the
// user chose a limit (GOMEMLIMIT), and returns what stops it.
func (r *checkRun) limitMemory() (stop func()) {
	return limitMemory(os.LookupEnv, debug.SetMemoryLimit, liveHeap, memoryWatch)
}

// limitMemory sets checkMemoryLimit with set (debug.SetMemoryLimit),
// unless env says the user chose a limit (GOMEMLIMIT). While it runs, it
// looks at the live heap (live) every so often: a heap over three
// quarters of the limit (a tree of about 130,000 skill files or more)
// would make the collector run without end under it, so the limit
// becomes twice that heap. It returns what stops the watch.
func limitMemory(env func(string) (string, bool), set func(int64) int64, live func() int64, every time.Duration) (stop func()) {
	if v, _ := env("GOMEMLIMIT"); v != "" {
		return func() {} // the runtime reads it, as it reads GOGC
	}
	limit := int64(checkMemoryLimit)
	set(limit)
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if n := live(); 4*n > 3*limit {
					limit = 2 * n
					set(limit)
				}
			}
		}
	}()
	return func() { close(done) }
}

// liveHeap returns the bytes of heap the last collection found live.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(s[0].Value.Uint64(), 1<<62))
}

// loadOptions reads a bundle's own files only when a selected rule looks
// at them.
func (r *checkRun) loadOptions() skills.LoadOptions {
	return skills.LoadOptions{BundleFiles: r.opts.SelectsBundleFiles()}
}
