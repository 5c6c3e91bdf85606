package discovery

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/evalfile"
)

// BundleListing is the listing of a bundle folder that BundleReader.Read
// reads from: its regular files in walk order with what the bounds leave
// out, and what it saw, so that a linked file or a link target the listing
// holds needs no stat of its own.
type BundleListing struct {
	dir, skip string
	// entries are the regular files to read and the notes of what was
	// left out, in walk order (why is "" for a file).
	entries []bundleEntry
	// seen are the regular files and folders the listing met, reached
	// through no symbolic link, sorted by path.
	seen []seenEntry
	// evals reports an entry named evalfile.Dir in the bundle folder,
	// of any type.
	evals bool
}

// bundleEntry is a file of the listing, or a note of what it left out.
type bundleEntry struct {
	path, why string
}

// seenEntry is a path the listing met and whether it is a regular file
// (else a folder).
type seenEntry struct {
	path string
	file bool
}

// ListBundle lists the bundle folder dir whose skill file is skip, within
// the bounds ReadBundleFiles states (MaxBundleDepth folders deep, no dot
// entries, node_modules, __pycache__ or symbolic links): no file is read
// and no entry stat'ed (each entry's type comes from the listing).
func ListBundle(dir, skip string) *BundleListing {
	l := &BundleListing{dir: dir, skip: skip}
	l.walk(dir, 1)
	slices.SortFunc(l.seen, func(a, b seenEntry) int { return strings.Compare(a.path, b.path) })
	return l
}

func (l *BundleListing) note(path, why string) {
	l.entries = append(l.entries, bundleEntry{path: path, why: why})
}

// walk lists the folder d, depth folders deep (the bundle folder is 1).
func (l *BundleListing) walk(d string, depth int) {
	entries, err := readDirEntries(d)
	if err != nil {
		l.note(d, "cannot be listed")
		l.evals = l.evals || depth == 1 // unknown: a folder may be searched, not listed
		return
	}
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(d, name)
		if depth == 1 && name == evalfile.Dir {
			l.evals = true
		}
		if t := e.Type(); t.IsRegular() || t.IsDir() {
			l.seen = append(l.seen, seenEntry{path: p, file: t.IsRegular()})
		}
		switch {
		case p == l.skip:
		case strings.HasPrefix(name, "."):
			l.note(p, "not listed: a dot file or folder is read only where the skill links to it (dot folders)")
		case name == "node_modules" || name == "__pycache__":
			l.note(p, "not listed: node_modules and __pycache__ are read only where the skill links to them (dot folders)")
		case e.Type()&fs.ModeSymlink != 0:
			l.note(p, "not read: a symbolic link is not followed (links)")
		case e.IsDir() && depth >= MaxBundleDepth:
			l.note(p, fmt.Sprintf("not listed: a bundle is listed %d folders deep, and deeper only the files the skill links to are read (depth)", MaxBundleDepth))
		case e.IsDir():
			l.walk(p, depth+1)
		case e.Type().IsRegular():
			l.entries = append(l.entries, bundleEntry{path: p})
		}
	}
}

// lookup reports whether the listing met path (a regular file or a
// folder, reached through no symbolic link) and whether it is a regular
// file. The listing does not descend into the folders it leaves out, so
// a path below them is not met.
func (l *BundleListing) lookup(path string) (met, file bool) {
	i, ok := slices.BinarySearchFunc(l.seen, path, func(e seenEntry, p string) int { return strings.Compare(e.path, p) })
	if !ok {
		return false, false
	}
	return true, l.seen[i].file
}

// Exists reports whether the listing met path: a regular file or a
// folder of the bundle that os.Stat finds, whatever the bounds say of it.
// false says nothing (the path may lie below a folder left out).
func (l *BundleListing) Exists(path string) bool {
	met, _ := l.lookup(path)
	return met
}

// NoEvals reports that the bundle folder holds no entry named
// evalfile.Dir, so that it has no eval file (ReadBundleEvals would find
// none): the load keeps this fact of the listing, and check stats no
// evals folder of its own.
func (l *BundleListing) NoEvals() bool {
	return !l.evals
}
