package session

// hosts.go: what the other agents (Claude Code, Codex, Gemini CLI, ...) do
// with a skill, in the editor: a hover line, a code lens, each host's
// catalog budget, and their invocation syntax in chat buffers. The hosts
// are those of the hosts setting (or the config file's hosts key), else
// those `skill-ls check` selects in the folder (viewHosts).
// The skill list names the other hosts' folders of the project always.

import (
	"context"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// Matrix is matrixFor with the builder given: the chat diagnostics,
// which have no server, use diagnostics.HostMatrix.
func (st *Snapshot) Matrix(ctx context.Context, path string, build MatrixBuilder) *hosts.Matrix {
	i := st.viewIndex(path)
	if i < 0 || len(st.views[i].opts.Hosts) == 0 {
		return nil
	}
	return st.views[i].memo.matrixOf(ctx, st.views[i].skills, build)
}

// matrixOf returns the hosts' matrix of snap's content (or a newer
// one's), made by build once per content.
func (memo *viewMemo) matrixOf(ctx context.Context, snap *skills.Snapshot, build MatrixBuilder) *hosts.Matrix {
	m, _ := memo.matrix.get(ctx, snap, memo.latest, func(ctx context.Context, s *skills.Snapshot) (*hosts.Matrix, error) {
		return build(ctx, s, memo.opts)
	})
	return m
}

// SameFilePaths returns the paths of the rows of the hosts' matrix of
// path's view (made by build), other than path, that are path's file by
// another path (links resolved): the .claude/skills link to a bundle
// whose real folder is in DSH's roots. Their readers read this file too.
// The rows' real paths are resolved once per content, beside the matrix
// (viewMemo.reals): a key hover resolved every row's on each hover.
func (st *Snapshot) SameFilePaths(ctx context.Context, path string, build MatrixBuilder) []string {
	m := st.Matrix(ctx, path, build)
	if m == nil {
		return nil
	}
	v := st.views[st.viewIndex(path)]
	reals, _ := v.memo.reals.get(ctx, v.skills, v.memo.latest, func(ctx context.Context, s *skills.Snapshot) (map[string]string, error) {
		out := map[string]string{}
		if m := v.memo.matrixOf(ctx, s, build); m != nil {
			for _, r := range m.Rows {
				if _, ok := out[r.Path]; !ok {
					out[r.Path] = v.memo.realPath(r.Path)
				}
			}
		}
		return out, ctx.Err()
	})
	realOf := func(p string) string {
		if r, ok := reals[p]; ok {
			return r
		}
		return v.memo.realPath(p) // a row of another content than the memo's
	}
	real := realOf(path)
	var out []string
	for _, r := range m.Rows {
		if r.Path != path && real != "" && realOf(r.Path) == real {
			out = append(out, r.Path)
		}
	}
	return out
}

// MatrixBuilder makes a view's host matrix: diagnostics.HostMatrix, or
// what a test puts in its place to count the builds.
type MatrixBuilder func(ctx context.Context, snap *skills.Snapshot, opts diagnostics.Options) (*hosts.Matrix, error)

// LensHosts returns the hosts the hover and the lens speak for on path:
// the view's selected hosts, or, when they are those a plain check chose
// (readersOnly), those of them that read the file: as in its diagnostics,
// no host says it does not read a folder. None without a matrix.
func (st *Snapshot) LensHosts(m *hosts.Matrix, path string) []*hosts.Host {
	if m == nil {
		return nil
	}
	selected := st.SelectedHosts(path)
	if !st.ReadersOnly(path) {
		return selected
	}
	return m.Readers(path, selected...)
}

// ReadersOnly reports whether the view owning path judges each file by
// the hosts that read it (viewHosts).
func (st *Snapshot) ReadersOnly(path string) bool {
	i := st.viewIndex(path)
	return i >= 0 && st.views[i].opts.ReadersOnly
}

// SelectedHosts returns the hosts the view owning path selects.
func (st *Snapshot) SelectedHosts(path string) []*hosts.Host {
	if i := st.viewIndex(path); i >= 0 {
		return st.views[i].opts.Hosts
	}
	return nil
}

// InvocationSigils returns the sigils that start a manual invocation for
// the hosts of the view owning path: "/" always (DSH), "$" with Codex.
func (st *Snapshot) InvocationSigils(path string) []string {
	out := []string{"/"}
	for _, h := range st.SelectedHosts(path) {
		if h.Invocation.Sigil != "" && !slices.Contains(out, h.Invocation.Sigil) {
			out = append(out, h.Invocation.Sigil)
		}
	}
	return out
}

// HostFolders lists the project's skill folders that other hosts read and
// DSH does not, and the personal folders of the view's hosts (those a
// plain check chooses, or the hosts setting's), for the skill list
// (skill-ls.listSkills): the editors group their skills by folder beside
// DSH's roots, as skill-ls list does. Nil without a workspace folder.
func HostFolders(ctx context.Context, opts diagnostics.Options, snap *skills.Snapshot) []render.ReportHostFolder {
	if opts.HostEnv.Cwd == "" {
		return nil
	}
	return render.HostFolders(ctx, opts.HostEnv, opts.Hosts, snap.UnderRoot)
}

// Elsewhere returns the chat rules' Elsewhere lookup of the view that
// owns path: the skill files of the other agents' folders by folder name.
// Nil without a view or a workspace folder.
func (st *Snapshot) Elsewhere(snap *skills.Snapshot, path string) func(string) []diagnostics.ElsewhereSkill {
	i := st.viewIndex(path)
	if i < 0 || st.views[i].opts.HostEnv.Cwd == "" {
		return nil
	}
	memo, env := st.views[i].memo, st.views[i].opts.HostEnv
	return func(name string) []diagnostics.ElsewhereSkill {
		// The set's context: the chat rules that ask carry none, and the
		// walk is no use once the set is replaced.
		folders, _ := memo.elsewhere.get(memo.ctx, snap, memo.latest, func(ctx context.Context, s *skills.Snapshot) ([]hosts.Folder, error) {
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

// HostsRow is m's row of path; ok is false without a matrix or a row.
func HostsRow(m *hosts.Matrix, path string) (hosts.Row, bool) {
	if m == nil {
		return hosts.Row{}, false
	}
	return m.Row(path)
}
