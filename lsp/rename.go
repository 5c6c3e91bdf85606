package lsp

import (
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// fileMove is a skill folder (or flat file) a rename moves.
type fileMove struct{ from, to string }

// folderMoves returns the moves of the skill folders (and flat files)
// named after oldName that lie inside a workspace folder and may move
// (mayMove), when the new path is free. It returns an empty, non-nil slice
// when there are none.
func folderMoves(st *snapshot, snap *skills.Snapshot, oldName, newName string) []fileMove {
	moves := []fileMove{}
	for _, sk := range snap.Registry.All(oldName) {
		e, _ := snap.Entry(sk.Path)
		if e == nil || !st.inFolders(sk.Path) {
			continue
		}
		var m fileMove
		switch {
		case e.Kind == discovery.EntryBundle && e.Name == oldName:
			m = fileMove{e.BaseDir, filepath.Join(filepath.Dir(e.BaseDir), newName)}
		case e.Kind == discovery.EntryFlat && strings.TrimSuffix(e.Name, ".md") == oldName:
			m = fileMove{e.Path, filepath.Join(filepath.Dir(e.Path), newName+".md")}
		default:
			continue
		}
		if st.mayMove(snap, m.from) && !discovery.Exists(m.to) { // never overwrite
			moves = append(moves, m)
		}
	}
	return moves
}

// movedDest returns the destination text of a link into a moved skill
// folder, pointing at the new place; ok is false when the link's target
// does not move (or its destination is written in a way skill-ls does not
// rewrite: escapes, absolute paths).
func movedDest(l *skills.LinkFact, moves []fileMove) (string, bool) {
	if strings.ContainsAny(l.Dest, "%\\") || filepath.IsAbs(l.Dest) {
		return "", false
	}
	for _, m := range moves {
		if !discovery.Within(l.Target(), m.from) {
			continue
		}
		target := m.to + strings.TrimPrefix(l.Target(), m.from)
		rel, err := filepath.Rel(l.Base, target)
		if err != nil {
			return "", false
		}
		suffix := ""
		if i := strings.IndexAny(l.Dest, "?#"); i >= 0 {
			suffix = l.Dest[i:]
		}
		return filepath.ToSlash(rel) + suffix, true
	}
	return "", false
}

// mayMove reports whether an edit may rename the folder or file at path:
// it lies inside a workspace folder, and is neither a workspace folder nor
// holds one (the editor has it open), nor a root of snap nor holds one
// (DSH would lose every skill in it).
func (st *snapshot) mayMove(snap *skills.Snapshot, path string) bool {
	if !st.inFolders(path) || slices.ContainsFunc(st.folders, func(f string) bool { return f != "" && discovery.Within(f, path) }) {
		return false
	}
	return !slices.ContainsFunc(snap.Roots, func(rs discovery.RootState) bool { return discovery.Within(rs.Root.Dir, path) })
}

// mayEdit reports whether a rename may edit the document or file at
// path: it lies inside a workspace folder, or it is an open chat buffer
// (the text the user is writing, untitled or not). A skill file outside
// them, such as the user's own ~/.agents/skills/NAME that every project
// shares, is not this workspace's to change.
func (st *snapshot) mayEdit(path string) bool {
	d := st.doc(path)
	return st.inFolders(path) || (d != nil && d.chat)
}

// inFolders reports whether path lies inside a workspace folder.
func (st *snapshot) inFolders(path string) bool {
	return slices.ContainsFunc(st.folders, func(f string) bool { return f != "" && discovery.Within(path, f) })
}

// withFolderRenames turns a rename's text edits into documentChanges and
// appends the moves. The text edits come first: they address the files by
// their old URIs.
func withFolderRenames(st *snapshot, edit *protocol.WorkspaceEdit, moves []fileMove) *protocol.WorkspaceEdit {
	var out []protocol.DocumentChange
	uris := make([]uri.URI, 0, len(edit.Changes))
	for u := range edit.Changes {
		uris = append(uris, u)
	}
	slices.Sort(uris)
	for _, u := range uris {
		var elems []protocol.TextDocumentEditElement
		for _, te := range edit.Changes[u] {
			elems = append(elems, &te)
		}
		var version *int32
		if d := st.doc(docKey(u)); d != nil {
			v := d.version
			version = &v
		}
		out = append(out, &protocol.TextDocumentEdit{
			TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
			Edits:        elems,
		})
	}
	for _, m := range moves {
		out = append(out, &protocol.RenameFile{Kind: "rename", OldURI: uri.File(m.from), NewURI: uri.File(m.to)})
	}
	return &protocol.WorkspaceEdit{DocumentChanges: out}
}
