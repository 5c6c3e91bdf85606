package discovery

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Exists reports whether something (even a broken link) is at path. It is
// how the language server checks a rename's target before offering it.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// DirEntry is one entry of a folder a link may point into.
type DirEntry struct {
	Name string
	Dir  bool
}

// ListLinkDir lists dir for link path completion: at most max entries,
// hidden ones left out, in name order.
func ListLinkDir(dir string, max int) []DirEntry {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []DirEntry
	for _, de := range entries {
		if strings.HasPrefix(de.Name(), ".") {
			continue
		}
		if len(out) == max {
			break
		}
		out = append(out, DirEntry{Name: de.Name(), Dir: de.IsDir()})
	}
	return out
}

// RealPath returns where a write to p lands: p with every link on it
// resolved, its own too. The part of p that does not exist yet is kept as
// written, below its nearest existing folder resolved; a link that leads
// nowhere gives "", which lies inside no folder (InsideReal).
func RealPath(p string) string {
	p = filepath.Clean(p)
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return ""
	}
	return RealEntry(p) // not there yet: below its folder, resolved
}

// RealEntry returns where the entry at p is, its folder's links resolved
// and its own name kept: what a rename of p moves (a link itself, not what
// it leads to). "" when its folder cannot be resolved.
func RealEntry(p string) string {
	p = filepath.Clean(p)
	dir := filepath.Dir(p)
	if dir == p {
		return p
	}
	if real := RealPath(dir); real != "" {
		return filepath.Join(real, filepath.Base(p))
	}
	return ""
}

// RealPaths returns the RealPath of each of dirs, leaving out those that
// cannot be resolved: the folders InsideReal compares with.
func RealPaths(dirs []string) []string {
	out := make([]string, 0, len(dirs))
	for _, d := range dirs {
		if rd := RealPath(d); d != "" && rd != "" {
			out = append(out, rd)
		}
	}
	return out
}

// InsideReal reports whether real (a RealPath or RealEntry) lies inside
// one of realDirs (RealPaths of the folders chosen): whether a change
// there stays in the folders the user chose, whatever links lie on the
// way. It is the one test of where skill-ls writes (check --fix) and what
// edits it offers an editor.
func InsideReal(real string, realDirs []string) bool {
	return real != "" && slices.ContainsFunc(realDirs, func(d string) bool { return d != "" && Within(real, d) })
}
