package diagnostics

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about discovery: roots, entries, and files DSH never sees.

// The codes of the discovery rules.
const (
	CodeRootNotDirectory = string(problem.RootNotDirectory)
	CodeRootUnreadable   = string(problem.RootUnreadable)
	CodeBrokenSymlink    = string(problem.BrokenSymlink)
	CodeNotRegularFile   = string(problem.NotRegularFile)
	CodeSkillMDCase      = string(problem.SkillMDCase)
	CodeTooManyEntries   = string(problem.TooManyEntries)
	CodeProviderFailed   = string(problem.ProviderFailed)
	CodeOutsideRoots     = "outside-roots"
)

var discoveryRules = []*Rule{
	{Code: CodeRootNotDirectory, Severity: SeverityWarning, Summary: "a skill root is a file", Discovery: AsRecorded,
		Doc: "A configured skill root exists but is not a directory; DSH treats it as empty."},
	{Code: CodeRootUnreadable, Severity: SeverityError, Summary: "a skill root cannot be listed", Discovery: AsRecorded,
		Doc: "Listing the root failed (permissions or I/O); none of its skills can load."},
	{Code: CodeBrokenSymlink, Short: "broken symbolic link", Severity: SeverityError, Drops: true, Summary: "a skill is a broken symbolic link", Discovery: brokenLink,
		Doc:       "DSH follows symbolic links in skill roots. A root entry or a bundle's SKILL.md that is a link whose target is missing (or that loops) loads nothing: DSH skips the entry (logging `failed to follow symbolic link`) or finds no SKILL.md. The skill the author expects is gone; point the link at an existing file or replace it with the file. The same holds in the folders of the other hosts you selected (`.claude/skills/x -> ../../nowhere`): the hosts that read the folder find no skill there and say nothing (Claude Code 2.1.332 starts, lists no skill for it and prints nothing: the host suite's case `dangling`), and the finding names them.",
		Workspace: checkHostBrokenLinks},
	{Code: CodeNotRegularFile, Severity: SeverityWarning, Summary: "a skill file is not a regular file", Discovery: AsRecorded,
		Doc:       "A SKILL.md that is a directory, or a .md entry that is a FIFO, socket or device, is skipped. skill-ls never reads such files (nor waits on a FIFO). A SKILL.md that is a FIFO, socket or device in another host's folder (`.claude/skills/x/SKILL.md`) is reported too, naming the hosts that read the folder: they find it by its name and cannot read it.",
		Workspace: hostUnreadCheck(CodeNotRegularFile)},
	{Code: CodeSkillMDCase, Short: "SKILL.md spelled in another case", Severity: SeverityError, Drops: true, Summary: "SKILL.md is spelled in another case", Discovery: AsRecorded,
		Doc: "DSH reads `<bundle>/SKILL.md` with exact case; `skill.md` or `Skill.md` is not found on case-sensitive file systems, so the bundle is not a skill. Rename the file to SKILL.md."},
	{Code: CodeProviderFailed, Severity: SeverityError, Summary: "DSH's whole listing fails: no catalog", Discovery: AsRecorded,
		Doc: "In the bundled root DSH reads files with Node's readFile, and a SKILL.md that is a directory throws EISDIR. That fails the provider's whole listing: DSH logs `skill provider \"filesystem\" skipped` and publishes no catalog at all for the step. Remove or rename the directory."},
	{Code: CodeTooManyEntries, Severity: SeverityWarning, Summary: "a root holds too many entries", Discovery: AsRecorded,
		Doc: "skill-ls examines at most 200,000 entries per root, in name order."},
	{Code: CodeOutsideRoots, Severity: SeverityInfo, Summary: "the file is not in a skill root",
		Doc: "DSH only loads direct entries of its skill roots: <root>/<dir>/SKILL.md and <root>/<name>.md. This open file is elsewhere (for example nested one level deeper), so DSH never sees it; skill-ls still checks it as a skill. An editor buffer at a root entry's place that is not saved yet is reported as such: DSH reads it once it is saved.",
		File: func(p *Pass) {
			switch {
			case p.Snap.InRoots(p.File.Path):
			case p.Snap.AtRootEntry(p.File.Path):
				p.Report(spans.Span{}, "DSH does not load this file yet: it is open in the editor but not on disk; DSH reads it once it is saved")
			default:
				p.Report(spans.Span{}, "DSH does not load this file: it is not a direct skill entry of any skill root (bundles are <root>/<dir>/SKILL.md, flat skills <root>/<name>.md); the roots are "+rootList(p.Snap)+". If the project root is wrong, set it with --project-root or the projectRoot setting")
			}
		}},
}

// brokenLink says what a broken link points at and what DSH does. It is
// the one wording of the problem: check, list and the server's report all
// use it.
func brokenLink(pr discovery.Problem) string {
	bundle := filepath.Base(pr.Path) == "SKILL.md"
	target := brokenLinkTarget(pr, bundle)
	if bundle {
		return "DSH loads nothing here: SKILL.md is a symbolic link to " + target + "; point it at an existing file"
	}
	return "DSH skips this entry: " + brokenEntryWhy(target)
}

// brokenLinkTarget words where the broken link of pr points: its target,
// which does not exist or loops; bundle says the link is a SKILL.md.
func brokenLinkTarget(pr discovery.Problem, bundle bool) string {
	switch {
	case pr.Loops:
		reaches := "a file or folder"
		if bundle {
			reaches = "a file"
		}
		target := "a loop of links"
		if pr.Target != "" {
			target = pr.Target + ", which loops"
		}
		return target + ": following it never reaches " + reaches
	case pr.Target != "":
		return pr.Target + ", which does not exist"
	}
	return "a missing target"
}

// brokenEntryWhy says why a root entry that is a broken link (to target,
// worded by brokenLinkTarget) holds no skill.
func brokenEntryWhy(target string) string {
	return "it is a symbolic link to " + target + "; point it at an existing skill"
}

// rootList names the snapshot's roots for messages.
func rootList(snap *skills.Snapshot) string {
	if len(snap.Roots) == 0 {
		return "none"
	}
	var dirs []string
	for _, r := range snap.Roots {
		dirs = append(dirs, r.Root.Dir)
	}
	return strings.Join(dirs, ", ")
}

// checkHostBrokenLinks is broken-symlink in the folders of the selected
// hosts other than DSH: .claude/skills/x -> ../../nowhere loads nothing,
// and no host says so (Claude Code lists the other skills, silently). One
// finding per link, naming the hosts that read its folder; a link in
// DSH's roots is DSH's discovery's (brokenLink).
func checkHostBrokenLinks(p *WorkspacePass) {
	hv := p.run.hostView()
	if hv == nil {
		return
	}
	links := map[string]hosts.BrokenLink{}
	names := map[string][]string{}
	for _, res := range hv.results {
		for _, bl := range res.Broken {
			if p.Snap.InRoots(bl.Path) || slices.Contains(names[bl.Path], res.Host.Name) {
				continue
			}
			links[bl.Path] = bl
			names[bl.Path] = append(names[bl.Path], res.Host.Name)
		}
	}
	paths := make([]string, 0, len(links))
	for path := range links {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		if p.run.opts.Ignored(path) {
			continue
		}
		bl, who := links[path], names[path]
		target := brokenLinkTarget(discovery.Problem{Code: problem.BrokenSymlink, Path: path, Target: bl.Target, Loops: bl.Loops}, false)
		sev := hostGrade(p.run.opts, path, p.rule)
		if sev == SeverityOff {
			continue
		}
		d := p.Report(path, spans.Span{}, hosts.JoinNames(who)+verbFor(who, " finds", " find")+" no skill here: "+brokenEntryWhy(target))
		d.Severity = sev
	}
}

// hostGrade is r's grade at path as the verdict of the hosts that read
// the file: Options.Grade without the cap on DSH's verdicts when DSH is
// not selected (--host claude), since DSH is not the one speaking.
func hostGrade(o Options, path string, r *Rule) Severity {
	if !o.dshSelected() {
		o.Hosts = append(slices.Clone(o.Hosts), hosts.Lookup(string(hosts.DSH)))
	}
	return o.Grade(path, r)
}
