package fix

import (
	"context"
	"path/filepath"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// Judge tries the fixes of one file of a snapshot as All tries each fix
// (verify.go, readers.go), on trial snapshots (skills.Snapshot.Try) that
// no workspace stores: the editor offers a fix All would refuse as unsafe,
// with All's reason. The hosts' view of the snapshot is made once, for the
// first fix that needs it, and shared by the others.
type Judge struct {
	snap  *skills.Snapshot
	path  string
	opts  diagnostics.Options
	paths []string
	rd    readers
	base  *hosts.Matrix
	made  bool
}

// NewJudge returns the judge of the fixes of the file at path of snap.
func NewJudge(snap *skills.Snapshot, path string, opts diagnostics.Options) *Judge {
	return &Judge{snap: snap, path: path, opts: opts, rd: readersOf(opts)}
}

// Hurts returns why All would refuse the fix f of a finding on the judge's
// file ("it would take "when" out of Claude Code's listing of the skill
// …"), "" when it would keep it or cannot tell (a rename, an edit of
// another file, a file changed on disk).
func (j *Judge) Hurts(ctx context.Context, f diagnostics.Fix) string {
	if len(f.Renames) > 0 || !ownEdits(j.path, f) || j.snap.File(j.path) == nil {
		return ""
	}
	idx, err := j.snap.Text(j.snap.File(j.path))
	if err != nil {
		return ""
	}
	src := idx.Src()
	out, err := diagnostics.ApplyEdits(src, keepLineEndings(src, f.Edits))
	if err != nil {
		return err.Error()
	}
	if !j.made {
		j.base, j.made = j.rd.view(ctx, j.snap), true
		j.snap = openLinked(j.snap, j.base, j.path)
		j.paths = aliasesNear(j.snap, j.path).paths(j.path)
	}
	trial := j.snap.Try(edits(j.paths, out)...)
	views := [2]*hosts.Matrix{j.base, j.rd.view(ctx, trial)}
	if r := judgeAll(j.snap, trial, views, j.paths, factsOfAll(j.snap, j.paths, j.opts), !f.Unsafe, j.opts); r != nil {
		return r.Reason
	}
	return ""
}

// openLinked returns snap with the files the hosts of m discover at
// another path of the file at path opened from disk (.claude/skills/x, a
// link to .agents/skills/x): the editor's snapshot holds its roots and
// buffers, not the files only other hosts read, which check opens
// (diagnostics.HostFiles). Without them the fix of a key DSH ignores
// (when_to_use) was tried on DSH's path alone, and Claude Code, reading
// the same file through the link, did not see it lose the key.
func openLinked(snap *skills.Snapshot, m *hosts.Matrix, path string) *skills.Snapshot {
	if m == nil {
		return snap
	}
	folder, real := filepath.Base(filepath.Dir(path)), discovery.RealPath(path)
	var opens []skills.Change
	for _, row := range m.Rows {
		p := row.Path
		if p == path || filepath.Base(filepath.Dir(p)) != folder || snap.File(p) != nil || discovery.RealPath(p) != real {
			continue
		}
		if src, _, err := discovery.ReadSkillFile(p, nil); err == nil {
			opens = append(opens, skills.Change{Kind: skills.ChangeOpen, Path: p, Text: src})
		}
	}
	if len(opens) == 0 {
		return snap
	}
	return snap.TryOpening(skills.LoadOptions{}, opens...)
}
