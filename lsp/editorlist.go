package lsp

// editorlist.go: the answers that keep the editors from formatting or
// parsing what the server knows: the skill list as `skill-ls list` prints
// it (skill-ls.listTable), and the skill a chat buffer's /name token at a
// position names (skill-ls.skillAt), given as data rather than inside
// model text an editor would have to parse.

import (
	"github.com/skill-ls/skill-ls/lsp/session"

	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The editor commands of this file (docs/server.md).
const (
	cmdListTable = "skill-ls.listTable"
	cmdSkillAt   = "skill-ls.skillAt"
)

// listTable is the result of skill-ls.listTable.
type listTable struct {
	// Lines are the list's lines, each with the file it names.
	Lines []format.ListLine `json:"lines"`
	// Text is the list as `skill-ls list` prints it.
	Text string `json:"text"`
}

// skillAt is the result of skill-ls.skillAt.
type skillAt struct {
	// Name is the skill the /name token at the position names, when DSH
	// loads a skill of that name; "" otherwise.
	Name string `json:"name"`
}

// skillReport is the skill report of snap, the view of path: what
// skill-ls.listSkills returns and skill-ls.listTable lays out.
func skillReport(ctx context.Context, st *session.Snapshot, snap *skills.Snapshot, path string) render.Report {
	opts := st.OptionsFor(path)
	rep := render.NewReportWith(snap, render.ReportOptions{
		Reason:  func(f *skillfile.File) string { return diagnostics.DropMessage(snap, f, opts) },
		Summary: func(f *skillfile.File) string { return diagnostics.DropSummary(snap, f) },
		Span:    func(f *skillfile.File) spans.Span { return diagnostics.DropSpan(snap, f) },
		Problem: diagnostics.ProblemMessage,
	})
	rep.HostFolders = session.HostFolders(ctx, opts, snap)
	if opts.HostEnv.Cwd != "" {
		render.AddHostNames(&rep, opts.HostEnv) // as skill-ls list names them
	}
	return rep
}

// runListTable answers skill-ls.listTable {uri?}: the list of the view of
// uri (a workspace folder, usually), paths relative to that folder.
func runListTable(ctx context.Context, st *session.Snapshot, snap *skills.Snapshot, path string) protocol.LSPAny {
	lines := format.ListLines(skillReport(ctx, st, snap, path), path)
	return session.MustAny(listTable{Lines: lines, Text: format.ListText(lines)})
}

// runSkillAt answers skill-ls.skillAt {uri, position}.
func runSkillAt(st *session.Snapshot, snap *skills.Snapshot, args commandArgs) (protocol.LSPAny, error) {
	if args.URI == "" || args.Position == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdSkillAt+": give a uri and a position")
	}
	name, err := chatNameAt(st, args.URI, *args.Position)
	if err != nil {
		return nil, err
	}
	if name != "" && snap.Registry.Lookup(name) == nil {
		name = ""
	}
	return session.MustAny(skillAt{Name: name}), nil
}

// fileSkillName is the skill name a skill file gives: its definition's,
// else the string of its frontmatter's name; ok is false when it gives
// none. The skill preview runs the tool with it, and the code lens gives
// it to the editor as the preview's label.
func fileSkillName(f *skillfile.File) (name string, ok bool) {
	if f.Def != nil {
		return f.Def.Name, true
	}
	if fld := f.Frontmatter.Field("name"); fld != nil && fld.Value.Kind == dshyaml.KindString {
		return fld.Value.Str, true
	}
	return "", false
}

// lensArgs is the argument of a skill file's code lens: the file to
// preview, and the skill name it gives, for the preview's title.
func lensArgs(t *target, f *skillfile.File) []protocol.LSPAny {
	name, _ := fileSkillName(f)
	return []protocol.LSPAny{session.MustAny(map[string]string{"uri": string(t.uri), "label": name})}
}
