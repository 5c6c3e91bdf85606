package lsp

// hosts.go: what the other agents (Claude Code, Codex, Gemini CLI, ...) do
// with a skill, in the editor: a hover line, a code lens, each host's
// catalog budget, and their invocation syntax in chat buffers. The hosts
// are those of the hosts setting (or the config file's hosts key), else
// those `skill-ls check` selects in the folder (viewHosts).
// The skill list names the other hosts' folders of the project always.

import (
	"context"
	"slices"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// matrixFor returns the host matrix of the view that owns path, or nil
// when the view selects no host or ctx ends first. The view makes it at
// most once per snapshot (snapshotMemo): the matrix lists the disk and
// parses every host's files.
func (s *server) matrixFor(ctx context.Context, st *snapshot, path string) *hosts.Matrix {
	build := s.buildMatrix
	if build == nil {
		build = diagnostics.HostMatrix
	}
	return viewMatrix(ctx, st, path, build)
}

// viewMatrix is matrixFor with the builder given: the chat diagnostics,
// which have no server, use diagnostics.HostMatrix.
func viewMatrix(ctx context.Context, st *snapshot, path string, build matrixBuilder) *hosts.Matrix {
	i := st.viewIndex(path)
	if i < 0 || len(st.views[i].opts.Hosts) == 0 {
		return nil
	}
	v := st.liveView(i)
	if v == nil {
		return nil
	}
	m, _ := v.matrix.get(ctx, st.views[i].skills, v.ws.Snapshot, func(ctx context.Context, snap *skills.Snapshot) (*hosts.Matrix, error) {
		return build(ctx, snap, v.opts)
	})
	return m
}

// hostMatrixOf returns the cached host matrix of t's view when it was made
// for t's snapshot (nil otherwise, or when the view selects no host).
func (s *server) hostMatrixOf(ctx context.Context, t *target) *hosts.Matrix {
	i := t.st.viewIndex(t.path)
	if i < 0 || t.st.views[i].skills != t.snap {
		return nil
	}
	return s.matrixFor(ctx, t.st, t.path)
}

// matrixBuilder makes a view's host matrix: diagnostics.HostMatrix, or
// what a test puts in its place to count the builds.
type matrixBuilder func(ctx context.Context, snap *skills.Snapshot, opts diagnostics.Options) (*hosts.Matrix, error)

// liveView returns the view of the set whose snapshot is st.views[i], or
// nil when there is none.
func (st *snapshot) liveView(i int) *view {
	if i < 0 || st.set == nil || i >= len(st.set.views) || st.set.views[i].folder != st.views[i].folder {
		return nil
	}
	return st.set.views[i]
}

// hostHover is the hosts' part of the hover on a skill's name.
func (s *server) hostHover(ctx context.Context, t *target) string {
	m := s.matrixFor(ctx, t.st, t.path)
	only := lensHosts(m, t.st, t.path)
	if len(only) == 0 {
		return ""
	}
	return m.Hover(t.path, only...)
}

// hostLens is the one line of a code lens saying what the hosts do with the
// file ("loads in DSH, Codex · dropped by Goose · not read by Claude Code").
func (s *server) hostLens(ctx context.Context, t *target) string {
	m := s.matrixFor(ctx, t.st, t.path)
	only := lensHosts(m, t.st, t.path)
	if len(only) == 0 {
		return ""
	}
	return m.Summary(t.path, only...)
}

// lensHosts returns the hosts the hover and the lens speak for on path:
// the view's selected hosts, or, when they are those a plain check chose
// (readersOnly), those of them that read the file: as in its diagnostics,
// no host says it does not read a folder. None without a matrix.
func lensHosts(m *hosts.Matrix, st *snapshot, path string) []*hosts.Host {
	if m == nil {
		return nil
	}
	selected := selectedHosts(st, path)
	if !readersOnly(st, path) {
		return selected
	}
	return m.Readers(path, selected...)
}

// readersOnly reports whether the view owning path judges each file by
// the hosts that read it (viewHosts).
func readersOnly(st *snapshot, path string) bool {
	i := st.viewIndex(path)
	return i >= 0 && st.views[i].opts.ReadersOnly
}

// hostBudgets gives each selected host's skill listing against its budget
// in a few words ("812 of 8,000 characters"), for a status bar. A listing is
// the skill lines alone: DSH's is the catalog's skill lines (under the
// view's catalogDescriptionMaxLength), not the whole catalog message.
func (s *server) hostBudgets(ctx context.Context, st *snapshot, path string) map[string]string {
	m := s.matrixFor(ctx, st, path)
	if m == nil {
		return nil
	}
	out := map[string]string{}
	for _, h := range selectedHosts(st, path) {
		if r := m.Results[h.ID]; r != nil {
			out[string(h.ID)] = r.Budget.String()
		}
	}
	return out
}

// selectedHosts returns the hosts the view owning path selects.
func selectedHosts(st *snapshot, path string) []*hosts.Host {
	if i := st.viewIndex(path); i >= 0 {
		return st.views[i].opts.Hosts
	}
	return nil
}

// invocationSigils returns the sigils that start a manual invocation for
// the hosts of the view owning path: "/" always (DSH), "$" with Codex.
func invocationSigils(st *snapshot, path string) []string {
	out := []string{"/"}
	for _, h := range selectedHosts(st, path) {
		if h.Invocation.Sigil != "" && !slices.Contains(out, h.Invocation.Sigil) {
			out = append(out, h.Invocation.Sigil)
		}
	}
	return out
}

// hostFolders lists the project's skill folders that other hosts read and
// DSH does not, for the skill list (skill-ls.listSkills): the editors group
// their skills by folder beside DSH's roots. Nil without a workspace
// folder.
func hostFolders(ctx context.Context, opts diagnostics.Options, snap *skills.Snapshot) []render.ReportHostFolder {
	if opts.HostEnv.Cwd == "" {
		return nil
	}
	return render.HostFolders(ctx, opts.HostEnv, snap.UnderRoot)
}

// elsewhereIn returns the chat rules' Elsewhere lookup of the view that
// owns path: the skill files of the other agents' folders by folder name.
// Nil without a view or a workspace folder.
func elsewhereIn(st *snapshot, snap *skills.Snapshot, path string) func(string) []diagnostics.ElsewhereSkill {
	i := st.viewIndex(path)
	v := st.liveView(i)
	if v == nil || st.views[i].opts.HostEnv.Cwd == "" {
		return nil
	}
	env := st.views[i].opts.HostEnv
	return func(name string) []diagnostics.ElsewhereSkill {
		// The set's context: the chat rules that ask carry none, and the
		// walk is no use once the set is replaced.
		folders, _ := v.elsewhere.get(st.set.ctx, snap, v.ws.Snapshot, func(ctx context.Context, s *skills.Snapshot) ([]hosts.Folder, error) {
			return hosts.ProjectFolders(ctx, env, s.InRoots)
		})
		var out []diagnostics.ElsewhereSkill
		for _, fo := range folders {
			for _, f := range fo.Files {
				if f.Folder == name {
					out = append(out, diagnostics.ElsewhereSkill{Path: f.Path, Folder: fo.Label, Hosts: hosts.Names(fo.Hosts)})
				}
			}
		}
		return out
	}
}

// hostPreview is the content preview of a skill file DSH does not read:
// the tool result of the first host that loads this very file and whose
// result skill-ls renders (Claude Code's, as `render skill --host claude`
// gives it), else an error that says which hosts read it and why none
// shows it. A host that loads another file of the same name does not
// load this one: its verdict is shadowed, and it is not asked.
func (s *server) hostPreview(ctx context.Context, st *snapshot, path string) (protocol.LSPAny, error) {
	m := s.matrixFor(ctx, st, path)
	row, ok := hostsRow(m, path)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no host selected here reads "+st.relPath(path)+", and it is in none of DSH's skill roots")
	}
	var why []string
	for _, h := range lensHosts(m, st, path) {
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
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no preview of "+st.relPath(path)+": "+strings.Join(why, "; "))
}

// hostsRow is m's row of path; ok is false without a matrix or a row.
func hostsRow(m *hosts.Matrix, path string) (hosts.Row, bool) {
	if m == nil {
		return hosts.Row{}, false
	}
	return m.Row(path)
}
