package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// fileMove is a skill folder (or flat file) a rename moves.
type fileMove struct{ from, to string }

// folderMoves returns the moves of the skill folders (and flat files) of
// the files defining oldName (definers), named after oldName, that lie inside a workspace folder and may move
// (mayMove), when the new path is free. It returns an empty, non-nil slice
// when there are none.
func folderMoves(st *session.Snapshot, snap *skills.Snapshot, oldName, newName string) []fileMove {
	moves := []fileMove{}
	for _, f := range definers(snap, oldName) {
		e, _ := snap.Entry(f.Path)
		if e == nil || !st.InFolders(f.Path) {
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
		if st.MayMove(snap, m.from) && !discovery.Exists(m.to) { // never overwrite
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

// withFolderRenames turns a rename's text edits into documentChanges and
// appends the moves. The text edits come first: they address the files by
// their old URIs.
func withFolderRenames(st *session.Snapshot, edit *protocol.WorkspaceEdit, moves []fileMove) *protocol.WorkspaceEdit {
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
		if d := st.Doc(st.KeyOf(u)); d != nil {
			v := d.Version
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

// renameable returns nil when a rename of name has a name: to edit: a file
// defines it (definers), or the skill file the rename starts in does.
// Otherwise there is no skill to rename, only /name tokens that name none,
// and the error says so: with the reason DSH drops the file that would
// define it when there is one (its name: cannot be read), the words of
// the warning on the token.
func renameable(t *target, name string) error {
	if len(definers(t.snap, name)) > 0 {
		return nil
	}
	if !t.chat() && t.file != nil {
		if fld := t.file.Frontmatter.Field("name"); fld != nil && fld.Value.Str == name {
			return nil
		}
	}
	if dropped := diagnostics.DroppedNamed(t.snap.Registry, name); len(dropped) > 0 {
		f := dropped[0]
		return jsonrpc2.NewError(jsonrpc2.InvalidRequest, fmt.Sprintf("%s; skill-ls cannot read the name: of %s, so it renames nothing: mend that file first",
			diagnostics.DroppedTokenMessage(name, f), format.Quote(t.st.RelPath(f.Path))))
	}
	return jsonrpc2.NewError(jsonrpc2.InvalidRequest, fmt.Sprintf("no skill is named %q, so there is nothing to rename", name))
}

// nameTaken returns an error naming the file that already holds newName
// in the target's view, when a rename of name to newName would give DSH
// two skills of one name and so knock one out: a copy DSH loads (winner or
// shadowed, wherever it lies), a file DSH drops that would define it, or
// an open skill file outside the roots whose name: is newName.
func nameTaken(t *target, name, newName string) error {
	if newName == name {
		return nil
	}
	var holders []string
	for _, sk := range t.snap.Registry.All(newName) {
		holders = append(holders, sk.Path)
	}
	for _, f := range diagnostics.DroppedNamed(t.snap.Registry, newName) {
		holders = append(holders, f.Path)
	}
	for _, d := range t.st.OpenDocs() {
		if d.Chat || t.st.OwnerOf(d.Key) != t.snap || documentKind(t.st, d.Key, d.LanguageID) != docKindSkill {
			continue
		}
		if fld := t.st.BufferFile(d, t.snap).Frontmatter.Field("name"); fld != nil && fld.Value.Str == newName {
			holders = append(holders, d.Key)
		}
	}
	if len(holders) == 0 {
		return nil
	}
	return jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s already defines the skill %q: renaming %s to it would leave DSH one of the two",
		format.Quote(t.st.RelPath(holders[0])), newName, name))
}
