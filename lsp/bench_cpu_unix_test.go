//go:build unix

package lsp

import (
	"time"

	"golang.org/x/sys/unix"
)

// processCPU returns the CPU time (user and system) this process used.
func processCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
