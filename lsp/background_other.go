//go:build !linux

package lsp

// backgroundThread does nothing where the thread's priority cannot be
// lowered.
func backgroundThread() {}
