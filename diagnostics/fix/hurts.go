package fix

import (
	"context"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// Hurts tries the fix f of a finding on the file at path of snap as All
// tries each fix (verify.go, readers.go), on a trial snapshot
// (skills.Snapshot.Try); it returns why All would refuse it ("it would
// take "when" out of Claude Code's listing of the skill …"), "" when it
// would keep it. The editor offers a fix Hurts refuses as unsafe, with
// that reason: the same fix --fix refuses.
func Hurts(ctx context.Context, snap *skills.Snapshot, path string, f diagnostics.Fix, opts diagnostics.Options) string {
	if len(f.Renames) > 0 || !ownEdits(path, f) || snap.File(path) == nil {
		return ""
	}
	idx, err := snap.Text(snap.File(path))
	if err != nil {
		return ""
	}
	src := idx.Src()
	out, err := diagnostics.ApplyEdits(src, keepLineEndings(src, f.Edits))
	if err != nil {
		return err.Error()
	}
	paths := aliasesNear(snap, path).paths(path)
	rd := readersOf(opts)
	trial := snap.Try(edits(paths, out)...)
	views := [2]*hosts.Matrix{rd.view(ctx, snap), rd.view(ctx, trial)}
	if r := judgeAll(snap, trial, views, paths, factsOfAll(snap, paths, opts), !f.Unsafe, opts); r != nil {
		return r.Reason
	}
	return ""
}
