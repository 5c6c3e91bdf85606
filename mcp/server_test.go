package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// session runs Serve over pipes with tools; send writes a line, next
// reads the next message the server writes.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
}

func newSession(t *testing.T, tools ...*Tool) *session {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	go func() {
		s.done <- Serve(ctx, inR, outW, Options{Name: "t", Version: "0", Tools: tools})
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close(); outR.Close() })
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
}

func (s *session) next() string {
	s.t.Helper()
	if !s.out.Scan() {
		s.t.Fatalf("the server wrote nothing more: %v", s.out.Err())
	}
	return s.out.Text()
}

// TestProtocolErrors: a line that is not JSON-RPC, an unknown method, an
// unknown tool and arguments against the schema each get their error, and
// the session goes on.
func TestProtocolErrors(t *testing.T) {
	type args struct {
		N int `json:"n"`
	}
	echo := NewTool("echo", "", nil, func(_ context.Context, a args) (*Result, error) {
		return &Result{Text: []string{"n is " + strings.Repeat("I", a.N)}}, nil
	})
	s := newSession(t, echo)
	for _, tc := range []struct{ send, want string }{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2099-01-01"}}`, `"protocolVersion":"2025-11-25"`},
		{`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}`, `"protocolVersion":"2025-06-18"`},
		{`not json`, `"code":-32700`},
		{`{"jsonrpc":"2.0","id":3,"method":"nope/nope"}`, `"code":-32601`},
		{`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope"}}`, `"code":-32602`},
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"n":"three"}}}`, `"isError":true`},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{"n":3,"extra":1}}}`, `"isError":true`},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, ""},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"n":3}}}`, `"text":"n is III"`},
		{`{"jsonrpc":"2.0","id":8,"method":"ping"}`, `"result":{}`},
		{`{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"skill://x/SKILL.md"}}`, `"code":-32602,"message":"Resource not found","data":{"uri":"skill://x/SKILL.md"}`},
	} {
		s.send(tc.send)
		if tc.want == "" {
			continue
		}
		if got := s.next(); !strings.Contains(got, tc.want) {
			t.Errorf("%s\n got %s\nwant %s", tc.send, got, tc.want)
		}
	}
}

// TestCancelAndDisconnect: notifications/cancelled cancels a running
// call's context; a client that closes the stream ends Serve with nil
// after its calls returned.
func TestCancelAndDisconnect(t *testing.T) {
	started := make(chan struct{}, 2)
	wait := NewTool("wait", "", nil, func(ctx context.Context, _ struct{}) (*Result, error) {
		started <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	})
	s := newSession(t, wait)
	s.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait"}}`)
	<-started
	s.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`)
	var resp struct {
		ID     int `json:"id"`
		Result struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(s.next()), &resp); err != nil || resp.ID != 1 || !resp.Result.IsError {
		t.Errorf("the cancelled call's answer: %+v %v", resp, err)
	}
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait"}}`)
	<-started
	s.in.Close()
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("Serve after the client left: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not end after the client left")
	}
}
