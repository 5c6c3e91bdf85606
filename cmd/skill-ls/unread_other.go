//go:build !linux

package main

import "io"

// unreadProbe returns nil: only Linux tells how much of a pipe is unread.
func unreadProbe(io.Writer) func() (int, bool) { return nil }
