package discovery

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// The bounded read of a bundle's own files (its scripts, references,
// assets) for the security rules: how many files, how deep, how many bytes
// of each. A bundle is a handful of files; the bounds keep a hostile or
// vendored one (a node_modules, a dataset) from costing more than a few
// reads.
const (
	// MaxBundleFiles bounds the files of one bundle that are looked at.
	MaxBundleFiles = 64
	// MaxBundleDepth bounds how deep under the bundle folder files are
	// looked for (scripts/, scripts/lib/).
	MaxBundleDepth = 3
	// BundleSniffBytes is how much of a file is read to tell what it is.
	BundleSniffBytes = 512
	// MaxBundleText is how much of a script or Markdown file is read.
	MaxBundleText = 256 << 10
)

// BundleFile is one regular file of a bundle, read in part: Head holds
// its first BundleSniffBytes bytes, or up to MaxBundleText bytes when
// whole said so.
type BundleFile struct {
	// Path is the file's path.
	Path string
	// Size is its size; Exec reports an executable mode bit.
	Size int64
	Exec bool
	// Head is what was read of it.
	Head []byte
	// Cut reports that the file was to be read whole but is larger than
	// MaxBundleText: what follows Head was not looked at.
	Cut bool
}

// BundleSkip is a part of a bundle that ReadBundleFiles left out, and why:
// a vetting run names them, so that a bound is never a silent hiding place.
type BundleSkip struct {
	// Path is the file or folder left out (the bundle folder for the files
	// past the count).
	Path string
	// Why says why, ending with the bound in parentheses: "(depth)",
	// "(size)", "(dot folders)", "(count)", "(links)".
	Why string
}

// ReadBundleFiles reads the files the skill file links to inside the
// bundle folder dir (linked: whatever their depth, in a dot folder too,
// never through a symbolic link), then lists the other regular files of
// dir (not the skill file skip, not hidden entries, not node_modules or
// __pycache__, no symbolic links), at most MaxBundleFiles in all, at most
// MaxBundleDepth folders deep, and reads each: its first bytes, or up to
// MaxBundleText bytes when whole(name, head) says the file is worth
// reading whole (a script, a Markdown file). Files that cannot be read are
// left out. skipped names what the bounds left out. Each file's Head is
// memory of its own (BundleReader.Read lends one buffer to every file).
func ReadBundleFiles(dir, skip string, linked []string, whole func(name string, head []byte) bool) (files []BundleFile, skipped []BundleSkip) {
	var br BundleReader
	skipped = br.Read(ListBundle(dir, skip), linked, whole, func(f BundleFile) {
		f.Head = slices.Clone(f.Head)
		files = append(files, f)
	})
	return files, skipped
}

// BundleReader reads the files of bundles into one buffer of its own,
// lent to each file in turn: one reader a worker, so that a load makes no
// memory per file.
type BundleReader struct {
	buf []byte
}

// Read reads the files of the listed bundle as ReadBundleFiles does, and
// gives each to visit, in the order ReadBundleFiles returns them: its Head
// is valid until visit returns. It returns what the bounds left out.
func (br *BundleReader) Read(l *BundleListing, linked []string, whole func(name string, head []byte) bool, visit func(BundleFile)) []BundleSkip {
	r := bundleRead{l: l, br: br, whole: whole, visit: visit}
	for _, p := range linked {
		r.readLinked(p)
	}
	past := 0
	for _, e := range l.entries {
		switch {
		case slices.Contains(r.linked, e.path):
		case e.why != "":
			r.note(e.path, e.why)
		case r.count >= MaxBundleFiles:
			past++
		default:
			r.add(e.path)
		}
	}
	if past > 0 {
		files := "files"
		if past == 1 {
			files = "file"
		}
		r.note(l.dir, fmt.Sprintf("%d %s not read past the first %d (count)", past, files, MaxBundleFiles))
	}
	return r.skipped
}

// bundleRead is one BundleReader.Read.
type bundleRead struct {
	l       *BundleListing
	br      *BundleReader
	whole   func(name string, head []byte) bool
	visit   func(BundleFile)
	linked  []string // the linked files read
	count   int      // the files read
	skipped []BundleSkip
}

func (r *bundleRead) note(path, why string) {
	r.skipped = append(r.skipped, BundleSkip{Path: path, Why: why})
}

// readLinked reads a file the skill links to: a regular file inside the
// bundle reached through no symbolic link, while the count allows. The
// listing answers for the files it holds (it follows no symbolic link);
// the others (in a dot folder, deeper than the listing) are checked an
// os.Lstat a path component.
func (r *bundleRead) readLinked(p string) {
	dir := r.l.dir
	if p == r.l.skip || slices.Contains(r.linked, p) || r.count >= MaxBundleFiles || p == dir || !Within(p, dir) {
		return
	}
	if listed, file := r.l.lookup(p); listed {
		if file {
			r.linked = append(r.linked, p)
			r.add(p)
		}
		return
	}
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return
	}
	at := dir
	for part := range strings.SplitSeq(rel, string(filepath.Separator)) {
		at = filepath.Join(at, part)
		fi, err := os.Lstat(at)
		if err != nil || fi.Mode()&fs.ModeSymlink != 0 {
			return
		}
		if at == p && !fi.Mode().IsRegular() {
			return
		}
	}
	r.linked = append(r.linked, p)
	r.add(p)
}

// add reads the regular file p and gives it to visit.
func (r *bundleRead) add(p string) {
	f, ok := r.br.readFile(p, r.whole)
	if !ok {
		return
	}
	r.count++
	r.visit(f)
	if f.Cut {
		r.note(p, fmt.Sprintf("only the first %d KiB of %d KiB read (size)", MaxBundleText>>10, (f.Size+1023)>>10))
	}
}

// readFile reads the regular file at path into the reader's buffer: up
// to MaxBundleText bytes in one read when whole says so from the name
// alone, else its head, and the rest when whole says so from the head. It
// never blocks (a FIFO made since the listing is refused).
func (br *BundleReader) readFile(path string, whole func(name string, head []byte) bool) (BundleFile, bool) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return BundleFile{}, false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return BundleFile{}, false
	}
	size, name := info.Size(), filepath.Base(path)
	byName := whole(name, nil)
	want := min(size, BundleSniffBytes)
	if byName {
		want = min(size, MaxBundleText)
	}
	if int64(cap(br.buf)) < want {
		br.buf = make([]byte, max(want, 2*int64(cap(br.buf))))
	}
	buf := br.buf[:want]
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF {
		return BundleFile{}, false
	}
	buf = buf[:n]
	read := byName
	if !byName && whole(name, buf) {
		read = true
		if size > int64(n) {
			buf = br.readRest(f, buf, min(size, MaxBundleText))
		}
	}
	cut := read && size > MaxBundleText
	return BundleFile{Path: path, Size: size, Exec: info.Mode()&0o111 != 0, Head: buf, Cut: cut}, true
}

// readRest reads the rest of the file f after head (the start of the
// reader's buffer), up to want bytes in all.
func (br *BundleReader) readRest(f io.Reader, head []byte, want int64) []byte {
	if int64(cap(br.buf)) < want {
		grown := make([]byte, max(want, 2*int64(cap(br.buf))))
		copy(grown, head)
		br.buf = grown
	}
	buf := br.buf[:want]
	m, _ := io.ReadFull(f, buf[len(head):])
	return buf[:len(head)+m]
}

// ReadBundleText reads up to MaxBundleText bytes of the bundle file at
// path again, without blocking: for the positions of a finding in it.
func ReadBundleText(path string) ([]byte, error) {
	f, ok := new(BundleReader).readFile(path, readWhole)
	if !ok {
		return nil, ErrNotRegular
	}
	return f.Head, nil
}

// readWhole says every file is read whole (up to MaxBundleText bytes).
func readWhole(string, []byte) bool { return true }
