package session

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// backgroundNice is the nice value of the thread that runs the
// workspace-wide pass (see backgroundThread).
const backgroundNice = 10

// backgroundThread makes the calling goroutine's thread a background one:
// the goroutine is locked to its thread, and the thread's nice value is
// raised to backgroundNice, so that the kernel lets a thread that wakes on
// its CPU (the read loop with a keystroke, the editor itself) run at once
// instead of after the pass's time slice. Not SCHED_IDLE: on a machine
// busy with other work a SCHED_IDLE thread hardly runs, and while it holds
// one of Go's processors every stop of the world waits for it. The
// goroutine must end without unlocking: an unprivileged thread cannot
// lower its nice value again, and Go then ends the thread rather than
// reuse it for other work.
func backgroundThread() {
	runtime.LockOSThread()
	// Best effort: where the priority cannot be set, the thread keeps the
	// normal one. PRIO_PROCESS with a thread id sets that thread's.
	_ = unix.Setpriority(unix.PRIO_PROCESS, unix.Gettid(), backgroundNice)
}
