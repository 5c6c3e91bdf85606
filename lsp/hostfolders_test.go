package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/render"
)

// TestListSkillsHostFolders: the skill list names the project's folders
// that other hosts read and DSH does not, with their hosts and skills, so
// the editors group skills by host folder (issue 25, point 7), and the
// personal folder of a host the view reads with (~/.claude/skills, which
// a plain check reads), as skill-ls list does (issue 40); not the personal
// folder of a host the project gives no folder (~/.gemini/skills).
func TestListSkillsHostFolders(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms.
---
Body.
-- project/.claude/skills/review/SKILL.md --
---
name: review
description: Review a diff.
---
Body.
-- home/.claude/skills/mine/SKILL.md --
---
name: mine
description: A personal skill.
---
Body.
-- home/.gemini/skills/gem/SKILL.md --
---
name: gem
description: Gemini CLI's personal skill.
---
Body.
`, nil)
	var rep render.Report
	if err := json.Unmarshal(w.command(cmdListSkills, nil), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.HostFolders) != 2 {
		t.Fatalf("hostFolders = %+v, want .claude/skills and ~/.claude/skills", rep.HostFolders)
	}
	if hf := rep.HostFolders[1]; hf.Label != "~/.claude/skills" || !slices.Contains(hf.Hosts, "Claude Code") ||
		len(hf.Files) != 1 || hf.Files[0].Path != filepath.Join(w.home, ".claude/skills/mine/SKILL.md") {
		t.Errorf("hostFolders[1] = %+v", hf)
	}
	hf := rep.HostFolders[0]
	if hf.Label != ".claude/skills" || !slices.Contains(hf.Hosts, "Claude Code") || slices.Contains(hf.Hosts, "DSH") ||
		len(hf.Files) != 1 || hf.Files[0].Name != "review" || hf.Files[0].Path != w.path("project/.claude/skills/review/SKILL.md") {
		t.Errorf("hostFolders[0] = %+v", hf)
	}
}

// TestChatSkillElsewhere: in a chat that speaks to DSH (the chatHost
// setting), a /name whose skill is in a folder DSH does not read
// (.claude/skills) says so, with the file as a related place, not "no
// skill is named". Issue 25, point 5. By default a chat speaks to every
// detected host, and the name is no unknown one
// (TestChatDiagnosticAgreesWithCompletion).
func TestChatSkillElsewhere(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.claude/skills/review/SKILL.md --
---
name: review
description: Review a diff.
---
Body.
`, map[string]any{"chatHost": "dsh"})
	u := w.open("project/notes.chat.md", "markdown", "please /review this\n")
	pub := w.diags(u, "the chat's diagnostics", func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	d := pub.Diagnostics[0]
	if !strings.Contains(fmt.Sprint(d.Message), `"review" is in .claude/skills, which DSH does not read (Claude Code`) ||
		len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.URI != w.uri("project/.claude/skills/review/SKILL.md") {
		t.Errorf("diagnostic = %+v", d)
	}
}

// TestListSkillsWordsProblemsAsCheck: the skill list words a discovery
// problem as the published diagnostic does, and a loop of links is a
// broken link that says it loops, whether the loop is a root entry or a
// bundle's SKILL.md.
func TestListSkillsWordsProblemsAsCheck(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms.
---
Body.
-- project/.agents/skills/loop/notes.txt --
The SKILL.md of this bundle is a loop of links.
`, nil)
	dir := w.path("project/.agents/skills")
	for _, l := range [][2]string{{"loop2", "loop/SKILL.md"}, {"SKILL.md", "loop/loop2"}, {"dirloop", "dirloop"}} {
		if err := os.Symlink(l[0], filepath.Join(dir, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	published := map[string]string{}
	for _, rel := range []string{"loop/SKILL.md", "dirloop"} {
		path := filepath.Join(dir, rel)
		p := w.diags(uri.File(path), rel+"'s broken link", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "broken-symlink") })
		published[path] = fmt.Sprint(p.Diagnostics[0].Message)
		if want := "which loops: following it never reaches a file"; !strings.Contains(published[path], want) {
			t.Errorf("%s: %q lacks %q", rel, published[path], want)
		}
	}
	var rep render.Report
	if err := json.Unmarshal(w.command(cmdListSkills, nil), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 2 {
		t.Fatalf("problems = %+v, want the two loops", rep.Problems)
	}
	for _, p := range rep.Problems {
		if p.Kind != "broken-symlink" || p.Message != published[p.Path] {
			t.Errorf("listed %s %s: %q; published %q", p.Kind, p.Path, p.Message, published[p.Path])
		}
	}
}

// hostFoldersTxtar is a project whose skills are in .claude/skills, beside
// one of DSH's: `skill-ls check` there selects the hosts that read
// .claude/skills (cmd/skill-ls/testdata/script/check-hosts-default.txtar).
const hostFoldersTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms.
---
Body.
-- project/.claude/skills/review/SKILL.md --
---
name: review
description: Review code: find bugs before merging.
---
Read the diff.
-- project/.claude/skills/deploy/SKILL.md --
---
name: deploy
description: Deploys the app to staging.
disable-model-invokation: true
---
Run the deploy script.
`

// TestUnchosenHostsAreCheckHosts: without the hosts setting, a file in
// .claude/skills is judged by the hosts that read it, as `skill-ls check`
// judges it: Goose's drop and the misspelled key, no outside-roots ("If
// the project root is wrong ...") and no "not in DSH's skill roots" lens.
// Choosing hosts in the settings wins, and clearing them chooses again.
func TestUnchosenHostsAreCheckHosts(t *testing.T) {
	w := newWorkspaceEnv(t, hostFoldersTxtar, nil)
	src, err := os.ReadFile(w.path("project/.claude/skills/review/SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	u := w.open("project/.claude/skills/review/SKILL.md", "markdown", string(src))
	p := w.diags(u, "Goose's drop", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "host-drops") })
	for _, d := range p.Diagnostics {
		if d.Code == protocol.String("outside-roots") || strings.Contains(fmt.Sprint(d.Message), "does not read") {
			t.Errorf("a host that does not read .claude/skills speaks: %v: %v", d.Code, d.Message)
		}
		if d.Code == protocol.String("host-drops") && (d.Range.Start != protocol.Position{Line: 2, Character: 13} || d.Severity != protocol.DiagnosticSeverityError) {
			t.Errorf("host-drops at %+v, severity %v; check says 3:14, error", d.Range.Start, d.Severity)
		}
	}
	lenses, err := w.server.CodeLens(w.ctx, &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	// One lens, the hosts' line: Neovim runs the lens of a line without
	// asking which only when there is one.
	if err != nil || len(lenses) != 1 || !strings.HasPrefix(lenses[0].Command.Title, "loads in Claude Code") ||
		!strings.HasSuffix(lenses[0].Command.Title, " · preview") || strings.Contains(lenses[0].Command.Title, "not read") {
		t.Errorf("code lenses = %+v, %v", lenses, err)
	}
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"hosts":["dsh"]}}}`)
	w.diags(u, "DSH's outside-roots once DSH alone is chosen", func(p *protocol.PublishDiagnosticsParams) bool { return hasCode(p, "outside-roots") })
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"hosts":[]}}}`)
	w.diags(u, "the check's hosts again", func(p *protocol.PublishDiagnosticsParams) bool {
		return hasCode(p, "host-drops") && !hasCode(p, "outside-roots")
	})
}
