package lsp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// TestBackpressure sends calls without reading a reply: the server must
// stop reading (the client's writes block) with its goroutines bounded,
// and answer every call once the client reads again. (A batch is one
// frame the stream answers with a single -32600: LSP has no batches.)
func TestBackpressure(t *testing.T) {
	const calls = 5000
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- serve(context.Background(), halfPipe{r: inR, w: outW}, session.Options{Getenv: func(string) string { return "" }, DisableWatch: true}, serveHooks{})
	}()
	baseG := runtime.NumGoroutine()
	var sent atomic.Int64
	go func() {
		for _, f := range hoverFrames(calls) {
			if _, err := io.WriteString(inW, f); err != nil {
				return
			}
			sent.Add(1)
		}
	}()
	waitStill(t, &sent)
	if g := runtime.NumGoroutine() - baseG; g > maxUnanswered+64 {
		t.Errorf("%d goroutines while the client reads nothing, want at most %d", g, maxUnanswered+64)
	}
	if sent.Load() >= calls {
		t.Errorf("the server read all %d calls while no reply was read", calls)
	}
	r := bufio.NewReader(outR)
	for n := 0; n < calls; {
		ms, err := readFrame(r)
		if err != nil {
			t.Fatalf("after %d replies: %v", n, err)
		}
		n += len(ms)
	}
	inW.Close()
	outR.Close()
	<-done
}

// hoverFrames returns n hover calls, one per frame: sent before
// initialize, each gets an error reply.
func hoverFrames(n int) []string {
	out := make([]string, n)
	for i := range out {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.md"},"position":{"line":0,"character":0}}}`, i+1)
		out[i] = fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return out
}

// waitStill polls until the count has not moved for 300 ms.
func waitStill(t *testing.T, n *atomic.Int64) {
	t.Helper()
	last, since := n.Load(), time.Now()
	for deadline := time.Now().Add(waitBound); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cur := n.Load(); cur != last {
			last, since = cur, time.Now()
		} else if time.Since(since) > 300*time.Millisecond {
			return
		}
	}
	t.Fatal("the client never stopped writing")
}
