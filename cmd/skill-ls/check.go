package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

const checkHelp = `
Check reports the problems of skill files: everything that makes DSH drop a
skill (an error), and advice DSH does not enforce (a warning, or an error
under --profile agentskills). Output is one line per problem:

  path:line:col: severity: message [code]

followed by indented lines for related places (the skill that wins over a
shadowed one, ...). A summary goes to stderr.

Without PATH, check looks at every skill DSH would discover from --cwd.
A PATH may be:
  a skill file (SKILL.md or NAME.md)   only that skill is checked
  a bundle directory holding SKILL.md  only that bundle is checked
  a project directory (holding .dsh/skills or .agents/skills)
                                       its two project roots are checked
  any other directory                  it is checked as a skill root
A PATH inside one of the default roots keeps that root's source and rank.

Exit status: 0 when no error was reported, 1 when one was, 2 on a usage
error or when a PATH cannot be read.

Examples:
  skill-ls check
  skill-ls check .agents/skills/pdf/SKILL.md
  skill-ls check --profile agentskills --format json skills/
  skill-ls check --format sarif > skill-ls.sarif
  skill-ls check --format github          (in a GitHub Actions step)
  skill-ls check --watch                  (check again on every change)
`

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("check", "skill-ls check [flags] [PATH...]", checkHelp, stdout, stderr)
	var rf rootFlags
	rf.register(c.fs)
	profile := c.fs.String("profile", "dsh", "the rule `profile`: dsh (what DSH enforces) or agentskills (the agentskills.io spec, strictly)")
	format := c.fs.String("format", "text", "the output `format`: text, json, sarif or github")
	maxDesc := c.fs.Int("max-description", render.DefaultMaxLength, "the catalog description cap in UTF-16 `units` (DSH's catalogDescriptionMaxLength)")
	watch := c.fs.Bool("watch", false, "keep watching the roots and check again after every change (until interrupted)")
	paths, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	prof, ok := diagnostics.LookupProfile(*profile)
	if !ok {
		return c.usageError(fmt.Sprintf("unknown profile %q (want %s)", *profile, strings.Join(diagnostics.ProfileNames(), " or ")))
	}
	formatter, ok := formatters[*format]
	if !ok {
		return c.usageError(fmt.Sprintf("unknown format %q (want text, json, sarif or github)", *format))
	}
	if err := render.ValidateMaxLength(*maxDesc); err != nil {
		return c.usageError("--max-description: " + err.Error())
	}
	opts, err := rf.options()
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls check: %v\n", err)
		return exitUsage
	}
	roots := skills.Roots(opts)
	status := exitOK
	if len(paths) > 0 {
		var errs []error
		roots, errs = pathRoots(paths, roots)
		for _, err := range errs {
			fmt.Fprintf(stderr, "skill-ls check: %v\n", err)
			status = exitUsage
		}
		if len(roots) == 0 {
			return status
		}
	}
	report := func(snap *skills.Snapshot) int {
		ds := diagnostics.Run(ctx, snap, diagnostics.Options{Profile: prof, MaxDescription: *maxDesc})
		if err := formatter(stdout, ds, snap, workDir()); err != nil {
			fmt.Fprintf(stderr, "skill-ls check: writing the output: %v\n", err)
			return exitUsage
		}
		var n [5]int
		for _, d := range ds {
			if d.Severity >= diagnostics.SeverityError && d.Severity <= diagnostics.SeverityHint {
				n[d.Severity]++
			}
		}
		files := len(snap.Files())
		if *format == "text" {
			fmt.Fprintln(stderr, summary(n, files))
			if files == 0 && len(paths) == 0 {
				fmt.Fprintln(stderr, "No skill files were found. The roots scanned were:")
				for _, r := range roots {
					fmt.Fprintf(stderr, "\t%s (%s)\n", r.Dir, r.Source)
				}
			}
		}
		if n[diagnostics.SeverityError] > 0 && status == exitOK {
			return exitFound
		}
		return status
	}
	if *watch {
		return watchCheck(ctx, roots, report, stdout, stderr)
	}
	snap, err := skills.Load(ctx, roots, skills.LoadOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls check: %v\n", err)
		return exitUsage
	}
	return report(snap)
}

// watchCheck checks the roots, then watches them (the same watcher as the
// language server) and checks again after every batch of changes, until ctx
// ends or the process is interrupted. It returns the last run's status.
func watchCheck(ctx context.Context, roots []skills.Root, report func(*skills.Snapshot) int, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	batches := make(chan []skills.Change, 64)
	w, err := skills.Watch(roots, skills.WatchOptions{
		OnBatch: func(cs []skills.Change) {
			select {
			case batches <- cs:
			case <-ctx.Done():
			}
		},
		OnError: func(err error) { fmt.Fprintf(stderr, "skill-ls check: %v\n", err) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls check: %v\n", err)
		return exitUsage
	}
	defer w.Close()
	snap, err := ws.Load(ctx)
	if err != nil {
		return exitUsage
	}
	status := report(snap)
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
			status = report(snap)
		}
	}
}

var formatters = map[string]func(io.Writer, []diagnostics.Diagnostic, *skills.Snapshot, string) error{
	"text":   diagnostics.FormatText,
	"json":   diagnostics.FormatJSON,
	"sarif":  diagnostics.FormatSARIF,
	"github": diagnostics.FormatGitHub,
}

// summary is the stderr line of a text check, such as
// "3 errors, 1 warning in 12 skill files".
func summary(n [5]int, files int) string {
	parts := []string{
		plural(n[diagnostics.SeverityError], "error", "errors"),
		plural(n[diagnostics.SeverityWarning], "warning", "warnings"),
	}
	if k := n[diagnostics.SeverityInfo]; k > 0 {
		parts = append(parts, plural(k, "info", "infos"))
	}
	if k := n[diagnostics.SeverityHint]; k > 0 {
		parts = append(parts, plural(k, "hint", "hints"))
	}
	return strings.Join(parts, ", ") + " in " + plural(files, "skill file", "skill files")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// pathRoots turns the PATH arguments of check into roots. defaults are the
// roots discovery would use: a PATH at or inside one of them keeps its
// source, rank and read mode; any other PATH is a custom root. Roots with the
// same directory are merged, so no file is read twice. A PATH that cannot be
// used is reported in errs and skipped.
func pathRoots(paths []string, defaults []skills.Root) (roots []skills.Root, errs []error) {
	mode := skills.ReadFS
	for _, r := range defaults {
		if r.Source != skills.SourceBundled {
			mode = r.Mode
			break
		}
	}
	byDir := map[string]int{}
	add := func(dir string, only string, fallback skills.Source) {
		dir = filepath.Clean(dir)
		r := skills.Root{Dir: dir, Source: fallback, Rank: fallback.Rank(), Mode: mode}
		if fallback == skills.SourceBundled {
			r.Mode = skills.ReadNode
		}
		for _, d := range defaults {
			if d.Dir == dir {
				r.Source, r.Rank, r.SkipSystem, r.Mode = d.Source, d.Rank, d.SkipSystem, d.Mode
				break
			}
		}
		if only != "" {
			r.Only = []string{only}
		}
		if i, ok := byDir[dir]; ok {
			prev := &roots[i]
			switch {
			case len(prev.Only) == 0: // the whole root is already in
			case only == "":
				prev.Only = nil
			case !slices.Contains(prev.Only, only):
				prev.Only = append(prev.Only, only)
			}
			return
		}
		r.Index = len(roots)
		byDir[dir] = r.Index
		roots = append(roots, r)
	}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p, err))
			continue
		}
		fi, err := os.Stat(abs)
		if err != nil {
			errs = append(errs, pathError(p, err))
			continue
		}
		base := filepath.Base(abs)
		switch {
		case fi.IsDir():
			if _, err := os.Lstat(filepath.Join(abs, "SKILL.md")); err == nil {
				add(filepath.Dir(abs), base, skills.SourceCustom) // a bundle
				continue
			}
			dsh, agents := filepath.Join(abs, ".dsh", "skills"), filepath.Join(abs, ".agents", "skills")
			if isDir(dsh) || isDir(agents) {
				add(dsh, "", skills.SourceProjectDSH)
				add(agents, "", skills.SourceProjectAgents)
				continue
			}
			add(abs, "", skills.SourceCustom)
		case base == "SKILL.md":
			bundle := filepath.Dir(abs)
			add(filepath.Dir(bundle), filepath.Base(bundle), skills.SourceCustom)
		case strings.HasSuffix(base, ".md"):
			add(filepath.Dir(abs), base, skills.SourceCustom)
		default:
			errs = append(errs, fmt.Errorf("%s: not a skill file (a skill is a SKILL.md in a bundle directory or a NAME.md file in a root)", p))
		}
	}
	return roots, errs
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// pathError words an os.Stat error on a PATH argument.
func pathError(p string, err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		err = pe.Err
	}
	return fmt.Errorf("%s: %v", p, err)
}
