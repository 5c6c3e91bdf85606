package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// lspOptions are the knobs of one server session.
type lspOptions struct {
	// Quiet is how long completions and edits are measured after the
	// startup diagnostics pass has ended.
	Quiet time.Duration
	// CompletionGap and EditGap are the pauses between two completions and
	// between an edit's diagnostics and the next edit.
	CompletionGap, EditGap time.Duration
	// EditDelay is when the edits begin, after discovery ends: later than
	// the production debounce (150 ms), so the startup pass has begun; an
	// edit before it would postpone the pass for as long as typing goes on.
	EditDelay time.Duration
	// Timeout bounds the whole session.
	Timeout time.Duration
}

// completionSample is one `/` completion request.
type completionSample struct {
	Sent       time.Duration // since the documents were opened
	Latency    time.Duration
	Incomplete bool
	Items      int
}

// editSample is one didChange and the wait for its own diagnostics.
type editSample struct {
	Sent    time.Duration
	Latency time.Duration // -1 when no diagnostics came for the version
}

// serverRun is what one session measured. Times are since the documents
// were opened (sent right after initialized).
type serverRun struct {
	FirstProgress time.Duration // first $/progress
	DiscoveryEnd  time.Duration // the progress "end" of discovery
	FirstDiag     time.Duration // first publishDiagnostics of the opened skill file
	PassEnd       time.Duration // every file with problems has been published
	PassComplete  bool          // false when PassEnd is the last publish seen before a timeout
	Expected      int           // files the CLI reports problems for
	Completions   []completionSample
	Edits         []editSample
	PeakRSS       int64 // VmHWM
}

// settle is the margin after the startup pass before "quiet" samples count.
const settle = 250 * time.Millisecond

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
}

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

func (c *lspClient) notify(method string, params any) error {
	return c.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and waits for its response.
func (c *lspClient) call(method string, params any, timeout time.Duration) (json.RawMessage, error) {
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
		return nil, err
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		return m.Result, nil
	case <-c.closed:
		return nil, fmt.Errorf("%s: server gone: %v", method, c.readErr)
	case <-time.After(timeout):
		return nil, fmt.Errorf("%s: no response in %v", method, timeout)
	}
}

// read is the reader loop: responses go to their callers, server requests
// get an empty answer, notifications go to onNotify.
func (c *lspClient) read(out io.Reader) {
	defer close(c.closed)
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		n := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				c.readErr = err
				return
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
			c.readErr = errors.New("message without Content-Length")
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			c.readErr = err
			return
		}
		at := time.Now()
		var m rpcMessage
		if err := json.Unmarshal(body, &m); err != nil {
			continue
		}
		switch {
		case m.Method != "" && len(m.ID) > 0: // a request from the server
			var result any
			if m.Method == "workspace/configuration" {
				var p struct{ Items []json.RawMessage }
				_ = json.Unmarshal(m.Params, &p)
				result = make([]any, len(p.Items))
			}
			_ = c.write(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
		case m.Method != "":
			if c.onNotify != nil {
				c.onNotify(at, m.Method, m.Params)
			}
		default:
			id, err := strconv.ParseInt(string(m.ID), 10, 64)
			if err != nil {
				continue
			}
			c.mu.Lock()
			ch := c.pending[id]
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

func fileURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}

func uriPath(u string) string {
	if pu, err := url.Parse(u); err == nil && pu.Scheme == "file" {
		return filepath.FromSlash(pu.Path)
	}
	return u
}

// expectedFiles returns the files `check --format json` reports problems
// for: the files the startup pass of the server publishes.
func expectedFiles(bin string, c corpusInfo) (map[string]bool, error) {
	cmd := exec.Command(bin, append([]string{"check", "--format", "json"}, rootArgs(c)...)...)
	cmd.Dir = c.project()
	cmd.Env = benchEnv(c.home())
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState == nil {
		return nil, err
	}
	var ds []struct{ Path string }
	if err := json.Unmarshal(out, &ds); err != nil {
		return nil, fmt.Errorf("check --format json: %v", err)
	}
	set := map[string]bool{}
	for _, d := range ds {
		p := d.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.project(), p)
		}
		set[filepath.Clean(p)] = true
	}
	return set, nil
}

// measureServer runs one `skill-ls serve` session over the corpus.
func measureServer(bin string, c corpusInfo, expected map[string]bool, o lspOptions) (serverRun, error) {
	var run serverRun
	run.Expected = len(expected)
	cmd := exec.Command(bin, "serve")
	cmd.Dir = c.project()
	cmd.Env = benchEnv(c.home())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return run, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return run, err
	}
	if err := cmd.Start(); err != nil {
		return run, err
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	defer func() {
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	}()
	cl := &lspClient{in: stdin, pending: map[int64]chan rpcMessage{}, closed: make(chan struct{})}

	openPath := c.OpenFile
	openText, err := os.ReadFile(openPath)
	if err != nil {
		return run, err
	}
	openURI := fileURI(openPath)
	chatURI := fileURI(filepath.Join(c.project(), "bench.chat.md"))

	// Event state, written by the reader goroutine.
	var (
		mu            sync.Mutex
		t0            time.Time
		firstProgress time.Time
		discoveryEnd  time.Time
		firstDiag     time.Time
		lastPublish   time.Time
		passEnd       time.Time
		got           = map[string]bool{}
		versions      = map[int]time.Time{} // versions of the opened file published
		discoveryCh   = make(chan struct{})
		passCh        = make(chan struct{})
		versionCh     = make(chan struct{}, 1)
	)
	cl.onNotify = func(at time.Time, method string, params json.RawMessage) {
		switch method {
		case "$/progress":
			var p struct {
				Value struct{ Kind, Message string }
			}
			_ = json.Unmarshal(params, &p)
			mu.Lock()
			if firstProgress.IsZero() {
				firstProgress = at
			}
			if p.Value.Kind == "end" && discoveryEnd.IsZero() {
				discoveryEnd = at
				close(discoveryCh)
			}
			mu.Unlock()
		case "textDocument/publishDiagnostics":
			var p struct {
				URI     string `json:"uri"`
				Version *int   `json:"version"`
			}
			_ = json.Unmarshal(params, &p)
			path := filepath.Clean(uriPath(p.URI))
			mu.Lock()
			lastPublish = at
			if p.URI == openURI {
				if firstDiag.IsZero() {
					firstDiag = at
				}
				if p.Version != nil {
					if _, ok := versions[*p.Version]; !ok {
						versions[*p.Version] = at
					}
					select {
					case versionCh <- struct{}{}:
					default:
					}
				}
			}
			if expected[path] && !got[path] {
				got[path] = true
				if len(got) == len(expected) && passEnd.IsZero() {
					passEnd = at
					close(passCh)
				}
			}
			mu.Unlock()
		}
	}
	go cl.read(stdout)

	settings := map[string]any{
		"dshHome":    filepath.Join(c.home(), ".dsh"),
		"agentsHome": filepath.Join(c.home(), ".agents"),
	}
	_, err = cl.call("initialize", map[string]any{
		"processId": os.Getpid(),
		"rootUri":   fileURI(c.project()),
		"workspaceFolders": []map[string]any{
			{"uri": fileURI(c.project()), "name": "project"},
		},
		"capabilities": map[string]any{
			"window": map[string]any{"workDoneProgress": true},
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"versionSupport": true},
				"completion":         map[string]any{"completionItem": map[string]any{"snippetSupport": false}},
			},
			"workspace": map[string]any{"workspaceFolders": true},
		},
		"initializationOptions": settings,
	}, time.Minute)
	if err != nil {
		return run, err
	}
	mu.Lock()
	t0 = time.Now()
	mu.Unlock()
	since := func(t time.Time) time.Duration {
		if t.IsZero() {
			return -1
		}
		return t.Sub(t0)
	}
	if err := cl.notify("initialized", map[string]any{}); err != nil {
		return run, err
	}
	if err := cl.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": openURI, "languageId": "markdown", "version": 1, "text": string(openText)}}); err != nil {
		return run, err
	}
	chatText := "Please /"
	if err := cl.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": chatURI, "languageId": "markdown", "version": 1, "text": chatText}}); err != nil {
		return run, err
	}

	stop := make(chan struct{})
	var loops sync.WaitGroup
	var loopErr error
	var loopErrOnce sync.Once
	fail := func(err error) { loopErrOnce.Do(func() { loopErr = err }) }

	// `/` completions in the chat buffer, back to back with a short gap,
	// from the moment the documents are open.
	var completions []completionSample
	loops.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			sent := time.Now()
			res, err := cl.call("textDocument/completion", map[string]any{
				"textDocument": map[string]any{"uri": chatURI},
				"position":     map[string]any{"line": 0, "character": len(chatText)},
				"context":      map[string]any{"triggerKind": 2, "triggerCharacter": "/"},
			}, time.Minute)
			lat := time.Since(sent)
			if err != nil {
				fail(err)
				return
			}
			s := completionSample{Sent: since(sent), Latency: lat}
			s.Incomplete, s.Items = completionShape(res)
			completions = append(completions, s)
			select {
			case <-stop:
				return
			case <-time.After(o.CompletionGap):
			}
		}
	})

	deadline := time.After(o.Timeout)
	select {
	case <-discoveryCh:
	case <-deadline:
		close(stop)
		loops.Wait()
		return run, errors.New("no end of discovery progress before the timeout")
	case <-cl.closed:
		close(stop)
		loops.Wait()
		return run, fmt.Errorf("server exited: %v", cl.readErr)
	}

	// Edits of the opened skill file (typing in its body), each waiting for
	// its own diagnostics, a typist's pause apart: less than the production
	// debounce (150 ms), so typing does not restart the full pass.
	var edits []editSample
	loops.Go(func() {
		select {
		case <-stop:
			return
		case <-time.After(o.EditDelay):
		}
		for v := 2; ; v++ {
			select {
			case <-stop:
				return
			default:
			}
			text := string(openText) + fmt.Sprintf("\nEdit %d of the body.\n", v)
			sent := time.Now()
			err := cl.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": openURI, "version": v},
				"contentChanges": []map[string]any{{"text": text}},
			})
			if err != nil {
				fail(err)
				return
			}
			lat := time.Duration(-1)
			wait := time.After(10 * time.Second)
		waitVersion:
			for {
				mu.Lock()
				at, ok := versions[v]
				mu.Unlock()
				if ok {
					lat = at.Sub(sent)
					break
				}
				select {
				case <-versionCh:
				case <-wait:
					break waitVersion
				case <-stop:
					return
				}
			}
			edits = append(edits, editSample{Sent: since(sent), Latency: lat})
			select {
			case <-stop:
				return
			case <-time.After(o.EditGap):
			}
		}
	})

	complete := true
	select {
	case <-passCh:
	case <-deadline:
		complete = false
	case <-cl.closed:
		complete = false
	}
	if complete {
		time.Sleep(settle + o.Quiet)
	}
	close(stop)
	loops.Wait()
	if loopErr != nil {
		return run, loopErr
	}
	run.PeakRSS = vmHWM(cmd.Process.Pid)

	mu.Lock()
	run.FirstProgress = since(firstProgress)
	run.DiscoveryEnd = since(discoveryEnd)
	run.FirstDiag = since(firstDiag)
	run.PassComplete = complete
	if complete {
		run.PassEnd = since(passEnd)
	} else {
		run.PassEnd = since(lastPublish)
	}
	mu.Unlock()
	run.Completions = completions
	run.Edits = edits

	if _, err := cl.call("shutdown", nil, 30*time.Second); err != nil {
		return run, err
	}
	_ = cl.notify("exit", nil)
	_ = stdin.Close()
	return run, nil
}

// completionShape returns isIncomplete and the item count of a completion
// result (null, an array of items, or a CompletionList).
func completionShape(res json.RawMessage) (incomplete bool, items int) {
	res = bytes.TrimSpace(res)
	switch {
	case len(res) == 0 || string(res) == "null":
		return false, 0
	case res[0] == '[':
		var list []json.RawMessage
		_ = json.Unmarshal(res, &list)
		return false, len(list)
	}
	var l struct {
		IsIncomplete bool              `json:"isIncomplete"`
		Items        []json.RawMessage `json:"items"`
	}
	_ = json.Unmarshal(res, &l)
	return l.IsIncomplete, len(l.Items)
}

// vmHWM returns the peak resident set size of a process (VmHWM).
func vmHWM(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// phase splits samples sent at times ts into the startup pass window
// [DiscoveryEnd, PassEnd) and the quiet time after PassEnd+settle.
func (r serverRun) phase(sent time.Duration) string {
	switch {
	case sent < r.DiscoveryEnd:
		return "discovery"
	case sent < r.PassEnd:
		return "startup"
	case r.PassComplete && sent >= r.PassEnd+settle:
		return "quiet"
	}
	return ""
}
