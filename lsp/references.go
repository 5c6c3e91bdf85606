package lsp

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// nameAt returns the skill name under the cursor and its span: the name
// value of a skill file, or a `/name` token of a chat buffer.
func nameAt(t *target) (string, spans.Span, bool) {
	if t.chat() {
		tok, ok := render.TokenAt(string(t.text), t.off)
		if !ok || !skillfile.IsSkillName(tok.Name) {
			return "", spans.Span{}, false
		}
		start := tok.Start + 1
		if tok.TUI {
			start += len("skill:")
		}
		return tok.Name, spans.Span{Start: start, End: tok.End}, true
	}
	fld, _ := fieldAt(t.file, t.off)
	if fld == nil || fld.Key != "name" || fld.Value.Kind != dshyaml.KindString || !skillfile.IsSkillName(fld.Value.Str) {
		return "", spans.Span{}, false
	}
	return fld.Value.Str, nameValueSpan(t.text, fld), true
}

// nameValueSpan is the span of a name value without its quotes.
func nameValueSpan(src []byte, fld *dshyaml.Field) spans.Span {
	sp := fld.ValueSpan
	if sp.Len() >= 2 && sp.End <= len(src) {
		if q := src[sp.Start]; (q == '"' || q == '\'') && src[sp.End-1] == q {
			return spans.Span{Start: sp.Start + 1, End: sp.End - 1}
		}
	}
	return sp
}

type nameRef struct {
	path string
	idx  *spans.LineIndex
	span spans.Span
	decl bool
	link *skills.LinkFact // a link into the skill from another skill
	// stale reports a closed file that changed on disk since the snapshot
	// read it (its change is on the way): its positions are unknown.
	stale bool
}

// references returns every place naming name: the name value of each skill
// file defining it (definers), the tokens of open chat buffers, and those
// of the chat files on disk in the workspace folders.
func references(t *target, name string) []nameRef {
	var out []nameRef
	seen := map[string]bool{}
	for _, f := range definers(t.snap, name) {
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		if fld := f.Frontmatter.Field("name"); fld != nil {
			idx, err := t.snap.Text(f)
			if err != nil {
				idx = spans.NewLineIndex(nil)
			}
			out = append(out, nameRef{path: f.Path, idx: idx, span: nameValueSpan(idx.Src(), fld), decl: true, stale: err != nil})
		}
	}
	// The current file, even when it is not (yet) in the registry.
	if !t.chat() && !seen[t.path] && t.file != nil {
		if fld := t.file.Frontmatter.Field("name"); fld != nil && fld.Value.Str == name {
			out = append(out, nameRef{path: t.path, idx: t.idx, span: nameValueSpan(t.text, fld), decl: true})
		}
	}
	for _, d := range t.st.OpenDocs() {
		if !d.Chat {
			continue
		}
		idx := spans.NewLineIndex(d.Text)
		for _, sp := range render.NameRefs(string(d.Text), name) {
			out = append(out, nameRef{path: d.Key, idx: idx, span: sp})
		}
	}
	out = append(out, linkRefs(t, name)...)
	return append(out, diskChatRefs(t.st, name)...)
}

// definers returns the skill files whose name: defines name: every copy
// DSH loads (winner and shadowed); when it loads none, the files it drops
// whose name: can be read and is name (a rename mends them with the rest).
func definers(snap *skills.Snapshot, name string) []*skillfile.File {
	var out []*skillfile.File
	for _, sk := range snap.Registry.All(name) {
		if f := snap.File(sk.Path); f != nil {
			out = append(out, f)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, f := range diagnostics.DroppedNamed(snap.Registry, name) {
		if fld := f.Frontmatter.Field("name"); fld != nil && fld.Value.Kind == dshyaml.KindString && fld.Value.Str == name {
			out = append(out, f)
		}
	}
	return out
}

// linkRefs returns the links from other skills into the skills named name
// (`../name/SKILL.md`, `../name/reference.md`).
func linkRefs(t *target, name string) []nameRef {
	var out []nameRef
	for _, sk := range t.snap.Registry.All(name) {
		into := t.snap.LinksInto(sk.Path)
		for _, p := range slices.Sorted(maps.Keys(into)) {
			f := t.snap.File(p)
			if f == nil {
				continue
			}
			idx, err := t.snap.Text(f)
			if err != nil {
				idx = spans.NewLineIndex(nil)
			}
			for _, l := range into[p] {
				out = append(out, nameRef{path: p, idx: idx, span: l.Span, link: &l, stale: err != nil})
			}
		}
	}
	return out
}

// References handles textDocument/references for a skill name.
func (s *server) References(ctx context.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	name, _, ok := nameAt(t)
	if !ok {
		return nil, nil
	}
	out := []protocol.Location{}
	for _, r := range references(t, name) {
		if r.stale || r.decl && !p.Context.IncludeDeclaration {
			continue
		}
		out = append(out, protocol.Location{URI: t.st.URIFor(r.path), Range: session.SpanRange(r.idx, r.span)})
	}
	return out, nil
}

// PrepareRename handles textDocument/prepareRename: only skill names can be renamed.
func (s *server) PrepareRename(ctx context.Context, p *protocol.PrepareRenameParams) (protocol.PrepareRenameResult, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	name, sp, ok := nameAt(t)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "no skill name here")
	}
	if err := renameable(t, name); err != nil {
		return nil, err
	}
	return &protocol.PrepareRenamePlaceholder{Range: t.rng(sp), Placeholder: name}, nil
}

// Rename renames a skill: its name value in every skill file defining it
// and every `/name` token in open chat buffers. It refuses a name no file
// defines (renameable) and a new name another file holds (nameTaken).
func (s *server) Rename(ctx context.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	name, _, ok := nameAt(t)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "no skill name here")
	}
	if err := renameable(t, name); err != nil {
		return nil, err
	}
	if !skillfile.IsSkillName(p.NewName) {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%q is not a valid skill name (lowercase kebab-case)", p.NewName))
	}
	if err := nameTaken(t, name, p.NewName); err != nil {
		return nil, err
	}
	if !t.st.MayEdit(t.path) {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, fmt.Sprintf("skill-ls renames only inside the workspace folders, and %s is outside them", format.Quote(t.path)))
	}
	var moves []fileMove
	if s.supportsFileRename() {
		moves = folderMoves(t.st, t.snap, name, p.NewName)
	}
	edit, skipped, err := renameEdits(t, name, p.NewName, moves)
	if err != nil {
		return nil, err
	}
	if len(skipped) > 0 {
		s.out.Show(protocol.MessageTypeWarning, fmt.Sprintf("skill-ls renamed %s only inside the workspace folders; not edited: %s", name, strings.Join(skipped, ", ")))
	}
	if moves != nil {
		return withFolderRenames(t.st, edit, moves), nil
	}
	return edit, nil
}

// renameEdits returns the text edits renaming name to newName, and the
// files naming it that lie outside the workspace folders, left alone
// (quoted for a message; see mayEdit).
func renameEdits(t *target, name, newName string, moves []fileMove) (*protocol.WorkspaceEdit, []string, error) {
	edit := &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{}}
	var skipped []string
	for _, r := range references(t, name) {
		if !t.st.MayEdit(r.path) {
			if q := format.Quote(r.path); !slices.Contains(skipped, q) {
				skipped = append(skipped, q)
			}
			continue
		}
		if r.stale {
			return nil, nil, jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesContentModified), fmt.Sprintf("%s changed on disk since skill-ls read it; rename again in a moment", r.path))
		}
		text := newName
		if r.link != nil {
			var ok bool
			if text, ok = movedDest(r.link, moves); !ok {
				continue // the folder stays: the link stays right
			}
		}
		u := t.st.URIFor(r.path)
		edit.Changes[u] = append(edit.Changes[u], protocol.TextEdit{Range: session.SpanRange(r.idx, r.span), NewText: text})
	}
	return edit, skipped, nil
}
