//go:build linux && (amd64 || arm64)

package skills

import (
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// statBytes stats path (which it may extend by a NUL byte), following
// symbolic links, into st; false when the stat fails.
func statBytes(path []byte, st *syscall.Stat_t) bool {
	path = append(path, 0)
	cwd := atFDCWD // a variable: the negative constant does not convert to uintptr
	for {
		_, _, errno := syscall.Syscall6(sysFstatat, uintptr(cwd), uintptr(unsafe.Pointer(&path[0])), uintptr(unsafe.Pointer(st)), 0, 0, 0)
		if errno != syscall.EINTR {
			return errno == 0
		}
	}
}

// statRegular returns the size and modification time of the regular file
// at dir/name (os.Stat's, following symbolic links) without allocating;
// ok is false when the stat fails, finds something else, or the path is
// long (the caller then asks os.Stat, which says why).
func statRegular(dir, name string) (size int64, modTime time.Time, ok bool) {
	var buf [512]byte
	if len(dir)+1+len(name) >= len(buf) || strings.IndexByte(dir, 0) >= 0 || strings.IndexByte(name, 0) >= 0 {
		return 0, time.Time{}, false
	}
	path := append(append(append(buf[:0], dir...), '/'), name...)
	var st syscall.Stat_t
	if !statBytes(path, &st) || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return 0, time.Time{}, false
	}
	return st.Size, time.Unix(st.Mtim.Unix()), true
}

// atFDCWD makes fstatat resolve a relative path against the working
// directory, as stat does.
const atFDCWD = -100
