package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// A plain check checks every skill folder of the project, not only DSH's:
// a repository whose skills are in .claude/skills (or .github/skills,
// .gemini/skills, ...) got "0 skill files" and exit 0, and so did the
// GitHub Action and the pre-commit hook on it. Without --host and without
// the config's hosts:, check selects DSH and every other host that reads a
// skill folder present in the project that DSH does not read; each file is
// then judged by the hosts that read it (diagnostics.Options.ReadersOnly).
// --host, or hosts: in .skill-ls.yaml, chooses the hosts instead.

// autoHosts selects the hosts of a plain check, as above; it keeps DSH
// alone when no other host's project folder holds a skill in scope, when
// --no-default-roots asks for the given roots only.
func (r *checkRun) autoHosts(ctx context.Context, rf *rootFlags) {
	if r.hostsChosen || rf.noDefaultRoots {
		return
	}
	env, err := hostOptions(rf, "", 0)
	if err != nil {
		return
	}
	folders, err := hosts.ProjectFolders(ctx, env, r.inDSHRoots)
	if err != nil {
		return
	}
	var picked []*hosts.Host
	for _, fo := range folders {
		if !slices.ContainsFunc(fo.Files, func(f hosts.File) bool { return r.inScope(f.Path) }) {
			continue
		}
		r.found = append(r.found, fo.Label)
		for _, h := range fo.Hosts {
			if !slices.Contains(picked, h) {
				picked = append(picked, h)
			}
		}
	}
	if len(picked) == 0 {
		return
	}
	slices.SortFunc(picked, func(a, b *hosts.Host) int { return slices.Index(hosts.All(), a) - slices.Index(hosts.All(), b) })
	r.found = slices.Compact(r.found)
	r.opts.Hosts = append([]*hosts.Host{hosts.Lookup(string(hosts.DSH))}, picked...)
	r.opts.HostEnv = env
	r.opts.ReadersOnly = true
}

// inDSHRoots reports whether a file lies in one of DSH's default roots.
func (r *checkRun) inDSHRoots(path string) bool {
	return slices.ContainsFunc(r.defaults, func(root discovery.Root) bool { return discovery.Within(path, root.Dir) })
}

// scopeLine is the summary's second line: the hosts whose rules were
// applied and the working directory their folders were found from, such
// as "hosts: DSH, Claude Code and OpenCode (found .claude/skills);
// working directory: ." (relative to the current directory, as the
// paths of the findings are).
func (r *checkRun) scopeLine() string {
	names := []string{"DSH"}
	if len(r.opts.Hosts) > 0 {
		names = names[:0]
		for _, h := range r.opts.Hosts {
			names = append(names, h.Name)
		}
	}
	s := "hosts: " + hosts.JoinNames(names)
	if len(r.found) > 0 {
		s += " (found " + strings.Join(r.found, ", ") + ")"
	}
	return fmt.Sprintf("%s; working directory: %s", s, quotedRel(r.cwd))
}
