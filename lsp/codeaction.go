package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/scaffold"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
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
	if !t.st.started() {
		return out, nil
	}
	var ds []diagnostics.Diagnostic
	switch {
	case t.chat():
		opts := t.st.optionsFor(t.path)
		opts.Elsewhere = elsewhereIn(t.st, t.snap, t.path)
		ds = chatDiagnostics(t.snap, t.doc, opts)
	case t.file != nil && t.snap.File(t.path) == t.file:
		opts := t.st.optionsFor(t.path)
		// No index of every description; the host rules run on the
		// cached host matrix, so a host-drops finding offers the fix
		// check --fix applies to it.
		opts.Quick = true
		opts.Matrix = s.hostMatrixOf(ctx, t)
		ds = diagnostics.RunFile(t.snap, t.path, opts)
	default:
		return out, nil // the snapshot lags the buffer
	}
	want := rangeSpan(t.idx, p.Range)
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
		pd := toProtocolDiagnostic(d, t.idx, t.snap, t.st)
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
	i := t.st.viewIndex(t.path)
	if !skillfile.IsSkillName(name) || i < 0 || t.st.views[i].config.dir == "" {
		return nil
	}
	path := filepath.Join(t.st.views[i].config.dir, ".agents", "skills", name, "SKILL.md")
	if discovery.Exists(path) {
		return nil
	}
	u := uri.File(path)
	kind := protocol.CodeActionKindQuickFix
	return &protocol.CodeAction{
		Title: "Create skill " + name + " in " + t.st.relPath(filepath.Dir(path)), Kind: &kind, Diagnostics: []protocol.Diagnostic{pd},
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
		Title: fmt.Sprintf("Move the section %q into %s", mv.Title, t.st.relPath(mv.Path)), Kind: &kind, Diagnostics: []protocol.Diagnostic{pd},
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
		if !t.st.mayMove(t.snap, r.From) {
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
		u := t.st.uriFor(e.Path)
		edit.Changes[u] = append(edit.Changes[u], protocol.TextEdit{Range: spanRange(idx, e.Span), NewText: e.NewText})
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

// CodeLens shows, on each skill file, its catalog description length
// against the cap, or why DSH does not list it in the catalog (dropped,
// outside its roots, shadowed, not model-invocable), and opens the skill
// preview.
func (s *server) CodeLens(ctx context.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	if lenses := evalLenses(s.sess.snapshot(), p.TextDocument.URI); lenses != nil {
		return lenses, nil
	}
	t, err := s.target(p.TextDocument.URI, nil)
	if err != nil {
		return nil, err
	}
	if t.file == nil {
		return []protocol.CodeLens{}, nil
	}
	f := t.file
	title := "preview"
	status, hostLine := lensStatus(t, f), s.hostLens(ctx, t)
	if readersOnly(t.st, t.path) {
		// Hosts the user did not choose (those a plain check picks) get no
		// lens of their own, so a line keeps one lens to run: a file only
		// other hosts read gets their line instead of DSH's "not in DSH's
		// skill roots", a file in DSH's roots DSH's line alone.
		if hostLine != "" && !t.snap.InRoots(f.Path) {
			status = hostLine
		}
		hostLine = ""
	}
	if status != "" {
		title = status + " · " + title
	}
	rng := t.rng(spans.Span{})
	if fld := f.Frontmatter.Field("name"); fld != nil {
		rng = t.rng(fld.KeySpan)
	}
	lenses := []protocol.CodeLens{{
		Range: rng,
		Command: protocol.Command{
			Title:     title,
			Command:   cmdPreviewSkill,
			Arguments: []protocol.LSPAny{mustAny(map[string]string{"uri": string(t.uri)})},
		},
	}}
	if hostLine != "" {
		lenses = append(lenses, protocol.CodeLens{Range: rng, Command: protocol.Command{
			Title:     hostLine,
			Command:   cmdPreviewSkill,
			Arguments: []protocol.LSPAny{mustAny(map[string]string{"uri": string(t.uri)})},
		}})
	}
	return lenses, nil
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
				by = t.st.relPath(w.Path)
			}
			return "shadowed by " + by + ": not in the catalog"
		}
	}
	if !f.Def.Invocation.ModelInvocable {
		return "not in the catalog (disable-model-invocation)"
	}
	maxLen := t.st.settings.CatalogDescriptionMaxLength
	_, units := jstext.Collapse(f.Def.Description)
	title := fmt.Sprintf("catalog description %d/%d", units, maxLen)
	if units > maxLen {
		title += " (cut)"
	}
	return title
}
