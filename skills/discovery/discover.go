package discovery

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/skill-ls/skill-ls/skills/parallel"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// EntryKind says whether an entry is a bundle directory or a flat file.
type EntryKind uint8

// The two shapes of a skill entry in a root.
const (
	EntryBundle EntryKind = iota // <root>/<dir>/SKILL.md
	EntryFlat                    // <root>/<name>.md
)

// Entry is one skill candidate found directly in a root.
type Entry struct {
	// Name is the entry's name in the root (the directory or file name).
	Name string
	// Path is the skill file: <root>/<Name>/SKILL.md or <root>/<Name>.
	Path string
	// BaseDir is the resource base: the bundle directory or the root.
	BaseDir string
	// Size and ModTime are the stat of the skill file, to skip re-reading
	// unchanged files; ModTime is in nanoseconds since the Unix epoch (a
	// root's entries are kept while check runs, and a time.Time is 24
	// bytes).
	Size    int64
	ModTime int64
	Kind    EntryKind
}

// MaxRootEntries bounds how many entries of one root skill-ls examines.
const MaxRootEntries = 200000

// Problem is a discovery problem at a path.
type Problem struct {
	// Code is one of the discovery codes (root-not-directory, broken-symlink, ...).
	Code    problem.Code
	Path    string
	Message string
	// Root is the index of the root it was found in.
	Root int
	// Target is where a broken symbolic link points (CodeBrokenSymlink).
	Target string
	// Loops reports that a broken symbolic link loops (ELOOP: following
	// it comes back to a link already followed) rather than pointing at a
	// missing target.
	Loops bool
}

// RootState is the listing of one root.
type RootState struct {
	Root Root
	// Exists reports that the root is an existing directory.
	Exists bool
	// Entries are the skill candidates in DSH's visit order.
	Entries []Entry
	// Problems found while listing the root.
	Problems []Problem
}

// List lists a root's direct children as DSH does (docs/dsh.md §3.3).
func List(r Root) RootState {
	st := RootState{Root: r}
	ents, ok := st.readRootDir()
	if !ok {
		return st
	}
	ents = st.capEntries(ents)
	if len(r.Only) > 0 {
		ents = slices.DeleteFunc(ents, func(e fs.DirEntry) bool { return !slices.Contains(r.Only, e.Name()) })
	}
	names, types := inVisitOrder(ents)
	st.examineAll(names, types)
	return st
}

// readRootDir reads the root's directory, or records why it cannot: a
// missing root is empty without a problem, a file or an unreadable
// directory is empty with one. ok is false when there is nothing to list.
func (st *RootState) readRootDir() (ents []fs.DirEntry, ok bool) {
	r := st.Root
	info, err := os.Stat(r.Dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			st.Problems = append(st.Problems, Problem{Code: problem.RootUnreadable, Path: r.Dir, Root: r.Index, Message: "cannot read skill root: " + ErrText(err)})
		}
		return nil, false
	}
	if !info.IsDir() {
		st.Problems = append(st.Problems, Problem{Code: problem.RootNotDirectory, Path: r.Dir, Root: r.Index, Message: "skill root is not a directory; DSH treats it as empty"})
		return nil, false
	}
	st.Exists = true
	ents, err = readDirEntries(r.Dir)
	if err != nil {
		st.Problems = append(st.Problems, Problem{Code: problem.RootUnreadable, Path: r.Dir, Root: r.Index, Message: "cannot list skill root: " + ErrText(err)})
		return nil, false
	}
	return ents, true
}

// Stale reports whether the root appeared or went on disk since it was
// listed: Exists against a stat of the root now (the same test as the
// listing's). A watcher batch that touches a folder above roots asks it.
func (rs RootState) Stale() bool {
	info, err := os.Stat(rs.Root.Dir)
	return (err == nil && info.IsDir()) != rs.Exists
}

// capEntries keeps the first MaxRootEntries of ents (in name order), with
// a problem saying so when there were more.
func (st *RootState) capEntries(ents []fs.DirEntry) []fs.DirEntry {
	if len(ents) <= MaxRootEntries {
		return ents
	}
	st.Problems = append(st.Problems, Problem{Code: problem.TooManyEntries, Path: st.Root.Dir, Root: st.Root.Index, Message: "skill root has more than 200000 entries; skill-ls examined the first 200000 in name order"})
	return ents[:MaxRootEntries]
}

// examineAll examines the listed names in parallel and keeps, in visit
// order, the skill candidates among them and every problem found.
func (st *RootState) examineAll(names []string, types []fs.FileMode) {
	entries := make([]*Entry, len(names))
	problems := make([][]Problem, len(names))
	Parallel(len(names), func(_, i int) {
		entries[i], problems[i] = examineListed(st.Root, names[i], types[i])
	})
	n := 0
	for _, e := range entries {
		if e != nil {
			n++
		}
	}
	st.Entries = make([]Entry, 0, n)
	for i := range names {
		if entries[i] != nil {
			st.Entries = append(st.Entries, *entries[i])
		}
		st.Problems = append(st.Problems, problems[i]...)
	}
}

// UpdateEntries re-examines the named entries of a listed root, keeping
// the others, and returns the new root state.
func UpdateEntries(rs RootState, names []string) RootState {
	rs.Entries = slices.Clone(rs.Entries)
	rs.Problems = slices.Clone(rs.Problems)
	c := newCollator()
	for _, name := range names {
		dir := filepath.Join(rs.Root.Dir, name)
		rs.Entries = slices.DeleteFunc(rs.Entries, func(e Entry) bool { return e.Name == name })
		rs.Problems = slices.DeleteFunc(rs.Problems, func(p Problem) bool { return Within(p.Path, dir) })
		if len(rs.Root.Only) > 0 && !slices.Contains(rs.Root.Only, name) {
			continue
		}
		e, probs := Examine(rs.Root, name)
		rs.Problems = append(rs.Problems, probs...)
		if e == nil {
			continue
		}
		at, _ := slices.BinarySearchFunc(rs.Entries, name, func(x Entry, n string) int {
			if r := c.CompareString(x.Name, n); r != 0 {
				return r
			}
			return strings.Compare(x.Name, n)
		})
		rs.Entries = slices.Insert(rs.Entries, at, *e)
	}
	return rs
}

// Parallel runs fn(worker, i) for every i in [0, n) on a bounded pool of
// goroutines (file reads wait on the disk: more of them than processors);
// worker numbers the goroutine that runs it, in [0, workers()), for the
// memory a worker reuses from one call to the next.
func Parallel(n int, fn func(worker, i int)) {
	count := min(n, Workers())
	if n < 64 || count < 2 {
		for i := range n {
			fn(0, i)
		}
		return
	}
	parallel.Each(n, count, fn)
}

// Workers is how many goroutines parallel runs at most.
func Workers() int { return runtime.GOMAXPROCS(0) * 4 }

// Within reports whether the clean path p is dir or lies inside it
// (lexically; no symlinks are resolved).
func Within(p, dir string) bool {
	if p == dir {
		return true
	}
	return strings.HasPrefix(p, dir) && len(p) > len(dir) && (p[len(dir)] == filepath.Separator || strings.HasSuffix(dir, string(filepath.Separator)))
}
