package lsp

// hostfeatures.go: the editor features that show what the other agents do
// with a skill (hover line, code lens, budgets, preview, chat skills), read
// from the view's hosts matrix.

import (
	"context"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/hosts"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// matrixFor returns the host matrix of the view that owns path, or nil
// when the view selects no host or ctx ends first. The view makes it at
// most once per snapshot (snapshotMemo): the matrix lists the disk and
// parses every host's files.
func (s *server) matrixFor(ctx context.Context, st *session.Snapshot, path string) *hosts.Matrix {
	return st.Matrix(ctx, path, s.matrixBuilder())
}

// matrixBuilder is what makes the hosts' matrix of a view: the test's
// counting builder, else diagnostics.HostMatrix.
func (s *server) matrixBuilder() session.MatrixBuilder {
	if s.buildMatrix == nil {
		return diagnostics.HostMatrix
	}
	return s.buildMatrix
}

// hostMatrixOf returns the cached host matrix of t's view when it was made
// for t's snapshot (nil otherwise, or when the view selects no host).
func (s *server) hostMatrixOf(ctx context.Context, t *target) *hosts.Matrix {
	if t.st.OwnerOf(t.path) != t.snap {
		return nil
	}
	return s.matrixFor(ctx, t.st, t.path)
}

// hostHover is the hosts' part of the hover on a skill's name.
func (s *server) hostHover(ctx context.Context, t *target) string {
	m := s.matrixFor(ctx, t.st, t.path)
	only := t.st.LensHosts(m, t.path)
	if len(only) == 0 {
		return ""
	}
	return m.Hover(t.path, only...)
}

// hostLens is the one line of a code lens saying what the hosts do with the
// file ("loads in DSH, Codex · dropped by Goose · not read by Claude Code").
func (s *server) hostLens(ctx context.Context, t *target) string {
	m := s.matrixFor(ctx, t.st, t.path)
	only := t.st.LensHosts(m, t.path)
	if len(only) == 0 {
		return ""
	}
	return m.Summary(t.path, only...)
}

// hostBudgets gives each selected host's skill listing against its budget
// in a few words ("812 of 8,000 characters"), for a status bar. A listing is
// the skill lines alone: DSH's is the catalog's skill lines (under the
// view's catalogDescriptionMaxLength), not the whole catalog message.
func (s *server) hostBudgets(ctx context.Context, st *session.Snapshot, path string) map[string]string {
	m := s.matrixFor(ctx, st, path)
	if m == nil {
		return nil
	}
	out := map[string]string{}
	for _, h := range st.SelectedHosts(path) {
		if r := m.Results[h.ID]; r != nil {
			out[string(h.ID)] = r.Budget.String()
		}
	}
	return out
}

// hostPreview is the content preview of a skill file DSH does not read:
// the tool result of the first host that loads this very file and whose
// result skill-ls renders (Claude Code's, as `render skill --host claude`
// gives it), else an error that says which hosts read it and why none
// shows it. A host that loads another file of the same name does not
// load this one: its verdict is shadowed, and it is not asked.
func (s *server) hostPreview(ctx context.Context, st *session.Snapshot, path string) (protocol.LSPAny, error) {
	m := s.matrixFor(ctx, st, path)
	row, ok := session.HostsRow(m, path)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no host selected here reads "+st.RelPath(path)+", and it is in none of DSH's skill roots")
	}
	var why []string
	for _, h := range st.LensHosts(m, path) {
		v, res := row.Verdicts[h.ID], m.Results[h.ID]
		switch {
		case v.Status != hosts.Loads:
			why = append(why, v.Message())
		case res == nil || !res.RendersSkill():
			why = append(why, h.Name+" loads it; skill-ls does not render "+h.Name+"'s skill tool result")
		default:
			if text, ok := res.SkillText(v.Name); ok {
				return previewText(text), nil
			}
		}
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no preview of "+st.RelPath(path)+": "+strings.Join(why, "; "))
}

// chatSkillsFor is chatSkillsOf with the view's matrix, built or taken
// from its memo when the view selects hosts.
func (s *server) chatSkillsFor(ctx context.Context, t *target) *session.ChatSkills {
	return t.st.ChatSkills(t.snap, t.path, s.matrixFor(ctx, t.st, t.path))
}
