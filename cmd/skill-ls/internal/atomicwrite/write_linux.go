package atomicwrite

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// preallocate reserves the blocks for size bytes of f without changing its
// length, so that a full disk fails before the file is touched. A file
// system that cannot reserve (EOPNOTSUPP) is written without.
func preallocate(f *os.File, size int64) error {
	if fi, err := f.Stat(); err != nil || size <= fi.Size() {
		return err
	}
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := raw.Control(func(fd uintptr) { ferr = unix.Fallocate(int(fd), unix.FALLOC_FL_KEEP_SIZE, 0, size) }); err != nil {
		return err
	}
	if errors.Is(ferr, unix.EOPNOTSUPP) || errors.Is(ferr, unix.ENOSYS) {
		return nil
	}
	return ferr
}
