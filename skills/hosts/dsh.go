package hosts

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"

	"github.com/skill-ls/skill-ls/skills"
)

// dshDefaultCap is DSH's default catalogDescriptionMaxLength (docs/dsh.md §6.1).
const dshDefaultCap = 500

// dshCap is the catalog description cap opts set, else the default.
func (o Options) dshCap() int {
	if o.DSHCatalogCap < jstext.MinShortenLength {
		return dshDefaultCap
	}
	return o.DSHCatalogCap
}

func dshHost() *Host {
	return &Host{
		ID:      DSH,
		Name:    "DSH",
		Release: "the DSH spec",
		Version: "the DeepSeek Harness as specified in docs/dsh.md (skill-ls's engine, byte-exact on testdata/vectors)",
		Checked: checkedDate,
		Refs: []Reference{
			{FromSource, "docs/dsh.md and testdata/vectors", "every DSH rule; skill-ls's skills package implements them and the vectors check it"},
		},
		Invocation: Invocation{Sigil: "/", Forms: []string{"/name"}, Anywhere: true, Note: "/name followed by whitespace or the end, anywhere in a user message"},
	}
}

// evaluateDSH runs skills.Roots and skills.Load, DSH's own discovery and
// registry, and turns the snapshot into verdicts.
func evaluateDSH(ctx context.Context, h *Host, opts Options) (*Result, error) {
	if opts.DSHSnapshot != nil {
		return dshResult(h, opts.DSHSnapshot, opts), nil
	}
	ro := opts.dshOptions()
	roots := discovery.Roots(ro)
	snap, err := skills.Load(ctx, roots, skills.LoadOptions{})
	if err != nil {
		return nil, err
	}
	return dshResult(h, snap, opts), nil
}

// DSHResult returns DSH's view of a snapshot already loaded (the one
// `skill-ls check` reports on) without reading the disk again: its files,
// verdicts and budget, and Explain for the files it does not discover.
// opts place the project and home for the root labels.
func DSHResult(snap *skills.Snapshot, opts Options) *Result {
	return dshResult(Lookup(string(DSH)), snap, opts)
}

// dshResult turns a loaded snapshot into DSH's Result: its roots and files
// as DSH scans them, a verdict for each file, and the catalog budget.
func dshResult(h *Host, snap *skills.Snapshot, opts Options) *Result {
	project := opts.projectRoot()
	res := &Result{Host: h, Verdicts: map[string]Verdict{}}
	res.explainRoot = func(r rootSpec, path string) (string, string) { return dshWhyNot(r, path) }
	for _, rs := range snap.Roots {
		r := rs.Root
		spec := rootSpec{dir: r.Dir, label: label(r.Dir, project, opts.Home), scope: dshScope(r.Source), skipSystem: r.SkipSystem}
		res.specs = append(res.specs, spec)
		res.Roots = append(res.Roots, Root{Dir: spec.dir, Label: spec.label, Scope: spec.scope})
		for _, en := range rs.Entries {
			res.Files = append(res.Files, File{Path: en.Path, Root: r.Dir, RootLabel: spec.label, Scope: spec.scope, Folder: folderOf(spec, en.Path)})
		}
	}
	limit := opts.dshCap()
	for _, f := range res.Files {
		if v, ok := dshVerdict(snap, f.Path, project, opts.Home, limit); ok {
			res.Verdicts[f.Path] = v
		}
	}
	res.Budget = dshBudget(snap.Registry, limit)
	return res
}

// dshVerdict is DSH's verdict on the file at path of snap: dropped (with
// DSH's reason), shadowed by the skill of the same name that wins, or
// loads with notes; ok is false for a file snap does not hold as a skill.
// project and home place the winner's label; limit is the catalog cap.
func dshVerdict(snap *skills.Snapshot, path, project, home string, limit int) (v Verdict, ok bool) {
	file := snap.File(path)
	if file == nil {
		return Verdict{}, false
	}
	if file.Drop != nil {
		msg := "DSH drops this file: " + file.Drop.Detail
		if file.Drop.Code.Unread() { // over skill-ls's limits: DSH would load it, the detail says so
			msg = file.Drop.Detail
		}
		return Verdict{Status: Dropped, Notes: []Note{{Code: string(file.Drop.Code), Message: msg}}}, true
	}
	sk := snap.SkillAt(path)
	if sk == nil {
		return Verdict{}, false
	}
	if w := snap.Registry.ShadowOf(sk); w != nil {
		winner := label(w.Path, project, home)
		return Verdict{Status: Shadowed, Name: sk.Name, ShadowedBy: w.Path, WinnerLabel: winner, Notes: []Note{{
			Code:    "skill-shadowed",
			Message: "DSH uses " + winner + " instead (" + string(w.Source) + ", rank " + itoa(w.Rank) + ", wins over " + string(sk.Source) + ", rank " + itoa(sk.Rank) + ")",
		}}}, true
	}
	return Verdict{Status: Loads, Name: sk.Name, Notes: dshLoadNotes(sk, limit)}, true
}

// dshLoadNotes notes how DSH loads a skill other than as written: out of
// the catalog (disable-model-invocation), its description cut to limit
// units in the catalog, or not invocable by the user.
func dshLoadNotes(sk *skills.Skill, limit int) []Note {
	var notes []Note
	if !sk.Invocation.ModelInvocable {
		notes = append(notes, Note{Code: "not-in-listing", Key: "disable-model-invocation", Message: "DSH leaves this skill out of the catalog: disable-model-invocation is true, so only /" + sk.Name + " runs it"})
	} else if cut, units := jstext.IsShortened(sk.Description, limit); cut {
		notes = append(notes, Note{Code: "description-truncated", Key: "description", Message: "DSH cuts this description to " + itoa(limit) + " characters in the catalog (" + itoa(limit-3) + " + \"...\"; " + itoa(units) + " here)"})
	}
	if !sk.Invocation.UserInvocable {
		notes = append(notes, Note{Code: "not-user-invocable", Key: "user-invocable", Message: "DSH treats /" + sk.Name + " as plain text: user-invocable is false"})
	}
	return notes
}

// dshBudget sizes DSH's catalog list, each description capped at limit:
// one line per model-invocable winner.
func dshBudget(reg *skills.Registry, limit int) Budget {
	b := Budget{Unit: "characters", Note: "the <available_skills> lines of DSH's catalog in UTF-16 units, without the catalog's own text around them; DSH caps each description at " + itoa(limit) + " but sets no listing budget"}
	if reg == nil {
		return b
	}
	if reg.Incomplete != "" {
		b.Note = "DSH publishes no catalog: " + reg.Incomplete
		return b
	}
	for _, s := range reg.Winners() {
		if s.Invocation.ModelInvocable {
			b.Used += jstext.Len(jstext.CatalogLine(s.Name, jstext.Shorten(s.Description, limit))) + 1
		}
	}
	return b
}

func dshScope(s discovery.Source) Scope {
	switch s {
	case discovery.SourceProjectDSH, discovery.SourceProjectAgents:
		return ScopeProject
	case discovery.SourceUserDSH, discovery.SourceUserAgents:
		return ScopeUser
	}
	return ScopeSystem
}

// dshWhyNot explains a file under a DSH root that DSH does not list.
func dshWhyNot(r rootSpec, path string) (string, string) {
	rel, err := filepath.Rel(r.dir, path)
	if err != nil {
		return "", ""
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	if len(parts) > 2 || (len(parts) == 2 && parts[1] != "SKILL.md") {
		return "too-deep", "DSH reads only <dir>/SKILL.md and <name>.md directly in " + r.label
	}
	if parts[0] == ".system" && r.skipSystem {
		return "system-skipped", "DSH skips the .system folder of " + r.label
	}
	return "", ""
}
