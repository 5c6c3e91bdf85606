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
// the editors group skills by host folder. Issue 25, point 7.
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
`, nil)
	var rep render.Report
	if err := json.Unmarshal(w.command(cmdListSkills, nil), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.HostFolders) != 1 {
		t.Fatalf("hostFolders = %+v, want .claude/skills", rep.HostFolders)
	}
	hf := rep.HostFolders[0]
	if hf.Label != ".claude/skills" || !slices.Contains(hf.Hosts, "Claude Code") || slices.Contains(hf.Hosts, "DSH") ||
		len(hf.Files) != 1 || hf.Files[0].Name != "review" || hf.Files[0].Path != w.path("project/.claude/skills/review/SKILL.md") {
		t.Errorf("hostFolders[0] = %+v", hf)
	}
}

// TestChatSkillElsewhere: a /name whose skill is in a folder DSH does not
// read (.claude/skills) says so, with the file as a related place, not
// "no skill is named". Issue 25, point 5.
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
`, nil)
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
