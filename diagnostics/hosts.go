package diagnostics

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about the other agents that read the same skill folders (Options.Hosts,
// `check --host`): which host drops, skips, shadows, truncates or does not
// discover a skill, and why, in that host's terms. The verdicts come from
// skills/hosts, computed once per Run for the selected hosts; DSH's own
// verdicts stay those of the other rules, so `--host dsh` changes nothing.
//
// With hosts selected:
//   - a DSH rule that says DSH ignores a skill (a drops rule, a duplicate
//     name) is an error only when DSH is selected and reads the file;
//     otherwise it is a warning;
//   - on a file that only the other selected hosts discover (.claude/skills
//     when DSH reads .agents/skills), the DSH drops rules and outside-roots
//     are left to the hosts' own verdicts, which say the same in each host's
//     terms.

// The codes of the host rules.
const (
	CodeHostDrops         = "host-drops"
	CodeHostShadowed      = "host-shadowed"
	CodeHostNotDiscovered = "host-not-discovered"
	CodeHostTruncated     = "host-truncated"
	CodeHostChanges       = "host-changes"
	CodeHostNote          = "host-note"
	CodeHostUnconfirmed   = "host-unconfirmed"
	CodeHostOverBudget    = "host-over-budget"
)

const hostsDoc = " Reported only for the hosts selected with `check --host` (or the `hosts` setting); every rule's source and the host version it was read from are in docs/hosts.md."

var hostRules = []*Rule{
	{Code: CodeHostDrops, Severity: SeverityError, Whole: true, Summary: "a selected host skips the skill",
		Doc:  "A host you selected reads this file and skips it: Gemini CLI without a description, Goose without a name, Codex on YAML it cannot read, Codex before 0.142 on a description over 1,024 characters, and so on. The message gives the host's reason in its own words and the release the rule was read from. Rules docs/hosts.md marks unconfirmed never produce this error (see host-unconfirmed). Where DSH's own rule finds the same mistake at the same place (an unquoted `: ` in a file only other hosts read), its fix comes with this finding, `check --fix` applies it as it would DSH's, and the editor offers it as a quick fix. The hosts that skip the file or read it only through a fallback for that same YAML mistake are one finding, which names the hosts that skip it and gives the mistake once; each host's own words are a related location. A file the check reads by several paths (a bundle linked from `.agents/skills` and from `.claude/skills`) has that mistake once, on the path an editor answers the file as (its real path when a host reads it there, else the first of its paths): DSH's finding there, or the hosts', says what the readers of the other paths do (\"Through .claude/skills/tdd, Goose skips it too.\"), and the other paths say nothing of it. A key that is a misspelling of `name` (`Name:`) in a file DSH does not read is one finding too, at the key: the hosts that skip the skill and those that name it after its folder, with the rename as its fix (key-misspelled then says nothing of it). A file that is not text (a NUL byte, bytes that are not UTF-8) is one finding at its first bad byte, naming the hosts that skip it, whatever each host makes of it (a YAML error, no frontmatter, a description taken from the body): each host's own words are a related location." + hostsDoc,
		File: hostCheck(CodeHostDrops)},
	{Code: CodeHostShadowed, Severity: SeverityWarning, Whole: true, Summary: "a selected host uses another file of the same name",
		Doc:  "Another skill file with the same name wins in this host (Gemini CLI and OpenCode keep the last one read, Copilot and Goose the first, Claude Code a personal skill over a project one), so the host ignores this one. The related location is the winner. Hosts that all use one other file are one finding that names them, each host's rule for picking it a related location. A winner that is this very file by another path (both links into one shared folder) is not reported: the same bytes load." + hostsDoc,
		File: hostCheck(CodeHostShadowed)},
	{Code: CodeHostNotDiscovered, Severity: SeverityInfo, Whole: true, Summary: "a selected host does not look where the file is",
		Doc:  "The host does not read this folder (Claude Code does not read .agents/skills; Gemini CLI and Goose read only the working directory's folders), or its search does not reach the file (too deep, a dot-folder). This is information: the folder is simply not that host's. That a host does not read a whole folder is said once, on the folder's first skill file, with the number of skills it holds. A file a host's search passes over in a folder it reads and that looks meant as a skill file (a `skill.md`, a flat `quick-fix.md` in `.claude/skills`, where Claude Code reads only `<name>/SKILL.md`) is checked too; when no selected host reads it at all, the skill loads nowhere and the finding is a warning." + hostsDoc,
		File: hostCheck(CodeHostNotDiscovered)},
	{Code: CodeHostTruncated, Severity: SeverityWarning, Whole: true, Summary: "a selected host cuts the description",
		Doc:  "The host loads the skill but the model sees less of its description: Claude Code cuts description plus when_to_use at 1,536 characters, Copilot at 1,024, Codex 0.142 and later at 1,024 in its skill list, Goose at a `---` inside the description (it splits the file at every `---`; the message says what it keeps), and Codex shortens descriptions, then leaves skills out, when its skill list is over budget. Put what the skill is for first." + hostsDoc,
		File: hostCheck(CodeHostTruncated)},
	{Code: CodeHostChanges, Severity: SeverityWarning, Whole: true, Summary: "a selected host loads the skill, but not as written",
		Doc:  "The host loads the skill under another name (Copilot uses the folder name when the name differs, Gemini CLI turns `:\\/<>*?\"|` into `-`), without a description (Claude Code loads a file whose YAML it cannot read with empty metadata), or next to another skill of the same name (Codex loads both)." + hostsDoc,
		File: hostCheck(CodeHostChanges)},
	{Code: CodeHostNote, Severity: SeverityInfo, Whole: true, Summary: "how a selected host reads the skill: harmless changes",
		Doc:  "Harmless changes a host makes as it reads the skill: YAML a host repairs or reads with a fallback, XML tags Copilot removes, a name taken from the folder when the frontmatter has none, a skill the host's own settings turn off (\"disabled by ~/.codex/config.toml\"). What skill-ls could not confirm is host-unconfirmed's." + hostsDoc,
		File: hostCheck(CodeHostNote)},
	{Code: CodeHostUnconfirmed, Severity: SeverityInfo, Verbose: true, Whole: true, Summary: "what a selected host does that is unconfirmed",
		Doc:  "What a host does that skill-ls could not confirm (Claude Code and Cursor are closed source; some rules are in no source skill-ls could read): \"Cursor's documentation does not say…\", \"… is unconfirmed\". Such a rule is marked unconfirmed in docs/hosts.md and never gives an error. These notes say nothing the author can act on, so they are off by default: `check --verbose`, the server's `verbose` setting, or a grade in the config's `rules` (`host-unconfirmed: info`) report them as information." + hostsDoc,
		File: hostCheck(CodeHostUnconfirmed)},
	{Code: CodeHostOverBudget, Severity: SeverityWarning, Whole: true, Summary: "a selected host's skill listing is over its budget",
		Doc:       "The listing of every skill a host sends the model is larger than the host allows: Claude Code about 1% of the context window (30,000 characters with its default model), Codex 2% in tokens (10,000 with its default model; 8,000 characters before 0.142, whose default model skill-ls does not know). Without --context-window (the `contextWindow` setting), each host's budget is that of its release's default model, the same in `check`, `matrix`, `render catalog --host` and the editor. Over it, Claude Code cuts descriptions, least recently used first, and Codex shortens descriptions, then leaves skills out (host-truncated says which). Reported once per host, on the folder holding most of its skills; `skill-ls matrix` prints every host's budget, and --context-window sets the window." + hostsDoc,
		Workspace: checkHostBudgets},
}

// hostView is the selected hosts' view of a snapshot, computed once per Run.
type hostView struct {
	// dshSelected reports that DSH is one of the selected hosts.
	dshSelected bool
	// m is the matrix the view was made from, and selected the hosts the
	// run selected: m.Readers(path, selected...) are a file's readers.
	m        *hosts.Matrix
	selected []*hosts.Host
	// dsh is DSH's view of the snapshot; results are the other selected
	// hosts' views, in selection order.
	dsh     *hosts.Result
	results []*hosts.Result
	// found holds every file a selected host (or DSH) discovers, as the
	// first one found it (its root label names the folder).
	found map[string]hosts.File
	// byOthers holds the files a selected host other than DSH discovers.
	byOthers map[string]bool
	// firstIn holds, per folder (a host root), the first of its skill
	// files in path order, and count their number: a host that does not
	// read a folder is said once, on that file, not once per skill.
	firstIn map[string]string
	count   map[string]int
	// byFolder indexes m's rows by their folder's name, built on first
	// use (rowsNamed): few files ask, and each would scan every row.
	folderOnce sync.Once
	byFolder   map[string][]int
}

// rowsNamed returns the rows of the matrix whose file's folder is named
// folder (the bundles of one name in every host's folders).
func (hv *hostView) rowsNamed(folder string) []hosts.Row {
	hv.folderOnce.Do(func() {
		hv.byFolder = map[string][]int{}
		for i, row := range hv.m.Rows {
			name := filepath.Base(filepath.Dir(row.Path))
			hv.byFolder[name] = append(hv.byFolder[name], i)
		}
	})
	out := make([]hosts.Row, 0, len(hv.byFolder[folder]))
	for _, i := range hv.byFolder[folder] {
		out = append(out, hv.m.Rows[i])
	}
	return out
}

// hostMode reports whether hosts are selected (even DSH alone).
func (o *Options) hostMode() bool { return len(o.Hosts) > 0 }

// leavesOut reports whether a Quick run leaves r out: a rule that needs
// facts about every file, unless the facts are given (the host rules with
// a Matrix).
func (o *Options) leavesOut(r *Rule) bool {
	return o.Quick && r.Whole && !(o.Matrix != nil && slices.Contains(hostRules, r))
}

// dshSelected reports whether DSH is among the selected hosts (always, when
// none are selected).
func (o *Options) dshSelected() bool {
	return !o.hostMode() || slices.ContainsFunc(o.Hosts, func(h *hosts.Host) bool { return h.ID == hosts.DSH })
}

// grade is r's severity under the profile, except that a DSH verdict rule
// is at most a warning when hosts are selected and DSH is not one of them,
// and a Verbose rule is off without Options.Verbose.
func (o *Options) grade(r *Rule) Severity {
	if r.Verbose && !o.Verbose {
		return SeverityOff
	}
	s := o.profile().Grade(r)
	if s == SeverityError && !o.dshSelected() && dshVerdict(r) {
		return SeverityWarning
	}
	return s
}

// dshVerdict reports whether r says that DSH ignores a skill.
func dshVerdict(r *Rule) bool {
	return r.Drops || r.Code == CodeSkillDuplicate || r.Code == CodeProviderFailed
}

// severity grades the running rule for the pass's file: a DSH verdict on
// a file DSH does not discover is at most a warning when hosts are selected.
func (p *Pass) severity() Severity {
	s := p.grade(p.rule)
	if s == SeverityError && p.opts.hostMode() && dshVerdict(p.rule) && !p.Snap.InRoots(p.File.Path) {
		return SeverityWarning
	}
	return s
}

// hostsSkip reports whether r is left to the hosts' own rules on the pass's
// file: a DSH drops rule, or outside-roots, on a file that only the other
// selected hosts discover.
func (p *Pass) hostsSkip(r *Rule) bool {
	if !p.opts.hostMode() || !(r.Drops || r.Code == CodeOutsideRoots) || p.Snap.InRoots(p.File.Path) || everyFolder(r) {
		return false
	}
	if p.opts.Quick {
		return true // a Quick run does not evaluate the hosts: the full Run decides
	}
	hv := p.run.hostView()
	return hv != nil && hv.byOthers[p.File.Path]
}

// everyFolder reports whether r is a DSH drops rule that also holds in
// every host's folder, in the agentskills.io spec's words: a name that is
// not lowercase kebab-case (PDF-Helper), which the hosts load under
// another name or skip.
func everyFolder(r *Rule) bool { return r.Code == CodeNameInvalid }

// hostView evaluates the selected hosts on the snapshot, once per Run; nil
// without hosts or when the run is cancelled.
func (rs *runState) hostView() *hostView {
	if !rs.opts.hostMode() {
		return nil
	}
	rs.hostsOnce.Do(func() { rs.hosts = evaluateHosts(rs) })
	return rs.hosts
}

// HostMatrix returns the load matrix of the hosts opts select, as the host
// rules see it: DSH's verdicts are those of snap, and the other hosts judge
// the files they discover with the bytes snap holds for them (an open
// buffer counts). DSH is always the matrix's first host, selected or not.
// It returns nil without hosts, and ctx's error when cancelled.
func HostMatrix(ctx context.Context, snap *skills.Snapshot, opts Options) (*hosts.Matrix, error) {
	if !opts.hostMode() {
		return nil, nil
	}
	env := opts.HostEnv
	env.DSHSnapshot = snap
	env.DSHCatalogCap = opts.maxDescription()
	env.ReadFile = func(path string) ([]byte, bool) {
		if o, ok := snap.Overlay(path); ok {
			return o.Text, true
		}
		if f := snap.File(path); f != nil && f.Mode == skillfile.ReadFS && f.ReadErr() == "" {
			if idx, err := snap.Text(f); err == nil {
				return idx.Src(), true
			}
		}
		return nil, false
	}
	list := []*hosts.Host{hosts.Lookup(string(hosts.DSH))}
	for _, h := range opts.Hosts {
		if h.ID != hosts.DSH {
			list = append(list, h)
		}
	}
	return hosts.Build(ctx, list, env)
}

// evaluateHosts builds the run's host view from HostMatrix.
func evaluateHosts(rs *runState) *hostView {
	m, err := rs.opts.Matrix, error(nil)
	if m == nil {
		m, err = HostMatrix(rs.ctx, rs.snap, rs.opts)
	}
	if err != nil || m == nil {
		return nil // cancelled
	}
	hv := &hostView{dshSelected: rs.opts.dshSelected(), m: m, selected: rs.opts.Hosts, found: map[string]hosts.File{}, byOthers: map[string]bool{},
		firstIn: map[string]string{}, count: map[string]int{}}
	for _, row := range m.Missed {
		hv.found[row.Path] = hosts.File{Path: row.Path, RootLabel: row.RootLabel}
		hv.byOthers[row.Path] = true // left to the hosts whose folder holds it
	}
	for _, h := range m.Hosts {
		res := m.Results[h.ID]
		if h.ID == hosts.DSH {
			hv.dsh = res
		} else {
			hv.results = append(hv.results, res)
		}
		for _, f := range res.Files {
			if h.ID != hosts.DSH {
				hv.byOthers[f.Path] = true
			}
			if _, ok := hv.found[f.Path]; !ok {
				hv.found[f.Path] = f
				hv.count[f.Root]++
				if first, ok := hv.firstIn[f.Root]; !ok || f.Path < first {
					hv.firstIn[f.Root] = f.Path
				}
			}
		}
	}
	return hv
}

// checkHostBudgets reports each selected host whose skill listing is over
// its budget, once, at the folder holding most of the skills it lists.
func checkHostBudgets(p *WorkspacePass) {
	hv := p.run.hostView()
	if hv == nil {
		return
	}
	for _, res := range hv.results {
		b := res.Budget
		if !b.Over {
			continue
		}
		p.Report(busiestRoot(res), spans.Span{}, fmt.Sprintf("%s's skill listing is %s %s, over its budget of %s: %s (read from %s)",
			res.Host.Name, jstext.Count(b.Used), b.Unit, jstext.Count(b.Limit), b.Note, res.Host.Release))
	}
}

// busiestRoot returns the root directory holding most of the host's skill
// files (the first such root in the host's order on a tie).
func busiestRoot(res *hosts.Result) string {
	count := map[string]int{}
	for _, f := range res.Files {
		count[f.Root]++
	}
	best := ""
	for _, r := range res.Roots {
		if count[r.Dir] > count[best] {
			best = r.Dir
		}
	}
	if best == "" && len(res.Roots) > 0 {
		best = res.Roots[0].Dir
	}
	return best
}

// The rule of the plugin manifests a repository ships (skills/hosts,
// shipped_plugins.go): a .claude-plugin/marketplace.json, a plugin's
// .claude-plugin/plugin.json, and Codex's .agents/plugins/marketplace.json
// and .codex-plugin/plugin.json. The caller reads them
// (Options.PluginManifests); the finding sits in the manifest, at the
// value that is wrong.

// CodePluginManifest is the code of a manifest the host cannot use.
const CodePluginManifest = "plugin-manifest-invalid"

var pluginRules = []*Rule{
	{Code: CodePluginManifest, Severity: SeverityError, Summary: "a plugin.json or marketplace.json the host cannot use",
		Doc:       "A plugin manifest the repository ships is wrong for the host that installs it: not JSON, not an object, no `name` (Claude Code refuses the marketplace, or loads nothing of the plugin), a plugin entry whose `source` or a `skills` path is not a folder of the repository, an `agents` that is not a `.md` path or a list of them. Codex (0.171.0, observed) reads a plugin's skills only from the folders its `.codex-plugin/plugin.json` `skills` names, not from `skills/` beside them, and installs a plugin whose `skills` path is missing with no skill from it: that is an error when `skills/` holds skills Codex then leaves out, and information when the plugin loses nothing (it has no skill elsewhere). Claude Code (2.1.332, observed) adds the folders a `skills` names to `skills/`: a missing one loses nothing and is a warning, since `claude plugin validate` calls it an error that its loader reports as a load failure. The plugins are those a `.claude-plugin/marketplace.json` lists with a path inside the repository (and a `.claude-plugin/plugin.json` at its root), and for Codex those of `.agents/plugins/marketplace.json` (`\"source\": {\"source\": \"local\", \"path\": ...}`) and a root `.codex-plugin/plugin.json`; their skills are checked as `<plugin>:<skill>` (docs/hosts.md).",
		Workspace: checkPluginManifests},
}

// checkPluginManifests reports each problem of the manifests the caller
// read; one where the host loses nothing the author wrote is a warning or
// information unless the profile grades the rule otherwise.
func checkPluginManifests(p *WorkspacePass) {
	for _, m := range p.run.opts.PluginManifests {
		d := p.Report(m.Path, m.Span, m.Message)
		if d.Severity == p.rule.Severity {
			switch m.Lesser {
			case hosts.ManifestWarning:
				d.Severity = SeverityWarning
			case hosts.ManifestInfo:
				d.Severity = SeverityInfo
			}
		}
	}
}

// The rule of a host's settings file that names a skill: Claude Code's
// skillOverrides in the project's .claude/settings.json and
// .claude/settings.local.json (skills/hosts, claude_overrides_unknown.go).
// A key that names no skill turns nothing off and hides nothing, and
// Claude Code says nothing about it.

// CodeOverrideUnknown is the code of a skillOverrides key that names no
// skill.
const CodeOverrideUnknown = "override-unknown-skill"

var settingsRules = []*Rule{
	{Code: CodeOverrideUnknown, Severity: SeverityWarning, Whole: true, Summary: "a skillOverrides entry that names no skill",
		Doc:       "A key of `skillOverrides` in the project's `.claude/settings.json` or `.claude/settings.local.json` names none of the skills Claude Code has (the folder names of its skill folders, `dir:name` of a nested folder or a command, the release's own skills and commands): the entry does nothing, silently, and the skill it was meant for stays as it was. The message names the nearest skill name when one is close enough to be a typo. Keys of `~/.claude/settings.json` (which may name another project's skills) and keys with a colon (an MCP server's `server:skill`, which skill-ls does not model) are not reported; nor is a file Claude Code ignores whole (not JSON, a value it does not know). Reported when Claude Code is among the hosts checked (docs/hosts.md).",
		Workspace: checkOverrideUnknown},
}

// checkOverrideUnknown reports each skillOverrides key of the project's
// Claude Code settings that names no skill Claude Code has.
func checkOverrideUnknown(p *WorkspacePass) {
	hv := p.run.hostView()
	if hv == nil {
		return
	}
	for _, res := range hv.results {
		for _, u := range hosts.UnknownOverrides(res, p.run.opts.HostEnv) {
			msg := fmt.Sprintf("%s's skillOverrides entry %q names no skill %s has, so it does nothing", u.File, u.Key, res.Host.Name)
			if u.Suggest != "" {
				msg += fmt.Sprintf("; did you mean %q?", u.Suggest)
			}
			p.Report(u.Path, spans.Span{Start: u.Start, End: u.End}, msg)
		}
	}
}
