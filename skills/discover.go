package skills

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// EntryKind says whether an entry is a bundle directory or a flat file.
type EntryKind int

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
	Kind    EntryKind
	// Size and ModTime are the stat of the skill file, to skip re-reading
	// unchanged files.
	Size    int64
	ModTime time.Time
}

// MaxRootEntries bounds how many entries of one root skill-ls examines.
const MaxRootEntries = 200000

// Problem is a discovery problem at a path.
type Problem struct {
	// Code is one of the discovery codes (root-not-directory, broken-symlink, ...).
	Code    Code
	Path    string
	Message string
	// Root is the index of the root it was found in.
	Root int
	// Target is where a broken symbolic link points (CodeBrokenSymlink).
	Target string
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

// newCollator returns an ICU-like en-US collator, approximating
// String.prototype.localeCompare (spec §3.3). Collators are not safe for
// concurrent use, so each listing makes its own.
func newCollator() *collate.Collator {
	return collate.New(language.AmericanEnglish)
}

// collationOrder returns the indexes of names in localeCompare order, ties
// broken by bytes. Names made only of lowercase ASCII letters, digits, '-'
// and '.' (skill names, name.md) collate in byte order, so two of them are
// compared as bytes; any other name gets its collation key (computed once,
// when first compared), and comparing keys orders names as the collator's
// Compare does.
func collationOrder(names []string) []int {
	c := newCollator()
	var buf collate.Buffer
	type keyed struct {
		plain bool // only [-.0-9a-z]
		keyed bool // key is computed
		key   []byte
	}
	ks := make([]keyed, len(names))
	for i, n := range names {
		ks[i].plain = plainName(n)
	}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	key := func(i int) []byte {
		if !ks[i].keyed {
			ks[i].key, ks[i].keyed = c.KeyFromString(&buf, names[i]), true
		}
		return ks[i].key
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if !ks[a].plain || !ks[b].plain {
			if r := bytes.Compare(key(a), key(b)); r != 0 {
				return r
			}
		}
		return strings.Compare(names[a], names[b])
	})
	return order
}

// plainName reports a name of only lowercase ASCII letters, digits, '-'
// and '.', whose collation order is its byte order.
func plainName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// listRoot lists a root's direct children as DSH does (spec §3.3).
func listRoot(r Root) RootState {
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
			st.Problems = append(st.Problems, Problem{Code: CodeRootUnreadable, Path: r.Dir, Root: r.Index, Message: "cannot read skill root: " + errText(err)})
		}
		return nil, false
	}
	if !info.IsDir() {
		st.Problems = append(st.Problems, Problem{Code: CodeRootNotDirectory, Path: r.Dir, Root: r.Index, Message: "skill root is not a directory; DSH treats it as empty"})
		return nil, false
	}
	st.Exists = true
	ents, err = readDirEntries(r.Dir)
	if err != nil {
		st.Problems = append(st.Problems, Problem{Code: CodeRootUnreadable, Path: r.Dir, Root: r.Index, Message: "cannot list skill root: " + errText(err)})
		return nil, false
	}
	return ents, true
}

// capEntries keeps the first MaxRootEntries of ents (in name order), with
// a problem saying so when there were more.
func (st *RootState) capEntries(ents []fs.DirEntry) []fs.DirEntry {
	if len(ents) <= MaxRootEntries {
		return ents
	}
	st.Problems = append(st.Problems, Problem{Code: CodeTooManyEntries, Path: st.Root.Dir, Root: st.Root.Index, Message: "skill root has more than 200000 entries; skill-ls examined the first 200000 in name order"})
	return ents[:MaxRootEntries]
}

// inVisitOrder returns the names and types of ents in DSH's visit order
// (localeCompare, see collationOrder).
func inVisitOrder(ents []fs.DirEntry) (names []string, types []fs.FileMode) {
	listed := make([]string, len(ents))
	for i, e := range ents {
		listed[i] = e.Name()
	}
	names = make([]string, len(ents))
	types = make([]fs.FileMode, len(ents))
	for i, at := range collationOrder(listed) {
		names[i], types[i] = listed[at], ents[at].Type()
	}
	return names, types
}

// examineAll examines the listed names in parallel and keeps, in visit
// order, the skill candidates among them and every problem found.
func (st *RootState) examineAll(names []string, types []fs.FileMode) {
	entries := make([]*Entry, len(names))
	problems := make([][]Problem, len(names))
	parallel(len(names), func(i int) {
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

// examineListed is examineEntry for a name listed with its type: a
// directory that is not a symbolic link needs no stat of its own, and a
// regular file not named *.md none at all.
func examineListed(r Root, name string, typ fs.FileMode) (*Entry, []Problem) {
	switch {
	case r.SkipSystem && name == ".system":
		return nil, nil
	case typ.IsDir():
		return examineBundle(r, name, filepath.Join(r.Dir, name))
	case typ.IsRegular() && !strings.HasSuffix(name, ".md"):
		return nil, nil
	}
	return examineEntry(r, name)
}

// examineEntry decides whether a root child is a skill candidate.
func examineEntry(r Root, name string) (*Entry, []Problem) {
	if r.SkipSystem && name == ".system" {
		return nil, nil
	}
	p := filepath.Join(r.Dir, name)
	info, err := os.Stat(p) // follows symlinks
	if err != nil {
		if li, lerr := os.Lstat(p); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			return nil, []Problem{{Code: CodeBrokenSymlink, Path: p, Root: r.Index, Target: target,
				Message: "skill entry " + p + " ignored: failed to follow symbolic link: " + errText(err)}}
		}
		return nil, nil
	}
	switch {
	case info.IsDir():
		return examineBundle(r, name, p)
	case strings.HasSuffix(name, ".md"):
		if !info.Mode().IsRegular() {
			return nil, []Problem{{Code: CodeNotRegularFile, Path: p, Root: r.Index, Message: name + " is not a regular file (" + fileType(info) + "); DSH skips it"}}
		}
		return &Entry{Name: name, Path: p, BaseDir: r.Dir, Kind: EntryFlat, Size: info.Size(), ModTime: info.ModTime()}, nil
	}
	return nil, nil
}

// examineBundle examines the root child name, the directory p (or a link
// to one): a bundle when it holds a regular SKILL.md.
func examineBundle(r Root, name, p string) (*Entry, []Problem) {
	skill := filepath.Join(p, "SKILL.md")
	si, err := os.Stat(skill)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if alt := caseVariant(p); alt != "" {
				return nil, []Problem{{Code: CodeSkillMDCase, Path: filepath.Join(p, alt), Root: r.Index,
					Message: "DSH reads only SKILL.md (exact case); " + alt + " is ignored, so this bundle is not a skill"}}
			}
			if li, lerr := os.Lstat(skill); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
				target, _ := os.Readlink(skill)
				return nil, []Problem{{Code: CodeBrokenSymlink, Path: skill, Root: r.Index, Target: target, Message: "SKILL.md is a broken symbolic link: " + errText(err)}}
			}
			return nil, nil
		}
		return nil, []Problem{{Code: CodeUnreadableFile, Path: skill, Root: r.Index, Message: "cannot read " + skill + ": " + errText(err)}}
	}
	if si.IsDir() && r.Mode == ReadNode {
		// Node's readFile throws EISDIR, which fails the provider's whole
		// listing: DSH marks the snapshot incomplete (spec §3.4).
		return nil, []Problem{{Code: CodeProviderFailed, Path: skill, Root: r.Index,
			Message: `skill provider "filesystem" skipped: Error: EISDIR: illegal operation on a directory, read`}}
	}
	if !si.Mode().IsRegular() {
		return nil, []Problem{{Code: CodeNotRegularFile, Path: skill, Root: r.Index, Message: "SKILL.md is not a regular file (" + fileType(si) + "); DSH skips it"}}
	}
	return &Entry{Name: name, Path: skill, BaseDir: p, Kind: EntryBundle, Size: si.Size(), ModTime: si.ModTime()}, nil
}

// caseVariant returns the name of a skill.md spelled in another case in dir.
func caseVariant(dir string) string {
	names, err := readDirNames(dir)
	if err != nil {
		return ""
	}
	for _, n := range names {
		if n != "SKILL.md" && strings.EqualFold(n, "SKILL.md") {
			return n
		}
	}
	return ""
}

func fileType(info fs.FileInfo) string {
	m := info.Mode()
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// readDirEntries lists dir in directory order, with each entry's type from
// the listing itself (no stat).
func readDirEntries(dir string) ([]fs.DirEntry, error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.ReadDir(-1)
}

func readDirNames(dir string) ([]string, error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}

// errText strips Go's "op path: " prefix from a path error.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// readSkillFile reads a skill file without blocking on FIFOs and without
// reading more than MaxFileSize bytes.
func readSkillFile(path string) ([]byte, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, nil, errNotRegular
	}
	if info.Size() > MaxFileSize {
		return nil, nil, errTooLarge
	}
	buf := make([]byte, 0, info.Size()+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > MaxFileSize {
			return nil, nil, errTooLarge
		}
		if err == io.EOF {
			return buf, info, nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
}

var (
	errNotRegular = errors.New("not a regular file")
	errTooLarge   = errors.New("file too large")
)

// loadFile reads and parses the skill file of an entry. The stat of the
// file as read is nil when it could not be read.
func loadFile(path string, mode ReadMode) (*File, fs.FileInfo) {
	src, info, err := readSkillFile(path)
	if err != nil {
		f := &File{Path: path, Mode: mode}
		if errors.Is(err, errTooLarge) {
			f.find(CodeFileTooLarge, Span{}, "")
		} else {
			f.ReadErr = errText(err)
			f.find(CodeUnreadableFile, Span{}, "")
		}
		f.settle()
		return f, nil
	}
	return Parse(path, src, mode), info
}

// parallel runs fn(0..n-1) on a bounded pool of goroutines.
func parallel(n int, fn func(i int)) {
	workers := runtime.GOMAXPROCS(0) * 4
	if n < 64 || workers < 2 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	if workers > n {
		workers = n
	}
	var wg sync.WaitGroup
	next := make(chan int, workers)
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for i := range next {
				fn(i)
			}
		})
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Load discovers, parses and resolves every skill under the roots: the CLI's
// entry point. It honours ctx cancellation between roots.
func Load(ctx context.Context, roots []Root, opts LoadOptions) (*Snapshot, error) {
	w := NewWorkspace(roots, opts)
	return w.Load(ctx)
}
