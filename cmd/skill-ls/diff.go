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
)

// diff.go: check --diff prints the fixes as a patch that `git apply` takes:
// git's extended headers ("diff --git", "rename from", "rename to"), paths
// relative to the working directory (with "../" for a file outside it),
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
	header := func(from, to string, pure bool) {
		a, b := diffPath(wd, from), diffPath(wd, to)
		outsideWd = outsideWd || outside(a) || outside(b)
		io.WriteString(w, "diff --git "+format.Quote("a/"+a)+" "+format.Quote("b/"+b)+"\n")
		if pure {
			io.WriteString(w, "similarity index 100%\n")
		}
		if from != to {
			io.WriteString(w, "rename from "+format.Quote(a)+"\nrename to "+format.Quote(b)+"\n")
		}
	}
	for _, path := range slices.Sorted(maps.Keys(res.Fixed)) {
		to := renamedPath(path, res.Renames)
		header(path, to, false)
		d := diff.Diff("a", res.Original[path], "b", res.Fixed[path])
		// diff.Diff's own three header lines name neither file as git does.
		_, hunks, _ := bytes.Cut(d, []byte("\n+++ b\n"))
		io.WriteString(w, "--- "+format.Quote("a/"+diffPath(wd, path))+"\n+++ "+format.Quote("b/"+diffPath(wd, to))+"\n")
		w.Write(hunks)
	}
	for _, rn := range res.Renames {
		for _, p := range filesUnder(rn.From) {
			if _, edited := res.Fixed[p]; !edited {
				header(p, renamedPath(p, res.Renames), true)
			}
		}
	}
	return outsideWd
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
