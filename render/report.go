package render

import (
	"context"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Report is the JSON shape of `skill-ls list --json` and of the language
// server's skill-ls.listSkills command: every skill DSH would use, every
// valid skill that loses to a same-name one, every file DSH drops with the
// reason, and the discovery problems of the roots. The slices are never nil,
// so they encode as [] rather than null.
type Report struct {
	// Roots are the skill roots in the order DSH scans them, which is rank
	// order (an earlier root wins a duplicate name). Each skill, shadowed
	// skill and dropped file names its root in its Root field.
	Roots    []ReportRoot    `json:"roots"`
	Skills   []ReportSkill   `json:"skills"`
	Shadowed []ReportShadow  `json:"shadowed"`
	Dropped  []ReportDropped `json:"dropped"`
	Problems []ReportProblem `json:"problems"`
	// HostFolders are the skill folders that other hosts read and DSH
	// does not (.claude/skills, .github/skills, ...; the personal
	// ~/.claude/skills of a host a plain check chose), filled by list and
	// the language server for the editors' skill lists.
	HostFolders []ReportHostFolder `json:"hostFolders,omitempty"`
}

// ReportHostFolder is a skill folder other hosts read: where it is, the
// display names of the hosts that read it and its skill files.
type ReportHostFolder struct {
	Dir   string           `json:"dir"`
	Label string           `json:"label"`
	Hosts []string         `json:"hosts"`
	Files []ReportHostFile `json:"files"`
}

// HostFolders lists the project's skill folders other hosts read and skip
// leaves in (it leaves out DSH's roots), with the personal folders of the
// hosts of among, the hosts a plain check chose (hosts.Folders), for the
// report; nil when the hosts' folders cannot be listed.
func HostFolders(ctx context.Context, env hosts.Options, among []*hosts.Host, skip func(path string) bool) []ReportHostFolder {
	folders, err := hosts.Folders(ctx, env, among, skip)
	if err != nil {
		return nil
	}
	var out []ReportHostFolder
	for _, fo := range folders {
		rf := ReportHostFolder{Dir: fo.Dir, Label: fo.Label, Hosts: hosts.Names(fo.Hosts), Files: []ReportHostFile{}}
		for _, f := range fo.Files {
			hf := ReportHostFile{Name: f.Folder, Path: f.Path}
			if rs := fo.Readers[f.Path]; len(rs) < len(fo.Hosts) {
				hf.Readers = hosts.Names(rs)
			}
			rf.Files = append(rf.Files, hf)
		}
		out = append(out, rf)
	}
	return out
}

// ReportHostFile is a skill file of a host folder: its folder's name (the
// name the hosts take when the frontmatter has none) and its path.
type ReportHostFile struct {
	Name string `json:"name"`
	Path string `json:"path"`
	// Readers names the hosts that read the file when they are not all
	// the folder's hosts (a SKILL.md nested deeper than Claude Code looks).
	Readers []string `json:"readers,omitempty"`
}

// ReportSkill is one skill: a registry winner, or (inside [ReportShadow])
// a loser.
type ReportSkill struct {
	Name string `json:"name"`
	// Description is the raw frontmatter description.
	Description string `json:"description"`
	// Source is the DSH source label of the skill's root and Rank its rank
	// (lower wins a duplicate name).
	Source string `json:"source"`
	Rank   int    `json:"rank"`
	// Path is the skill file ("" for a runtime skill).
	Path string `json:"path,omitempty"`
	// Root is the directory of the root the skill file was found in.
	Root string `json:"root,omitempty"`
	// ModelInvocable and UserInvocable are the resolved invocation policy:
	// whether the skill is in the catalog and the `skill` tool may load it,
	// and whether a user may invoke it with /name.
	ModelInvocable bool `json:"modelInvocable"`
	UserInvocable  bool `json:"userInvocable"`
	// HostNames are the names other hosts give the skill when a plugin
	// names it (Codex's "uipath:flow" for a skill below a plugin
	// manifest), from AddHostNames.
	HostNames []ReportHostName `json:"hostNames,omitempty"`
}

// ReportHostName is the name a host gives a skill, when it is not DSH's.
type ReportHostName struct {
	Host string `json:"host"` // the host's display name
	Name string `json:"name"`
}

// AddHostNames sets the HostNames of rep's skills, shadowed skills and
// their winners: the name each host that reads one with env gives it when
// a plugin names it (hosts.PluginNamer).
func AddHostNames(rep *Report, env hosts.Options) {
	n := hosts.NewPluginNamer(env)
	name := func(s *ReportSkill) {
		if h, q := n.Name(s.Path, s.Name); h != nil && s.Path != "" {
			s.HostNames = []ReportHostName{{Host: h.Name, Name: q}}
		}
	}
	for i := range rep.Skills {
		name(&rep.Skills[i])
	}
	for i := range rep.Shadowed {
		name(&rep.Shadowed[i].ReportSkill)
		name(&rep.Shadowed[i].Winner)
	}
}

// ReportShadow is a valid skill that DSH ignores because Winner, a skill with
// the same name from a better-ranked (or earlier) root, wins.
type ReportShadow struct {
	ReportSkill
	Winner ReportSkill `json:"winner"`
}

// ReportDropped is a skill file DSH ignores, or (Unread) one over
// skill-ls's own limits, which DSH would load.
type ReportDropped struct {
	Path string `json:"path"`
	// Source and Rank are those of the root the file was found in.
	Source string `json:"source,omitempty"`
	Rank   int    `json:"rank,omitempty"`
	// Kind is the code of the reason (a diagnostics rule code) and Reason
	// says it in words (what is wrong and what to type instead, with
	// [ReportOptions.Reason]; else DSH's text after "ignored: ").
	Kind   string `json:"kind"`
	Reason string `json:"reason"`
	// Summary is a few words with the place of the problem, for one line of
	// an editor ([ReportOptions.Summary], e.g. "a tab is used as indentation
	// at 4:1").
	Summary string `json:"summary"`
	// Root is the directory of the root the file was found in.
	Root string `json:"root,omitempty"`
	// Log is the warning line DSH logs for the file; "" when Unread.
	Log string `json:"log"`
	// Unread reports a file skill-ls did not read or decode (over 16 MiB,
	// a frontmatter past its YAML limits): no verdict of DSH's, which
	// would load it.
	Unread bool `json:"unread,omitempty"`
	// Line and Column (1-based, byte column) locate the problem in the file.
	Line   int `json:"line"`
	Column int `json:"column"`
}

// ReportRoot is one skill root.
type ReportRoot struct {
	// Dir is the root directory.
	Dir string `json:"dir"`
	// Source is the DSH source label and Rank its rank.
	Source string `json:"source"`
	Rank   int    `json:"rank"`
	// Exists reports that the directory exists.
	Exists bool `json:"exists"`
}

// ReportProblem is a discovery problem at a path (a root that is a file, a
// broken symbolic link, a SKILL.md that is not a regular file, ...).
type ReportProblem struct {
	Kind    string `json:"kind"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// ReportOptions configure [NewReportWith].
type ReportOptions struct {
	// Reason words why DSH drops a file, for ReportDropped.Reason; nil uses
	// DSH's own text (Drop.Detail). The CLI and the language server pass
	// the diagnostics' message, which says what to type instead.
	Reason func(f *skillfile.File) string
	// Summary says it in a few words with the place, for one line of an
	// editor, for ReportDropped.Summary; nil uses the drop's code.
	Summary func(f *skillfile.File) string
	// Span is where Reason points, for ReportDropped.Line and Column; nil
	// uses the drop's span.
	Span func(f *skillfile.File) spans.Span
	// Problem words a discovery problem, for ReportProblem.Message; nil
	// uses the engine's record (Problem.Message). The CLI and the language
	// server pass the diagnostics' message, so that list, check and the
	// editor say the same thing.
	Problem func(p discovery.Problem) string
}

// NewReport builds the [Report] of snap with DSH's own drop reasons.
func NewReport(snap *skills.Snapshot) Report { return NewReportWith(snap, ReportOptions{}) }

// NewReportWith builds the [Report] of snap. The skills are the registry
// winners sorted by name, the shadowed skills and dropped files are in
// discovery order.
func NewReportWith(snap *skills.Snapshot, opts ReportOptions) Report {
	r := Report{
		Roots:    []ReportRoot{},
		Skills:   []ReportSkill{},
		Shadowed: []ReportShadow{},
		Dropped:  []ReportDropped{},
		Problems: []ReportProblem{},
	}
	if snap == nil {
		return r
	}
	for _, rs := range snap.Roots {
		r.Roots = append(r.Roots, ReportRoot{Dir: rs.Root.Dir, Source: string(rs.Root.Source), Rank: rs.Root.Rank, Exists: rs.Exists})
	}
	if reg := snap.Registry; reg != nil {
		for _, s := range reg.Winners() {
			r.Skills = append(r.Skills, reportSkill(snap, s))
		}
		for _, sh := range reg.Shadowed() {
			r.Shadowed = append(r.Shadowed, ReportShadow{ReportSkill: reportSkill(snap, sh.Skill), Winner: reportSkill(snap, sh.Winner)})
		}
		for _, f := range reg.Dropped() {
			if f == nil || f.Drop == nil {
				continue
			}
			d := ReportDropped{Path: f.Path, Kind: string(f.Drop.Code), Reason: f.Drop.Detail, Summary: string(f.Drop.Code), Log: f.Drop.Log, Unread: f.Drop.Code.Unread()}
			if opts.Reason != nil {
				d.Reason = opts.Reason(f)
			}
			if opts.Summary != nil {
				d.Summary = opts.Summary(f)
			}
			if _, root := snap.Entry(f.Path); root != nil {
				d.Source, d.Rank, d.Root = string(root.Source), root.Rank, root.Dir
			}
			at := f.Drop.Span
			if opts.Span != nil {
				at = opts.Span(f)
			}
			if idx, err := snap.Text(f); err == nil {
				d.Line, d.Column = idx.LineCol(at.Start)
			}
			r.Dropped = append(r.Dropped, d)
		}
	}
	for _, p := range snap.Problems() {
		msg := p.Message
		if opts.Problem != nil {
			msg = opts.Problem(p)
		}
		r.Problems = append(r.Problems, ReportProblem{Kind: string(p.Code), Path: p.Path, Message: msg})
	}
	return r
}

func reportSkill(snap *skills.Snapshot, s *skills.Skill) ReportSkill {
	if s == nil {
		return ReportSkill{}
	}
	root := ""
	if s.Path != "" {
		if _, r := snap.Entry(s.Path); r != nil {
			root = r.Dir
		}
	}
	return ReportSkill{
		Root:           root,
		Name:           s.Name,
		Description:    s.Description,
		Source:         string(s.Source),
		Rank:           s.Rank,
		Path:           s.Path,
		ModelInvocable: s.Invocation.ModelInvocable,
		UserInvocable:  s.Invocation.UserInvocable,
	}
}
