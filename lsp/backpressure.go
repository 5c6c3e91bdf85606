package lsp

import (
	"context"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// backpressure.go: a client that stops reading the server's output must
// not make the server grow. Every call read starts work that ends in a
// reply, and a reply the client does not read blocks its writer; so the
// stream stops reading while maxUnanswered calls run or messages wait to
// be written, as a socket server stops accepting. A client that reads its
// replies never meets the bound: it only caps bursts of calls sent without
// reading any answer.

// maxUnanswered bounds the calls running and the messages being written
// before the stream reads on: each costs about 10 KB.
const maxUnanswered = 256

// inflight counts the running calls and the messages being written, so
// that the stream can wait for room and exit can let calls answer first.
type inflight struct {
	mu      sync.Mutex
	n       int
	idle    chan struct{} // closed when n drops to 0; nil while n == 0
	dropped chan struct{} // closed when n drops; nil until someone waits
}

// add changes the count by d.
func (f *inflight) add(d int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n += d
	if f.n > 0 && f.idle == nil {
		f.idle = make(chan struct{})
	}
	if f.n == 0 && f.idle != nil {
		close(f.idle)
		f.idle = nil
	}
	if d < 0 && f.dropped != nil {
		close(f.dropped)
		f.dropped = nil
	}
}

// below blocks until the count is under limit or ctx ends.
func (f *inflight) below(ctx context.Context, limit int) error {
	for {
		f.mu.Lock()
		if f.n < limit {
			f.mu.Unlock()
			return nil
		}
		if f.dropped == nil {
			f.dropped = make(chan struct{})
		}
		ch := f.dropped
		f.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// wait blocks until no call is running or the timeout passes.
func (f *inflight) wait(timeout time.Duration) {
	f.mu.Lock()
	ch := f.idle
	f.mu.Unlock()
	if ch == nil {
		return
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-ch:
	case <-t.C:
	}
}

// Write counts the message as unanswered until it is written.
func (s *tolerantStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	s.load.add(1)
	defer s.load.add(-1)
	return s.Stream.Write(ctx, msg)
}
