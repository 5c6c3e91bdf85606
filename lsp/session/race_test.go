package session

// race_test.go: what the client is left with when an editor event races
// with the diagnostics scheduler's loop.

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// clientModel is a publisher that keeps what a client shows: the last
// diagnostics each URI received, in the order they were sent.
type clientModel struct {
	fakePublisher
	mu      sync.Mutex
	shown   map[uri.URI][]protocol.Diagnostic
	npasses int
}

func (c *clientModel) Publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.shown == nil {
		c.shown = map[uri.URI][]protocol.Diagnostic{}
	}
	c.shown[u] = slices.Clone(diags)
}

func (c *clientModel) Clear(u uri.URI) { c.Publish(u, nil, nil) }

func (c *clientModel) ClearExcept(keep map[uri.URI]bool) {
	c.mu.Lock()
	var stale []uri.URI
	for u, ds := range c.shown {
		if len(ds) > 0 && !keep[u] {
			stale = append(stale, u)
		}
	}
	c.npasses++
	c.mu.Unlock()
	for _, u := range stale {
		c.Clear(u)
	}
}

// showing returns the diagnostics the client shows for u.
func (c *clientModel) showing(u uri.URI) []protocol.Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.shown[u]
}

// waitTaken spins until the scheduler's loop has taken its marks: it is
// diagnosing them, from a state it read just after.
func waitTaken(s *Session) {
	q := s.published.Load().views.sched
	for {
		q.mu.Lock()
		taken := len(q.dirty) == 0
		q.mu.Unlock()
		if taken {
			return
		}
		runtime.Gosched()
	}
}

// A chat buffer closed while the loop diagnoses it ends with no
// diagnostics: the loop, which read the state before the close, must not
// publish them after the close cleared them.
func TestChatClosedWhileDiagnosed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &clientModel{}
		s, _ := newTestSession(t, time.Hour, pub)
		if err := s.Modify(StartViews{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.LoadedSnapshot(t.Context()); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		chat := uri.URI("untitled:chat-race")
		// Long enough that diagnosing it outlasts the close.
		text := []byte(strings.Repeat("run /nope-a and /nope-b now\n", 3000))
		if err := s.Modify(OpenDoc{URI: chat, LanguageID: "skill-chat", Version: 1, Text: text}); err != nil {
			t.Fatal(err)
		}
		waitTaken(s)
		if err := s.Modify(CloseDoc{URI: chat}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if ds := pub.showing(chat); len(ds) > 0 {
			t.Fatalf("the closed chat buffer still shows %d diagnostics", len(ds))
		}
	})
}

// passes counts the workspace-wide passes published.
func (c *clientModel) passCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.npasses
}

// A chat buffer that new settings no longer take for one ends with no
// diagnostics: the replaced views' loop, which was diagnosing it, must not
// publish them after the new views' pass cleared them.
func TestReplacedViewsPublishNothing(t *testing.T) {
	pub := &clientModel{}
	s, _ := newTestSession(t, 0, pub)
	if err := s.Modify(StartViews{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadedSnapshot(t.Context()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return pub.passCount() == 1 })
	chat := uri.URI("untitled:chat-race")
	text := []byte(strings.Repeat("run /nope-a and /nope-b now\n", 3000))
	if err := s.Modify(OpenDoc{URI: chat, LanguageID: "skill-chat", Version: 1, Text: text}); err != nil {
		t.Fatal(err)
	}
	old := s.published.Load().views
	waitTaken(s)
	settings := s.published.Load().settings
	settings.ChatLanguages = nil
	if err := s.Modify(Configure{Settings: &settings}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		old.sched.mu.Lock()
		defer old.sched.mu.Unlock()
		return old.sched.stopped && pub.passCount() == 2
	})
	if ds := pub.showing(chat); len(ds) > 0 {
		t.Fatalf("the buffer, no chat buffer under the new settings, still shows %d diagnostics", len(ds))
	}
}

// waitFor polls cond for up to a minute: a bound for a hang, not a speed
// target (-race on two busy cores).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}

// A skill file that came after the pass read its snapshot keeps what the
// fast path published for it when the pass's result comes out: the pass,
// which never saw it, must not clear it.
func TestPublishingKeepsNewFiles(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &clientModel{}
		s, root := loadedTestSession(t, time.Hour, pub) // no pass but the one this test runs
		q := s.published.Load().views.sched
		r := runPass(t.Context(), s.Snapshot().views, diagnostics.Pace{})

		u := uri.File(filepath.Join(root, "fresh", "SKILL.md"))
		if err := s.Modify(OpenDoc{URI: u, LanguageID: "markdown", Version: 1, Text: []byte("---\nname: Fresh Name\ndescription: x\n---\n")}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if len(pub.showing(u)) == 0 {
			t.Fatal("the fast path published no diagnostics for the new file")
		}
		pb := q.startPublishing(r, newPassProgress(t.Context(), pub, nil, nil))
		for !q.publishSome(pb) {
		}
		if len(pub.showing(u)) == 0 {
			t.Errorf("the pass, which did not see the new file, cleared its diagnostics")
		}
	})
}

// An open skill file is published with its buffer's version from first to
// last: when the discovery ends, the loop must not take the views for
// loaded before they hold the buffer, and publish the disk's file (no
// version) over the buffer's diagnostics.
func TestDiscoveryEndsWithTheBuffers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		release := make(chan struct{})
		s, root := newTestSessionWith(t, time.Hour, pub, func(o *Options) {
			o.ReadFile = func(path string, buf []byte) ([]byte, int64, error) {
				<-release // the discovery ends when the test says
				return discovery.ReadSkillFile(path, buf)
			}
		})
		u := uri.File(filepath.Join(root, "pdf", "SKILL.md"))
		// Long enough that parsing it takes a while.
		text := "---\nname: pdf\ndescription: Fill PDF forms.\n---\n" + strings.Repeat("Some text with a [link](missing.md) and `code`.\n\n", 20000)
		if err := s.Modify(OpenDoc{URI: u, LanguageID: "markdown", Version: 1, Text: []byte(text)}, StartViews{}); err != nil {
			t.Fatal(err)
		}
		waitTaken(s) // the loop publishes version 1 early
		if err := editWhole(s, u, 2, text+"x"); err != nil {
			t.Fatal(err)
		}
		close(release)
		synctest.Wait()
		pub.mu.Lock()
		defer pub.mu.Unlock()
		for _, c := range pub.published {
			if c.uri == u && c.version == nil {
				t.Fatalf("the open file was published without its version: %d diagnostics", len(c.diags))
			}
		}
	})
}

// A handler's snapshot is one state: the views it holds were built from
// the settings it holds, while settings change meanwhile.
func TestSnapshotIsOneState(t *testing.T) {
	pub := &fakePublisher{}
	s, _ := newTestSession(t, time.Hour, pub)
	if err := s.Modify(StartViews{}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		settings := s.published.Load().settings
		for i := range 200 {
			settings.DiagnosticsDelay = time.Hour + time.Duration(i)
			settings.CatalogDescriptionMaxLength = 1000 + i
			if err := s.Modify(Configure{Settings: &settings}); err != nil {
				t.Error(err)
			}
		}
	}()
	for {
		select {
		case <-done:
			return
		default:
		}
		st := s.Snapshot()
		if got, want := st.OptionsFor("/nowhere/SKILL.md").MaxDescription, st.Settings.CatalogDescriptionMaxLength; got != want {
			t.Fatalf("the snapshot's views were built with a description bound of %v, its settings say %v", got, want)
		}
	}
}
