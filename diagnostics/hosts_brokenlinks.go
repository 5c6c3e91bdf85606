package diagnostics

import (
	"slices"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

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
