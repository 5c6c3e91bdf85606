package discovery

import (
	"io"
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
}

// ReadBundleFiles lists the regular files of the bundle folder dir (not
// the skill file skip, not hidden entries, not node_modules or
// __pycache__, no symbolic links), at most MaxBundleFiles of them, at most
// MaxBundleDepth folders deep, and reads each: its first bytes, or up to
// MaxBundleText bytes when whole(name, head) says the file is worth reading
// whole (a script, a Markdown file). Files that cannot be read are left
// out.
func ReadBundleFiles(dir, skip string, whole func(name string, head []byte) bool) []BundleFile {
	var out []BundleFile
	var walk func(d string, depth int)
	walk = func(d string, depth int) {
		entries, err := readDirEntries(d)
		if err != nil {
			return
		}
		for _, e := range entries {
			name := e.Name()
			if len(out) >= MaxBundleFiles || strings.HasPrefix(name, ".") || name == "node_modules" || name == "__pycache__" {
				continue
			}
			p := filepath.Join(d, name)
			switch {
			case e.IsDir() && depth < MaxBundleDepth:
				walk(p, depth+1)
			case e.Type().IsRegular() && p != skip:
				if f, ok := readBundleFile(p, whole); ok {
					out = append(out, f)
				}
			}
		}
	}
	walk(dir, 1)
	return out
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
	if whole(filepath.Base(path), buf) && info.Size() > int64(n) {
		rest := make([]byte, min(info.Size(), MaxBundleText)-int64(n))
		m, _ := io.ReadFull(f, rest)
		buf = append(buf, rest[:m]...)
	}
	return BundleFile{Path: path, Size: info.Size(), Exec: info.Mode()&0o111 != 0, Head: buf}, true
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
