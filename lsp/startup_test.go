package lsp

// startup_test.go: what the user gets before the initial discovery ends —
// an incomplete completion list, the open skill files' own diagnostics —
// and the startup progress.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// progressMessage returns "kind: message" of a progress notification.
func progressMessage(p protocol.ProgressParams) string {
	var v struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	}
	protocol.Unmarshal(p.Value, &v)
	return v.Kind + ": " + v.Message
}

// gatedNotifier holds the discovery at its start (registerFileWatch runs
// before the roots are listed) until release is closed.
type gatedNotifier struct {
	session.Notifier
	release chan struct{}
}

func (g gatedNotifier) RegisterFileWatch(ctx context.Context, roots []discovery.Root) {
	select {
	case <-g.release:
	case <-ctx.Done():
	}
	g.Notifier.RegisterFileWatch(ctx, roots)
}

// newGatedWorkspaceEnv is newWorkspaceEnv with the discovery held until
// the returned function is called (it then waits for the discovery).
func newGatedWorkspaceEnv(t *testing.T, archive string) (*wsEnv, func()) {
	t.Helper()
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(archive)))
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	os.MkdirAll(w.home, 0o755)
	w.env = newEnv(t, envOptions{opts: session.Options{HomeDir: w.home}})
	release := make(chan struct{})
	w.srv.sess.Out = gatedNotifier{Notifier: w.srv.sess.Out, release: release}
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	w.initialize(nil, w.project)
	return w, func() {
		close(release)
		w.waitLoaded()
	}
}

func (w *wsEnv) loaded() bool { return w.srv.sess.Snapshot().Loaded }

func completionAt(t *testing.T, w *wsEnv, u uri.URI, line, char uint32) (raw json.RawMessage, list *protocol.CompletionList) {
	t.Helper()
	params := protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}}
	b, _ := json.Marshal(params)
	raw, err := w.call("textDocument/completion", string(b))
	if err != nil {
		t.Fatal(err)
	}
	list = &protocol.CompletionList{}
	if err := protocol.Unmarshal(raw, list); err != nil {
		t.Fatalf("completion %s: %v", raw, err)
	}
	return raw, list
}

// Before the discovery ends, a chat completion is an empty list marked
// incomplete (the editor asks again as the user types), never a final
// empty one; after it, the skills.
func TestCompletionBeforeDiscovery(t *testing.T) {
	w, release := newGatedWorkspaceEnv(t, workspaceTxtar)
	u := w.open("project/notes.chat.md", "markdown", "please run /de")
	raw, list := completionAt(t, w, u, 0, 14)
	if w.loaded() {
		t.Fatal("the discovery ended although it is held")
	}
	if !list.IsIncomplete || len(list.Items) != 0 || !strings.Contains(string(raw), `"isIncomplete":true`) {
		t.Fatalf("completion before the discovery = %s, want an empty list marked incomplete", raw)
	}
	if raw, _ := completionAt(t, w, u, 0, 4); string(raw) != "null" {
		t.Errorf("completion off any /name before the discovery = %s, want null", raw)
	}
	release()
	raw, list = completionAt(t, w, u, 0, 14)
	if list.IsIncomplete || len(list.Items) != 1 || list.Items[0].Label != "/deploy" {
		t.Fatalf("completion after the discovery = %s, want /deploy, complete", raw)
	}
}

// Before the discovery ends, an open skill file gets the diagnostics that
// need no other skill; the cross-skill ones (the shadowed pdf) come when
// the discovery ends. A chat buffer waits for the discovery.
func TestEarlyDiagnostics(t *testing.T) {
	w, release := newGatedWorkspaceEnv(t, workspaceTxtar)
	bad := w.open("project/.agents/skills/bad/SKILL.md", "markdown", "---\nname: Bad Name\ndescription: bad\n---\nbody\n")
	shadowed := w.open("home/.agents/skills/pdf/SKILL.md", "markdown", "---\nname: pdf\ndescription: The user's older pdf skill.\n---\nold [x](nope.md)\n")
	chat := w.open("project/notes.chat.md", "markdown", "run /nope")
	early := w.diags(bad, "the bad name before the discovery", func(p *protocol.PublishDiagnosticsParams) bool {
		v, _ := p.Version.Get()
		return v == 1 && len(p.Diagnostics) > 0
	})
	earlyPdf := w.diags(shadowed, "the pdf's own diagnostics before the discovery", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, diagnostics.CodeLinkMissing)
	})
	if w.loaded() {
		t.Fatal("the discovery ended although it is held")
	}
	w.client.mu.Lock()
	_, chatPublished := w.client.diagnostics[chat]
	w.client.mu.Unlock()
	if chatPublished {
		t.Errorf("a chat buffer was diagnosed before the discovery")
	}
	release()
	full := w.diags(shadowed, "the shadowed pdf after the discovery", func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) > len(earlyPdf.Diagnostics)
	})
	for _, d := range earlyPdf.Diagnostics {
		if !slices.ContainsFunc(full.Diagnostics, func(f protocol.Diagnostic) bool { return f.Code == d.Code && f.Range == d.Range }) {
			t.Errorf("early diagnostic %v is not among the final ones %v", d, full.Diagnostics)
		}
	}
	w.diags(chat, "the chat buffer after the discovery", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	final := w.diags(bad, "the bad name after the discovery", func(p *protocol.PublishDiagnosticsParams) bool { return true })
	if len(final.Diagnostics) != len(early.Diagnostics) {
		t.Errorf("bad: %d diagnostics before the discovery, %d after; want the same (none needs another skill)", len(early.Diagnostics), len(final.Diagnostics))
	}
}

// One work-done progress covers the startup: it begins before the roots
// are listed, says how many files the discovery found, counts the files
// the first workspace-wide pass checks, and ends when its diagnostics are
// out. (The test client handles notifications concurrently, so it may
// record them out of order: only the set of messages is checked.)
func TestStartupProgress(t *testing.T) {
	w, release := newGatedWorkspaceEnv(t, workspaceTxtar)
	w.client.waitFor(t, "progress begun while the discovery is held", func() bool { return len(w.client.progress) > 0 })
	release()
	var msgs []string
	var tokens map[string]bool
	var created int
	wants := []string{"begin: Discovering skills", "report: 6 skill files found", "report: checking 0/6 files", "report: checking 6/6 files", "end: 6 skill files checked"}
	// Every wanted message is waited for: the end may be recorded before
	// an earlier report whose handler has not run yet.
	w.client.waitFor(t, "the startup progress's messages", func() bool {
		msgs, tokens, created = nil, map[string]bool{}, len(w.client.created)
		for _, p := range w.client.progress {
			msgs = append(msgs, progressMessage(p))
			tokens[fmt.Sprint(p.Token)] = true
		}
		return !slices.ContainsFunc(wants, func(want string) bool { return !slices.Contains(msgs, want) })
	})
	counts := regexp.MustCompile(`^report: checking [0-6]/6 files$`)
	ok := len(tokens) == 1 && created == 1
	for _, m := range msgs {
		ok = ok && (counts.MatchString(m) || !strings.HasPrefix(m, "report: checking"))
	}
	if !ok {
		t.Errorf("progress = %q on %d tokens (%d created), want one: begin, the files found, counts from 0/6 to 6/6, end", msgs, len(tokens), created)
	}
}

// TestEarlyDiagnosticsAreFinal proves the early path safe: for every skill
// file of every golden tree, each diagnostic earlyDiagnostics finds for
// the file on its own is one the file has once the discovery ended (the
// full run the server publishes in the end), same code, place, severity
// and message.
func TestEarlyDiagnosticsAreFinal(t *testing.T) {
	archives := skilltest.GoldenFiles(t, "../diagnostics/testdata/*.txtar")
	total := 0
	check := func(t *testing.T, tree *txtar.Archive, profile string) {
		snap := skilltest.WriteTree(t, tree).Load(t, skills.LoadOptions{})
		opts := diagnostics.Options{Profile: mustProfile(t, profile)}
		final := diagnostics.ByPath(diagnostics.Run(t.Context(), snap, opts))
		key := func(d diagnostics.Diagnostic) string {
			return fmt.Sprintf("%s|%s|%s|%s|%d-%d", d.Path, d.Code, d.Severity, d.Message, d.Span.Start, d.Span.End)
		}
		for _, f := range snap.Files() {
			if f.Mode != skillfile.ReadFS || !f.HasText() {
				continue // the early path leaves these to the discovery
			}
			d := &session.Document{Key: f.Path, Text: skilltest.Text(t, snap, f).Src(), Version: 1}
			_, early := session.EarlyDiagnostics(d, opts)
			total += len(early)
			var want []string
			for _, x := range final[f.Path] {
				want = append(want, key(x))
			}
			for _, x := range early {
				if !slices.Contains(want, key(x)) {
					t.Errorf("%s: early %s is not a final diagnostic of the file:\n  %s", f.Path, key(x), strings.Join(want, "\n  "))
				}
			}
		}
	}
	for _, file := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			g := skilltest.LoadGolden(t, file)
			check(t, &g.Tree, g.Profile)
		})
	}
	// Links between skills: a link into another skill is not one that
	// leaves the skill folder, which only the discovery knows.
	t.Run("links", func(t *testing.T) { check(t, txtar.Parse([]byte(linkedSkills)), "dsh") })
	if total < 20 {
		t.Errorf("the early path found only %d diagnostics over the golden trees; the proof would prove little", total)
	}
}

// linkedSkills links skills to each other, to missing files and outside.
const linkedSkills = `
-- project/.git/HEAD --
ref: main
-- project/README.md --
readme
-- project/.agents/skills/a/SKILL.md --
---
name: a
description: Skill a uses skill b.
---
See [b](../b/SKILL.md), [b's guide](../b/guide.md), [gone](../b/gone.md), [readme](../../../README.md) and [mine](nope.md).
-- project/.agents/skills/b/SKILL.md --
---
name: b
description: Skill b.
---
-- project/.agents/skills/b/guide.md --
guide
`

// documentInfo with kindOnly answers during the discovery (an editor that
// attaches buffers by kind need not wait for it); without it, the command
// waits and adds the catalog.
func TestDocumentKindBeforeDiscovery(t *testing.T) {
	w, release := newGatedWorkspaceEnv(t, workspaceTxtar)
	kind := func(rel, languageID string) string {
		var info struct {
			Kind    string          `json:"kind"`
			Catalog json.RawMessage `json:"catalog"`
		}
		json.Unmarshal(w.command(cmdDocumentInfo, map[string]any{"uri": w.uri(rel), "languageId": languageID, "kindOnly": true}), &info)
		if info.Catalog != nil {
			t.Errorf("kindOnly answer holds a catalog: %s", info.Catalog)
		}
		return info.Kind
	}
	for rel, want := range map[string]string{
		"project/.agents/skills/pdf/SKILL.md": "skill",
		"project/notes.chat.md":               "chat",
		"project/README.md":                   "other",
	} {
		if got := kind(rel, "markdown"); got != want {
			t.Errorf("kind of %s before the discovery = %q, want %q", rel, got, want)
		}
	}
	if w.loaded() {
		t.Fatal("the discovery ended although it is held")
	}
	release()
	var info documentInfo
	json.Unmarshal(w.command(cmdDocumentInfo, map[string]any{"uri": w.uri("project/.agents/skills/pdf/SKILL.md")}), &info)
	if info.Kind != "skill" || info.Catalog.Skills == 0 {
		t.Errorf("documentInfo after the discovery = %+v", info)
	}
}
