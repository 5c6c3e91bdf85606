package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/flagtext"
	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/terminal"
	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/spans"
)

const checkHelp = `
Check reports the problems of skill files: everything that makes DSH drop a
skill (an error), and advice DSH does not enforce (a warning, or an error
under --profile agentskills). Each problem is a line

  path:line:col: severity: message [code]

then the source line with carets under the problem, and indented lines for
related places (the skill that wins over a shadowed one, ...). --format
concise prints the first and the related lines only, one line each. A
summary goes to stderr. Paths are quoted as git quotes them when they hold
control characters, and such characters in messages and source lines are
escaped; json and sarif carry the exact bytes (docs/output.md).

Without PATH, check looks at every skill DSH would discover from --cwd,
and at every other agent's skill folder in the project (.claude/skills,
.github/skills, .gemini/skills, .opencode/skills, ...) with the rules of
the agents that read it (see --host). The summary's second line names the
agents and the working directory. --watch checks again after every
change on disk, in DSH's roots and in the folders of the agents chosen
when it started.
A PATH may be:
  a skill file (SKILL.md or NAME.md)   only that skill is checked
  a bundle directory                   only that bundle is checked; a
                                       directory holding a SKILL.md in any
                                       case (skill.md too) is a bundle
  a project directory (holding .dsh/skills or .agents/skills)
                                       its two project roots are checked
  a folder of skills (bundles, or NAME.md files with frontmatter)
                                       it is checked as a skill root
  any other directory (a repository, a downloaded collection)
                                       the folders under it, up to 5 deep,
                                       that hold bundles are checked as
                                       roots (stderr names them)
  a plugin manifest (.claude-plugin/plugin.json or marketplace.json,
  .codex-plugin/plugin.json, .agents/plugins/marketplace.json), or a
  plugin's folder holding one
                                       the manifest, and the skills of the
                                       plugins it stands for, as a plain
                                       check reports them
A PATH is checked through its root, exactly as discovery would see it (a
bundle whose file is named skill.md is reported, as DSH ignores it). A PATH
inside one of the default roots keeps that root's source and rank, and is
checked beside every skill DSH discovers: a finding that involves it whose
other half is elsewhere (a duplicated or shadowed name) is reported too. A
skill file nested deeper in a default root than DSH looks (a SKILL.md in
.agents/skills/group/name/) is never loaded by DSH: it is checked as the
editor checks it, and outside-roots says so.

Fixes: --fix applies every safe fix (the editor's quick fixes that keep the
skill's meaning: quote a value holding ": ", rename a legacy or misspelled
key, kebab-case a name DSH rejects, ...), says on stderr what it changed,
file by file, and reports what remains. --unsafe-fixes adds the fixes that
change meaning (shorten a description to what the catalog shows, add a
placeholder description, move unknown keys under metadata, rename a folder
to match the name). --diff prints the fixes as a unified diff and writes
nothing (a skill's control characters escaped on a terminal; piped, the
files' exact bytes for git apply). Each fix is tried first: one that
would make DSH or another agent that reads the file drop the skill, lose
text from its listing or its skill tool's result, add a problem or change
which copy of a name wins is refused and said so, with the agent it would
hurt.
Only a skill's own bundle folder is renamed, never a root, the project,
the working directory or a repository. Files are rewritten in place,
keeping their line endings, BOM, owner, mode and hard links, with a copy
kept beside them until the write is done (the next --fix run removes what
a killed run left); a file that changed since it was read, or that is
read-only, is left alone. A fix writes only under the real path of the
project, of the PATHs and --custom-dir roots given on the command line,
and of DSH's user roots: a root the config file adds outside the project,
or one a link in the project leads to outside it, is checked, never
written (a message says so; give it on the command line to fix it, or
--follow-symlinks to write through the project's links).

Config: .skill-ls.yaml at the project root (or --config FILE) sets the
profile, rule severities (rules, per-path overrides), extra roots, ignored
files and the description cap; flags win. See docs/config.md.

Security: the security rules (docs/security.md) report what the model
reads but a reviewer does not see: invisible Unicode (tag characters that
spell text, bidi controls, zero-width characters), HTML comments and
hidden HTML, padding, links that carry data out, the shell commands a
host runs when a skill loads, and allowed-tools grants. --security runs
only them, on any folder of downloaded skills (check --security DIR, which
finds every skill under DIR), and prints a summary per skill file. It
vets: the skills' own suppression comments and the config's rules,
select, overrides, ignore and hosts keys are ignored (stderr says so), and
stderr ends with what the bounds left out. --select CODE,CATEGORY runs only the
rules named, --ignore CODE,CATEGORY turns rules off (the config's select
and rules keys do the same).

Suppression: <!-- skill-ls-disable-next-line CODE -- reason --> in the body,
or # skill-ls-disable-next-line CODE -- reason in the frontmatter, silences
one finding (also skill-ls-disable/skill-ls-enable and
skill-ls-disable-file); one that silences a security rule is reported
(suppression-security).

--host ID[,ID...] (or all; hosts: in the config) chooses the agents
instead (--host dsh: DSH's roots alone), and reports what they do with each
skill, in their terms: which host skips it and why (host-drops, an error),
uses another file of the same name (host-shadowed), cuts its description
(host-truncated), loads it differently (host-changes), does not look where
it is (host-not-discovered, info), and which catalog is over its budget
(host-over-budget). The files checked are then DSH's and those of every
selected host's folders (.claude/skills, .gemini/skills, ~/.codex/skills,
...; --home places the user's). What DSH drops is an error only when dsh is
among the hosts and reads the file. Hosts: dsh, claude, codex, codex@0.141,
copilot, copilot-cli, gemini, opencode, goose, cursor; docs/hosts.md gives every rule's
source and version, and 'skill-ls matrix' the same verdicts as a table.

Exit status: 0 when no error was reported, 1 when one was (with --diff:
when there is something to fix), 2 on a usage error, a config file error,
a file that could not be written, or when a PATH cannot be read.

Examples:
  skill-ls check
  skill-ls check .agents/skills/pdf/SKILL.md
  skill-ls check --profile agentskills --format json skills/
  skill-ls check --format sarif > skill-ls.sarif
  skill-ls check --format github          (in a GitHub Actions step)
  skill-ls check --watch                  (check again on every change)
  skill-ls check --fix                    (apply the safe fixes)
  skill-ls check --diff --unsafe-fixes    (show every fix, write nothing)
  skill-ls check --host claude,codex      (also what Claude Code and Codex do)
  skill-ls check --security ~/Downloads/skills  (vet skills before installing)
  skill-ls check --ignore security        (leave the security rules out)
`

// checkRun is one `skill-ls check` invocation after its flags are parsed.
type checkRun struct {
	opts        diagnostics.Options
	format      string
	formatter   format.Formatter
	roots       []discovery.Root
	explicit    bool     // PATH arguments narrowed the roots
	manifests   bool     // a PATH is a plugin manifest (manifestPaths)
	paths       []string // the PATH arguments, absolute
	outside     []string // the PATHs' skill files DSH never loads (pathRoots)
	defaults    []discovery.Root
	wide        []discovery.Root // the roots read when a PATH lies in a default root
	cwd         string           // the working directory, absolute
	found       []string         // the other hosts' folders a plain check found
	hostsChosen bool             // --host or the config's hosts: chose the hosts
	status      int              // exitUsage once a PATH could not be used
	color       bool             // colour stdout's text
	colorErr    bool             // colour stderr's summary
	guard       *fixGuard
	security    bool          // --security: a summary per skill
	pluginEnv   hosts.Options // where a plain check reads the shipped plugins (checkplugins.go)
	unsearched  []string      // what a vetting run's search for skills left out (vetPaths)
	stdout      io.Writer
	stderr      io.Writer

	// flagDirs are the --custom-dir roots of the command line, config the
	// config file (nil without one): a fix writes in the first, not in
	// the roots of the second outside the project (fixscope.go).
	flagDirs []string
	config   *diagnostics.Config
}

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("check", "skill-ls check [flags] [PATH...]", checkHelp, stdout, stderr)
	f := registerCheckFlags(c)
	paths, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	run, status := f.newRun(c, stdout, stderr)
	if run == nil {
		return status
	}
	if run.security {
		paths, run.unsearched = vetPaths(paths, stderr)
	} else {
		paths = collectionPaths(paths, stderr)
	}
	if !run.findRoots(&f.roots, paths) {
		return run.status
	}
	run.autoHosts(ctx, &f.roots)
	run.hostRoots(ctx, f.roots.customDirs)
	run.widen(run.defaults)
	run.guardFixes(&f.roots)
	if f.watch {
		return run.watch(ctx)
	}
	if f.fix.active() {
		run.fixReaders(&f.roots)
		return run.fix(ctx, &f.fix)
	}
	// Checked once: the snapshot keeps no facts the rules make.
	defer run.limitMemory()()
	snap, err := run.load(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls check: %s\n", errText(err))
		return exitUsage
	}
	return run.report(ctx, snap)
}

// checkFlags are the flags of check.
type checkFlags struct {
	roots   rootFlags
	config  configFlags
	fix     fixFlags
	hosts   hostFlags
	profile string
	format  string
	color   string
	maxDesc int
	watch   bool
	sel     selectFlags
}

// registerCheckFlags registers check's flags on c.
func registerCheckFlags(c *command) *checkFlags {
	f := &checkFlags{}
	f.roots.register(c.fs)
	c.fs.StringVar(&f.profile, "profile", "dsh", "the rule `profile`: "+profileHelp())
	c.fs.StringVar(&f.format, "format", "text", "the output `format`: text, concise, json, sarif or github")
	terminal.RegisterColor(c.fs, &f.color)
	c.fs.IntVar(&f.maxDesc, "max-description", render.DefaultMaxLength, "the catalog description cap in UTF-16 `units` (DSH's catalogDescriptionMaxLength)")
	c.fs.BoolVar(&f.watch, "watch", false, "keep watching the roots and check again after every change (until interrupted)")
	f.config.register(c.fs)
	f.fix.register(c.fs)
	f.hosts.register(c.fs)
	f.sel.register(c.fs)
	return f
}

// newRun checks the flags, reads the config file (flags win over it) and
// selects the hosts; it returns nil and the exit status when it cannot go on.
func (f *checkFlags) newRun(c *command, stdout, stderr io.Writer) (*checkRun, int) {
	if f.watch && f.fix.active() {
		return nil, c.usageError("--watch cannot be combined with --fix, --unsafe-fixes or --diff")
	}
	run := &checkRun{format: f.format, stdout: stdout, stderr: stderr}
	prof, ok := diagnostics.LookupProfile(f.profile)
	if !ok {
		return nil, c.usageError(fmt.Sprintf("unknown profile %q (want %s)", f.profile, strings.Join(diagnostics.ProfileNames(), " or ")))
	}
	if run.formatter, ok = format.Formats[f.format]; !ok {
		return nil, c.usageError(fmt.Sprintf("unknown format %q (want text, concise, json, sarif or github)", f.format))
	}
	if msg := flagtext.MaxDescriptionProblem(f.maxDesc); msg != "" {
		return nil, c.usageError(msg)
	}
	if !slices.Contains(terminal.ColorModes, f.color) {
		return nil, c.usageError(fmt.Sprintf("unknown --color %q (want auto, always or never)", f.color))
	}
	run.color = terminal.UseColor(f.color, os.Getenv, terminal.Is(stdout))
	run.colorErr = terminal.UseColor(f.color, os.Getenv, terminal.Is(stderr))
	run.opts = diagnostics.Options{Profile: prof, MaxDescription: f.maxDesc}
	cfg, cfgErrs, err := f.config.load(&f.roots)
	if err != nil || len(cfgErrs) > 0 {
		if err != nil {
			fmt.Fprintf(stderr, "skill-ls check: %s\n", errText(err))
		}
		printConfigErrors(stderr, cfgErrs)
		return nil, exitUsage
	}
	run.flagDirs, run.config = slices.Clone(f.roots.customDirs), cfg
	if cfg != nil {
		if f.sel.security {
			var dropped []string
			cfg, dropped = vetConfig(cfg)
			reportVetConfig(stderr, cfg, dropped)
		}
		applyConfig(cfg, &run.opts, &f.roots, setFlags(c.fs))
		if f.hosts.list == "" && len(cfg.Hosts) > 0 {
			f.hosts.list = strings.Join(cfg.Hosts, ",")
		}
	}
	run.hostsChosen = f.hosts.list != ""
	if err := f.sel.apply(&run.opts); err != nil {
		return nil, c.usageError(err.Error())
	}
	run.security = f.sel.security
	run.opts.Vetting = f.sel.security
	if err := run.selectHosts(&f.hosts, &f.roots); err != nil {
		return nil, c.usageError(err.Error())
	}
	return run, exitOK
}

// profileHelp lists the profiles for --profile's help.
func profileHelp() string {
	var parts []string
	for _, p := range diagnostics.Profiles() {
		parts = append(parts, p.Name+" ("+p.Summary+")")
	}
	return strings.Join(parts, " or ")
}

// findRoots sets the roots to check: those discovery finds from the flags,
// narrowed to the PATH arguments when there are some. It returns false when
// nothing is left to check.
func (r *checkRun) findRoots(rf *rootFlags, paths []string) bool {
	opts, err := rf.options()
	if err != nil {
		fmt.Fprintf(r.stderr, "skill-ls check: %s\n", errText(err))
		r.status = exitUsage
		return false
	}
	r.roots = discovery.Roots(opts)
	r.defaults, r.cwd = r.roots, absDir(opts.Cwd)
	if len(paths) == 0 {
		return true
	}
	r.explicit = true
	env, _ := hostOptions(rf, "", 0)
	paths, r.paths, r.manifests = manifestPaths(paths, env)
	var errs []error
	r.roots, r.outside, errs = pathRoots(paths, r.roots)
	for _, err := range errs {
		fmt.Fprintf(r.stderr, "skill-ls check: %s\n", errText(err))
		r.status = exitUsage
	}
	return len(r.roots) > 0 || len(r.outside) > 0 || r.manifests
}

// report runs the rules on snap, writes them in the chosen format and, for
// text, the summary; it returns the exit status.
func (r *checkRun) report(ctx context.Context, snap *skills.Snapshot) int {
	opts := r.opts
	opts.NoFixes = !format.ShowsFixes(r.format)
	var texts map[string]*spans.LineIndex
	opts.EvalFiles, texts = r.evalFiles(snap)
	opts.PluginManifests, texts = r.pluginManifests(texts)
	ds := r.involving(diagnostics.Run(ctx, snap, opts))
	texts = settingsTexts(ds, texts)
	if err := r.formatter(r.stdout, ds, snap, format.Options{RelTo: workDir(), Version: versionString(), Color: r.color, Texts: texts}); err != nil {
		fmt.Fprintf(r.stderr, "skill-ls check: writing the output: %s\n", errText(err))
		return exitUsage
	}
	var n [5]int
	for _, d := range ds {
		if d.Severity >= diagnostics.SeverityError && d.Severity <= diagnostics.SeverityHint {
			n[d.Severity]++
		}
	}
	files := r.scopedFileCount(snap, ds)
	text := r.format == "text" || r.format == "concise"
	if r.security && !text {
		r.vetNotes(ds, snap)
	}
	if text {
		if r.security {
			securitySummary(r.stderr, ds, snap, r.inScope)
			r.vetNotes(ds, snap)
		}
		fmt.Fprintln(r.stderr, summary(n, files, r.colorErr))
		fmt.Fprintln(r.stderr, r.scopeLine())
		if files == 0 && !r.manifests {
			r.noSkills()
		}
	}
	if n[diagnostics.SeverityError] > 0 && r.status == exitOK {
		return exitFound
	}
	return r.status
}

// noSkills tells a user who found nothing where skill-ls looked.
func (r *checkRun) noSkills() {
	if r.explicit {
		fmt.Fprintln(r.stderr, "No skill files were found in the PATHs given: a skill is a SKILL.md in a bundle folder (DIR/NAME/SKILL.md) or a NAME.md file with frontmatter in a folder of skills.")
		return
	}
	fmt.Fprintln(r.stderr, "No skill files were found. The roots searched were:")
	for _, root := range r.roots {
		fmt.Fprintf(r.stderr, "\t%s (%s)\n", format.Quote(root.Dir), root.Source)
	}
	if !r.hostsChosen {
		fmt.Fprintln(r.stderr, "No other agent's skill folder in the project (.claude/skills, .github/skills, .gemini/skills, .opencode/skills, ...) holds a skill either.")
	}
	fmt.Fprintln(r.stderr, "If your skills are in another project, pass --project-root DIR (or --cwd DIR); a folder of skills can be checked with 'skill-ls check DIR'.")
}
