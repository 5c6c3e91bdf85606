package lsp

// handler_test.go: the handler chain's traps (panics, cancellation, error
// codes, custom methods, the log tee).

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// docs/server.md, Handler chain (panics): a panic in a handler answers -32603 and the server keeps serving.
func TestPanicInHandler(t *testing.T) {
	e := newEnv(t, envOptions{hooks: withHook})
	e.initialize(nil)
	for range 3 {
		_, err := e.call("test/panic", "")
		if errCode(err) != jsonrpc2.InternalError {
			t.Fatalf("panic: %v, want -32603", err)
		}
	}
	e.alive()
	if !strings.Contains(e.logs.String(), "panic in handler") {
		t.Errorf("panic not logged")
	}
}

// docs/server.md, Handler chain ($/cancelRequest): $/cancelRequest with numeric and string ids cancels the handler
// and the reply is -32800 (never code 0).
func TestCancelRequest(t *testing.T) {
	p, _ := newRawEnv(t, withHook)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	p.response("1")
	p.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	for _, id := range []string{`7`, `"s7"`, `0`, `"x y"`} {
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"test/block"}`, id))
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":%s}}`, id))
		m := p.response(id)
		if code, msg := rpcError(m); code != int(protocol.CodeRequestCancelled) {
			t.Errorf("cancel id %s: code %d %q, want -32800", id, code, msg)
		}
	}
	// Cancelling an unknown or finished id is harmless.
	p.send(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":12345}}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"test/params"}`)
	if m := p.response("2"); string(m["result"]) != `"absent"` {
		t.Errorf("after cancels: %s", m["result"])
	}
}

// docs/server.md, Handler chain (error codes): errors that are not *jsonrpc2.Error never go out with code 0.
func TestErrorsNeverCodeZero(t *testing.T) {
	p, _ := newRawEnv(t, withHook)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	p.response("1")
	for i, method := range []string{"test/plainError", "test/zeroCode", "test/canceledWithoutCancel", "test/panic"} {
		id := fmt.Sprint(10 + i)
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q}`, id, method))
		code, msg := rpcError(p.response(id))
		if code != int(jsonrpc2.InternalError) {
			t.Errorf("%s: code %d %q, want -32603", method, code, msg)
		}
	}
}

// docs/server.md, Handler chain (custom methods): a custom method is MethodNotFound (not -32700), with or without
// params; wrong param types on a standard request are InvalidParams.
func TestCustomMethodNotFound(t *testing.T) {
	p, _ := newRawEnv(t, serveHooks{})
	p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	p.response("1")
	for i, msg := range []string{
		`{"jsonrpc":"2.0","id":%d,"method":"custom/foo"}`,
		`{"jsonrpc":"2.0","id":%d,"method":"custom/foo","params":null}`,
		`{"jsonrpc":"2.0","id":%d,"method":"custom/foo","params":{"a":[1]}}`,
		`{"jsonrpc":"2.0","id":%d,"method":"$/custom","params":[1]}`,
	} {
		id := 10 + i
		p.send(fmt.Sprintf(msg, id))
		if code, m := rpcError(p.response(fmt.Sprint(id))); code != int(jsonrpc2.MethodNotFound) {
			t.Errorf("%s: code %d %q, want -32601", msg, code, m)
		}
	}
	p.send(`{"jsonrpc":"2.0","id":30,"method":"textDocument/hover","params":{"textDocument":5}}`)
	if code, m := rpcError(p.response("30")); code != int(jsonrpc2.InvalidParams) {
		t.Errorf("hover with bad params: code %d %q, want -32602", code, m)
	}
	// Unimplemented standard request: MethodNotFound.
	p.send(`{"jsonrpc":"2.0","id":31,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///a.md"},"options":{"tabSize":2,"insertSpaces":true}}}`)
	if code, m := rpcError(p.response("31")); code != int(jsonrpc2.MethodNotFound) {
		t.Errorf("formatting: code %d %q, want -32601", code, m)
	}
}

func TestCustomMethodRawParams(t *testing.T) {
	e := newEnv(t, envOptions{hooks: withHook})
	e.initialize(nil)
	raw, err := e.call("test/params", `{"a":[1,"é"]}`)
	if err != nil {
		t.Fatal(err)
	}
	var got string
	json.Unmarshal(raw, &got)
	if got != `{"a":[1,"é"]}` {
		t.Errorf("params = %s", got)
	}
}

// Warn+ records reach window/logMessage in order; Info does not by default.
func TestLogMessageTee(t *testing.T) {
	e := newEnv(t, envOptions{hooks: withHook})
	e.initialize(nil)
	for range 3 {
		if _, err := e.call("test/warn", ""); err != nil {
			t.Fatal(err)
		}
	}
	e.client.waitFor(t, "3 logMessages", func() bool { return len(e.client.logs) >= 3 })
	e.client.mu.Lock()
	defer e.client.mu.Unlock()
	for _, l := range e.client.logs {
		if strings.Contains(l.Message, "not mirrored") {
			t.Errorf("info record mirrored: %q", l.Message)
		}
	}
	l := e.client.logs[0]
	if l.Type != protocol.MessageTypeWarning || l.Message != "something to see path=/x/SKILL.md" {
		t.Errorf("logMessage = %+v", l)
	}
	if !strings.Contains(e.logs.String(), "not mirrored") {
		t.Errorf("info record missing from the server log")
	}
}

// urgencyProbe encodes as whether urgent work was in flight when it was
// encoded.
type urgencyProbe struct{ u *session.Urgent }

func (p urgencyProbe) MarshalJSON() ([]byte, error) {
	return json.Marshal(p.u.Holding() != nil)
}

// A reply is encoded while its call still counts as urgent, so that the
// workspace-wide pass does not take the processors back before the reply
// to a keystroke is on its way.
func TestReplyEncodedWhileUrgent(t *testing.T) {
	e := newEnv(t, envOptions{hooks: withHook})
	e.initialize(nil)
	raw, err := e.call("test/urgentWhileEncoded", "")
	if err != nil {
		t.Fatal(err)
	}
	if string(raw) != "true" {
		t.Errorf("the reply was encoded with no urgent work in flight (%s)", raw)
	}
}
