//go:build unix

// Package pollstdin gives the language server its stdin so that closing it
// ends a read that waits.
package pollstdin

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// Pollable returns stdin ready for Go's network poller when it is a pipe or
// a socket (what editors give a language server), so that closing it ends
// a read that waits: an editor may keep the pipe open until the server's
// process ends, and a blocking read of an inherited descriptor outlives
// Close, which kept exit waiting for the connection's 2 s bound
// (TestServe). A terminal or a file is returned as it is: O_NONBLOCK
// would outlive the server on a terminal the shell shares.
func Pollable(stdin io.Reader) io.Reader {
	f, ok := stdin.(*os.File)
	if !ok {
		return stdin
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return stdin
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return stdin
	}
	// A duplicate of the descriptor, so that f keeps its own (os.Stdin's
	// is never closed; a caller's f may be, by its cleanup too).
	// O_NONBLOCK is set on what both share; NewFile sees it and registers
	// the duplicate with the poller. f must not be read again.
	var dup int
	var dupErr error
	if err := rc.Control(func(fd uintptr) {
		dup, dupErr = unix.Dup(int(fd))
		if dupErr == nil {
			unix.CloseOnExec(dup)
			if dupErr = unix.SetNonblock(dup, true); dupErr != nil {
				unix.Close(dup)
			}
		}
	}); err != nil || dupErr != nil {
		return stdin
	}
	return os.NewFile(uintptr(dup), f.Name())
}
