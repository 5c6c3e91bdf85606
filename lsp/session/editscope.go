package session

// editscope.go: which files and folders a workspace edit may touch, read
// from the snapshot's workspace folders.

import (
	"slices"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// MayMove reports whether an edit may rename the folder or file at path:
// it lies inside a workspace folder, links resolved (its own kept: the
// entry moves), and is neither a workspace folder nor holds one (the
// editor has it open), nor a root of snap nor holds one (DSH would lose
// every skill in it).
func (st *Snapshot) MayMove(snap *skills.Snapshot, path string) bool {
	if !st.InFolders(path) || !discovery.InsideReal(discovery.RealEntry(path), discovery.RealPaths(st.Folders)) {
		return false
	}
	if slices.ContainsFunc(st.Folders, func(f string) bool { return f != "" && discovery.Within(f, path) }) {
		return false
	}
	return !slices.ContainsFunc(snap.Roots, func(rs discovery.RootState) bool { return discovery.Within(rs.Root.Dir, path) })
}

// MayEdit reports whether a rename may edit the document or file at
// path: it lies inside a workspace folder, as written and where the edit
// lands (links resolved), or it is an open chat buffer (the text the user
// is writing, untitled or not). A skill file outside them, such as the
// user's own ~/.agents/skills/NAME that every project shares, or one a
// committed .agents/skills link leads to outside, is not this workspace's
// to change (check --fix decides the same way).
func (st *Snapshot) MayEdit(path string) bool {
	if d := st.Doc(path); d != nil && d.Chat {
		return true
	}
	return st.InFolders(path) && discovery.InsideReal(discovery.RealPath(path), discovery.RealPaths(st.Folders))
}

// InFolders reports whether path lies inside a workspace folder.
func (st *Snapshot) InFolders(path string) bool {
	return slices.ContainsFunc(st.Folders, func(f string) bool { return f != "" && discovery.Within(path, f) })
}
