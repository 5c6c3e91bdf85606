package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// sessionEvents records when the notifications of one session's server
// arrived: the reader goroutine writes it (notified), the session reads it.
type sessionEvents struct {
	openURI  string          // the opened skill file
	expected map[string]bool // the files the startup pass publishes

	mu            sync.Mutex
	t0            time.Time // when the documents were opened
	firstProgress time.Time
	discoveryEnd  time.Time
	firstDiag     time.Time
	lastPublish   time.Time
	passEnd       time.Time
	got           map[string]bool   // expected files published so far
	versions      map[int]time.Time // versions of the opened file published
	discoveryCh   chan struct{}     // closed at the end of discovery
	passCh        chan struct{}     // closed when every expected file is published
	versionCh     chan struct{}     // signalled when a version of the opened file is published
}

// newSessionEvents returns the empty record of a session that opens
// openURI and expects the startup pass to publish expected.
func newSessionEvents(openURI string, expected map[string]bool) *sessionEvents {
	return &sessionEvents{
		openURI:     openURI,
		expected:    expected,
		got:         map[string]bool{},
		versions:    map[int]time.Time{},
		discoveryCh: make(chan struct{}),
		passCh:      make(chan struct{}),
		versionCh:   make(chan struct{}, 1),
	}
}

// notified is the client's onNotify: it records progress and published
// diagnostics.
func (e *sessionEvents) notified(at time.Time, method string, params json.RawMessage) {
	switch method {
	case "$/progress":
		e.progress(at, params)
	case "textDocument/publishDiagnostics":
		e.published(at, params)
	}
}

// progress records the first $/progress and the end of discovery: the
// report "N skill files found" of the server's one startup progress (or,
// from servers that end a progress per phase, the first "end").
func (e *sessionEvents) progress(at time.Time, params json.RawMessage) {
	var p struct {
		Value struct{ Kind, Message string }
	}
	_ = json.Unmarshal(params, &p)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.firstProgress.IsZero() {
		e.firstProgress = at
	}
	found := p.Value.Kind == "report" && strings.HasSuffix(p.Value.Message, "skill files found")
	if (found || p.Value.Kind == "end") && e.discoveryEnd.IsZero() {
		e.discoveryEnd = at
		close(e.discoveryCh)
	}
}

// published records a publishDiagnostics: the last one, the opened file's,
// and the end of the startup pass once every expected file has had one.
func (e *sessionEvents) published(at time.Time, params json.RawMessage) {
	var p struct {
		URI     string `json:"uri"`
		Version *int   `json:"version"`
	}
	_ = json.Unmarshal(params, &p)
	path := filepath.Clean(uriPath(p.URI))
	e.mu.Lock()
	defer e.mu.Unlock()
	e.lastPublish = at
	if p.URI == e.openURI {
		e.openFilePublished(at, p.Version)
	}
	if e.expected[path] && !e.got[path] {
		e.got[path] = true
		if len(e.got) == len(e.expected) && e.passEnd.IsZero() {
			e.passEnd = at
			close(e.passCh)
		}
	}
}

// openFilePublished records the opened file's first diagnostics and when
// each version (if any) was first published, and wakes the edit waiting
// for it. e.mu is held.
func (e *sessionEvents) openFilePublished(at time.Time, version *int) {
	if e.firstDiag.IsZero() {
		e.firstDiag = at
	}
	if version == nil {
		return
	}
	if _, ok := e.versions[*version]; !ok {
		e.versions[*version] = at
	}
	select {
	case e.versionCh <- struct{}{}:
	default:
	}
}

// start marks now as the time the documents are opened, from which every
// figure counts.
func (e *sessionEvents) start() {
	e.mu.Lock()
	e.t0 = time.Now()
	e.mu.Unlock()
}

// since returns t as a time since the documents were opened, or -1 for
// the zero time (it never happened).
func (e *sessionEvents) since(t time.Time) time.Duration {
	if t.IsZero() {
		return -1
	}
	return t.Sub(e.t0)
}

// versionAt returns when version v of the opened file was first published.
func (e *sessionEvents) versionAt(v int) (time.Time, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	at, ok := e.versions[v]
	return at, ok
}

// fill writes the times recorded into run; the startup pass ends at the
// last publish seen when it did not complete.
func (e *sessionEvents) fill(run *serverRun, complete bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	run.FirstProgress = e.since(e.firstProgress)
	run.DiscoveryEnd = e.since(e.discoveryEnd)
	run.FirstDiag = e.since(e.firstDiag)
	run.PassComplete = complete
	if complete {
		run.PassEnd = e.since(e.passEnd)
	} else {
		run.PassEnd = e.since(e.lastPublish)
	}
}
