package main

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// unreadProbe returns how to ask how many bytes written to w its reader
// has not read yet: FIONREAD for a pipe, SIOCOUTQ for a socket. It returns
// nil when w is neither (a terminal, a file, a buffer in a test).
func unreadProbe(w io.Writer) func() (int, bool) {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	var req uint
	switch {
	case fi.Mode()&os.ModeNamedPipe != 0:
		req = unix.TIOCINQ // FIONREAD: a pipe counts its unread bytes at either end
	case fi.Mode()&os.ModeSocket != 0:
		req = unix.TIOCOUTQ // SIOCOUTQ: what was sent and not yet consumed
	default:
		return nil
	}
	// SyscallConn, not Fd: Fd would put the descriptor in blocking mode.
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	return func() (int, bool) {
		var n int
		var ioctlErr error
		if err := rc.Control(func(fd uintptr) { n, ioctlErr = unix.IoctlGetInt(int(fd), req) }); err != nil || ioctlErr != nil {
			return 0, false
		}
		return n, true
	}
}
