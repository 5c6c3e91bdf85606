package main

import (
	"io"
	"os"
	"syscall"
	"unsafe"
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
	var req uintptr
	switch {
	case fi.Mode()&os.ModeNamedPipe != 0:
		req = syscall.TIOCINQ // FIONREAD: a pipe counts its unread bytes at either end
	case fi.Mode()&os.ModeSocket != 0:
		req = syscall.TIOCOUTQ // SIOCOUTQ: what was sent and not yet consumed
	default:
		return nil
	}
	// SyscallConn, not Fd: Fd would put the descriptor in blocking mode.
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	return func() (int, bool) {
		var n int32
		var errno syscall.Errno
		if err := rc.Control(func(fd uintptr) {
			_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, req, uintptr(unsafe.Pointer(&n)))
		}); err != nil || errno != 0 {
			return 0, false
		}
		return int(n), true
	}
}
