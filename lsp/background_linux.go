package lsp

import (
	"runtime"
	"syscall"
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
// one of Go's processors every stop of the world waits for it (1.5 s stalls
// of the whole server with two CPU hogs beside it). The goroutine must end
// without unlocking: an unprivileged thread cannot lower its nice value
// again, and Go then ends the thread rather than reuse it for other work.
func backgroundThread() {
	runtime.LockOSThread()
	tid, _, _ := syscall.RawSyscall(syscall.SYS_GETTID, 0, 0, 0)
	// Best effort: where the priority cannot be set, the thread keeps the
	// normal one.
	_, _, _ = syscall.RawSyscall(syscall.SYS_SETPRIORITY, 0 /* PRIO_PROCESS: a thread id */, tid, backgroundNice)
}
