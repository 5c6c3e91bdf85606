//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd || solaris)

package atomicwrite

import "os"

// ONoFollow is 0 where the OS has no O_NOFOLLOW: the resolved path is
// opened as it is.
const ONoFollow = 0

// lockFile does nothing where the OS offers no flock.
func lockFile(*os.File) error { return nil }

// LockedByOther cannot tell where the OS offers no flock.
func LockedByOther(string) bool { return false }
