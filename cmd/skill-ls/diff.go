package main

import (
	"bytes"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/fix"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// diff.go: check --diff prints the fixes as a patch that `git apply` takes:
// git's extended headers ("diff --git", "rename from", "rename to"), paths
// relative to the working directory (with "../" for a file outside it),
// a file reached through a link named by its real path,
// quoted as git quotes them (format.Quote, which git apply reads back to
// the exact bytes). A folder a fix renames is one rename per file in it,
// the edits of a file in it on its rename, as git writes them.

// diffPath is a path as the patch names it: relative to wd, with '/'.
func diffPath(wd, p string) string {
	if wd != "" {
		if rel, err := filepath.Rel(wd, p); err == nil {
			p = rel
		}
	}
	return filepath.ToSlash(p)
}

// outside reports whether a patch path leaves the working directory, which
// git apply refuses without --unsafe-paths.
func outside(p string) bool {
	return p == ".." || strings.HasPrefix(p, "../") || filepath.IsAbs(filepath.FromSlash(p))
}

// renamedPath returns the path of p after the renames (a folder's rename
// moves everything in it).
func renamedPath(p string, renames []diagnostics.Rename) string {
	for _, rn := range renames {
		if p == rn.From {
			p = rn.To
		} else if rest, ok := strings.CutPrefix(p, rn.From+string(filepath.Separator)); ok {
			p = filepath.Join(rn.To, rest)
		}
	}
	return p
}

// writeDiff writes the patch of res to w, paths relative to wd; it returns
// whether a path in it is outside wd.
func writeDiff(w io.Writer, res *fix.Result, wd string) (outsideWd bool) {
	header := func(at, from, to string, pure bool) {
		a, b := diffPath(at, from), diffPath(at, to)
		outsideWd = outsideWd || outside(a) || outside(b)
		io.WriteString(w, "diff --git "+format.Quote("a/"+a)+" "+format.Quote("b/"+b)+"\n")
		if pure {
			io.WriteString(w, "similarity index 100%\n")
		}
		if from != to {
			io.WriteString(w, "rename from "+format.Quote(a)+"\nrename to "+format.Quote(b)+"\n")
		}
	}
	for _, fixed := range slices.Sorted(maps.Keys(res.Fixed)) {
		at, path, to := wd, fixed, renamedPath(fixed, res.Renames)
		if to == path {
			at, path, to = realFile(wd), realFile(path), realFile(path)
		}
		header(at, path, to, false)
		d := diff.Diff("a", res.Original[fixed], "b", res.Fixed[fixed])
		// diff.Diff's own three header lines name neither file as git does.
		_, hunks, _ := bytes.Cut(d, []byte("\n+++ b\n"))
		io.WriteString(w, "--- "+format.Quote("a/"+diffPath(at, path))+"\n+++ "+format.Quote("b/"+diffPath(at, to))+"\n")
		w.Write(hunks)
	}
	for _, rn := range res.Renames {
		for _, p := range filesUnder(rn.From) {
			if _, edited := res.Fixed[p]; !edited {
				header(wd, p, renamedPath(p, res.Renames), true)
			}
		}
	}
	return outsideWd
}

// realFile returns the file a patch edits for the skill file at p: its
// real path, links resolved. git apply refuses a path "beyond a symbolic
// link" (.agents/skills/x linked to .claude/skills/x), and --fix writes
// the real file too (fixGuard.writeFixed).
func realFile(p string) string {
	if real := discovery.RealPath(p); real != "" {
		return real
	}
	return p
}

// filesUnder returns the files (and symbolic links) in the folder dir and
// its subfolders in path order, or dir itself when it is not a folder: a
// git patch renames files, not folders.
func filesUnder(dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if fi, err := os.Lstat(dir); err == nil && !fi.IsDir() && len(files) == 0 {
		files = append(files, dir)
	}
	return files
}
