//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd || solaris

package atomicwrite

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// ONoFollow makes an open fail on a symbolic link: a fix writes the path
// it resolved and checked, not what a link swapped in since points to.
const ONoFollow = unix.O_NOFOLLOW

// lockFile takes an exclusive advisory lock on f without waiting; it is
// released when f is closed.
func lockFile(f *os.File) error {
	raw, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var lerr error
	if err := raw.Control(func(fd uintptr) { lerr = unix.Flock(int(fd), unix.LOCK_EX|unix.LOCK_NB) }); err != nil {
		return err
	}
	if errors.Is(lerr, unix.EWOULDBLOCK) {
		return errLocked
	}
	return lerr
}

// LockedByOther reports whether another process holds a lock on the file
// at path (false when it cannot tell).
func LockedByOther(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return lockFile(f) == errLocked
}
