package discovery

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"

	"github.com/skill-ls/skill-ls/skills/skillfile"
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

// ErrText strips Go's "op path: " prefix from a path error.
func ErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ReadSkillFile reads a skill file into buf's memory when it is large
// enough (new memory otherwise: exactly the file's size when buf is nil),
// without blocking on FIFOs and without reading more than MaxFileSize
// bytes. size is the file's size when it was
// opened.
func ReadSkillFile(path string, buf []byte) (src []byte, size int64, err error) {
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
		return nil, 0, fmt.Errorf("%w (%s)", ErrNotRegular, fileType(info))
	}
	if info.Size() > skillfile.MaxFileSize {
		return nil, 0, ErrTooLarge
	}
	switch need := info.Size() + 1; {
	case buf == nil:
		buf = make([]byte, 0, need) // memory the file may keep: no more than it needs
	case int64(cap(buf)) < need:
		// A reused buffer grows by doubling from 32 KiB, so that it fits
		// the files after this one: an exact fit would be made anew for
		// most of them.
		buf = make([]byte, 0, max(need, 2*int64(cap(buf)), minReadBuffer))
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > skillfile.MaxFileSize {
			return nil, 0, ErrTooLarge
		}
		if err == io.EOF {
			return buf, info.Size(), nil
		}
		if err != nil {
			return nil, 0, err
		}
	}
}

// minReadBuffer is the smallest buffer ReadSkillFile allocates: most skill
// files are smaller.
const minReadBuffer = 32 << 10

// ErrNotRegular is the error of a skill file that is not a regular file
// (a FIFO, a socket, a device, a directory): ReadSkillFile opened it
// without blocking and read nothing, and says what it is ("not a regular
// file (a FIFO)").
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is the error of a skill file larger than
// skillfile.MaxFileSize: skill-ls does not read it.
var ErrTooLarge = errors.New("file too large")
