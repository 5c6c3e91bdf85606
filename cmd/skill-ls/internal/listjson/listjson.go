// Package listjson is list --json: render.Report with the strings that may hold
// a path (paths, and the messages that name them) written with their exact
// bytes (format.ExactString, docs/output.md). The types mirror the
// report's field for field, in its order; TestListJSONMirrorsReport holds
// them to it (for UTF-8 text the output is encoding/json's of the report).
package listjson

import (
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
)

type (
	// Report is a render.Report as list --json writes it.
	Report struct {
		Roots    []listRootJSON    `json:"roots"`
		Skills   []listSkillJSON   `json:"skills"`
		Shadowed []listShadowJSON  `json:"shadowed"`
		Dropped  []listDroppedJSON `json:"dropped"`
		Problems []listProblemJSON `json:"problems"`
		Hosts    []listHostJSON    `json:"hostFolders,omitempty"`
	}
	listHostJSON struct {
		Dir   format.ExactString `json:"dir"`
		Label format.ExactString `json:"label"`
		Hosts []string           `json:"hosts"`
		Files []listHostFileJSON `json:"files"`
	}
	listHostFileJSON struct {
		Name    format.ExactString `json:"name"`
		Path    format.ExactString `json:"path"`
		Readers []string           `json:"readers,omitempty"`
	}
	listRootJSON struct {
		Dir    format.ExactString `json:"dir"`
		Source string             `json:"source"`
		Rank   int                `json:"rank"`
		Exists bool               `json:"exists"`
	}
	listSkillJSON struct {
		Name           string                  `json:"name"`
		Description    string                  `json:"description"`
		Source         string                  `json:"source"`
		Rank           int                     `json:"rank"`
		Path           format.ExactString      `json:"path,omitempty"`
		Root           format.ExactString      `json:"root,omitempty"`
		ModelInvocable bool                    `json:"modelInvocable"`
		UserInvocable  bool                    `json:"userInvocable"`
		HostNames      []render.ReportHostName `json:"hostNames,omitempty"`
	}
	listShadowJSON struct {
		listSkillJSON
		Winner listSkillJSON `json:"winner"`
	}
	listDroppedJSON struct {
		Path    format.ExactString `json:"path"`
		Source  string             `json:"source,omitempty"`
		Rank    int                `json:"rank,omitempty"`
		Kind    string             `json:"kind"`
		Reason  format.ExactString `json:"reason"`
		Summary format.ExactString `json:"summary"`
		Root    format.ExactString `json:"root,omitempty"`
		Log     format.ExactString `json:"log"`
		Unread  bool               `json:"unread,omitempty"`
		Line    int                `json:"line"`
		Column  int                `json:"column"`
	}
	listProblemJSON struct {
		Kind    string             `json:"kind"`
		Path    format.ExactString `json:"path"`
		Message format.ExactString `json:"message"`
	}
)

// New returns rep in the shape list --json writes.
func New(rep render.Report) Report {
	out := Report{Roots: []listRootJSON{}, Skills: []listSkillJSON{}, Shadowed: []listShadowJSON{}, Dropped: []listDroppedJSON{}, Problems: []listProblemJSON{}}
	for _, r := range rep.Roots {
		out.Roots = append(out.Roots, listRootJSON{format.ExactString(r.Dir), r.Source, r.Rank, r.Exists})
	}
	for _, s := range rep.Skills {
		out.Skills = append(out.Skills, listSkillOf(s))
	}
	for _, s := range rep.Shadowed {
		out.Shadowed = append(out.Shadowed, listShadowJSON{listSkillOf(s.ReportSkill), listSkillOf(s.Winner)})
	}
	for _, d := range rep.Dropped {
		out.Dropped = append(out.Dropped, listDroppedJSON{
			Path: format.ExactString(d.Path), Source: d.Source, Rank: d.Rank, Kind: d.Kind,
			Reason: format.ExactString(d.Reason), Summary: format.ExactString(d.Summary),
			Root: format.ExactString(d.Root), Log: format.ExactString(d.Log), Unread: d.Unread, Line: d.Line, Column: d.Column,
		})
	}
	for _, p := range rep.Problems {
		out.Problems = append(out.Problems, listProblemJSON{p.Kind, format.ExactString(p.Path), format.ExactString(p.Message)})
	}
	for _, h := range rep.HostFolders {
		hj := listHostJSON{Dir: format.ExactString(h.Dir), Label: format.ExactString(h.Label), Hosts: h.Hosts, Files: []listHostFileJSON{}}
		for _, f := range h.Files {
			hj.Files = append(hj.Files, listHostFileJSON{format.ExactString(f.Name), format.ExactString(f.Path), f.Readers})
		}
		out.Hosts = append(out.Hosts, hj)
	}
	return out
}

func listSkillOf(s render.ReportSkill) listSkillJSON {
	return listSkillJSON{
		Name: s.Name, Description: s.Description, Source: s.Source, Rank: s.Rank,
		Path: format.ExactString(s.Path), Root: format.ExactString(s.Root),
		ModelInvocable: s.ModelInvocable, UserInvocable: s.UserInvocable, HostNames: s.HostNames,
	}
}
