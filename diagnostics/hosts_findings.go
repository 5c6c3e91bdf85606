package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// What the selected hosts say about one skill file, as findings under the
// host rules (hosts.go): each host's verdict in its own words, placed at
// the key it is about, the hosts that do not read a folder for the same
// reason merged into one finding.

// hostFinding is one host verdict (or note) on a file, under a host rule.
type hostFinding struct {
	code    string
	span    spans.Span
	message string
	related []Related
	// host names the host, and note is the code of its note (yaml-fallback,
	// ...), for the findings that sameFact may merge.
	host, note string
	// unread marks a host-not-discovered finding on a file no selected
	// host reads: the skill loads nowhere, which is a warning.
	unread bool
	// nameFact marks sameNameFact's finding, and fixes are its fixes.
	nameFact bool
	// absorbed marks a finding another rule's finding states with its
	// host named (nameFactHosts): it is not reported on its own.
	absorbed bool
	// winner, winnerLabel and by are a host-shadowed finding's winning
	// path, that path as its message names it, and the host that picks
	// it, for sameWinner.
	winner, winnerLabel, by string
	fixes                   []Fix
}

// hostCheck is the File check of the host rule code: it reports the
// verdicts of the selected hosts that fall under code.
func hostCheck(code string) func(p *Pass) {
	return func(p *Pass) {
		for _, hf := range hostFindings(p) {
			if hf.code == code && !hf.absorbed {
				d := p.Report(hf.span, hf.message)
				d.Related = hf.related
				if hf.unread && d.Severity == SeverityInfo {
					d.Severity = SeverityWarning
				}
				d.Fixes = hf.fixes
				if (code == CodeHostDrops || code == CodeHostChanges) && len(d.Fixes) == 0 {
					d.Fixes = dshFixesAt(p, hf.span)
				}
			}
		}
	}
}

// hostFindings returns what the selected hosts say about the pass's file,
// each under its rule code, in selection order; it is computed once per
// file for all the host rules.
func hostFindings(p *Pass) []hostFinding {
	if p.hostFound == nil {
		found := findHosts(p)
		p.hostFound = &found
	}
	return *p.hostFound
}

// findHosts computes hostFindings: DSH's not-discovered verdict on a file
// only the other hosts discover, then each other selected host's verdict,
// the not-discovered ones that share a reason merged into one finding.
func findHosts(p *Pass) []hostFinding {
	hv := p.run.hostView()
	if hv == nil {
		return nil
	}
	path := p.File.Path
	found, ok := hv.found[path]
	if !ok || (p.opts.ReadersOnly && p.Snap.InRoots(path)) {
		return nil // no selected host looks here (an open buffer elsewhere), or DSH's rules alone judge it
	}
	var out []hostFinding
	var groups notDiscoveredGroups
	judges := hv.judges(path, p.opts.ReadersOnly)
	add := func(res *hosts.Result, v hosts.Verdict) {
		if !slices.Contains(judges, res.Host) {
			return
		}
		if !groups.add(res.Host.Name, v) {
			out = append(out, verdictFindings(p, res, v)...)
		}
	}
	if hv.dshSelected && !p.Snap.InRoots(path) && hv.byOthers[path] {
		if v := hv.dsh.Explain(path, found.RootLabel); v.Status == hosts.NotDiscovered {
			add(hv.dsh, v)
		}
	}
	for _, res := range hv.results {
		add(res, res.Explain(path, found.RootLabel))
	}
	folder := folderWide{label: found.RootLabel, first: hv.firstIn[found.Root] == path, skills: hv.count[found.Root]}
	missed := groups.findings(frontmatterSpan(p.File), folder)
	if p.opts.ReadersOnly && len(hv.m.Readers(path, hv.selected...)) == 0 {
		for i := range missed {
			missed[i].unread = true
		}
	}
	return append(textFact(p, sameFact(p, nameFactHosts(p, sameNameFact(p, sameWinner(out))))), missed...)
}

// judges returns the selected hosts whose verdicts on the file at path
// are findings: every selected host, or, when each file is judged by the
// hosts that read it (Options.ReadersOnly), its readers and the hosts
// whose search passes it over in a folder they read (the hosts its author
// wrote it for), so that no host says it does not read a folder.
func (hv *hostView) judges(path string, readersOnly bool) []*hosts.Host {
	all := append([]*hosts.Host{hv.dsh.Host}, hv.selected...)
	if !readersOnly {
		return all
	}
	return append(hv.m.Readers(path, all...), hv.m.PassOver(path, all...)...)
}

// folderWide says how a file's folder takes the finding that a host does
// not read it: said once, on the folder's first skill file, with the
// number of skills it holds, not once per skill.
type folderWide struct {
	label  string // the folder as messages name it (".agents/skills")
	first  bool   // the file is the folder's first
	skills int
}

// say returns the message of a not-discovered group, and false when the
// group is about the whole folder and another file of it says so.
func (fw folderWide) say(rest, msg string) (string, bool) {
	if !strings.HasPrefix(rest, " does not read "+fw.label) || fw.label == "" {
		return msg, true
	}
	if !fw.first {
		return "", false
	}
	if fw.skills > 1 {
		msg += fmt.Sprintf(" (said once for the folder's %d skills)", fw.skills)
	}
	return msg, true
}

// notDiscoveredGroups gathers the hosts that do not discover a file for
// the same reason, so that they share one finding: "Claude Code and
// Cursor do not read .agents/skills".
type notDiscoveredGroups []*notDiscoveredGroup

// notDiscoveredGroup is the hosts that give one reason.
type notDiscoveredGroup struct {
	names []string
	rest  string // the message after the host's name
}

// add puts host's verdict v in the group of its reason and reports true,
// when v is a not-discovered verdict whose message starts with the host's
// name; else it reports false.
func (gs *notDiscoveredGroups) add(host string, v hosts.Verdict) bool {
	msg := v.Message()
	if v.Status != hosts.NotDiscovered || !strings.HasPrefix(msg, host+" ") {
		return false
	}
	rest := msg[len(host):]
	for _, g := range *gs {
		if g.rest == rest {
			g.names = append(g.names, host)
			return true
		}
	}
	*gs = append(*gs, &notDiscoveredGroup{names: []string{host}, rest: rest})
	return true
}

// findings returns one host-not-discovered finding at span per group, its
// hosts joined and its verb in the plural; a group whose verb cannot be
// put in the plural gets one finding per host.
func (gs notDiscoveredGroups) findings(span spans.Span, folder folderWide) []hostFinding {
	var out []hostFinding
	add := func(rest, msg string) {
		if msg, ok := folder.say(rest, msg); ok {
			out = append(out, hostFinding{code: CodeHostNotDiscovered, span: span, message: msg})
		}
	}
	for _, g := range gs {
		plural, ok := pluralVerb(g.rest)
		if len(g.names) == 1 || !ok {
			for _, n := range g.names {
				add(g.rest, n+g.rest)
			}
			continue
		}
		add(g.rest, hosts.JoinNames(g.names)+plural)
	}
	return out
}

// pluralVerb turns " does not read x" into " do not read x", " reads x"
// into " read x" and " never looks x" into " never look x"; ok is false
// when the rest has another verb to agree ("reads x but does not find").
func pluralVerb(rest string) (string, bool) {
	if r, ok := strings.CutPrefix(rest, " does not "); ok {
		return " do not " + r, !strings.Contains(r, " does ")
	}
	prefix := " "
	r := rest[1:]
	if after, ok := strings.CutPrefix(r, "never "); ok {
		prefix, r = " never ", after
	}
	verb, tail, _ := strings.Cut(r, " ")
	if !strings.HasSuffix(verb, "s") || strings.Contains(tail, " does ") {
		return "", false
	}
	return prefix + strings.TrimSuffix(verb, "s") + " " + tail, true
}

// verdictFindings turns one host's verdict on the pass's file into
// findings under the host rules.
func verdictFindings(p *Pass, res *hosts.Result, v hosts.Verdict) []hostFinding {
	h := res.Host
	from := " (read from " + h.Release + ")"
	switch v.Status {
	case hosts.Dropped:
		n := v.Notes[0]
		code := CodeHostDrops
		if n.Code == "disabled-by-config" {
			code = CodeHostNote // the user's own setting turns it off
		}
		out := []hostFinding{{code: code, span: noteSpan(p.File, n), message: n.Message + from, host: h.Name, note: n.Code}}
		for _, n := range v.Notes[1:] { // what the host says besides (Codex's skip warning)
			out = append(out, hostFinding{code: CodeHostNote, span: noteSpan(p.File, n), message: n.Message + from})
		}
		return out
	case hosts.Shadowed:
		if v.SameFile {
			return nil // the winner is this file by another path: the same bytes load
		}
		hf := hostFinding{code: CodeHostShadowed, span: nameSpan(p.File), message: v.Message() + from, winner: v.ShadowedBy, winnerLabel: v.WinnerLabel, by: h.Name}
		if w := p.Snap.File(v.ShadowedBy); w != nil {
			hf.related = []Related{{Path: w.Path, Span: nameSpan(w), Message: "the " + v.Name + " " + h.Name + " uses"}}
		} else {
			hf.related = []Related{{Path: v.ShadowedBy, Message: "the " + v.Name + " " + h.Name + " uses"}}
		}
		return []hostFinding{hf}
	case hosts.NotDiscovered:
		return []hostFinding{{code: CodeHostNotDiscovered, span: frontmatterSpan(p.File), message: v.Message()}}
	}
	var out []hostFinding
	for _, n := range v.Notes {
		code := noteRule(n)
		if code == "" || n.SameFile { // SameFile: a pick among one file's paths, the same bytes
			continue
		}
		out = append(out, hostFinding{code: code, span: noteSpan(p.File, n), message: n.Message + from, host: h.Name, note: n.Code})
	}
	return out
}

// noteRule files a note on a loading skill under a host rule ("" leaves
// it out). A note's code is the rule code of the problem it is about when
// one names it (name-missing, description-empty, ...), else the host's own
// (yaml-repaired, name-sanitized, see skills/hosts); a note that only
// says the host's behaviour is unconfirmed is host-unconfirmed's.
func noteRule(n hosts.Note) string {
	if n.Unconfirmed() {
		return CodeHostUnconfirmed
	}
	switch n.Code {
	case "description-truncated", "description-shortened", "description-removed", "omitted-from-list":
		return CodeHostTruncated
	case "trusted-folder-only", "not-user-invocable":
		return "" // a condition of every project skill, or DSH's own rule
	case "not-in-listing":
		if n.Key == "disable-model-invocation" {
			return "" // what the author asked for
		}
		return CodeHostChanges
	case CodeNameMissing:
		return CodeHostNote // the frontmatter has no name: the folder's is the one meant
	case CodeNameEmpty, CodeNameFolderMismatch, "name-sanitized", "name-cut",
		CodeDescriptionMissing, CodeDescriptionEmpty, CodeDescriptionBlank, "empty-metadata", CodeSkillDuplicate:
		return CodeHostChanges
	}
	return CodeHostNote // yaml-repaired, yaml-fallback, xml-tags-removed, and codes added later
}

// noteSpan places a note: the value of the key it is about when the file
// has it, the YAML error when there is one, else the frontmatter's opening
// line.
func noteSpan(f *skillfile.File, n hosts.Note) spans.Span {
	fm := f.Frontmatter
	if fm == nil {
		return spans.Span{}
	}
	if n.Key != "" && fm.Err == nil {
		if fld := fm.Field(n.Key); fld != nil {
			return fld.ValueSpan
		}
	}
	if fm.Err != nil && n.Key == "" {
		return fm.Err.Span
	}
	return frontmatterSpan(f)
}

// frontmatterSpan is the frontmatter's opening line, or the file's start.
func frontmatterSpan(f *skillfile.File) spans.Span {
	if fm := f.Frontmatter; fm != nil && fm.State == skillfile.FrontmatterOK {
		return fm.OpenSpan
	}
	return spans.Span{}
}

// dshFixesAt returns the fixes of DSH's own finding on why it drops the
// pass's file when that finding is at span: a host that skips the file for
// the same mistake (Goose on an unquoted ": " in .claude/skills, where
// DSH's rule is left to the hosts) is mended by the same fix, and so is a
// host that changes the skill for it (Claude Code describing a skill with
// no description by its body: the stub description).
func dshFixesAt(p *Pass, span spans.Span) []Fix {
	if p.File.Drop == nil {
		return nil
	}
	d, ok := p.run.dropDiagnostic(p.Snap, p.File, Options{Profile: p.opts.Profile, MaxDescription: p.opts.MaxDescription})
	if !ok || d.Span != span {
		return nil
	}
	return d.Fixes
}
