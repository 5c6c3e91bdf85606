package hosts

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// dupRule says who wins when two skill files give the same name.
type dupRule int

const (
	firstWins  dupRule = iota // the first file in scan order wins
	lastWins                  // the last file in scan order wins
	keepAll                   // every file loads (the host dedupes by path only)
	unknownDup                // every file loads; the host's rule is not known
)

// entry is a skill a host loads from one file, before duplicates are
// resolved.
type entry struct {
	file File
	// name is the name the host registers.
	name string
	// listing is the description text the host's listing shows, after the
	// host's per-skill cap; listed is false when the skill is left out of
	// the listing (no description, disable-model-invocation).
	listing string
	listed  bool
	// alias is a second name the listing shows beside name (Claude Code's
	// frontmatter name beside the folder's).
	alias string
	// called is another name the host's own skill tool runs the skill by
	// (Claude Code's frontmatter name, shown or not: claudeSkillOf).
	called string
	// line is the host's listing line for the skill as its budget leaves
	// it ("" when the budget leaves the skill out), for hosts that render
	// it in their budget (Codex).
	line  string
	notes []Note
	// deferred reports a skill the host loads later in a session, not at
	// its start (Claude Code's nested .claude/skills): it loads, but takes
	// no part in the duplicates and the budget of the session's start.
	deferred bool
}

// profile is the rule set of a host other than DSH.
type profile struct {
	// roots returns the host's roots in precedence order.
	roots func(e *env) []rootSpec
	// parse judges one file: a loading entry, or a drop note.
	parse func(e *env, f File, src []byte) (entry, *Note)
	dup   dupRule
	// dupWhy words why the winner wins ("later roots win").
	dupWhy string
	// dupUnconfirmed, when set, says after the host's name why which file
	// of a duplicate name wins is unconfirmed; every file of the group is
	// then noted unconfirmed-duplicate.
	dupUnconfirmed string
	// budget sizes the listing of the winners, in scan order.
	budget func(e *env, winners []*entry) Budget
	// reach says where the host reads project skill folders, for
	// not-discovered messages ("the working directory").
	reach string
	// unread, when set, adds a note to the verdict on a file in a folder
	// the host does not read (rootLabel), such as an unconfirmed rule.
	unread func(h *Host, rootLabel string) *Note
	// randomInRoot reports a host that takes a root's files in the order
	// the file system lists them: of same-name skills in the root of the
	// winner, any may win (Gemini CLI's unsorted glob), so none is named
	// the winner.
	randomInRoot bool
	// randomAll reports a host that reads all its skill files concurrently
	// and keeps the last one done (OpenCode): any of a name's files may win.
	randomAll bool
	// warn, when set, sets res.Warning from the verdicts, and may note it
	// on them.
	warn func(res *Result)
	// oncePerFile reports a host that takes a file reached by two paths
	// (links resolved) once, by the first path its scan finds (Codex).
	oncePerFile bool
	// listing, when set, renders the lines of the host's skill listing
	// that its model receives for the winners (scan order), byte for byte
	// as the release observed by the host suite (scripts/hosts) sends them.
	listing func(e *env, winners []*entry) []string
	// skill, when set, renders what the host's model reads when it loads
	// the skill name with its own tool, as the host suite captured it.
	skill func(e *env, winners []*entry, name string) (string, bool)
	// skillOf, with skill, is the winner the host's tool runs for name
	// (nil: none), or, own set, the one whose other name is that of one of
	// the host's own skills, which it runs instead; with fold, a name that
	// differs only in case matches.
	skillOf func(winners []*entry, name string, fold bool) (w *entry, own bool)
}

// env is the resolved inputs of one evaluation.
type env struct {
	opts       Options
	host       *Host
	project    string
	home       string
	codex      *codexState            // Codex's config and plugin manifests, read once
	claude     *[]claudeSettingsLayer // Claude Code's skillOverrides, read once
	opencode   *[]opencodeRule        // OpenCode's permission rules, read once
	copilotCLI *[]copilotDisabledList // Copilot CLI's disabledSkills, read once
	shipped    *[]Plugin              // the plugins the project ships, read once
}

func (e *env) label(dir string) string { return label(dir, e.project, e.home) }

func (e *env) root(dir string, scope Scope, w walkSpec) rootSpec {
	return rootSpec{dir: filepath.Clean(dir), label: e.label(dir), scope: scope, walk: w}
}

// Evaluate returns the host's view of the skill tree that opts describe:
// the files it discovers, a verdict for each, and its catalog budget.
func (h *Host) Evaluate(ctx context.Context, opts Options) (*Result, error) {
	if h.profile == nil {
		return evaluateDSH(ctx, h, opts)
	}
	e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
	p := h.profile
	specs := p.roots(e)
	res := &Result{Host: h, Verdicts: map[string]Verdict{}, specs: specs}
	for _, r := range specs {
		res.Roots = append(res.Roots, Root{Dir: r.dir, Label: r.label, Scope: r.scope, Shipped: r.shipped})
	}
	files, misses, broken, err := opts.Tree.discover(ctx, h, opts)
	if err != nil {
		return nil, err
	}
	res.Files, res.Misses, res.Broken = files, misses, broken
	var entries []*entry
	for _, f := range res.Files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		src, err := opts.read(f.Path)
		var ent entry
		var drop *Note
		if err != nil {
			why := readWhy(f.Path, err)
			drop = &Note{Code: readCode(err), Message: CannotRead(h.Name, why), Reason: why}
		} else {
			ent, drop = p.parse(e, f, src)
		}
		if drop != nil {
			res.Verdicts[f.Path] = Verdict{Status: Dropped, Notes: []Note{*drop}}
			continue
		}
		ent.file = f
		if ent.deferred {
			res.Verdicts[f.Path] = Verdict{Status: Loads, Name: ent.name, Notes: ent.notes}
			continue
		}
		entries = append(entries, &ent)
	}
	winners := resolve(e, p, entries, res)
	res.Budget = p.budget(e, winners)
	if p.listing != nil {
		res.listing = p.listing(e, winners)
		res.hasListing = true
	}
	if p.skill != nil {
		res.skill = func(name string) (string, bool) { return p.skill(e, winners, name) }
		res.skillOf = func(name string, fold bool) (*entry, bool) { return p.skillOf(winners, name, fold) }
	}
	for _, w := range winners {
		res.Verdicts[w.file.Path] = Verdict{Status: Loads, Name: w.name, Notes: w.notes}
	}
	res.listed = countListed(winners)
	res.listingOf = listingTexts(winners)
	if p.warn != nil {
		p.warn(res)
	}
	return res, nil
}

// resolve applies the duplicate rule, records shadowed verdicts in res and
// returns the winners in scan order.
func resolve(e *env, p *profile, entries []*entry, res *Result) []*entry {
	byName := map[string][]*entry{}
	for _, en := range entries {
		byName[en.name] = append(byName[en.name], en)
	}
	var winners []*entry
	for _, en := range entries {
		group := byName[en.name]
		if len(group) == 1 {
			winners = append(winners, en)
			continue
		}
		var caveat []Note
		if p.dupUnconfirmed != "" {
			caveat = []Note{{Code: "unconfirmed-duplicate", Key: "name", Message: e.host.Name + " finds " + plural(len(group), "skill") + " named \"" + en.name + "\": " + p.dupUnconfirmed}}
		}
		switch p.dup {
		case unknownDup:
			en.notes = append(en.notes, Note{Code: "unconfirmed-duplicate", Key: "name", Message: e.host.Name + " finds " + plural(len(group), "skill") + " named \"" + en.name + "\"; " + p.dupWhy})
			winners = append(winners, en)
		case keepAll:
			en.notes = append(en.notes, Note{Code: "skill-duplicate", Key: "name", Message: e.host.Name + " loads every skill named \"" + en.name + "\" (" + p.dupWhy + "); the model sees " + plural(len(group), "skill") + " with that name"})
			winners = append(winners, en)
		default:
			w := group[0]
			if p.dup == lastWins {
				w = group[len(group)-1]
			}
			if tied := randomTie(p, group, w); tied != nil {
				if !randomCandidate(e, en, tied, res) {
					winners = append(winners, en)
				}
				continue
			}
			if w == en {
				en.notes = append(en.notes, caveat...)
				winners = append(winners, en)
				continue
			}
			winner := e.label(w.file.Path)
			res.Verdicts[en.file.Path] = Verdict{Status: Shadowed, Name: en.name, ShadowedBy: w.file.Path, WinnerLabel: winner, SameFile: oneRealFile(en, w), Notes: append([]Note{{
				Code:    "skill-shadowed",
				Message: e.host.Name + " uses " + winner + " instead (" + p.dupWhy + ")",
			}}, caveat...)}
		}
	}
	return winners
}

// randomTie returns the files of group in the root of w, the winner by
// scan order, when there are several and the host takes a folder's files
// in the order the file system lists them (randomInRoot): which of them
// wins is not something skill-ls can know.
func randomTie(p *profile, group []*entry, w *entry) []*entry {
	if p.randomAll {
		return group
	}
	if !p.randomInRoot {
		return nil
	}
	var tied []*entry
	for _, g := range group {
		if g.file.Root == w.file.Root {
			tied = append(tied, g)
		}
	}
	if len(tied) < 2 {
		return nil
	}
	return tied
}

// randomCandidate records en, of a group whose winner is among tied: a
// file outside tied is shadowed (it reports true); one of tied loads with
// a note naming every candidate and no guessed winner.
func randomCandidate(e *env, en *entry, tied []*entry, res *Result) (shadowed bool) {
	var names []string
	for _, t := range tied {
		names = append(names, e.label(t.file.Path))
	}
	if !slices.Contains(tied, en) {
		winner := "one of " + strings.Join(names, ", ")
		res.Verdicts[en.file.Path] = Verdict{Status: Shadowed, Name: en.name, ShadowedBy: tied[len(tied)-1].file.Path, WinnerLabel: winner, SameFile: oneRealFile(append([]*entry{en}, tied...)...), Notes: []Note{{
			Code:    "skill-shadowed",
			Message: e.host.Name + " uses " + winner + " instead; which one depends on the order the file system lists the folder",
		}}}
		return true
	}
	where := " in " + e.label(en.file.Root)
	if e.host.profile.randomAll {
		where = ""
	}
	en.notes = append(en.notes, Note{Code: "skill-duplicate", Key: "name", SameFile: oneRealFile(tied...), Message: e.host.Name + " loads one of the " + itoa(len(tied)) + " skills named \"" + en.name + "\"" + where + " (" + strings.Join(names, ", ") + "): " + randomWhy(e)})
	return false
}

// randomWhy says why a host's pick among same-name skills is not known.
func randomWhy(e *env) string {
	if e.host.profile.randomAll {
		return "it reads its skill files concurrently and keeps the last one done, so the winner changes from run to run"
	}
	return "which one depends on the order the file system lists the folder, which it globs without sorting"
}

// folderOf returns the skill folder name of a SKILL.md path, or the stem of
// a flat file; in a folder of commands, the command's name (commandName).
func folderOf(r rootSpec, path string) string {
	if r.walk.commands {
		return commandName(r.dir, path)
	}
	if filepath.Base(path) == "SKILL.md" {
		return filepath.Base(filepath.Dir(path))
	}
	return strings.TrimSuffix(filepath.Base(path), ".md")
}

// Explain returns the verdict for a file the host did not discover: it lies
// under one of the host's roots where the host's search does not reach, or
// under a folder the host does not read (rootLabel names that folder).
func (r *Result) Explain(path, rootLabel string) Verdict {
	if v, ok := r.Verdicts[path]; ok {
		return v
	}
	name := r.Host.Name
	for _, s := range r.specs {
		if !discovery.Within(path, s.dir) {
			continue
		}
		if r.explainRoot != nil {
			if code, why := r.explainRoot(s, path); why != "" {
				return Verdict{Status: NotDiscovered, Notes: []Note{{Code: code, Message: why}}}
			}
		} else if code, why := whyNotWalked(name, s, path); why != "" {
			return Verdict{Status: NotDiscovered, Notes: []Note{{Code: code, Message: why}}}
		}
		return Verdict{Status: NotDiscovered, Notes: []Note{{Code: "not-found", Message: name + " reads " + s.label + " but does not find this file"}}}
	}
	msg := name + " does not read " + rootLabel
	reach := "the project root"
	if r.Host.profile != nil {
		reach = r.Host.profile.reach
	}
	if tail := sameKind(rootLabel, r.Roots); tail != "" && reach != "" {
		msg += " (it reads " + tail + " only in " + reach + ")"
	}
	v := Verdict{Status: NotDiscovered, Notes: []Note{{Code: "not-read", Message: msg}}}
	if p := r.Host.profile; p != nil && p.unread != nil {
		if n := p.unread(r.Host, rootLabel); n != nil {
			v.Notes = append(v.Notes, *n)
		}
	}
	return v
}

// sameKind returns the trailing ".x/skills" of rootLabel when one of roots
// has the same trailing folder pair at project scope.
func sameKind(rootLabel string, roots []Root) string {
	tail := lastTwo(rootLabel)
	if tail == "" || strings.HasPrefix(rootLabel, "~/") {
		return ""
	}
	for _, r := range roots {
		if r.Scope == ScopeProject && lastTwo(r.Label) == tail {
			return tail
		}
	}
	return ""
}

func lastTwo(p string) string {
	parts := strings.Split(filepath.ToSlash(p), "/")
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2] + "/" + parts[len(parts)-1]
}

// countListed counts the winners the host's listing shows: listed, and
// not left out by its budget (Codex's omitted-from-list).
func countListed(winners []*entry) int {
	n := 0
	for _, w := range winners {
		if w.listed && !slices.ContainsFunc(w.notes, func(n Note) bool { return n.Code == "omitted-from-list" }) {
			n++
		}
	}
	return n
}

// Two paths of one real file (a bundle linked from .agents/skills and
// .claude/skills, both into a shared folder) are one skill's bytes:
// whichever path a host keeps, it loads the same text, so the duplicate
// rule's choice between them is no finding.

// realOf returns path with every link on it resolved, path itself when
// that fails.
func realOf(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	return path
}

// oneRealFile reports whether the entries are one file reached by several
// paths (links resolved).
func oneRealFile(entries ...*entry) bool {
	if len(entries) < 2 {
		return false
	}
	first := realOf(entries[0].file.Path)
	for _, en := range entries[1:] {
		if realOf(en.file.Path) != first {
			return false
		}
	}
	return true
}
