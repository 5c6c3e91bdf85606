package lsp

import (
	"context"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/fix"
)

// fixJudge tries the safe fixes one code action request offers on a skill
// file, as check --fix tries them (fix.Judge, made at the first fix).
type fixJudge struct {
	t     *target
	judge *fix.Judge
}

// judged returns a skill file's fix as the editor offers it: a safe fix
// that check --fix would refuse (it would make a host that reads the file,
// or DSH, worse off) is offered as unsafe, never preferred, its title
// saying why, so the quick fix and --fix tell the same story.
func (j *fixJudge) judged(ctx context.Context, f diagnostics.Fix) diagnostics.Fix {
	if f.Unsafe || f.Suppression || len(f.Renames) > 0 || j.t.chat() {
		return f
	}
	if j.judge == nil {
		j.judge = fix.NewJudge(j.t.snap, j.t.path, j.t.st.OptionsFor(j.t.path))
	}
	if why := j.judge.Hurts(ctx, f); why != "" {
		f.Unsafe, f.Preferred = true, false
		f.Title += " (unsafe: " + why + ")"
	}
	return f
}
