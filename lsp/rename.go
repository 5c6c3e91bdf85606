package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
)

// supportsFileRename reports whether the client applies documentChanges
// with rename operations (workspace.workspaceEdit).
func (s *server) supportsFileRename() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	ws := s.caps.Workspace
	if ws == nil || ws.WorkspaceEdit == nil || ws.WorkspaceEdit.DocumentChanges == nil || !*ws.WorkspaceEdit.DocumentChanges {
		return false
	}
	return slices.Contains(ws.WorkspaceEdit.ResourceOperations, protocol.ResourceOperationKind("rename"))
}

// withFolderRenames turns a rename's text edits into documentChanges and
// appends the renames of the skill folders (and flat files) named after the
// old name that lie inside a workspace folder, when the target is free. The
// text edits come first: they address the files by their old URIs.
func withFolderRenames(st *snapshot, edit *protocol.WorkspaceEdit, snap *skills.Snapshot, oldName, newName string) *protocol.WorkspaceEdit {
	folders := st.folders
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
	inWorkspace := func(p string) bool {
		for _, f := range folders {
			if f != "" && skills.Within(p, f) {
				return true
			}
		}
		return false
	}
	for _, sk := range snap.Registry.All(oldName) {
		e, _ := snap.Entry(sk.Path)
		if e == nil || !inWorkspace(sk.Path) {
			continue
		}
		var from, to string
		switch {
		case e.Kind == skills.EntryBundle && e.Name == oldName:
			from, to = e.BaseDir, filepath.Join(filepath.Dir(e.BaseDir), newName)
		case e.Kind == skills.EntryFlat && strings.TrimSuffix(e.Name, ".md") == oldName:
			from, to = e.Path, filepath.Join(filepath.Dir(e.Path), newName+".md")
		default:
			continue
		}
		if _, err := os.Lstat(to); err == nil {
			continue // never overwrite
		}
		out = append(out, &protocol.RenameFile{Kind: "rename", OldURI: uri.File(from), NewURI: uri.File(to)})
	}
	return &protocol.WorkspaceEdit{DocumentChanges: out}
}
