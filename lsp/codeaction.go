package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/scaffold"
	"github.com/skill-ls/skill-ls/skills/skillfile"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// CodeAction offers the quick fixes of the diagnostics under the range,
// recomputed from server state (never from the client's diagnostic ranges,
// which some clients report in bytes).
func (s *server) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	out := []protocol.CommandOrCodeAction{}
	if !t.st.Started() {
		return out, nil
	}
	var ds []diagnostics.Diagnostic
	switch {
	case t.chat():
		opts := t.st.OptionsFor(t.path)
		opts.Elsewhere = t.st.Elsewhere(t.snap, t.path)
		ds = session.ChatDiagnostics(t.snap, t.doc, opts)
	case t.file != nil && t.snap.File(t.path) == t.file:
		opts := t.st.OptionsFor(t.path)
		// No index of every description; the host rules run on the
		// cached host matrix, so a host-drops finding offers the fix
		// check --fix applies to it.
		opts.Quick = true
		opts.Matrix = s.hostMatrixOf(ctx, t)
		ds = diagnostics.RunFile(t.snap, t.path, opts)
	default:
		return out, nil // the snapshot lags the buffer
	}
	want := session.RangeSpan(t.idx, p.Range)
	renames := s.supportsFileRename()
	judge := &fixJudge{t: t}
	for _, d := range ds {
		if d.Span.End < want.Start || d.Span.Start > want.End {
			continue
		}
		fixes := d.Fixes
		if !t.chat() {
			fixes = append(fixes, diagnostics.SuppressionFixes(t.snap, d)...)
		}
		pd := session.ToProtocolDiagnostic(d, t.idx, t.snap, t.st)
		for _, fix := range fixes {
			if ca := fixAction(t, pd, judge.judged(ctx, fix), renames); ca != nil {
				out = append(out, ca)
			}
		}
		if d.Code == diagnostics.CodeChatUnknownSkill && s.supportsResourceOp("create") {
			if ca := createSkillAction(t, pd, d); ca != nil {
				out = append(out, ca)
			}
		}
		if d.Code == diagnostics.CodeBodyTooLong && s.supportsResourceOp("create") {
			if ca := moveSectionAction(t, pd); ca != nil {
				out = append(out, ca)
			}
		}
	}
	return out, nil
}

// createSkillAction offers, for a /name that names no skill, to create the
// skill in the project's .agents/skills: a new SKILL.md with the name and
// the placeholder description `skill-ls new` writes (a workspace edit the
// client applies; never over an existing file).
func createSkillAction(t *target, pd protocol.Diagnostic, d diagnostics.Diagnostic) *protocol.CodeAction {
	name := strings.TrimPrefix(string(t.text[d.Span.Start:d.Span.End]), "/")
	project := t.st.ProjectDir(t.path)
	if !skillfile.IsSkillName(name) || project == "" {
		return nil
	}
	path := filepath.Join(project, ".agents", "skills", name, "SKILL.md")
	if discovery.Exists(path) {
		return nil
	}
	u := uri.File(path)
	kind := protocol.CodeActionKindQuickFix
	return &protocol.CodeAction{
		Title: "Create skill " + name + " in " + t.st.RelPath(filepath.Dir(path)), Kind: &kind, Diagnostics: []protocol.Diagnostic{pd},
		Edit: &protocol.WorkspaceEdit{DocumentChanges: []protocol.DocumentChange{
			&protocol.CreateFile{Kind: "create", URI: u}, // fails, and stops the edit, if the file appeared meanwhile
			&protocol.TextDocumentEdit{
				TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}},
				Edits:        []protocol.TextDocumentEditElement{&protocol.TextEdit{NewText: string(scaffold.NewSkillText(name))}},
			},
		}},
	}
}

// moveSectionAction offers, for a body too long, to move its longest
// section into references/ (diagnostics.PlanSectionMove): a new file the
// client creates (never over an existing one), and the section replaced
// by its heading and a link.
func moveSectionAction(t *target, pd protocol.Diagnostic) *protocol.CodeAction {
	mv, ok := diagnostics.PlanSectionMove(t.file, t.text)
	if !ok || discovery.Exists(mv.Path) {
		return nil
	}
	u := uri.File(mv.Path)
	kind := protocol.CodeActionKindQuickFix
	return &protocol.CodeAction{
		Title: fmt.Sprintf("Move the section %q into %s", mv.Title, t.st.RelPath(mv.Path)), Kind: &kind, Diagnostics: []protocol.Diagnostic{pd},
		Edit: &protocol.WorkspaceEdit{DocumentChanges: []protocol.DocumentChange{
			&protocol.CreateFile{Kind: "create", URI: u},
			&protocol.TextDocumentEdit{
				TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}},
				Edits:        []protocol.TextDocumentEditElement{&protocol.TextEdit{NewText: mv.Text}},
			},
			&protocol.TextDocumentEdit{
				TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: t.uri}},
				Edits:        []protocol.TextDocumentEditElement{&protocol.TextEdit{Range: t.rng(mv.Section), NewText: mv.Keep}},
			},
		}},
	}
}

// fixAction turns a fix into a quick-fix code action: text edits, and the
// renames it asks for as documentChanges when the client applies them. A
// fix that needs renames the client cannot do is left out, and one that
// would rename what may not move (a workspace folder, a root, anything
// outside the workspace: mayMove).
func fixAction(t *target, pd protocol.Diagnostic, fix diagnostics.Fix, renames bool) *protocol.CodeAction {
	if len(fix.Renames) > 0 && !renames {
		return nil
	}
	for _, r := range fix.Renames {
		if !t.st.MayMove(t.snap, r.From) {
			return nil
		}
	}
	edit := &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{}}
	for _, e := range fix.Edits {
		idx := t.idx
		if e.Path != t.path {
			f := t.snap.File(e.Path)
			if f == nil {
				continue
			}
			x, err := t.snap.Text(f)
			if err != nil {
				continue
			}
			idx = x
		}
		u := t.st.URIFor(e.Path)
		edit.Changes[u] = append(edit.Changes[u], protocol.TextEdit{Range: session.SpanRange(idx, e.Span), NewText: e.NewText})
	}
	if len(fix.Renames) > 0 {
		var moves []fileMove
		for _, r := range fix.Renames {
			moves = append(moves, fileMove{from: r.From, to: r.To})
		}
		edit = withFolderRenames(t.st, edit, moves)
	}
	kind := protocol.CodeActionKindQuickFix
	ca := &protocol.CodeAction{Title: fix.Title, Kind: &kind, Diagnostics: []protocol.Diagnostic{pd}, Edit: edit}
	if fix.Preferred && !fix.Suppression && !fix.Unsafe {
		ca.IsPreferred = ptr(true)
	}
	return ca
}

// lensStatus is the first part of a skill file's code lens: why DSH leaves
// the file out of the catalog, else its catalog description length against
// the cap. Only a file DSH lists gets the length.
func lensStatus(t *target, f *skillfile.File) string {
	switch {
	case f.Drop != nil:
		return "dropped by DSH: " + diagnostics.DropSummary(t.snap, f)
	case f.Def == nil:
		return ""
	case !t.snap.InRoots(f.Path) && t.snap.AtRootEntry(f.Path):
		return "not on disk yet: DSH reads it once saved"
	case !t.snap.InRoots(f.Path):
		return "not in DSH's skill roots: DSH never loads this file"
	}
	if sk := t.snap.SkillAt(f.Path); sk != nil {
		if w := t.snap.Registry.ShadowOf(sk); w != nil {
			by := "the " + string(w.Source) + " skill " + w.Name
			if w.Path != "" {
				by = t.st.RelPath(w.Path)
			}
			return "shadowed by " + by + ": not in the catalog"
		}
	}
	if !f.Def.Invocation.ModelInvocable {
		return "not in the catalog (disable-model-invocation)"
	}
	maxLen := t.st.Settings.CatalogDescriptionMaxLength
	_, units := jstext.Collapse(f.Def.Description)
	title := fmt.Sprintf("catalog description %d/%d", units, maxLen)
	if units > maxLen {
		title += " (cut)"
	}
	return title
}
