//go:build !linux

package atomicwrite

import "os"

// preallocate reserves nothing outside Linux: a full disk fails the write,
// which then puts the old bytes back.
func preallocate(*os.File, int64) error { return nil }
