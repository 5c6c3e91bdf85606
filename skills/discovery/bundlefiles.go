package discovery

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
// left out. skipped names what the bounds left out.
func ReadBundleFiles(dir, skip string, linked []string, whole func(name string, head []byte) bool) (files []BundleFile, skipped []BundleSkip) {
	r := &bundleReader{dir: dir, skip: skip, whole: whole, read: map[string]bool{}}
	for _, p := range linked {
		r.readLinked(p)
	}
	r.walk(dir, 1)
	if r.past > 0 {
		files := "files"
		if r.past == 1 {
			files = "file"
		}
		r.note(dir, fmt.Sprintf("%d %s not read past the first %d (count)", r.past, files, MaxBundleFiles))
	}
	return r.files, r.skipped
}

// bundleReader is one ReadBundleFiles.
type bundleReader struct {
	dir, skip string
	whole     func(name string, head []byte) bool
	read      map[string]bool // the files read
	files     []BundleFile
	skipped   []BundleSkip
	past      int // the regular files past MaxBundleFiles
}

func (r *bundleReader) note(path, why string) {
	r.skipped = append(r.skipped, BundleSkip{Path: path, Why: why})
}

// walk lists the folder d, depth folders deep (the bundle folder is 1).
func (r *bundleReader) walk(d string, depth int) {
	entries, err := readDirEntries(d)
	if err != nil {
		r.note(d, "cannot be listed")
		return
	}
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(d, name)
		switch {
		case p == r.skip || r.read[p]:
		case strings.HasPrefix(name, "."):
			r.note(p, "not listed: a dot file or folder is read only where the skill links to it (dot folders)")
		case name == "node_modules" || name == "__pycache__":
			r.note(p, "not listed: node_modules and __pycache__ are read only where the skill links to them (dot folders)")
		case e.Type()&fs.ModeSymlink != 0:
			r.note(p, "not read: a symbolic link is not followed (links)")
		case e.IsDir() && depth >= MaxBundleDepth:
			r.note(p, fmt.Sprintf("not listed: a bundle is listed %d folders deep, and deeper only the files the skill links to are read (depth)", MaxBundleDepth))
		case e.IsDir():
			r.walk(p, depth+1)
		case !e.Type().IsRegular():
		case len(r.files) >= MaxBundleFiles:
			r.past++
		default:
			r.add(p)
		}
	}
}

// readLinked reads a file the skill links to: a regular file inside the
// bundle reached through no symbolic link, while the count allows.
func (r *bundleReader) readLinked(p string) {
	if p == r.skip || r.read[p] || len(r.files) >= MaxBundleFiles || p == r.dir || !Within(p, r.dir) {
		return
	}
	rel, err := filepath.Rel(r.dir, p)
	if err != nil {
		return
	}
	at := r.dir
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
	r.add(p)
}

// add reads the regular file p.
func (r *bundleReader) add(p string) {
	f, ok := readBundleFile(p, r.whole)
	if !ok {
		return
	}
	r.read[p] = true
	r.files = append(r.files, f)
	if f.Cut {
		r.note(p, fmt.Sprintf("only the first %d KiB of %d KiB read (size)", MaxBundleText>>10, (f.Size+1023)>>10))
	}
}

// readBundleFile reads the head of the regular file at path, and the rest
// up to MaxBundleText bytes when whole says so; it never blocks (a FIFO
// made since the listing is refused).
func readBundleFile(path string, whole func(name string, head []byte) bool) (BundleFile, bool) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return BundleFile{}, false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return BundleFile{}, false
	}
	buf := make([]byte, min(info.Size(), BundleSniffBytes))
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF {
		return BundleFile{}, false
	}
	buf = buf[:n]
	cut := false
	if whole(filepath.Base(path), buf) && info.Size() > int64(n) {
		rest := make([]byte, min(info.Size(), MaxBundleText)-int64(n))
		m, _ := io.ReadFull(f, rest)
		buf = append(buf, rest[:m]...)
		cut = info.Size() > MaxBundleText
	}
	return BundleFile{Path: path, Size: info.Size(), Exec: info.Mode()&0o111 != 0, Head: buf, Cut: cut}, true
}

// ReadBundleText reads up to MaxBundleText bytes of the bundle file at
// path again, without blocking: for the positions of a finding in it.
func ReadBundleText(path string) ([]byte, error) {
	f, ok := readBundleFile(path, func(string, []byte) bool { return true })
	if !ok {
		return nil, errNotRegular
	}
	return f.Head, nil
}
