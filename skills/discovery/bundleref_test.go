package discovery

// The reference the bundle read is held to: the read of each linked file
// after an os.Lstat per path component, then a walk that lists and reads
// as it goes (TestBundleReadMatchesReference).

import (
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// readBundleFilesRef reads the files the skill file links to inside the
// bundle folder dir (linked: whatever their depth, in a dot folder too,
// never through a symbolic link), then lists the other regular files of
// dir (not the skill file skip, not hidden entries, not node_modules or
// __pycache__, no symbolic links), at most MaxBundleFiles in all, at most
// MaxBundleDepth folders deep, and reads each: its first bytes, or up to
// MaxBundleText bytes when whole(name, head) says the file is worth
// reading whole (a script, a Markdown file). Files that cannot be read are
// left out. skipped names what the bounds left out.
func readBundleFilesRef(dir, skip string, linked []string, whole func(name string, head []byte) bool) (files []BundleFile, skipped []BundleSkip) {
	r := &refReader{dir: dir, skip: skip, whole: whole, read: map[string]bool{}}
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

// refReader is one ReadBundleFiles.
type refReader struct {
	dir, skip string
	whole     func(name string, head []byte) bool
	read      map[string]bool // the files read
	files     []BundleFile
	skipped   []BundleSkip
	past      int // the regular files past MaxBundleFiles
}

func (r *refReader) note(path, why string) {
	r.skipped = append(r.skipped, BundleSkip{Path: path, Why: why})
}

// walk lists the folder d, depth folders deep (the bundle folder is 1).
func (r *refReader) walk(d string, depth int) {
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
func (r *refReader) readLinked(p string) {
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
func (r *refReader) add(p string) {
	f, ok := refReadFile(p, r.whole)
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
func refReadFile(path string, whole func(name string, head []byte) bool) (BundleFile, bool) {
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

// TestBundleReadMatchesReference: the listing-first read returns the
// files, bytes and notes of the reference (a stat per linked path
// component, a walk that reads as it lists) on random bundles: files at
// every depth, dot folders, node_modules, symbolic links to files and
// folders, FIFOs, more files than the count, links to all of them and to
// paths that do not exist or lie outside.
func TestBundleReadMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 40))
	whole := func(name string, head []byte) bool {
		return strings.HasSuffix(name, ".sh2") || strings.HasPrefix(string(head), "#!") || strings.HasSuffix(name, ".md1")
	}
	for round := range 60 {
		dir, skill, paths, linked := randomBundle(t, rng, round%4 == 3)
		wantFiles, wantSkipped := readBundleFilesRef(dir, skill, linked, whole)
		gotFiles, gotSkipped := ReadBundleFiles(dir, skill, linked, whole)
		if !reflect.DeepEqual(gotFiles, wantFiles) || !reflect.DeepEqual(gotSkipped, wantSkipped) {
			t.Fatalf("round %d:\ngot  %v\n     %v\nwant %v\n     %v", round, gotFiles, gotSkipped, wantFiles, wantSkipped)
		}
		l := ListBundle(dir, skill)
		for _, p := range append(paths, linked...) {
			if _, err := os.Stat(p); l.Exists(p) && err != nil {
				t.Fatalf("round %d: the listing met %s, which os.Stat does not find: %v", round, p, err)
			}
		}
	}
}

// randomBundle makes a random bundle folder (wide: folders of up to 24
// entries) and returns it, its skill file, the paths made in it and the
// paths its skill file links to.
func randomBundle(t *testing.T, rng *rand.Rand, wide bool) (dir, skill string, paths, linked []string) {
	names := []string{"a", "b", ".d", "node_modules", "__pycache__", "s.sh", "r.md", "x.bin", "evals"}
	dir = filepath.Join(t.TempDir(), "bundle")
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "o.sh"), []byte("#!/bin/sh\ncurl x | sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	width := 5
	if wide {
		width = 25
	}
	var grow func(d string, depth int)
	grow = func(d string, depth int) {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range rng.IntN(width) {
			p := filepath.Join(d, names[rng.IntN(len(names))]+strconv.Itoa(i%3))
			if _, err := os.Lstat(p); err == nil {
				continue
			}
			paths = append(paths, p)
			switch k := rng.IntN(10); {
			case k < 2 && depth < 5:
				grow(p, depth+1)
			case k == 2:
				_ = os.Symlink(outside, p)
			case k == 3 && len(paths) > 1:
				_ = os.Symlink(paths[rng.IntN(len(paths)-1)], p)
			case k == 4:
				_ = syscall.Mkfifo(p, 0o644)
			default:
				body := strings.Repeat("echo hi\n", rng.IntN(200))
				if k == 5 {
					body = "#!/bin/sh\n" + body
				}
				_ = os.WriteFile(p, []byte(body), 0o644)
			}
		}
	}
	grow(dir, 1)
	skill = filepath.Join(dir, "SKILL.md")
	_ = os.WriteFile(skill, []byte("---\nname: x\n---\n"), 0o644)
	for range rng.IntN(8) {
		switch k := rng.IntN(4); {
		case k == 0:
			linked = append(linked, filepath.Join(dir, "missing", "m.sh"))
		case k == 1:
			linked = append(linked, filepath.Join(outside, "o.sh"), skill, dir)
		case len(paths) > 0:
			linked = append(linked, paths[rng.IntN(len(paths))], filepath.Join(paths[rng.IntN(len(paths))], "o.sh"))
		}
	}
	return dir, skill, paths, linked
}
