//go:build !linux

package session

// backgroundThread does nothing where the thread's priority cannot be
// lowered.
func backgroundThread() {}
