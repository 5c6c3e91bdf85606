package lsp

import (
	"runtime"
	"syscall"
	"testing"
)

// TestBackgroundThread: the goroutine's thread gets SCHED_IDLE, and the
// goroutine that made it so keeps it (it is locked to the thread); other
// goroutines keep the normal policy.
func TestBackgroundThread(t *testing.T) {
	policy := func() uintptr {
		p, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
		if errno != 0 {
			t.Errorf("sched_getscheduler: %v", errno)
		}
		return p
	}
	got := make(chan [2]uintptr)
	go func() {
		before := policy()
		backgroundThread()
		// Let others run on other threads meanwhile; this goroutine
		// comes back to its own.
		for range 100 {
			runtime.Gosched()
		}
		got <- [2]uintptr{before, policy()}
	}()
	g := <-got
	if g[0] != 0 || g[1] != schedIdle {
		t.Errorf("policy before %d, after %d; want 0 (SCHED_OTHER), then %d (SCHED_IDLE)", g[0], g[1], schedIdle)
	}
	if p := policy(); p != 0 {
		t.Errorf("the test goroutine's thread has policy %d", p)
	}
}
