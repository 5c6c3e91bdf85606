package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestServe runs the program as editors start it (no arguments, --stdio,
// serve -v) and speaks LSP to it over pipes: initialize, initialized,
// shutdown, exit. The exit status must be 0 and stdout must hold only
// Content-Length framed JSON-RPC.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	for _, tc := range []struct {
		args []string
		// osPipes gives the server the operating system's pipes, as an
		// editor does.
		osPipes bool
	}{
		{nil, false},
		{[]string{"--stdio", "--clientProcessId=1"}, false},
		{[]string{"serve", "-v", "--logfile", filepath.Join(dir, "log")}, false},
		{nil, true},
	} {
		args := tc.args
		t.Run(fmt.Sprint(args, tc.osPipes), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var inR, outR io.Reader
			var inW, outW io.WriteCloser
			if tc.osPipes {
				ir, iw, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				or, ow, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				ir.Fd() // blocking, as the stdin a process inherits
				inR, inW, outR, outW = ir, iw, or, ow
			} else {
				ir, iw := io.Pipe()
				or, ow := io.Pipe()
				inR, inW, outR, outW = ir, iw, or, ow
			}
			var stderr bytes.Buffer
			done := make(chan int, 1)
			go func() {
				code := run(ctx, args, inR, outW, &stderr)
				outW.Close()
				done <- code
			}()
			out := bufio.NewReader(outR)
			send := func(msg map[string]any) {
				t.Helper()
				msg["jsonrpc"] = "2.0"
				b, _ := json.Marshal(msg)
				if _, err := fmt.Fprintf(inW, "Content-Length: %d\r\n\r\n%s", len(b), b); err != nil {
					t.Fatal(err)
				}
			}
			// await reads messages until the response with the id.
			await := func(id int) map[string]any {
				t.Helper()
				for {
					msg, err := readMessage(out)
					if err != nil {
						t.Fatalf("reading stdout: %v", err)
					}
					if v, ok := msg["id"].(float64); ok && int(v) == id && msg["method"] == nil {
						return msg
					}
				}
			}
			send(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}})
			if res := await(1); res["result"] == nil {
				t.Fatalf("initialize failed: %v", res)
			}
			send(map[string]any{"method": "initialized", "params": map[string]any{}})
			send(map[string]any{"id": 2, "method": "shutdown"})
			await(2)
			send(map[string]any{"method": "exit"})
			// Everything else on stdout must still be framed JSON-RPC.
			drained := make(chan error, 1)
			go func() {
				for {
					if _, err := readMessage(out); err != nil {
						if err == io.EOF {
							err = nil
						}
						drained <- err
						return
					}
				}
			}()
			select {
			case code := <-done:
				if code != 0 {
					t.Errorf("exit status %d, want 0; stderr:\n%s", code, &stderr)
				}
				// The editor may keep stdin open until the process
				// ends: exit must not wait for a read of it.
				if strings.Contains(stderr.String(), "did not close in time") {
					t.Errorf("exit waited for a read of stdin; stderr:\n%s", &stderr)
				}
			case <-ctx.Done():
				t.Fatal("the server did not exit")
			}
			if err := <-drained; err != nil {
				t.Errorf("stdout: %v", err)
			}
			inW.Close()
		})
	}
}

// readMessage reads one Content-Length framed JSON-RPC message.
func readMessage(r *bufio.Reader) (map[string]any, error) {
	h, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil {
		if err == io.EOF && len(h) == 0 {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("bad header: %w", err)
	}
	n, err := strconv.Atoi(h.Get("Content-Length"))
	if err != nil {
		return nil, fmt.Errorf("bad Content-Length %q", h.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	var msg map[string]any
	if err := json.Unmarshal(body, &msg); err != nil {
		return nil, fmt.Errorf("not JSON: %q", body)
	}
	return msg, nil
}

// TestServeBrokenHeader: a header the server cannot resynchronise after
// ends it with exit 1 and one clear line on stderr, nothing on stdout
// (issue 9, point 13).
func TestServeBrokenHeader(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, nil, strings.NewReader("Content-Length: abc\r\n\r\n{}"), &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if want := "Is the client speaking LSP (Content-Length framed JSON-RPC)?"; !strings.Contains(stderr.String(), want) || !strings.HasPrefix(stderr.String(), "skill-ls serve: ") {
		t.Errorf("stderr = %q, want a line starting skill-ls serve: and holding %q", &stderr, want)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout = %q, want nothing", &stdout)
	}
}
