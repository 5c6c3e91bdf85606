package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	// Saves is how many times, after the quiet phase, another skill file
	// of the corpus is written on disk (as a save from another editor, or
	// a checkout, would), SaveGap apart, while the completions and edits
	// go on; the file gets its bytes back at the end.
	Saves   int
	SaveGap time.Duration
}

// completionSample is one `/` completion request.
type completionSample struct {
	Sent       time.Duration // since the documents were opened
	Latency    time.Duration // until the reply's frame was read
	Decoded    time.Duration // until the client had decoded it (not reported; for comparison)
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
	PeakRSS       int64           // VmHWM
	Saves         []time.Duration // when each save was written (see lspOptions.Saves)
}

// settle is the margin after the startup pass before "quiet" samples count.
const settle = 250 * time.Millisecond

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

// serverSessions runs n sessions per binary, the binaries taking turns.
func serverSessions(bins []binary, c corpusInfo, res *sizeResult, n int, o lspOptions) error {
	expected := map[string]map[string]bool{}
	for _, b := range bins {
		e, err := expectedFiles(b.Path, c)
		if err != nil {
			return fmt.Errorf("%s: %v", b.Name, err)
		}
		expected[b.Name] = e
	}
	for i := range n {
		for _, b := range bins {
			logf("%d skills: server session %d/%d of %s", c.N, i+1, n, b.Name)
			run, err := measureServer(b.Path, c, expected[b.Name], o)
			if err != nil {
				return fmt.Errorf("%s serve: %v", b.Name, err)
			}
			if !run.PassComplete {
				logf("warning: %s: the startup pass did not publish every expected file before the timeout", b.Name)
			}
			res.Server[b.Name] = append(res.Server[b.Name], run)
		}
	}
	return nil
}

// measureServer runs one `skill-ls serve` session over the corpus: it
// opens a skill file and a chat buffer, asks for `/` completions from then
// on and edits the skill file from soon after the end of discovery, until
// the startup pass is over and o.Quiet more has passed.
func measureServer(bin string, c corpusInfo, expected map[string]bool, o lspOptions) (serverRun, error) {
	run := serverRun{Expected: len(expected)}
	srv, err := startServer(bin, c)
	if err != nil {
		return run, err
	}
	defer srv.waitExit()
	s, err := newSession(srv, c, expected, o)
	if err != nil {
		return run, err
	}
	go s.cl.read(srv.stdout)
	if err := s.initialize(c); err != nil {
		return run, err
	}
	s.events.start()
	if err := s.openDocuments(c); err != nil {
		return run, err
	}
	s.loops.Go(s.completionLoop)
	deadline := time.After(o.Timeout)
	if err := s.awaitDiscovery(deadline); err != nil {
		_ = s.stopLoops()
		return run, err
	}
	s.loops.Go(s.editLoop)
	complete := s.awaitPass(deadline)
	if complete {
		time.Sleep(settle + o.Quiet)
		saves, err := s.savePhase(c, o)
		if err != nil {
			_ = s.stopLoops()
			return run, err
		}
		run.Saves = saves
	}
	if err := s.stopLoops(); err != nil {
		return run, err
	}
	run.PeakRSS = vmHWM(srv.cmd.Process.Pid)
	s.events.fill(&run, complete)
	run.Completions, run.Edits = s.completions, s.edits
	return run, s.shutdown()
}

// session is one measured conversation with the server: the client, the
// two documents it opens, and the completion and edit loops (serverload.go)
// that run against it.
type session struct {
	cl     *lspClient
	stdin  io.Closer
	events *sessionEvents
	o      lspOptions

	openURI  string
	openText []byte // of the opened skill file
	chatURI  string
	chatText string // of the chat buffer, ending in "/"

	stop        chan struct{} // closed to end the loops
	loops       sync.WaitGroup
	loopErr     error // the first error of a loop
	loopErrOnce sync.Once
	completions []completionSample // written by completionLoop
	edits       []editSample       // written by editLoop
}

// newSession prepares a session with the server srv: the client, whose
// notifications go to the session's events, and the documents to open.
func newSession(srv *serverProcess, c corpusInfo, expected map[string]bool, o lspOptions) (*session, error) {
	openText, err := os.ReadFile(c.OpenFile)
	if err != nil {
		return nil, err
	}
	s := &session{
		cl:       &lspClient{in: srv.stdin, pending: map[int64]chan rpcMessage{}, closed: make(chan struct{})},
		stdin:    srv.stdin,
		o:        o,
		openURI:  fileURI(c.OpenFile),
		openText: openText,
		chatURI:  fileURI(filepath.Join(c.project(), "bench.chat.md")),
		chatText: "Please /",
		stop:     make(chan struct{}),
	}
	s.events = newSessionEvents(s.openURI, expected)
	s.cl.onNotify = s.events.notified
	return s, nil
}

// initialize sends initialize with the corpus's project as the workspace
// folder, its homes as settings, and the capabilities an editor with
// progress, versioned diagnostics and completion has.
func (s *session) initialize(c corpusInfo) error {
	settings := c.settings()
	_, err := s.cl.call("initialize", map[string]any{
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
	return err
}

// settings are the server's settings: the corpus's homes.
func (c corpusInfo) settings() map[string]any {
	return map[string]any{
		"dshHome":    filepath.Join(c.home(), ".dsh"),
		"agentsHome": filepath.Join(c.home(), ".agents"),
	}
}

// openDocuments sends initialized and the same settings again, as
// clients that sync their settings do (Neovim's sends
// workspace/didChangeConfiguration right after initialized), then at once
// opens the skill file and the chat buffer.
func (s *session) openDocuments(c corpusInfo) error {
	if err := s.cl.notify("initialized", map[string]any{}); err != nil {
		return err
	}
	if err := s.cl.notify("workspace/didChangeConfiguration", map[string]any{
		"settings": map[string]any{"skillLs": c.settings()}}); err != nil {
		return err
	}
	if err := s.cl.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": s.openURI, "languageId": "markdown", "version": 1, "text": string(s.openText)}}); err != nil {
		return err
	}
	return s.cl.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": s.chatURI, "languageId": "markdown", "version": 1, "text": s.chatText}})
}

// awaitDiscovery waits for the end of discovery (see sessionEvents.progress); an error when
// the deadline comes first or the server exits.
func (s *session) awaitDiscovery(deadline <-chan time.Time) error {
	select {
	case <-s.events.discoveryCh:
		return nil
	case <-deadline:
		return errors.New("no end of discovery progress before the timeout")
	case <-s.cl.closed:
		return fmt.Errorf("server exited: %v", s.cl.readErr)
	}
}

// awaitPass waits until every expected file has been published; false
// when the deadline comes first or the server exits.
func (s *session) awaitPass(deadline <-chan time.Time) bool {
	select {
	case <-s.events.passCh:
		return true
	case <-deadline:
		return false
	case <-s.cl.closed:
		return false
	}
}

// fail records the first error of a loop.
func (s *session) fail(err error) { s.loopErrOnce.Do(func() { s.loopErr = err }) }

// stopLoops ends the completion and edit loops, waits for them and
// returns the first error one of them met.
func (s *session) stopLoops() error {
	close(s.stop)
	s.loops.Wait()
	return s.loopErr
}

// shutdown ends the session the way an editor does: shutdown, exit, and
// the server's stdin closed.
func (s *session) shutdown() error {
	if _, err := s.cl.call("shutdown", nil, 30*time.Second); err != nil {
		return err
	}
	_ = s.cl.notify("exit", nil)
	_ = s.stdin.Close()
	return nil
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
	case len(r.Saves) > 0 && sent >= r.Saves[0]:
		return "saves"
	case r.PassComplete && sent >= r.PassEnd+settle:
		return "quiet"
	}
	return ""
}

// savePhase writes another skill file of the corpus o.Saves times,
// o.SaveGap apart (a line added to its body each time), and returns when
// each write was done; the file gets its bytes back before it returns.
func (s *session) savePhase(c corpusInfo, o lspOptions) ([]time.Duration, error) {
	if o.Saves <= 0 {
		return nil, nil
	}
	target, err := otherSkillFile(c)
	if err != nil {
		return nil, err
	}
	orig, err := os.ReadFile(target)
	if err != nil {
		return nil, err
	}
	defer os.WriteFile(target, orig, 0o644)
	var at []time.Duration
	for i := range o.Saves {
		text := append(slices.Clip(orig), fmt.Sprintf("\nSaved %d.\n", i+1)...)
		t := time.Now()
		if err := os.WriteFile(target, text, 0o644); err != nil {
			return at, err
		}
		at = append(at, s.events.since(t))
		time.Sleep(o.SaveGap)
	}
	return at, nil
}

// otherSkillFile returns the SKILL.md of the first bundle (by name) in the
// root of the corpus's opened file, other than that file.
func otherSkillFile(c corpusInfo) (string, error) {
	root := filepath.Dir(filepath.Dir(c.OpenFile))
	names, err := os.ReadDir(root)
	if err != nil {
		return "", err
	}
	for _, n := range names {
		p := filepath.Join(root, n.Name(), "SKILL.md")
		if p == c.OpenFile {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", fmt.Errorf("no skill file to save in %s besides %s", root, c.OpenFile)
}
