package session

import (
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills/hosts"
)

// passover.go: whether an open .md file under another host's folder is
// one that host passes over (a lowercase skill.md, a flat quick-fix.md in
// .claude/skills), which makes it a skill file to the server. It is asked
// under the session lock (isSkillDocLocked), so it reads no disk: the
// hosts' roots are found when the view is built (view.passRoots, on the
// session's builder), whether a SKILL.md is beside the file is read before
// the lock (OpenDoc.prepare), and whether it opens a frontmatter is the
// buffer's.

// passedOver reports whether the file at path, with facts, is one a plain
// check reports as passed over by the hosts whose roots are roots: a
// skill file to the server whatever language the editor opened it with,
// so it gets check's findings (isSkillPath alone knows only DSH's roots).
func passedOver(path string, facts hosts.PassOverFacts, roots hosts.PassOverRoots) bool {
	return filepath.IsAbs(path) && roots.PassesOver(path, facts)
}

// passFacts returns what PassesOver needs of an open document: the
// SKILL.md beside it as read when it was opened, the frontmatter of its
// buffer.
func (d *Document) passFacts() hosts.PassOverFacts {
	return hosts.PassOverFacts{SkillMDBeside: d.skillMDBeside, Frontmatter: hosts.OpensFrontmatter(d.Text)}
}

// prepare reads, before the session lock, whether the folder of the
// document holds a SKILL.md (listed only for a skill.md spelled in another
// case); a buffer answered as a linked path has its folder's read by
// findLinks.
func (m OpenDoc) prepare() Modification {
	if k := DocKey(m.URI); filepath.IsAbs(k) {
		m.skillMDBeside = hosts.ReadSkillMDBeside(k)
	}
	return m
}
