package skills

import (
	"errors"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"io"
	"io/fs"
	"os"
	"syscall"
)

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

// readDirNames lists the names in dir, in directory order.
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

// readSkillFile reads a skill file into buf's memory when it is large
// enough (new memory otherwise), without blocking on FIFOs and without
// reading more than MaxFileSize bytes. size is the file's size when it was
// opened.
func readSkillFile(path string, buf []byte) (src []byte, size int64, err error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		return nil, 0, errNotRegular
	}
	if info.Size() > skillfile.MaxFileSize {
		return nil, 0, errTooLarge
	}
	if int64(cap(buf)) < info.Size()+1 {
		buf = make([]byte, 0, info.Size()+1)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > skillfile.MaxFileSize {
			return nil, 0, errTooLarge
		}
		if err == io.EOF {
			return buf, info.Size(), nil
		}
		if err != nil {
			return nil, 0, err
		}
	}
}

var (
	errNotRegular = errors.New("not a regular file")
	errTooLarge   = errors.New("file too large")
)

// loadFile reads the skill file at path into buf's memory (new memory when
// it is too small) and parses it. size is the file's size when it was
// opened, -1 when it could not be read.
func loadFile(path string, mode skillfile.ReadMode, buf []byte, body bool) (*skillfile.File, int64) {
	src, size, err := readSkillFile(path, buf)
	if errors.Is(err, errTooLarge) {
		return skillfile.TooLarge(path, mode), -1
	}
	if err != nil {
		return skillfile.Unreadable(path, mode, errText(err)), -1
	}
	if !body {
		return skillfile.ParseCatalog(path, src, mode), size
	}
	return skillfile.Parse(path, src, mode), size
}
