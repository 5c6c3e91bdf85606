package lsp

// hoststatus.go: skill-ls.listSkills's per-host status of each skill
// file (which hosts load it, or why not), so that an editor's skill list
// shows the server's words instead of wording statuses of its own.

import (
	"context"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// skillList is the result of skill-ls.listSkills: the skill report of
// `skill-ls list --json`, and each skill file's status per host.
type skillList struct {
	render.Report
	// Files holds, by skill file path, what the hosts that speak for the
	// file do with it; absent when the view selects no host.
	Files map[string]fileHosts `json:"files,omitempty"`
}

// fileHosts is what the hosts do with one skill file.
type fileHosts struct {
	// Summary is the code lens's line: "loads in DSH and Codex · dropped
	// by Goose · not read by Cursor".
	Summary string `json:"summary"`
	// Hosts holds one verdict per host, in the matrix's order.
	Hosts []hostStatus `json:"hosts"`
}

// hostStatus is one host's verdict on a skill file.
type hostStatus struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Status is "loads", "dropped", "shadowed" or "not-discovered".
	Status string `json:"status"`
	// Summary is the host's part of the file's summary: "loads in Codex",
	// "dropped by Goose".
	Summary string `json:"summary"`
	// Message says why, in the host's terms ("" for a plain load).
	Message string `json:"message,omitempty"`
	// Skill is the name the host registers the skill under, when it does.
	Skill string `json:"skill,omitempty"`
}

// listSkills answers skill-ls.listSkills {uri?}: the skill report of the
// view of path with the hosts' verdict on each of its files, from the
// view's host matrix (the one the code lenses and hovers read).
func (s *server) listSkills(ctx context.Context, st *session.Snapshot, snap *skills.Snapshot, path string) skillList {
	out := skillList{Report: skillReport(ctx, st, snap, path)}
	m := s.matrixFor(ctx, st, path)
	if m == nil {
		return out
	}
	out.Files = map[string]fileHosts{}
	for _, p := range reportPaths(out.Report) {
		if fh, ok := fileHostsOf(m, st, p); ok {
			out.Files[p] = fh
		}
	}
	return out
}

// fileHostsOf is the verdicts on the file at p of the hosts that speak for
// it (session.LensHosts); ok is false when the matrix has no row for it.
func fileHostsOf(m *hosts.Matrix, st *session.Snapshot, p string) (fileHosts, bool) {
	row, ok := m.Row(p)
	only := session.LensHosts(m, st, p)
	if !ok || len(only) == 0 {
		return fileHosts{}, false
	}
	fh := fileHosts{Summary: m.Summary(p, only...), Hosts: []hostStatus{}}
	for _, h := range only {
		v := row.Verdicts[h.ID]
		fh.Hosts = append(fh.Hosts, hostStatus{ID: string(h.ID), Name: h.Name, Status: string(v.Status), Summary: m.Summary(p, h), Message: v.Message(), Skill: v.Name})
	}
	return fh, true
}

// reportPaths lists the skill files the report names: DSH's skills,
// shadowed and dropped files, and the other hosts' folders' files.
func reportPaths(rep render.Report) []string {
	var out []string
	for _, sk := range rep.Skills {
		if sk.Path != "" {
			out = append(out, sk.Path)
		}
	}
	for _, sk := range rep.Shadowed {
		out = append(out, sk.Path)
	}
	for _, d := range rep.Dropped {
		out = append(out, d.Path)
	}
	for _, hf := range rep.HostFolders {
		for _, f := range hf.Files {
			out = append(out, f.Path)
		}
	}
	return out
}
