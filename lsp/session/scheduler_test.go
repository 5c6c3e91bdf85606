package session

// scheduler_test.go: the session and its diagnostics scheduler without a
// connection, on synctest's fake clock (no sleeps, no real delays).

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// fakePublisher records what the scheduler publishes, with the (fake)
// time of each call.
type fakePublisher struct {
	mu        sync.Mutex
	published []publishCall
	cleared   []uri.URI
	passes    []time.Time // clearExcept ends every workspace-wide pass
}

type publishCall struct {
	uri     uri.URI
	version *int32
	diags   []protocol.Diagnostic
	at      time.Time
}

func (p *fakePublisher) Publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.published = append(p.published, publishCall{u, version, slices.Clone(diags), time.Now()})
}

func (p *fakePublisher) Clear(u uri.URI) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cleared = append(p.cleared, u)
}

func (p *fakePublisher) ClearExcept(map[uri.URI]bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.passes = append(p.passes, time.Now())
}

func (p *fakePublisher) BeginProgress(context.Context, string, string) workProgress {
	return workProgress{}
}

func (p *fakePublisher) RefreshCodeLenses() {}

func (p *fakePublisher) RefreshInlayHints() {}

// last returns the last publish for u, if any.
func (p *fakePublisher) last(u uri.URI) (publishCall, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.published) - 1; i >= 0; i-- {
		if p.published[i].uri == u {
			return p.published[i], true
		}
	}
	return publishCall{}, false
}

func (p *fakePublisher) passTimes() []time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]time.Time(nil), p.passes...)
}

type fakeNotifier struct{}

func (fakeNotifier) ShowProblems([]string)                               {}
func (fakeNotifier) RegisterFileWatch(context.Context, []discovery.Root) {}

// schedulerTree is one custom root: a valid skill and one DSH drops.
const schedulerTree = `
-- skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms.
---
-- skills/bad/SKILL.md --
---
name: Bad Name
description: x
---
`

// editWhole sends the whole text of version v of the open document u, as
// a client without incremental sync does.
func editWhole(s *Session, u uri.URI, v int32, text string) error {
	return s.Modify(EditDoc{URI: u, Version: v, Changes: []protocol.TextDocumentContentChangeEvent{
		&protocol.TextDocumentContentChangeWholeDocument{Text: text}}})
}

// newTestSession returns a started session over schedulerTree (no
// watcher), with its diagnostics delay, and the root's folder. It must run
// in a synctest bubble; the session stops when the test ends.
func newTestSession(t *testing.T, delay time.Duration, pub publisher) (*Session, string) {
	return newTestSessionWith(t, delay, pub, func(*Options) {})
}

// newTestSessionWith is newTestSession with options changed by opt.
func newTestSessionWith(t *testing.T, delay time.Duration, pub publisher, opt func(*Options)) (*Session, string) {
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(schedulerTree)))
	root := filepath.Join(dir, "skills")
	settings := DefaultSettings()
	settings.CustomDirs, settings.NoDefaultRoots, settings.DiagnosticsDelay = []string{root}, true, delay
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	opts := Options{DisableWatch: true, HomeDir: dir, Getenv: func(string) string { return "" }}
	opt(&opts)
	s := NewSession(ctx, slog.New(slog.DiscardHandler), opts, &wg, pub, fakeNotifier{}, settings)
	t.Cleanup(func() {
		s.Stop()
		cancel()
		wg.Wait()
	})
	return s, root
}

// The fast path publishes a changed file at once; the workspace-wide pass
// waits for the quiet delay after the last change.
func TestSchedulerDebounce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		s, root := newTestSession(t, 150*time.Millisecond, pub)
		start := time.Now()
		if err := s.Modify(StartViews{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.LoadedSnapshot(t.Context()); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if n := len(pub.passTimes()); n != 0 {
			t.Fatalf("%d passes before the delay", n)
		}
		time.Sleep(150 * time.Millisecond)
		synctest.Wait()
		if got := pub.passTimes(); len(got) != 1 || got[0].Sub(start) != 150*time.Millisecond {
			t.Fatalf("first pass at %v, want one at +150ms", got)
		}
		bad := filepath.Join(root, "bad", "SKILL.md")
		if c, ok := pub.last(uri.File(bad)); !ok || len(c.diags) == 0 {
			t.Fatalf("the dropped skill has no diagnostics: %+v", c)
		}

		// Three edits 100 ms apart: each is published at once, the pass
		// runs once, 150 ms after the last.
		u := uri.File(bad)
		editStart := time.Now()
		for i := range 3 {
			text := []byte("---\nname: bad\ndescription: fixed\n---\n")
			if i == 0 {
				err := s.Modify(OpenDoc{URI: u, LanguageID: "markdown", Version: 1, Text: text})
				if err != nil {
					t.Fatal(err)
				}
			} else if err := editWhole(s, u, int32(i+1), string(text)); err != nil {
				t.Fatal(err)
			}
			synctest.Wait()
			c, ok := pub.last(u)
			if !ok || c.version == nil || *c.version != int32(i+1) || !c.at.Equal(time.Now()) {
				t.Fatalf("edit %d: last publish %+v, want version %d now", i+1, c, i+1)
			}
			time.Sleep(100 * time.Millisecond)
		}
		synctest.Wait()
		if n := len(pub.passTimes()); n != 1 {
			t.Fatalf("%d passes 100 ms after the last edit, want still 1", n)
		}
		time.Sleep(50 * time.Millisecond)
		synctest.Wait()
		got := pub.passTimes()
		if len(got) != 2 || got[1].Sub(editStart) != 350*time.Millisecond {
			t.Fatalf("passes at %v, want a second one at +350ms after the first edit", got)
		}
	})
}

// Edits that keep coming less than the quiet delay apart postpone the
// first pass at most maxPassWait: a user typing from the moment the
// editor opens gets the startup pass a second after the discovery ends.
// Later passes wait for a pause.
func TestSchedulerMaxPassWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		s, root := newTestSession(t, 150*time.Millisecond, pub)
		if err := s.Modify(StartViews{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.LoadedSnapshot(t.Context()); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		u := uri.File(filepath.Join(root, "pdf", "SKILL.md"))
		text := "---\nname: pdf\ndescription: Fill PDF forms.\n---\n"
		if err := s.Modify(OpenDoc{URI: u, LanguageID: "markdown", Version: 1, Text: []byte(text)}); err != nil {
			t.Fatal(err)
		}
		// An edit every 100 ms for 3 s: never a 150 ms pause.
		for v := int32(2); v <= 31; v++ {
			time.Sleep(100 * time.Millisecond)
			text += "x"
			if err := editWhole(s, u, v, text); err != nil {
				t.Fatal(err)
			}
			synctest.Wait()
		}
		got := pub.passTimes()
		if len(got) != 1 || got[0].Sub(start) > maxPassWait {
			t.Fatalf("passes at %v after the first change; want one, within %v", got, maxPassWait)
		}
		stopped := time.Now()
		time.Sleep(150 * time.Millisecond)
		synctest.Wait()
		if got := pub.passTimes(); len(got) != 2 || got[1].Sub(stopped) != 150*time.Millisecond {
			t.Fatalf("passes at %v; want a second one 150 ms after the typing stopped", got)
		}
	})
}

// slowPublisher takes delay (fake time) over each publish of a file that
// is not open (version nil): a long publishing of a pass.
type slowPublisher struct {
	fakePublisher
	delay time.Duration
}

func (p *slowPublisher) Publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	if version == nil {
		time.Sleep(p.delay)
	}
	p.fakePublisher.Publish(u, version, diags)
}

// A pass that comes due while another is being published waits for it:
// typing with pauses no longer restarts a long pass before it is out.
func TestSchedulerPassWaitsForThePassBefore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &slowPublisher{delay: 100 * time.Millisecond}
		s, root := newTestSession(t, 150*time.Millisecond, pub)
		writeExtraSkills(t, root, 20)
		u, text := loadAndOpenPDF(t, s, root)
		// The first pass starts at +150 ms and publishes 21 files at 100 ms
		// each. Edit with a 200 ms pause every 300 ms: a newer pass comes
		// due again and again while the first one is being published.
		v := int32(1)
		for range 20 {
			for range 3 {
				time.Sleep(100 * time.Millisecond)
				v++
				text += "x"
				if err := editWhole(s, u, v, text); err != nil {
					t.Fatal(err)
				}
			}
			time.Sleep(200 * time.Millisecond)
		}
		synctest.Wait()
		if got := pub.passTimes(); len(got) < 2 {
			t.Fatalf("%d passes published in 10 s of typing with pauses; want the first and the ones after it", len(got))
		}
	})
}

// Documents opened before the views exist are replayed into them when the
// discovery ends; a chat buffer is diagnosed, and cleared when closed.
func TestSessionReplaysOpenDocuments(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		s, root := newTestSession(t, 0, pub)
		pdf := filepath.Join(root, "pdf", "SKILL.md")
		text := []byte("---\nname: pdf\ndescription: Edited before discovery.\n---\n")
		chat := uri.URI("untitled:chat-1")
		err := s.Modify(
			OpenDoc{URI: uri.File(pdf), LanguageID: "markdown", Version: 7, Text: text},
			OpenDoc{URI: chat, LanguageID: "skill-chat", Version: 1, Text: []byte("run /pdf and /nope")},
			StartViews{},
		)
		if err != nil {
			t.Fatal(err)
		}
		st, err := s.LoadedSnapshot(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		snap := st.OwnerOf(pdf)
		if o, ok := snap.Overlay(pdf); !ok || o.Version != 7 {
			t.Fatalf("overlay after discovery = %+v, %v; want version 7", o, ok)
		}
		if f := st.BufferFile(st.Doc(pdf), snap); f != snap.File(pdf) {
			t.Errorf("the buffer was parsed on its own although the view holds it")
		}
		if sk := snap.Registry.Lookup("pdf"); sk == nil || sk.Description != "Edited before discovery." {
			t.Errorf("registry entry = %+v", sk)
		}
		synctest.Wait()
		if c, ok := pub.last(chat); !ok || len(c.diags) != 1 {
			t.Fatalf("chat diagnostics = %+v, want the unknown /nope", c)
		}
		if err := s.Modify(CloseDoc{URI: chat}, CloseDoc{URI: uri.File(pdf)}); err != nil {
			t.Fatal(err)
		}
		pub.mu.Lock()
		cleared := pub.cleared
		pub.mu.Unlock()
		if len(cleared) == 0 || cleared[0] != chat {
			t.Errorf("cleared %v, want the closed chat buffer", cleared)
		}
		if _, ok := s.Snapshot().OwnerOf(pdf).Overlay(pdf); ok {
			t.Errorf("the closed buffer is still an overlay")
		}
	})
}

// writeExtraSkills writes n more skills under root (extra-00 ...), for a
// pass with more files to publish.
func writeExtraSkills(t *testing.T, root string, n int) {
	t.Helper()
	extra := &txtar.Archive{}
	for i := range n {
		name := fmt.Sprintf("extra-%02d", i)
		extra.Files = append(extra.Files, txtar.File{Name: name + "/SKILL.md", Data: []byte("---\nname: " + name + "\ndescription: x\n---\n")})
	}
	skilltest.WriteArchive(t, root, extra)
}

// loadAndOpenPDF starts the session's views, waits for the discovery and
// opens pdf/SKILL.md; it returns the file's URI and text.
func loadAndOpenPDF(t *testing.T, s *Session, root string) (uri.URI, string) {
	t.Helper()
	if err := s.Modify(StartViews{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadedSnapshot(t.Context()); err != nil {
		t.Fatal(err)
	}
	u := uri.File(filepath.Join(root, "pdf", "SKILL.md"))
	text := "---\nname: pdf\ndescription: Fill PDF forms.\n---\n"
	if err := s.Modify(OpenDoc{URI: u, LanguageID: "markdown", Version: 1, Text: []byte(text)}); err != nil {
		t.Fatal(err)
	}
	return u, text
}

// While a pass is being published, an edit's own diagnostics go out at
// once: they wait for the file being published, not for the rest of the
// pass.
func TestEditAnsweredWhilePassPublishes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const perFile = 100 * time.Millisecond
		pub := &slowPublisher{delay: perFile}
		s, root := newTestSession(t, 150*time.Millisecond, pub)
		writeExtraSkills(t, root, 20)
		u, text := loadAndOpenPDF(t, s, root)
		// The first pass starts at +150 ms and takes about 2 s to publish.
		time.Sleep(500 * time.Millisecond)
		synctest.Wait()
		edited := time.Now()
		if err := editWhole(s, u, 2, text+"Edited.\n"); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		time.Sleep(perFile)
		synctest.Wait()
		if c, ok := pub.last(u); !ok || c.version == nil || *c.version != 2 || c.at.Sub(edited) > perFile {
			t.Errorf("the edit's diagnostics: %+v, %v; want version 2 within %v", c, ok, perFile)
		}
		if got := pub.passTimes(); len(got) != 0 {
			t.Fatalf("the pass was out at %v, before the edit: the test proves nothing", got)
		}
	})
}

// A pass that came due while another was being published waits, once that
// one is out, for a pause in the typing, as any later pass does.
func TestPendingPassWaitsForAPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &slowPublisher{delay: 100 * time.Millisecond}
		s, root := newTestSession(t, 150*time.Millisecond, pub)
		writeExtraSkills(t, root, 20)
		u, text := loadAndOpenPDF(t, s, root)
		v := int32(1)
		edit := func() {
			t.Helper()
			v++
			text += "x"
			if err := editWhole(s, u, v, text); err != nil {
				t.Fatal(err)
			}
		}
		// The first pass starts at +150 ms and takes about 2 s to publish.
		// An edit and a 200 ms pause while it publishes make a second one
		// due; then typing every 100 ms until +6 s.
		time.Sleep(500 * time.Millisecond)
		edit()
		time.Sleep(200 * time.Millisecond)
		start := time.Now()
		for time.Since(start) < 5300*time.Millisecond {
			edit()
			time.Sleep(100 * time.Millisecond)
		}
		stopped := time.Now()
		synctest.Wait()
		passes := pub.passTimes()
		if len(passes) != 1 {
			t.Fatalf("passes published at %v while the user typed; want only the first", passes)
		}
		time.Sleep(5 * time.Second)
		synctest.Wait()
		passes = pub.passTimes()
		if len(passes) != 2 || passes[1].Sub(stopped) < 150*time.Millisecond {
			t.Errorf("passes at %v (typing stopped at %v); want a second one after the pause", passes, stopped)
		}
	})
}
