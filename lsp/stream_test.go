package lsp

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestMalformedBodyKeepsServing: a well-framed body that is not JSON gets
// -32700 with a null id, JSON that is not a message gets -32600 with its
// id, and the session goes on.
func TestMalformedBodyKeepsServing(t *testing.T) {
	p, _ := newRawEnv(t, serveHooks{})
	p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	p.response("1")
	p.send(`{"jsonrpc":"2.0","id":99,"method":`)
	// The answer has id null; a window/logMessage about the bad body may
	// come first, and must be read before the next send (net.Pipe does not
	// buffer: an unread answer blocks the server's read loop).
	m := p.response("null")
	if code, _ := rpcError(m); code != -32700 {
		t.Errorf("answer to a non-JSON body = %s", p.seen.String())
	}
	p.send(`{"jsonrpc":"2.0","id":"x"}`)
	m = p.response(`"x"`)
	if code, _ := rpcError(m); code != -32600 {
		t.Errorf("answer to JSON that is no message: %v", m)
	}
	p.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	if m := p.response("2"); m["error"] != nil {
		t.Errorf("shutdown after malformed messages failed: %v", m)
	}
}

// TestBrokenHeaderEnds: a header that cannot be read ends the session with
// ErrBrokenHeader, which the CLI reports on stderr.
func TestBrokenHeaderEnds(t *testing.T) {
	p, done := newRawEnv(t, serveHooks{})
	fmt.Fprint(p.w, "Content-Lenght: 5\r\n\r\nhello")
	select {
	case err := <-done:
		if !errors.Is(err, ErrBrokenHeader) || ExitStatus(err) != 1 {
			t.Errorf("Serve = %v, exit %d", err, ExitStatus(err))
		}
		done <- err // for the cleanup
	case <-time.After(waitBound):
		t.Fatal("Serve did not end on a broken header")
	}
}
