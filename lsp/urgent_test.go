package lsp

// urgent_test.go: the user first — the workspace-wide pass steps aside for
// requests and edits, on synctest's fake clock.

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/discovery"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// yield returns at once while nothing is urgent, waits for urgent work to
// end, and waits at most maxYield, after which background work runs as
// long without waiting.
func TestUrgentYield(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		u := &session.Urgent{}
		ctx := t.Context()
		start := time.Now()
		u.Yield(ctx)
		if !time.Now().Equal(start) {
			t.Fatalf("yield waited with nothing urgent")
		}

		u.Begin()
		done := make(chan time.Time)
		go func() { u.Yield(ctx); done <- time.Now() }()
		time.Sleep(5 * time.Millisecond)
		synctest.Wait()
		select {
		case <-done:
			t.Fatal("yield returned while urgent work was in flight")
		default:
		}
		u.End()
		if at := <-done; at.Sub(start) != 5*time.Millisecond {
			t.Fatalf("yield returned at +%v, want +5ms (when the urgent work ended)", at.Sub(start))
		}

		// Urgent work that does not end: one wait of maxYield, then none
		// for maxYield, then waits again.
		u.Begin()
		defer u.End()
		start = time.Now()
		u.Yield(ctx)
		if got := time.Since(start); got != session.MaxYield {
			t.Fatalf("yield under endless urgent work waited %v, want %v", got, session.MaxYield)
		}
		start = time.Now()
		u.Yield(ctx)
		if got := time.Since(start); got != 0 {
			t.Fatalf("yield right after a wait that ran out waited %v, want 0", got)
		}
		time.Sleep(session.MaxYield)
		start = time.Now()
		u.Yield(ctx)
		if got := time.Since(start); got != session.MaxYield {
			t.Fatalf("yield %v later waited %v, want %v", session.MaxYield, got, session.MaxYield)
		}

		// A done context ends the wait.
		cctx, cancel := context.WithCancel(ctx)
		time.Sleep(session.MaxYield)
		go func() { time.Sleep(time.Millisecond); cancel() }()
		start = time.Now()
		u.Yield(cctx)
		if got := time.Since(start); got != time.Millisecond {
			t.Fatalf("yield with its context cancelled after 1ms waited %v", got)
		}

		var none *session.Urgent // a nil urgent counts nothing
		none.Begin()
		none.Yield(ctx)
		none.End()
	})
}

// progressPublisher is a fakePublisher whose work-done progress reaches a
// fakeClient.
type progressPublisher struct {
	fakePublisher
	client *fakeClient
}

func (p *progressPublisher) BeginProgress(ctx context.Context, title, message string) session.Progress {
	return session.Progress{Client: p.client, Ctx: ctx, Token: protocol.String("t")}
}

// messages returns the messages of the progress notifications so far.
func (p *progressPublisher) messages() []string {
	p.client.mu.Lock()
	defer p.client.mu.Unlock()
	var out []string
	for _, n := range p.client.progress {
		out = append(out, progressMessage(n))
	}
	return out
}

// progressMessage returns "kind: message" of a progress notification.
func progressMessage(p protocol.ProgressParams) string {
	var v struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	}
	protocol.Unmarshal(p.Value, &v)
	return v.Kind + ": " + v.Message
}

// loadedTestSession is newTestSession started, its discovery done and the
// work it set off finished.
func loadedTestSession(t *testing.T, delay time.Duration, pub session.Publisher) (*session.Session, string) {
	s, root := newTestSession(t, delay, pub)
	if err := s.Modify(session.StartViews{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadedSnapshot(t.Context()); err != nil {
		t.Fatal(err)
	}
	synctest.Wait()
	return s, root
}

// The workspace-wide pass checks no file while a request is in flight (up
// to maxYield per file), and publishes nothing; it goes on once the
// request is answered. Its counts go on the discovery's progress.
func TestPassStepsAsideForRequests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &progressPublisher{client: newFakeClient()}
		s, _ := loadedTestSession(t, 150*time.Millisecond, pub)
		s.Urgent.Begin() // a request arrives before the pass is due
		time.Sleep(150*time.Millisecond + session.MaxYield - time.Millisecond)
		synctest.Wait()
		want := []string{"report: 2 skill files found", "report: checking 0/2 files"}
		if got := pub.messages(); !slices.Equal(got, want) || len(pub.passTimes()) != 0 {
			t.Fatalf("while a request is in flight: progress %q and %d passes; want %q and none", got, len(pub.passTimes()), want)
		}
		s.Urgent.End()
		synctest.Wait()
		want = append(want, "report: checking 2/2 files", "end: 2 skill files checked")
		if got := pub.messages(); !slices.Equal(got, want) || len(pub.passTimes()) != 1 {
			t.Fatalf("after the request: progress %q and %d passes; want %q and one", got, len(pub.passTimes()), want)
		}
	})
}

// An edit waiting for its own diagnostics is urgent work until they are
// published; the marks made before the discovery ends count too.
func TestFastPathIsUrgent(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		s, root := loadedTestSession(t, 150*time.Millisecond, pub)
		q := s.Snapshot().Set.Sched
		// Marked but not yet taken: the fast path has not run.
		q.Mark([]string{filepath.Join(root, "pdf", "SKILL.md")}, false)
		if s.Urgent.Holding() == nil {
			t.Fatalf("a marked path is not urgent work")
		}
		synctest.Wait()
		if s.Urgent.Holding() != nil {
			t.Fatalf("urgent work left after the fast path published")
		}
	})
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
	newView := func() *session.View {
		roots := []discovery.Root{{Dir: root, Source: discovery.SourceProjectAgents, Rank: 400}, {Dir: missing, Source: discovery.SourceProjectDSH, Rank: 400, Index: 1}}
		v := &session.View{Folder: project, Ws: skills.NewWorkspace(roots, skills.LoadOptions{}), Config: session.LoadViewConfig(project, project)}
		if _, err := v.Ws.Load(t.Context()); err != nil {
			t.Fatal(err)
		}
		return v
	}
	other := skills.Change{Kind: skills.ChangeDisk, Path: filepath.Join(root, "pdf", "SKILL.md")}
	folder := skills.Change{Kind: skills.ChangeDisk, Path: project}
	v := newView()
	if got, cfg := v.SettleFolderChange([]skills.Change{folder, other}); cfg || len(got) != 1 || got[0].Path != other.Path {
		t.Errorf("catch-up of an unchanged folder = %v, %v; want only the other change", got, cfg)
	}
	if got, cfg := v.SettleFolderChange([]skills.Change{other}); cfg || len(got) != 1 {
		t.Errorf("a batch without the folder = %v, %v; want it unchanged", got, cfg)
	}
	os.MkdirAll(missing, 0o755) // a root appeared
	if got, cfg := v.SettleFolderChange([]skills.Change{folder}); cfg || len(got) != 1 {
		t.Errorf("catch-up after a root appeared = %v, %v; want it kept", got, cfg)
	}
	v = newView()
	os.WriteFile(filepath.Join(project, config.FileName), []byte("profile: agentskills\n"), 0o644)
	if _, cfg := v.SettleFolderChange([]skills.Change{folder}); !cfg {
		t.Errorf("catch-up after the config file appeared: want the config reported changed")
	}
	v = newView()
	if got, cfg := v.SettleFolderChange([]skills.Change{folder}); cfg || len(got) != 0 {
		t.Errorf("catch-up with the config file the view read = %v, %v; want it dropped", got, cfg)
	}
}

// A file edited after the pass read it keeps what the fast path published
// for it when the pass's result comes out, and is not cleared.
func TestPublishingSkipsChangedFiles(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pub := &fakePublisher{}
		s, root := loadedTestSession(t, time.Hour, pub) // no pass but the one this test runs
		q := s.Snapshot().Set.Sched
		r := session.RunPass(t.Context(), s.Snapshot().Views, diagnostics.Pace{})

		bad := filepath.Join(root, "bad", "SKILL.md")
		u := uri.File(bad)
		if err := s.Modify(session.OpenDoc{URI: u, LanguageID: "markdown", Version: 3, Text: []byte("---\nname: bad\ndescription: fixed\n---\n")}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		before, ok := pub.last(u)
		if !ok || before.version == nil || *before.version != 3 || len(before.diags) != 0 {
			t.Fatalf("fast path after the edit = %+v, want version 3, clean", before)
		}
		pb := q.StartPublishing(r, session.NewPassProgress(t.Context(), pub, nil, nil))
		for !q.PublishSome(pb) {
		}
		after, _ := pub.last(u)
		if after.version == nil || *after.version != 3 || len(after.diags) != 0 {
			t.Errorf("the pass's older result was published over the edit: %+v", after)
		}
		if !pb.Keep[u] {
			t.Errorf("the edited file is not kept: its diagnostics would be cleared")
		}
		if c, ok := pub.last(uri.File(filepath.Join(root, "pdf", "SKILL.md"))); ok && c.version != nil {
			t.Errorf("an unchanged file was published with a version: %+v", c)
		}
	})
}
