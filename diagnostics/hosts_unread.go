package diagnostics

import (
	"maps"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// A skill file in another host's folder that skill-ls cannot read (over
// 16 MiB, a link to itself or to nothing, no permission) is not in the
// snapshot: check and the server open the files only the other hosts read
// with the bounded read, and leave out what it refuses. The hosts' verdicts
// on it (matrix: dropped) then had no file for the host rules to run on,
// and the file got no finding at all. It is reported here, once per file,
// under the reading rule DSH's roots report it under (file-too-large,
// unreadable-file), naming the hosts that read the folder.

// tooLargeUnread is file-too-large's message on a file DSH does not read.
const tooLargeUnread = "skill-ls did not read this file: it is larger than 16 MiB (a host that reads it would load all of it)"

// hostUnreadCheck is the Workspace check of the reading rule code: it
// reports the files outside DSH's roots that the selected hosts read and
// skill-ls could not, whose read error falls under code.
func hostUnreadCheck(code string) func(p *WorkspacePass) {
	return func(p *WorkspacePass) {
		hv := p.run.hostView()
		if hv == nil {
			return
		}
		who, why := unreadByHosts(p, hv, code)
		for _, path := range slices.Sorted(maps.Keys(who)) {
			sev := hostGrade(p.run.opts, path, p.rule)
			if sev == SeverityOff || p.run.opts.Ignored(path) {
				continue
			}
			msg := tooLargeUnread
			if code != CodeFileTooLarge {
				names := who[path]
				msg = hosts.JoinNames(names) + " cannot read this file: " + why[path]
			}
			p.Report(path, spans.Span{}, msg).Severity = sev
		}
	}
}

// unreadByHosts returns, per file the snapshot does not hold outside DSH's
// roots, the selected hosts that drop it for a read error under code, and
// the error in the first host's words.
func unreadByHosts(p *WorkspacePass, hv *hostView, code string) (who map[string][]string, why map[string]string) {
	who, why = map[string][]string{}, map[string]string{}
	for _, res := range hv.results {
		for path, v := range res.Verdicts {
			if v.Status != hosts.Dropped || v.Code() != code || p.Snap.InRoots(path) || p.Snap.File(path) != nil {
				continue
			}
			if _, open := p.Snap.Overlay(path); open || slices.Contains(who[path], res.Host.Name) {
				continue
			}
			if _, ok := why[path]; !ok {
				why[path] = strings.TrimPrefix(v.Notes[0].Message, res.Host.Name+" cannot read this file: ")
			}
			who[path] = append(who[path], res.Host.Name)
		}
	}
	return who, why
}
