package session

// urgent_test.go: the user first — the publishing of a workspace-wide
// pass steps aside for requests and edits, on synctest's fake clock.

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// loadedTestSession is newTestSession started, its discovery done and the
// work it set off finished.
func loadedTestSession(t *testing.T, delay time.Duration, pub publisher) (*Session, string) {
	s, root := newTestSession(t, delay, pub)
	if err := s.Modify(StartViews{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadedSnapshot(t.Context()); err != nil {
		t.Fatal(err)
	}
	synctest.Wait()
	return s, root
}

// An edit waiting for its own diagnostics is urgent work until they are
// published; the marks made before the discovery ends count too.
func TestFastPathIsUrgent(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &gatedPublisher{fakePublisher: &fakePublisher{}, gate: make(chan struct{})}
		s, root := loadedTestSession(t, 150*time.Millisecond, pub)
		q := s.published.Load().views.sched
		// The loop may take the mark at once: its publish, held on the
		// gate, has not happened, whether it took the mark or not.
		pub.held.Store(true)
		q.mark([]string{filepath.Join(root, "pdf", "SKILL.md")}, false)
		if s.Urgent.Holding() == nil {
			t.Fatalf("a marked path is not urgent work")
		}
		synctest.Wait()
		if s.Urgent.Holding() == nil {
			t.Fatalf("no urgent work left while the fast path's publish waits")
		}
		close(pub.gate)
		synctest.Wait()
		if s.Urgent.Holding() != nil {
			t.Fatalf("urgent work left after the fast path published")
		}
	})
}

// gatedPublisher is a fakePublisher whose Publish, once held, waits for
// gate to close.
type gatedPublisher struct {
	*fakePublisher
	held atomic.Bool
	gate chan struct{}
}

func (p *gatedPublisher) Publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	if p.held.Load() {
		<-p.gate
	}
	p.fakePublisher.Publish(u, version, diags)
}

// The change of the project folder itself that the watcher sends when it
// starts watching the folder is dropped unless a root in it appeared or
// went, or the config file is not the one the view read.
func TestSettleFolderChange(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	root := filepath.Join(project, ".agents", "skills")
	os.MkdirAll(filepath.Join(root, "pdf"), 0o755)
	os.WriteFile(filepath.Join(root, "pdf", "SKILL.md"), []byte("---\nname: pdf\ndescription: d\n---\n"), 0o644)
	missing := filepath.Join(project, ".dsh", "skills")
	newView := func() *view {
		roots := []discovery.Root{{Dir: root, Source: discovery.SourceProjectAgents, Rank: 400}, {Dir: missing, Source: discovery.SourceProjectDSH, Rank: 400, Index: 1}}
		v := &view{folder: project, ws: skills.NewWorkspace(roots, skills.LoadOptions{}), config: loadViewConfig(project, project)}
		if _, err := v.ws.Load(t.Context()); err != nil {
			t.Fatal(err)
		}
		return v
	}
	other := skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(root, "pdf", "SKILL.md")}
	folder := skills.Change{Kind: skills.ChangeDisk, Path: project}
	v := newView()
	if got, cfg := v.settleFolderChange([]skills.Change{folder, other}); cfg || len(got) != 1 || got[0].Path != other.Path {
		t.Errorf("catch-up of an unchanged folder = %v, %v; want only the other change", got, cfg)
	}
	if got, cfg := v.settleFolderChange([]skills.Change{other}); cfg || len(got) != 1 {
		t.Errorf("a batch without the folder = %v, %v; want it unchanged", got, cfg)
	}
	os.MkdirAll(missing, 0o755) // a root appeared
	if got, cfg := v.settleFolderChange([]skills.Change{folder}); cfg || len(got) != 1 {
		t.Errorf("catch-up after a root appeared = %v, %v; want it kept", got, cfg)
	}
	v = newView()
	os.WriteFile(filepath.Join(project, config.FileName), []byte("profile: agentskills\n"), 0o644)
	if _, cfg := v.settleFolderChange([]skills.Change{folder}); !cfg {
		t.Errorf("catch-up after the config file appeared: want the config reported changed")
	}
	v = newView()
	if got, cfg := v.settleFolderChange([]skills.Change{folder}); cfg || len(got) != 0 {
		t.Errorf("catch-up with the config file the view read = %v, %v; want it dropped", got, cfg)
	}
}

// A file edited after the pass read it keeps what the fast path published
// for it when the pass's result comes out, and is not cleared.
func TestPublishingSkipsChangedFiles(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		s, root := loadedTestSession(t, time.Hour, pub) // no pass but the one this test runs
		q := s.published.Load().views.sched
		r := runPass(t.Context(), s.Snapshot().views, diagnostics.Pace{})

		bad := filepath.Join(root, "bad", "SKILL.md")
		u := uri.File(bad)
		if err := s.Modify(OpenDoc{URI: u, LanguageID: "markdown", Version: 3, Text: []byte("---\nname: bad\ndescription: fixed\n---\n")}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		before, ok := pub.last(u)
		if !ok || before.version == nil || *before.version != 3 || len(before.diags) != 0 {
			t.Fatalf("fast path after the edit = %+v, want version 3, clean", before)
		}
		pb := q.startPublishing(r, newPassProgress(t.Context(), pub, nil, nil))
		for !q.publishSome(pb) {
		}
		after, _ := pub.last(u)
		if after.version == nil || *after.version != 3 || len(after.diags) != 0 {
			t.Errorf("the pass's older result was published over the edit: %+v", after)
		}
		if !pb.keep[u] {
			t.Errorf("the edited file is not kept: its diagnostics would be cleared")
		}
		if c, ok := pub.last(uri.File(filepath.Join(root, "pdf", "SKILL.md"))); ok && c.version != nil {
			t.Errorf("an unchanged file was published with a version: %+v", c)
		}
	})
}
