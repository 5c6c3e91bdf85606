package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/listjson"
	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

const listHelp = `
List prints every skill DSH would use from --cwd (the winner of each name),
with its source, rank (lower wins a duplicate name), invocation flags and
path; then the skills that lose to a same-name skill, with the winner; then
the files DSH ignores, with the reason; then the other agents' folders a
plain check reads (.claude/skills, and the personal ~/.claude/skills of
the hosts it reads with), with their skills; then discovery problems (a
root that is a file, a broken symbolic link, ...).

A skill another host that reads it names after its plugin shows that name
beside DSH's: "flow (Codex: uipath:flow)" for a skill below a plugin
manifest (Codex's rule). The skills of the plugins the repository ships
(.claude-plugin/marketplace.json, .agents/plugins/marketplace.json) are
not listed: a host lists them once a user installs the plugin; check
checks them, named <plugin>:<skill>.

INVOCATION is "model,user" for a skill the model may load and a user may
invoke with /name, "user" with disable-model-invocation, "model" with
user-invocable: false, and "none" when both hide it.

--json prints {"roots": [...], "skills": [...], "shadowed": [...],
"dropped": [...], "problems": [...]}, the shape of the language server's
skill-ls.listSkills (docs/server.md): the roots in rank order, and each entry
names its root.

Config: the roots of .skill-ls.yaml at the project root (or --config FILE;
--no-config reads none) are DSH's roots here too, after the --custom-dir
roots, as for check; its other keys grade diagnostics, which list does not
print (see docs/config.md). A config file with errors stops list (exit
status 2).

Examples:
  skill-ls list
  skill-ls list --json | jq -r '.dropped[] | .path + ": " + .reason'
  skill-ls list --no-default-roots --custom-dir ./skills
`

func runList(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("list", "skill-ls list [flags]", listHelp, stdout, stderr)
	var rf rootFlags
	rf.register(c.fs)
	var cf configFlags
	cf.register(c.fs)
	asJSON := c.fs.Bool("json", false, "print JSON")
	pos, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	if len(pos) > 0 {
		return c.usageError(fmt.Sprintf("unexpected argument %q", pos[0]))
	}
	if !cf.apply(c, &rf, nil) {
		return exitUsage
	}
	snap, err := rf.load(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls list: %s\n", errText(err))
		return exitUsage
	}
	rep := render.NewReportWith(snap, render.ReportOptions{
		Reason:  func(f *skillfile.File) string { return diagnostics.DropMessage(snap, f, diagnostics.Options{}) },
		Summary: func(f *skillfile.File) string { return diagnostics.DropSummary(snap, f) },
		Span:    func(f *skillfile.File) spans.Span { return diagnostics.DropSpan(snap, f) },
		Problem: diagnostics.ProblemMessage,
	})
	rep.HostFolders = listHostFolders(ctx, &rf, cf.hosts, snap)
	listHostNames(&rf, &rep)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(listjson.New(rep)); err != nil {
			fmt.Fprintf(stderr, "skill-ls list: %s\n", errText(err))
			return exitUsage
		}
		return exitOK
	}
	// One write per line into a buffer, not a system call per line.
	bw := bufio.NewWriterSize(stdout, 64<<10)
	for _, ln := range format.ListLines(rep, workDir()) {
		bw.WriteString(ln.Text)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		fmt.Fprintf(stderr, "skill-ls list: %s\n", errText(err))
		return exitUsage
	}
	return exitOK
}

// listHostFolders lists the skill folders other agents read and DSH does
// not that a plain check reads: the project's, and the personal folders
// (~/.claude/skills) of the hosts it reads with (nil when the home
// directory cannot be found).
func listHostFolders(ctx context.Context, rf *rootFlags, configured []string, snap *skills.Snapshot) []render.ReportHostFolder {
	env, err := hostOptions(rf, "", 0)
	if err != nil || rf.noDefaultRoots {
		return nil
	}
	return render.HostFolders(ctx, env, checkedHosts(ctx, env, configured), snap.UnderRoot)
}

// checkedHosts are the hosts a plain check reads with: the config file's
// hosts:, else those it chooses for the project (hosts.ChooseForProject,
// with the plugins the project ships, as autoHosts chooses).
func checkedHosts(ctx context.Context, env hosts.Options, configured []string) []*hosts.Host {
	if len(configured) > 0 {
		selected, _ := hosts.Select(strings.Join(configured, ","))
		return selected
	}
	env.ShippedPlugins = true
	c, _ := hosts.ChooseForProject(ctx, env, nil)
	return c.Hosts
}

// listHostNames names rep's skills as the hosts that read them do when a
// plugin names them (render.AddHostNames).
func listHostNames(rf *rootFlags, rep *render.Report) {
	if env, err := hostOptions(rf, "", 0); err == nil {
		render.AddHostNames(rep, env)
	}
}
