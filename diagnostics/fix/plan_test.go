package fix

import (
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestChooseFix: the preferred fix the level applies comes first.
func TestChooseFix(t *testing.T) {
	safe, unsafe := diagnostics.Fix{Title: "s"}, diagnostics.Fix{Title: "u", Unsafe: true}
	d := diagnostics.Diagnostic{Fixes: []diagnostics.Fix{unsafe, safe, {Title: "pref", Preferred: true}}}
	if f, ok := newPlanner(diagnostics.FixSafe).choose(d); !ok || f.Title != "pref" {
		t.Errorf("chooseFix took %q", f.Title)
	}
}

// TestChatFixesNeverApplied: a diagnostic of a chat rule is never fixed in
// bulk, even with a safe fix.
func TestChatFixesNeverApplied(t *testing.T) {
	path := "/p/.agents/skills/s/SKILL.md"
	ws := skills.NewWorkspace(nil, skills.LoadOptions{})
	snap := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: path, Text: []byte("---\nname: s\ndescription: d\n---\n/pdx\n")})
	d := diagnostics.Diagnostic{Path: path, Code: diagnostics.CodeChatUnknownSkill, Fixes: []diagnostics.Fix{{Title: "Change to /pdf", Preferred: true, Edits: []diagnostics.Edit{{Path: path, Span: spans.Span{Start: 27, End: 31}, NewText: "/pdf"}}}}}
	if got := newPlanner(diagnostics.FixUnsafe).plan(snap, []diagnostics.Diagnostic{d}, false); len(got) != 0 {
		t.Errorf("a chat fix was planned: %+v", got)
	}
}
