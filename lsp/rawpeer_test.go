package lsp

// rawpeer_test.go: a peer that talks JSON-RPC bytes to a server, for the
// tests that look at the wire itself.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// rawPeer talks JSON-RPC bytes to a server for full wire visibility.
type rawPeer struct {
	t    testing.TB
	w    io.Writer
	r    *bufio.Reader
	seen bytes.Buffer // every byte read from the server
}

func (p *rawPeer) send(msg string) {
	p.t.Helper()
	if _, err := fmt.Fprintf(p.w, "Content-Length: %d\r\n\r\n%s", len(msg), msg); err != nil {
		p.t.Fatalf("write: %v", err)
	}
}

// next reads the next message from the server.
func (p *rawPeer) next() (map[string]json.RawMessage, error) {
	length := -1
	for {
		line, err := p.r.ReadString('\n')
		p.seen.WriteString(line)
		if err != nil {
			return nil, err
		}
		if line == "\r\n" {
			break
		}
		k, v, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ":")
		if !ok {
			return nil, fmt.Errorf("bad header line %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(k), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return nil, fmt.Errorf("bad length %q", v)
			}
			length = n
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("no Content-Length")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(p.r, body); err != nil {
		return nil, err
	}
	p.seen.Write(body)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("body is not a JSON object: %v: %q", err, body)
	}
	return m, nil
}

// response reads messages until the response with the given raw id.
func (p *rawPeer) response(id string) map[string]json.RawMessage {
	p.t.Helper()
	for {
		m, err := p.next()
		if err != nil {
			p.t.Fatalf("waiting for response %s: %v", id, err)
		}
		if string(m["id"]) == id && m["method"] == nil {
			return m
		}
	}
}

// rpcError decodes the error member of a response.
func rpcError(m map[string]json.RawMessage) (code int, msg string) {
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if m["error"] == nil {
		return 0, ""
	}
	json.Unmarshal(m["error"], &e)
	return e.Code, e.Message
}

// newRawEnv starts Serve with a raw peer on the other end.
func newRawEnv(t testing.TB, hooks serveHooks) (*rawPeer, chan error) {
	t.Helper()
	sEnd, cEnd := net.Pipe()
	done := make(chan error, 1)
	opts := session.Options{HomeDir: t.TempDir(), Getenv: func(string) string { return "" }, DiagnosticsDelay: ptr(time.Duration(0))}
	go func() { done <- serve(context.Background(), sEnd, opts, hooks) }()
	p := &rawPeer{t: t, w: cEnd, r: bufio.NewReader(cEnd)}
	// Drain everything after the test so the server never blocks on write.
	t.Cleanup(func() {
		cEnd.Close()
		select {
		case <-done:
		case <-time.After(waitBound):
			t.Errorf("Serve did not return")
		}
	})
	return p, done
}
