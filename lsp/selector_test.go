package lsp

import (
	"encoding/json"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"go.lsp.dev/uri"
)

// TestSelectorCoversEveryKind: every document skill-ls.documentInfo calls
// a skill file, a chat buffer or an eval file is offered by the published
// selector (by its language id or its file name), under the default
// settings and under chat settings of the user's; a file of another kind
// (main.go) is not offered.
func TestSelectorCoversEveryKind(t *testing.T) {
	w := newWorkspaceEnv(t, workspaceTxtar, map[string]any{"chatPatterns": []string{"talk[0-9].txt"}, "chatLanguages": []string{"my-chat"}})
	sel, problems := SelectorFor([]byte(`{"chatPatterns": ["talk[0-9].txt"], "chatLanguages": ["my-chat"]}`))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	offered := func(p, lang string) bool {
		if slices.Contains(sel.Languages, lang) {
			return true
		}
		for _, g := range sel.FileNames {
			if ok, _ := path.Match(g, filepath.Base(p)); ok {
				return true
			}
		}
		return false
	}
	for _, c := range []struct{ rel, lang, kind string }{
		{"project/.agents/skills/pdf/SKILL.md", "markdown", docKindSkill},
		{"project/.agents/skills/flat.MD", "markdown", docKindSkill},
		{"project/x/notes.txt", "skill", docKindSkill},
		{"project/talk1.txt", "text", docKindChat},
		{"project/talk2.txt", "", docKindChat},
		{"project/a.chat", "", docKindOther}, // the user's chatPatterns replace the defaults
		{"project/buf", "my-chat", docKindChat},
		{"project/.agents/skills/pdf/evals/eval_queries.json", "json", docKindEval},
		{"project/.agents/skills/pdf/evals/evals.json", "json", docKindEval},
		{"project/main.go", "go", docKindOther},
	} {
		var info struct{ Kind string }
		raw := w.command(cmdDocumentInfo, map[string]any{"uri": string(uri.File(w.path(c.rel))), "languageId": c.lang, "kindOnly": true})
		if err := json.Unmarshal(raw, &info); err != nil {
			t.Fatal(err)
		}
		if info.Kind != c.kind {
			t.Errorf("%s (%s): kind %q, want %q", c.rel, c.lang, info.Kind, c.kind)
		}
		if got := offered(w.path(c.rel), c.lang); got != (c.kind != docKindOther) {
			t.Errorf("%s (%s), a %s: offered = %v", c.rel, c.lang, c.kind, got)
		}
	}
}
