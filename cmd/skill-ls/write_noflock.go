//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd || solaris)

package main

import "os"

// oNoFollow is 0 where the OS has no O_NOFOLLOW: the resolved path is
// opened as it is.
const oNoFollow = 0

// lockFile does nothing where the OS offers no flock.
func lockFile(*os.File) error { return nil }

// lockedByOther cannot tell where the OS offers no flock.
func lockedByOther(string) bool { return false }
