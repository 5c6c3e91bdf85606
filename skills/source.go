package skills

import (
	"bytes"
	"errors"
	"hash/maphash"
	"strings"
	"sync"
	"weak"
)

// A language server keeps thousands of closed skill files in its snapshots,
// and most of their bytes are Markdown bodies that only a preview, a rename
// or the next diagnostics pass reads again. A workspace with lean bodies
// (LoadOptions.LeanBodies) keeps, for a file read from disk, what the rules
// and the editor features need (frontmatter values and spans, outline,
// findings) and drops the bytes; Source reads them again when asked and
// proves they are the bytes that were parsed: same size and same 64-bit
// hash (hash/maphash, with the workspace's seed; a touch that leaves the
// bytes alone changes nothing). A file whose bytes
// changed on disk reports
// ErrChangedOnDisk: its change event is on its way, and with it a new
// snapshot.

// ErrChangedOnDisk reports that a file kept lean changed on disk since it
// was parsed, so the snapshot's spans no longer index its bytes.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was read")

// leanStore is what the lean files of one workspace share: the seed of
// their hashes (sums compare within it) and the memory BorrowIndex lends.
type leanStore struct {
	seed     maphash.Seed
	borrowed sync.Pool // of *LineIndex
	// onDemand: LoadOptions.BodiesOnDemand (nothing computed ahead; reads
	// into borrowed memory).
	onDemand bool
}

func newLeanStore() *leanStore {
	return &leanStore{seed: maphash.MakeSeed(), borrowed: sync.Pool{New: func() any { return new(LineIndex) }}}
}

// leanBody is how a lean file finds its bytes again.
type leanBody struct {
	size  int64
	sum   uint64
	store *leanStore

	mu sync.Mutex
	// held is the last index read, kept while someone uses it (the
	// diagnostics pass of the file, a publish, a preview).
	held weak.Pointer[LineIndex]
}

// Source returns the file's bytes. A file held in memory returns them at
// once; a lean file reads them again from disk (see LoadOptions.LeanBodies)
// and returns ErrChangedOnDisk, or the read error, when they are not the
// bytes that were parsed. A file that could not be read has no bytes.
func (f *File) Source() ([]byte, error) {
	if f.lean == nil {
		return f.src, nil
	}
	idx, err := f.leanIndex()
	if err != nil {
		return nil, err
	}
	return idx.src, nil
}

// Text returns the file's bytes, or nil when Source fails (a lean file
// changed on disk; a newer snapshot follows).
func (f *File) Text() []byte {
	src, _ := f.Source()
	return src
}

// HasText reports whether the file was read as text: false for a file that
// could not be read.
func (f *File) HasText() bool { return f.src != nil || f.lean != nil }

// Lean reports whether the file's bytes are read again from disk on demand.
func (f *File) Lean() bool { return f.lean != nil }

// SameBytes reports whether b are the file's bytes. For a lean file it
// compares the size and the hash, without reading the disk.
func (f *File) SameBytes(b []byte) bool {
	if f.lean == nil {
		return bytes.Equal(f.src, b)
	}
	return int64(len(b)) == f.lean.size && maphash.Bytes(f.lean.store.seed, b) == f.lean.sum
}

// Lines returns the file's line index. A file held in memory builds it once;
// a lean file shares it while it is in use and builds it again after (an
// empty index when the bytes changed on disk).
func (f *File) Lines() *LineIndex {
	idx, _ := f.Index()
	return idx
}

// Index is Lines with Source's error: a lean file that changed on disk has
// an empty index and the error. Whoever edits the file at the index's
// positions asks Index.
func (f *File) Index() (*LineIndex, error) {
	if f.lean == nil {
		f.linesOnce.Do(func() { f.lines = NewLineIndex(f.src) })
		return f.lines, nil
	}
	idx, err := f.leanIndex()
	if err != nil {
		return NewLineIndex(nil), err
	}
	return idx, nil
}

// leanIndex returns the line index over the lean file's bytes, reading them
// again when no one holds it.
func (f *File) leanIndex() (*LineIndex, error) {
	l := f.lean
	l.mu.Lock()
	defer l.mu.Unlock()
	if idx := l.held.Value(); idx != nil {
		return idx, nil
	}
	src, _, err := readSkillFile(f.Path, nil)
	if err != nil {
		return nil, err
	}
	if !f.SameBytes(src) {
		return nil, ErrChangedOnDisk
	}
	idx := NewLineIndex(src)
	l.held = weak.Make(idx)
	return idx, nil
}

// BorrowIndex is Index for a caller that is done with the index, and every
// slice and string of its bytes, when it calls release: the diagnostics
// pass and the publishing of its result, which read thousands of lean files
// again. A lean file that no one else holds is read into memory taken from
// a pool, which release returns; others share the file's index as Index
// does, and release does nothing.
func (f *File) BorrowIndex() (idx *LineIndex, release func(), err error) {
	if f.lean == nil {
		idx, err := f.Index()
		return idx, func() {}, err
	}
	l := f.lean
	l.mu.Lock()
	held := l.held.Value()
	l.mu.Unlock()
	if held != nil {
		return held, func() {}, nil
	}
	b := l.store.borrowed.Get().(*LineIndex)
	src, _, err := readSkillFile(f.Path, b.src)
	if err == nil && !f.SameBytes(src) {
		err = ErrChangedOnDisk
	}
	if err != nil {
		l.store.giveBack(b)
		return NewLineIndex(nil), func() {}, err
	}
	*b = LineIndex{src: src, lines: b.lines[:0]}
	return b, func() { l.store.giveBack(b) }, nil
}

// maxBorrowedBytes bounds the memory an index given back keeps: one huge
// file read once should not stay in the pool.
const maxBorrowedBytes = 256 << 10

// giveBack returns a borrowed index to the pool.
func (s *leanStore) giveBack(b *LineIndex) {
	if cap(b.src) > maxBorrowedBytes {
		return
	}
	*b = LineIndex{src: b.src[:0], lines: b.lines[:0]}
	s.borrowed.Put(b)
}

// Headings returns the body's headings, scanned on first use (a lean file
// scans its body again each time: only a document outline asks).
func (f *File) Headings() []Heading {
	if f.lean == nil {
		f.headingsOnce.Do(func() { f.headings = f.scanBody(f.src, true).Headings })
		return f.headings
	}
	src, err := f.Source()
	if err != nil {
		return nil
	}
	return f.scanBody(src, true).Headings
}

// makeLean drops the bytes of a file just read from disk (size is the
// file's size when it was opened; store what the workspace's lean files
// share), after computing what is kept in their place: the outline, with
// strings of its own, unless the store computes it on demand. Files that
// are not plain text read by DSH's production path, or whose size moved
// while they were read, stay in memory.
func (f *File) makeLean(size int64, store *leanStore) {
	if f.Mode != ReadFS || f.src == nil || f.Frontmatter == nil || f.ReadErr != "" || size != int64(len(f.src)) {
		return
	}
	if !store.onDemand {
		f.outlineOnce.Do(func() { f.outline = ownedOutline(f.scanBody(f.src, false)) })
	}
	if f.Def != nil {
		f.Def.Content = "" // it shared the bytes; Skill.WithContent reads them again
	}
	f.lean = &leanBody{size: size, sum: maphash.Bytes(store.seed, f.src), store: store}
	f.src = nil
}

// ownedOutline returns o with link destinations that share no memory with
// the bytes they were scanned from.
func ownedOutline(o Outline) Outline {
	for i := range o.Links {
		o.Links[i].Dest = strings.Clone(o.Links[i].Dest)
	}
	return o
}
