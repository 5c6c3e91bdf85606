package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// lspClient is a minimal JSON-RPC 2.0 client over a server's stdio.
type lspClient struct {
	in  io.WriteCloser
	wmu sync.Mutex
	id  atomic.Int64

	mu      sync.Mutex
	pending map[int64]chan rpcMessage
	// onNotify is called on the reader goroutine for every notification.
	onNotify func(at time.Time, method string, params json.RawMessage)
	closed   chan struct{}
	readErr  error
}

// rpcMessage is any JSON-RPC 2.0 message: a request, a notification or a
// response.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
	// arrived is when the reader had the message's whole frame, before
	// decoding it.
	arrived time.Time
}

// write sends one message with its Content-Length header.
func (c *lspClient) write(m any) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n", len(b)); err != nil {
		return err
	}
	_, err = c.in.Write(b)
	return err
}

// notify sends a notification.
func (c *lspClient) notify(method string, params any) error {
	return c.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and waits for its response.
func (c *lspClient) call(method string, params any, timeout time.Duration) (json.RawMessage, error) {
	res, _, err := c.callTimed(method, params, timeout)
	return res, err
}

// callTimed is call that also returns when the response's frame arrived:
// a latency measured to then, as the diagnostics' are, leaves out this
// client's own decoding and the hand-over from its reader goroutine.
func (c *lspClient) callTimed(method string, params any, timeout time.Duration) (json.RawMessage, time.Time, error) {
	id := c.id.Add(1)
	ch := make(chan rpcMessage, 1)
	c.mu.Lock()
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	if err := c.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return nil, time.Time{}, err
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, m.arrived, fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		return m.Result, m.arrived, nil
	case <-c.closed:
		return nil, time.Time{}, fmt.Errorf("%s: server gone: %v", method, c.readErr)
	case <-time.After(timeout):
		return nil, time.Time{}, fmt.Errorf("%s: no response in %v", method, timeout)
	}
}

// read is the reader loop: responses go to their callers, server requests
// get an empty answer, notifications go to onNotify.
func (c *lspClient) read(out io.Reader) {
	defer close(c.closed)
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		body, err := readMessage(r)
		if err != nil {
			c.readErr = err
			return
		}
		at := time.Now()
		var m rpcMessage
		if err := json.Unmarshal(body, &m); err != nil {
			continue
		}
		m.arrived = at
		switch {
		case m.Method != "" && len(m.ID) > 0: // a request from the server
			c.answer(m)
		case m.Method != "":
			if c.onNotify != nil {
				c.onNotify(at, m.Method, m.Params)
			}
		default:
			c.deliver(m)
		}
	}
}

// readMessage reads one message's headers and returns its body.
func readMessage(r *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
			n, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	if n < 0 {
		return nil, errors.New("message without Content-Length")
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// answer answers a request from the server: workspace/configuration with
// one null (the defaults) per item asked for, any other with null.
func (c *lspClient) answer(m rpcMessage) {
	var result any
	if m.Method == "workspace/configuration" {
		var p struct{ Items []json.RawMessage }
		_ = json.Unmarshal(m.Params, &p)
		result = make([]any, len(p.Items))
	}
	_ = c.write(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
}

// deliver hands a response to the call waiting for it, if any.
func (c *lspClient) deliver(m rpcMessage) {
	id, err := strconv.ParseInt(string(m.ID), 10, 64)
	if err != nil {
		return
	}
	c.mu.Lock()
	ch := c.pending[id]
	c.mu.Unlock()
	if ch != nil {
		ch <- m
	}
}

// fileURI returns the file: URI of the path p.
func fileURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}

// uriPath returns the path of a file: URI, or u itself for any other.
func uriPath(u string) string {
	if pu, err := url.Parse(u); err == nil && pu.Scheme == "file" {
		return filepath.FromSlash(pu.Path)
	}
	return u
}
