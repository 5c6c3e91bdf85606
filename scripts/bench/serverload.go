package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// The load a session puts on the server: `/` completions in the chat
// buffer from the moment the documents are open, and edits of the opened
// skill file from soon after discovery, both during the startup pass and
// when quiet.

// completionLoop asks for `/` completions in the chat buffer back to back,
// CompletionGap apart, until the session stops.
func (s *session) completionLoop() {
	for !s.stopped() {
		sample, err := s.complete()
		if err != nil {
			s.fail(err)
			return
		}
		s.completions = append(s.completions, sample)
		if !s.pause(s.o.CompletionGap) {
			return
		}
	}
}

// complete sends one `/` completion request at the end of the chat buffer
// and measures its answer.
func (s *session) complete() (completionSample, error) {
	sent := time.Now()
	res, arrived, err := s.cl.callTimed("textDocument/completion", map[string]any{
		"textDocument": map[string]any{"uri": s.chatURI},
		"position":     map[string]any{"line": 0, "character": len(s.chatText)},
		"context":      map[string]any{"triggerKind": 2, "triggerCharacter": "/"},
	}, time.Minute)
	if err != nil {
		return completionSample{}, err
	}
	// The latency ends when the reply's frame is read, as an edit's ends
	// when its diagnostics' frame is (see awaitVersion): this client's
	// JSON decoding and goroutine hand-over are not the server's time.
	// Decoded reads the whole of it, for comparison.
	sample := completionSample{Sent: s.events.since(sent), Latency: arrived.Sub(sent), Decoded: time.Since(sent)}
	sample.Incomplete, sample.Items = completionShape(res)
	return sample, nil
}

// editLoop edits the opened skill file (typing in its body) from EditDelay
// on, each edit waiting for its own diagnostics, EditGap apart: a typist's
// pause, less than the production debounce (150 ms), so typing does not
// restart the full pass.
func (s *session) editLoop() {
	if !s.pause(s.o.EditDelay) {
		return
	}
	for v := 2; !s.stopped(); v++ {
		sample, stopped, err := s.edit(v)
		if err != nil {
			s.fail(err)
			return
		}
		if stopped {
			return
		}
		s.edits = append(s.edits, sample)
		if !s.pause(s.o.EditGap) {
			return
		}
	}
}

// edit sends version v of the opened file (its text and one more line)
// and waits for that version's diagnostics; stopped when the session
// stopped meanwhile.
func (s *session) edit(v int) (sample editSample, stopped bool, err error) {
	text := string(s.openText) + fmt.Sprintf("\nEdit %d of the body.\n", v)
	sent := time.Now()
	err = s.cl.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": s.openURI, "version": v},
		"contentChanges": []map[string]any{{"text": text}},
	})
	if err != nil {
		return editSample{}, false, err
	}
	lat, stopped := s.awaitVersion(v, sent)
	return editSample{Sent: s.events.since(sent), Latency: lat}, stopped, nil
}

// awaitVersion waits up to 10 seconds for the diagnostics of version v of
// the opened file and returns their latency since sent, -1 when none came;
// stopped when the session stopped first.
func (s *session) awaitVersion(v int, sent time.Time) (lat time.Duration, stopped bool) {
	wait := time.After(10 * time.Second)
	for {
		if at, ok := s.events.versionAt(v); ok {
			return at.Sub(sent), false
		}
		select {
		case <-s.events.versionCh:
		case <-wait:
			return -1, false
		case <-s.stop:
			return -1, true
		}
	}
}

// stopped reports whether the session has stopped its loops.
func (s *session) stopped() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// pause waits d; false when the session stopped meanwhile.
func (s *session) pause(d time.Duration) bool {
	select {
	case <-s.stop:
		return false
	case <-time.After(d):
		return true
	}
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
