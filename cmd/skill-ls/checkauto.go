package main

import (
	"context"
	"fmt"
	"strings"

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

// autoHosts selects the hosts of a plain check, as above
// (hosts.ChooseForProject, which the server's views use too); it keeps DSH
// alone when no other host's project folder holds a skill in scope, and
// when --no-default-roots asks for the given roots only. A vetting run
// given PATHs checks every skill folder its search found (vetPaths) as a
// root of its own, whoever reads it: a host's view would leave out the
// files no host of the project reads.
func (r *checkRun) autoHosts(ctx context.Context, rf *rootFlags) {
	if r.hostsChosen || (r.security && r.explicit) {
		return
	}
	env, err := hostOptions(rf, "", 0)
	env.ShippedPlugins = true
	if err != nil {
		return
	}
	r.pluginEnv = env
	// The whole project chooses, whatever the PATHs: `check PATH` judges
	// a file by the hosts a plain check judges it by, so both say the same
	// of it (a skill.md in .claude/skills, which no host finds, chose no
	// host and got DSH's words).
	c, err := hosts.ChooseForProject(ctx, env, nil)
	if err != nil || len(c.Hosts) == 0 {
		return
	}
	r.found = c.Found
	r.opts.Hosts, r.opts.HostEnv, r.opts.ReadersOnly = c.Hosts, env, true
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
