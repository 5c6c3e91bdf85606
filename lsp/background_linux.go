package lsp

import (
	"runtime"
	"syscall"
	"unsafe"
)

// schedIdle is Linux's SCHED_IDLE scheduling policy.
const schedIdle = 5

// backgroundThread makes the calling goroutine's thread a background one:
// the goroutine is locked to its thread, and the thread gets the SCHED_IDLE
// policy, so that the kernel runs any other thread that wakes on its CPU
// at once (the read loop with a keystroke, the editor itself) instead of
// letting it wait for the background thread's time slice. The goroutine
// must end without unlocking: Go then ends the thread rather than reuse it
// for other work.
func backgroundThread() {
	runtime.LockOSThread()
	var param struct{ priority int32 }
	// Best effort: where the policy cannot be set, the thread keeps the
	// normal one.
	_, _, _ = syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, schedIdle, uintptr(unsafe.Pointer(&param)))
}
