//go:build linux && (amd64 || arm64)

package skills

import (
	"syscall"
	"unsafe"
)

// statExists reports whether path (which it may extend by a NUL byte)
// names something a stat following symbolic links finds: os.Stat's err ==
// nil, without the path string and FileInfo os.Stat allocates. path holds
// no NUL byte.
func statExists(path []byte) bool {
	path = append(path, 0)
	var st syscall.Stat_t
	cwd := atFDCWD // a variable: the negative constant does not convert to uintptr
	for {
		_, _, errno := syscall.Syscall6(sysFstatat, uintptr(cwd), uintptr(unsafe.Pointer(&path[0])), uintptr(unsafe.Pointer(&st)), 0, 0, 0)
		if errno != syscall.EINTR {
			return errno == 0
		}
	}
}

// atFDCWD makes fstatat resolve a relative path against the working
// directory, as stat does.
const atFDCWD = -100
