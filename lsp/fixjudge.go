package lsp

import (
	"context"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/fix"
)

// judgedFix returns a skill file's fix as the editor offers it: a safe fix
// that check --fix would refuse (it would make a host that reads the file,
// or DSH, worse off: fix.Hurts) is offered as unsafe, never preferred, its
// title saying why, so the quick fix and --fix tell the same story.
func judgedFix(ctx context.Context, t *target, f diagnostics.Fix) diagnostics.Fix {
	if f.Unsafe || f.Suppression || len(f.Renames) > 0 || t.chat() {
		return f
	}
	if why := fix.Hurts(ctx, t.snap, t.path, f, t.st.optionsFor(t.path)); why != "" {
		f.Unsafe, f.Preferred = true, false
		f.Title += " (unsafe: " + why + ")"
	}
	return f
}
