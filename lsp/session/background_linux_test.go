package session

import (
	"runtime"
	"syscall"
	"testing"
)

// TestBackgroundThread: the goroutine's thread gets the background nice
// value, and the goroutine that made it so keeps it (it is locked to the
// thread); other goroutines keep the normal one.
func TestBackgroundThread(t *testing.T) {
	nice := func() int {
		tid, _, _ := syscall.RawSyscall(syscall.SYS_GETTID, 0, 0, 0)
		// The system call returns 20 - nice, to keep errors apart.
		p, _, errno := syscall.RawSyscall(syscall.SYS_GETPRIORITY, 0, tid, 0)
		if errno != 0 {
			t.Errorf("getpriority: %v", errno)
		}
		return 20 - int(p)
	}
	got := make(chan [2]int)
	go func() {
		before := nice()
		backgroundThread()
		// Let others run on other threads meanwhile; this goroutine
		// comes back to its own.
		for range 100 {
			runtime.Gosched()
		}
		got <- [2]int{before, nice()}
	}()
	g := <-got
	// A test run already niced past backgroundNice cannot come back to it.
	if want := max(g[0], backgroundNice); g[1] != want {
		t.Errorf("nice before %d, after %d; want %d", g[0], g[1], want)
	}
	if n := nice(); n != g[0] {
		t.Errorf("the test goroutine's thread has nice %d, the others %d", n, g[0])
	}
}
