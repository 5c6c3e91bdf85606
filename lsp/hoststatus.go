package lsp

// hoststatus.go: skill-ls.listSkills's per-host status of each skill
// file (which hosts load it, or why not), so that an editor's skill list
// shows the server's words instead of wording statuses of its own.

import (
	"context"
	"strings"

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
	// Line is the file's line in a skill list: DSH's verdict in the code
	// lens's words for a file of DSH's roots ("dropped by DSH: invalid
	// YAML at 3:14"), then what the other hosts do ("loads in Claude Code
	// · dropped by Goose").
	Line string `json:"line"`
	// Others is Line's part about the hosts other than DSH ("" for none),
	// for a list that words DSH's verdict on a loaded skill itself.
	Others string `json:"others,omitempty"`
	// Summary is what every host that speaks for the file does with it:
	// "loads in DSH and Codex · dropped by Goose · not read by Cursor".
	Summary string `json:"summary,omitempty"`
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
	out := skillList{Report: skillReport(ctx, st, snap, path), Files: map[string]fileHosts{}}
	m := s.matrixFor(ctx, st, path)
	for _, p := range reportPaths(out.Report) {
		if fh := fileHostsOf(m, st, snap, p); fh.Line != "" {
			out.Files[p] = fh
		}
	}
	return out
}

// fileHostsOf is what the hosts that speak for the file at p
// (Snapshot.LensHosts) do with it, in the words of its code lens. m may be
// nil (no host selected): DSH's verdict alone.
func fileHostsOf(m *hosts.Matrix, st *session.Snapshot, snap *skills.Snapshot, p string) fileHosts {
	fh := fileHosts{Hosts: []hostStatus{}}
	var parts []string
	all := st.LensHosts(m, p)
	only := all
	if f := snap.File(p); f != nil && snap.InRoots(p) {
		if status := lensStatus(&target{st: st, snap: snap}, f); status != "" {
			parts = append(parts, status)
		}
		only = withoutDSH(all)
	}
	row, ok := hosts.Row{}, false
	if m != nil {
		row, ok = m.Row(p)
	}
	if ok && len(only) > 0 {
		fh.Others = m.Summary(p, only...)
		parts = append(parts, fh.Others)
		fh.Summary = m.Summary(p, all...)
		for _, h := range all {
			v := row.Verdicts[h.ID]
			fh.Hosts = append(fh.Hosts, hostStatus{ID: string(h.ID), Name: h.Name, Status: string(v.Status), Summary: m.Summary(p, h), Message: v.Message(), Skill: v.Name})
		}
	}
	fh.Line = strings.Join(parts, " · ")
	return fh
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
