package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/lsp/session"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestLinkedBufferByRealPath: Neovim opens `.claude/skills/tdd/SKILL.md`,
// a link to shared-skills/tdd, by its real path. The buffer is answered as
// the linked file: its findings are published on the URI the editor
// opened, in Claude Code's terms and not DSH's outside-roots, and the
// hover on when_to_use says Claude Code reads it. Issue 40.
func TestLinkedBufferByRealPath(t *testing.T) {
	const src = "---\nname: tdd\ndescription: Drive a change with tests first. Note: tests first.\nwhen_to_use: When the user says TDD.\n---\nWrite the failing test first.\n"
	w := newWorkspaceEnv(t, chatHostsTxtar+"-- project/shared-skills/tdd/SKILL.md --\n"+src, nil)
	if err := os.Symlink(filepath.Join("..", "..", "shared-skills", "tdd"), w.path("project/.claude/skills/tdd")); err != nil {
		t.Fatal(err)
	}
	u := w.open("project/shared-skills/tdd/SKILL.md", "markdown", src)
	p := w.diags(u, "the linked file's findings", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-drops") })
	for _, d := range p.Diagnostics {
		if msg := fmt.Sprint(d.Message); d.Code == protocol.String("outside-roots") || strings.Contains(msg, "DSH") {
			t.Errorf("DSH's words on a file only Claude Code's folder links: %v %q", d.Code, msg)
		}
	}
	if h := hoverText(t, w, u, protocol.Position{Line: 3, Character: 3}); !strings.Contains(h, "read by Claude Code") || strings.Contains(h, "DSH") {
		t.Errorf("when_to_use hover = %s", h)
	}
	if h := hoverText(t, w, u, protocol.Position{Line: 1, Character: 7}); strings.Contains(h, "not in a skill root") {
		t.Errorf("name hover = %s", h)
	}
}

// TestLinkedBufferEditedDuringTheWalk: the walk for the links to a buffer
// opened by its real path runs off the read loop, so an edit can arrive
// before it ends. The buffer is answered as the linked file with the
// edited text, whichever comes first.
func TestLinkedBufferEditedDuringTheWalk(t *testing.T) {
	const src = "---\nname: tdd\ndescription: Drive a change with tests first.\nwhen_to_use: When the user says TDD.\n---\nWrite the failing test first.\n"
	w := newLinkedEnv(t, chatHostsTxtar+"-- project/shared-skills/tdd/SKILL.md --\n"+src,
		map[string]string{"project/.claude/skills/tdd": "../../shared-skills/tdd"}, session.Options{})
	u := w.open("project/shared-skills/tdd/SKILL.md", "markdown", src)
	w.edit(u, 2, strings.Replace(src, "tests first.", "tests first. Note: tests first.", 1))
	w.diags(u, "the edited linked file's findings", func(p *protocol.PublishDiagnosticsParams) bool {
		v, ok := p.Version.Get()
		return ok && v == 2 && hasCode(p, "host-drops") && !hasCode(p, "outside-roots")
	})
	if h := hoverText(t, w, u, protocol.Position{Line: 3, Character: 3}); !strings.Contains(h, "read by Claude Code") {
		t.Errorf("when_to_use hover = %s", h)
	}
}

// TestChatHoverNamesEachCopy: /pr-review in a chat is DSH's
// .agents/skills copy and Claude Code's different .claude/skills file; the
// hover shows DSH's and says which file Claude Code loads, with the text
// Claude Code lists. A name every host loads from one file gets no such
// line. Issue 40.
func TestChatHoverNamesEachCopy(t *testing.T) {
	w := newWorkspaceEnv(t, chatHostsTxtar, nil)
	chat := w.open("project/notes.chat.md", "markdown", "please /pr-review now")
	h := hoverText(t, w, chat, protocol.Position{Line: 0, Character: 10})
	for _, want := range []string{"The old copy of the review skill.", "Claude Code", "load another file: `.claude/skills/pr-review/SKILL.md`", "Review a pull request."} {
		if !strings.Contains(h, want) {
			t.Errorf("chat hover on /pr-review lacks %q: %s", want, h)
		}
	}
	w.edit(chat, 2, "please /pdf now")
	if h = hoverText(t, w, chat, protocol.Position{Line: 0, Character: 9}); strings.Contains(h, "another file") {
		t.Errorf("chat hover on /pdf, one file = %s", h)
	}
}

// TestKeyHoverThroughLink: the real bundle is in DSH's root and
// .claude/skills links to it; the hover on when_to_use says DSH ignores it
// and that Claude Code reads it through the link. Issue 40.
func TestKeyHoverThroughLink(t *testing.T) {
	const src = "---\nname: tdd\ndescription: Drive a change with tests first.\nwhen_to_use: When the user says TDD.\n---\nWrite the failing test first.\n"
	w := newWorkspaceEnv(t, chatHostsTxtar+"-- project/.agents/skills/tdd/SKILL.md --\n"+src, nil)
	if err := os.Symlink(filepath.Join("..", "..", ".agents", "skills", "tdd"), w.path("project/.claude/skills/tdd")); err != nil {
		t.Fatal(err)
	}
	u := w.open("project/.agents/skills/tdd/SKILL.md", "markdown", src)
	h := hoverText(t, w, u, protocol.Position{Line: 3, Character: 3})
	if !strings.Contains(h, "DSH ignores this key") || !strings.Contains(h, "`.claude/skills/tdd/SKILL.md` (a link to this file): read by Claude Code") {
		t.Errorf("when_to_use hover in DSH's root, linked from .claude = %s", h)
	}
}

// TestKeyHoverResolvesLinksOnce: the hover of TestKeyHoverThroughLink
// asks which rows of the hosts' matrix are its file by another path. The
// rows' links are resolved once per matrix, beside it: a second hover on
// the same content resolves none again (each did every row's before).
func TestKeyHoverResolvesLinksOnce(t *testing.T) {
	const src = "---\nname: tdd\ndescription: Drive a change with tests first.\nwhen_to_use: When the user says TDD.\n---\nWrite the failing test first.\n"
	var resolved atomic.Int32
	count := func(p string) string {
		resolved.Add(1)
		return discovery.RealPath(p)
	}
	w := newLinkedEnv(t, chatHostsTxtar+"-- project/.agents/skills/tdd/SKILL.md --\n"+src,
		map[string]string{"project/.claude/skills/tdd": "../../.agents/skills/tdd"}, session.Options{RealPath: count})
	u := w.open("project/.agents/skills/tdd/SKILL.md", "markdown", src)
	const through = "`.claude/skills/tdd/SKILL.md` (a link to this file): read by Claude Code"
	if h := hoverText(t, w, u, protocol.Position{Line: 3, Character: 3}); !strings.Contains(h, through) {
		t.Fatalf("first when_to_use hover = %s", h)
	}
	first := resolved.Load()
	if first == 0 {
		t.Fatal("the hover resolved no row's links through Options.RealPath")
	}
	if h := hoverText(t, w, u, protocol.Position{Line: 3, Character: 3}); !strings.Contains(h, through) {
		t.Fatalf("second when_to_use hover = %s", h)
	}
	if got := resolved.Load() - first; got != 0 {
		t.Errorf("a second hover on the same content resolved %d paths again (the first resolved %d), want 0", got, first)
	}
}

// newLinkedEnv is newWorkspaceEnvWith with the links (path -> target,
// relative to the archive's folder) made before the server starts.
func newLinkedEnv(t *testing.T, archive string, links map[string]string, opts session.Options) *wsEnv {
	t.Helper()
	dir := t.TempDir()
	skilltest.WriteArchive(t, dir, txtar.Parse([]byte(archive)))
	for p, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			t.Fatal(err)
		}
	}
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	os.MkdirAll(w.home, 0o755)
	opts.HomeDir = w.home
	w.env = newEnv(t, envOptions{opts: opts})
	w.initialize(nil, w.project)
	w.waitLoaded()
	return w
}

// TestLinkedTwiceByRealPath: a bundle linked from .agents/skills and
// from .claude/skills, opened by its real path, is answered as its path
// in DSH's root (the first sorted): DSH's yaml-unquoted-colon, as check
// reports it there, on the URI the editor opened.
func TestLinkedTwiceByRealPath(t *testing.T) {
	const src = "---\nname: linked-colon\ndescription: Lint the repo: run golangci-lint and fix.\n---\nRead the lint output.\n"
	w := newLinkedEnv(t, chatHostsTxtar+"-- project/shared/linked-colon/SKILL.md --\n"+src, map[string]string{
		"project/.agents/skills/linked-colon": "../../shared/linked-colon",
		"project/.claude/skills/linked-colon": "../../shared/linked-colon",
	}, session.Options{})
	u := w.open("project/shared/linked-colon/SKILL.md", "markdown", src)
	w.diags(u, "DSH's finding", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "yaml-unquoted-colon") })
}

// TestLinkedBufferReopenedDuringTheWalk: a buffer opened by its real path,
// closed and opened again while the walk for its links still runs, is
// answered by the walk of the second open: the first walk's answer (the
// link, removed since) is stale, whichever comes first.
func TestLinkedBufferReopenedDuringTheWalk(t *testing.T) {
	const src = "---\nname: tdd\ndescription: Drive a change with tests first.\nwhen_to_use: When the user says TDD.\n---\nWrite the failing test first.\n"
	w := newLinkedEnv(t, chatHostsTxtar+"-- project/shared-skills/tdd/SKILL.md --\n"+src,
		map[string]string{"project/.claude/skills/tdd": "../../shared-skills/tdd"}, session.Options{})
	answers := make(chan func(), 2)
	w.srv.sess.LinkWalked = func(_ string, apply func()) { answers <- apply }
	answer := func(which string) func() {
		t.Helper()
		select {
		case apply := <-answers:
			return apply
		case <-time.After(waitBound):
			t.Fatalf("no answer of the %s walk", which)
			return nil
		}
	}
	u := w.open("project/shared-skills/tdd/SKILL.md", "markdown", src)
	first := answer("first")
	if err := w.server.DidClose(w.ctx, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(w.path("project/.claude/skills/tdd")); err != nil {
		t.Fatal(err)
	}
	w.open("project/shared-skills/tdd/SKILL.md", "markdown", src)
	second := answer("second")
	first()
	second()
	if key, own := w.srv.sess.Snapshot().KeyOf(u), w.path("project/shared-skills/tdd/SKILL.md"); key != own {
		t.Errorf("the buffer opened again is answered as %s, the first walk's link, not as its own path %s", key, own)
	}
	w.diags(u, "the buffer's findings at its own path, no link", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, "outside-roots") && !hasCode(p, "host-drops")
	})
}
