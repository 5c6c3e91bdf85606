package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/fix"
	"github.com/skill-ls/skill-ls/diagnostics/format"
)

// check --fix, --unsafe-fixes and --diff: the fixes the editor offers,
// applied from the command line (diagnostics.FixAll decides them; this file
// writes them).

// fixFlags are check's fix flags.
type fixFlags struct {
	fix, unsafe, diff, follow bool
}

func (xf *fixFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&xf.fix, "fix", false, "apply every safe fix (the editor's quick fixes that keep the skill's meaning), then report what remains")
	fs.BoolVar(&xf.unsafe, "unsafe-fixes", false, "with --fix or --diff, also apply the fixes that change meaning (a shortened description, a renamed folder, a moved key); alone, the same as --fix --unsafe-fixes")
	fs.BoolVar(&xf.diff, "diff", false, "print the fixes as a unified diff instead of writing them (safe fixes; with --unsafe-fixes, all)")
	fs.BoolVar(&xf.follow, "follow-symlinks", false, "with --fix, also write where a symbolic link under the project or a root given on the command line leads outside them (the message names the file written; a config file's root outside the project stays unwritten)")
}

// active reports whether a fix flag was given.
func (xf *fixFlags) active() bool { return xf.fix || xf.unsafe || xf.diff }

// level returns the fixes to apply.
func (xf *fixFlags) level() diagnostics.FixLevel {
	if xf.unsafe {
		return diagnostics.FixUnsafe
	}
	return diagnostics.FixSafe
}

// fixReaders gives the fixes the environment of every host that reads the
// project's skill files, even when the check reports on DSH alone: a fix
// is tried on each of them (diagnostics/fix/readers.go), so it never
// hurts an agent the check does not report on.
func (r *checkRun) fixReaders(rf *rootFlags) {
	if r.opts.HostEnv.Cwd != "" {
		return
	}
	if env, err := hostOptions(rf, "", 0); err == nil {
		env.ShippedPlugins = true
		r.opts.HostEnv = env
	}
}

// fix applies the fixes to the roots' skill files, or prints them as a diff
// with --diff, then reports what remains as check does. It returns the exit
// status: with --diff, 1 when there is something to fix.
func (r *checkRun) fix(ctx context.Context, xf *fixFlags) int {
	ws, _, err := r.loadWorkspace(ctx, r.roots)
	if err != nil {
		fmt.Fprintf(r.stderr, "skill-ls check: %s\n", errText(err))
		return exitUsage
	}
	r.guard.follow = xf.follow
	if !xf.diff {
		r.cleanLeftovers(ws.Snapshot())
	}
	res := fix.All(ctx, ws, r.opts, xf.level())
	if ctx.Err() != nil {
		return exitUsage
	}
	if xf.diff {
		return r.printDiff(res, xf)
	}
	failed, targets := map[string]error{}, map[string]string{}
	for _, path := range slices.Sorted(maps.Keys(res.Fixed)) {
		target, err := r.guard.writeFixed(path, res.Original[path], res.Fixed[path])
		if err != nil {
			failed[path] = err
		}
		if target != "" {
			targets[path] = target
		}
	}
	for _, rn := range res.Renames {
		if err := r.guard.renameFixed(rn); err != nil {
			failed[rn.From] = err
		}
	}
	r.printApplied(res, failed, targets)
	r.printHidden(res, xf)
	if len(failed) > 0 {
		r.status = exitUsage
	}
	snap, err := r.load(ctx)
	if err != nil {
		fmt.Fprintf(r.stderr, "skill-ls check: %s\n", errText(err))
		return exitUsage
	}
	return r.report(ctx, snap)
}

// printApplied tells what was fixed, file by file, fix by fix (and the
// file written when a link led to it), and what could not be written.
func (r *checkRun) printApplied(res *fix.Result, failed map[string]error, targets map[string]string) {
	fixed, files := r.printEdited(res, failed, targets)
	folders := r.printRenamed(res, failed)
	fixed += folders
	r.printRefused(res)
	switch {
	case fixed == 0 && len(failed) == 0:
		fmt.Fprintln(r.stderr, "Nothing to fix.")
	case fixed > 0:
		fmt.Fprintf(r.stderr, "Fixed %s.\n", fixedWhere(fixed, files, folders, false))
	}
}

// fixedWhere says how many problems were (or would be) fixed where, files
// and renamed folders counted apart: "3 problems in 2 files and renamed
// 1 folder", "1 problem by renaming 1 folder".
func fixedWhere(problems, files, folders int, would bool) string {
	rename, renaming := "renamed", "renaming"
	if would {
		rename = "rename"
	}
	s := plural(problems, "problem", "problems")
	switch {
	case folders == 0:
		return s + " in " + plural(files, "file", "files")
	case files == 0:
		return s + " by " + renaming + " " + plural(folders, "folder", "folders")
	}
	return s + " in " + plural(files, "file", "files") + " and " + rename + " " + plural(folders, "folder", "folders")
}

// printEdited prints, for each file in path order, the fixes that edited
// it (and the file a link led to), or why it was not written; it returns
// the fixes and the files printed. Paths are quoted and titles and errors
// escaped, as check's output is: they name what the skills hold.
func (r *checkRun) printEdited(res *fix.Result, failed map[string]error, targets map[string]string) (fixed, files int) {
	rel := quotedRel
	byPath := map[string][]fix.Applied{}
	for _, a := range res.Applied {
		byPath[a.Path] = append(byPath[a.Path], a)
	}
	for _, path := range slices.Sorted(maps.Keys(byPath)) {
		if err := failed[path]; err != nil {
			fmt.Fprintf(r.stderr, "Not fixed %s: %s\n", rel(path), format.Escape(err.Error()))
			continue
		}
		var lines []string
		for _, a := range byPath[path] {
			if len(a.Fix.Renames) > 0 {
				continue
			}
			lines = append(lines, fmt.Sprintf("\t%s [%s]", format.Escape(a.Fix.Title), a.Code))
		}
		if len(lines) > 0 {
			files++
			fixed += len(lines)
			if target := targets[path]; target != "" {
				fmt.Fprintf(r.stderr, "Fixed %s -> %s:\n", rel(path), rel(target))
			} else {
				fmt.Fprintf(r.stderr, "Fixed %s:\n", rel(path))
			}
			for _, l := range lines {
				fmt.Fprintln(r.stderr, l)
			}
		}
	}
	return fixed, files
}

// printRenamed prints each rename made, or why it was not; it returns the
// renames made (each of a folder: the only renames a fix makes).
func (r *checkRun) printRenamed(res *fix.Result, failed map[string]error) (fixed int) {
	rel := quotedRel
	for _, a := range res.Applied {
		for _, rn := range a.Fix.Renames {
			if err := failed[rn.From]; err != nil {
				fmt.Fprintf(r.stderr, "Not renamed %s: %s\n", rel(rn.From), format.Escape(err.Error()))
				continue
			}
			fixed++
			fmt.Fprintf(r.stderr, "Renamed %s to %s [%s]\n", rel(rn.From), rel(rn.To), a.Code)
		}
	}
	return fixed
}

// printRefused tells which fixes were tried and not applied, and why
// (ruff's "Fix introduced a syntax error. Reverting all changes."), and
// when the fixes did not settle within fix.MaxPasses rounds. The path is
// quoted and the title and reason escaped, as check's output is.
func (r *checkRun) printRefused(res *fix.Result) {
	wd := workDir() + string(filepath.Separator)
	for _, rf := range res.Refused {
		fmt.Fprintf(r.stderr, "Not fixed %s: %s [%s]: %s; left as it is\n", quotedRel(rf.Path), format.Escape(rf.Fix.Title), rf.Code, format.Escape(strings.ReplaceAll(rf.Reason, wd, "")))
	}
	if res.Unsettled {
		fmt.Fprintf(r.stderr, "The fixes did not settle in %d rounds: each round found more to fix; run check again to go on.\n", fix.MaxPasses)
	}
}

// printDiff prints the fixes as a patch git apply takes (writeDiff; on a
// terminal, which would obey a skill's escape sequences, with them
// escaped: terminalText) and
// says how many problems it would fix, and the flags that apply exactly
// what it showed: only what --fix would write, the others said so
// (printWithheld). It returns 1 when there is something to fix.
func (r *checkRun) printDiff(all *fix.Result, xf *fixFlags) int {
	res, refused := r.guard.writable(all)
	r.printWithheld(all, refused)
	var patch strings.Builder
	outsideWd := writeDiff(&patch, res, workDir())
	io.WriteString(r.stdout, terminalText(r.stdout, patch.String()))
	if outsideWd {
		fmt.Fprintln(r.stderr, "Some files are outside the current directory: git apply takes them with --unsafe-paths.")
	}
	r.printRefused(res)
	n := len(res.Applied)
	if n == 0 {
		if len(refused) == 0 {
			fmt.Fprintln(r.stderr, "Nothing to fix.")
		}
		r.printHidden(res, xf)
		if len(refused) > 0 && r.status == exitOK {
			return exitFound // fixable, given on the command line
		}
		return r.status
	}
	apply := "--fix"
	if xf.level() == diagnostics.FixUnsafe {
		apply = "--fix --unsafe-fixes"
	}
	fmt.Fprintf(r.stderr, "Would fix %s (run check with %s instead of --diff to apply).\n", fixedWhere(n, len(res.Fixed), len(res.Renames), true), apply)
	r.printHidden(res, xf)
	return exitFound
}

// printWithheld tells, for --diff, which files --fix would not write and
// which folders it would not rename, and why (scope), among the fixes of
// res. Paths are quoted and reasons escaped, as check's output is.
func (r *checkRun) printWithheld(res *fix.Result, refused map[string]error) {
	for _, path := range slices.Sorted(maps.Keys(refused)) {
		verb := "Not renamed"
		if _, ok := res.Fixed[path]; ok {
			verb = "Not fixed"
		}
		fmt.Fprintf(r.stderr, "%s %s: %s\n", verb, quotedRel(path), format.Escape(refused[path].Error()))
	}
}

// printHidden says, after safe fixes, how many problems left have a fix
// that only --unsafe-fixes applies, and the flags that show them.
func (r *checkRun) printHidden(res *fix.Result, xf *fixFlags) {
	if xf.level() == diagnostics.FixUnsafe {
		return
	}
	hidden := 0
	for _, d := range res.Diagnostics {
		if !slices.ContainsFunc(d.Fixes, diagnostics.FixSafe.Applies) && slices.ContainsFunc(d.Fixes, diagnostics.FixUnsafe.Applies) {
			hidden++
		}
	}
	if hidden == 0 {
		return
	}
	see := "run check with --diff --unsafe-fixes instead of --fix"
	if xf.diff {
		see = "add --unsafe-fixes"
	}
	if hidden == 1 {
		fmt.Fprintf(r.stderr, "1 more problem has a fix that changes the skill's meaning (to see it, %s).\n", see)
		return
	}
	fmt.Fprintf(r.stderr, "%d more problems have fixes that change the skill's meaning (to see them, %s).\n", hidden, see)
}

// errPinned is the error of a rename of a folder that is no skill's own.
var errPinned = errors.New("it is a skill root, the project, the working directory or a repository, or holds one; not renamed")

// renameFixed makes a fix's rename of a folder, unless the folder is no
// skill's own (the guard pins it) or its target exists (a rename that only
// changes the case of the name, on a file system that ignores case, is
// made). A folder outside the folders the user chose (scope) is not
// renamed.
func (g *fixGuard) renameFixed(rn diagnostics.Rename) error {
	if g.pins(rn.From) {
		return errPinned
	}
	if err := g.renameScope(rn.From); err != nil {
		return err
	}
	from, err := os.Lstat(rn.From)
	if err != nil {
		return err
	}
	if to, err := os.Lstat(rn.To); err == nil && !os.SameFile(from, to) {
		return fmt.Errorf("%s already exists", rn.To)
	}
	return os.Rename(rn.From, rn.To)
}
