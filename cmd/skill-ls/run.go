package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/flagtext"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// Exit statuses.
const (
	exitOK    = 0 // clean
	exitFound = 1 // an error-severity diagnostic (check), an error result (render)
	exitUsage = 2 // usage or I/O error
)

const topUsage = `skill-ls lints agent skills (SKILL.md bundles and flat <name>.md files) and
shows them exactly as the DeepSeek Harness (DSH) sees them.

Usage:
  skill-ls check [flags] [PATH...]     report problems; exit 1 when there is an error
  skill-ls eval [--host ID] [SKILL...]  run the trigger queries through your host CLI
  skill-ls list [--json]               list skills, shadowed skills and dropped files
  skill-ls matrix [--host ID,...|all]  which agents load each skill (Claude Code, Codex, ...)
  skill-ls new [--flat] NAME           create a skill that passes check
  skill-ls render catalog              print the skill catalog the model gets
  skill-ls render skill NAME           print the skill tool's result for NAME
  skill-ls render invoke TEXT...       print what a user message's /name tokens inject
  skill-ls render tui NAME [INSTR...]  print the historical /skill:NAME user turn
  skill-ls serve [--logfile F] [-v]    run the language server on stdin/stdout
  skill-ls mcp [--allow-write]         run the MCP server for agents (check, render, ...)
  skill-ls [--stdio]                   the same as serve (what editors run)
  skill-ls --version                   print the version

Skills are discovered as DSH discovers them from the current directory: the
project's .dsh/skills and .agents/skills (the project is the nearest ancestor
holding .git), the user's $DSH_HOME/skills (default ~/.dsh/skills) and
$DSH_AGENTS_HOME/skills (default ~/.agents/skills), --custom-dir roots and
$DSH_BUNDLED_SKILL_DIR. Every verb takes the flags --cwd, --project-root,
--dsh-home, --agents-home, --custom-dir, --bundled-dir and --no-default-roots
to change that.

Examples:
  skill-ls check                          lint the skills every agent reads here
  skill-ls check .agents/skills/pdf       lint one bundle
  skill-ls check --format github          annotations for GitHub Actions
  skill-ls check --watch                  check again on every change
  skill-ls list                           which skill wins, and what is dropped
  skill-ls render catalog                 the catalog exactly as the model reads it

Run 'skill-ls VERB --help' for the flags of a verb.
`

// run is the whole program: it parses args (without the program name), runs
// the verb and returns the exit status. It writes only to stdout and stderr.

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runServe(ctx, nil, stdin, stdout, stderr)
	}
	verb, rest := args[0], args[1:]
	switch verb {
	case "-h", "-help", "--help", "help":
		if verb == "help" && len(rest) > 0 {
			return run(ctx, []string{rest[0], "--help"}, stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, topUsage)
		return exitOK
	case "-version", "--version", "version":
		fmt.Fprintf(stdout, "skill-ls %s\n", versionString())
		return exitOK
	case "check":
		return runCheck(ctx, rest, stdout, stderr)
	case "eval":
		return runEval(ctx, rest, stdout, stderr)
	case "list":
		return runList(ctx, rest, stdout, stderr)
	case "matrix":
		return runMatrix(ctx, rest, stdout, stderr)
	case "new":
		return runNew(ctx, rest, stdout, stderr)
	case "render":
		return runRender(ctx, rest, stdin, stdout, stderr)
	case "serve":
		return runServe(ctx, rest, stdin, stdout, stderr)
	case "mcp":
		return runMCP(ctx, rest, stdin, stdout, stderr)
	}
	if strings.HasPrefix(verb, "-") {
		// Editors start the server with flags only: --stdio,
		// --clientProcessId=N, -v.
		return runServe(ctx, args, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "skill-ls: unknown command %q%s\nRun 'skill-ls --help' for usage.\n", verb, didYouMean(verb, verbs))
	return exitUsage
}

// verbs are the commands run knows, for "did you mean".
var verbs = []string{"check", "eval", "list", "matrix", "new", "render", "serve", "mcp", "help", "version"}

// didYouMean is "; did you mean "NAME"?" for the name of names nearest to
// typed, or "" when none is near.
func didYouMean(typed string, names []string) string {
	if near := flagtext.Nearest(typed, names); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}

// command is one verb's flag set with its help text.
type command struct {
	fs    *flag.FlagSet
	usage string // the first line, e.g. "skill-ls check [flags] [PATH...]"
	help  string // description and examples, printed after the flags
	// extra are flags the program takes around the verb's (serve's
	// --version), suggested for a mistyped one.
	extra  []string
	stdout io.Writer
	stderr io.Writer
}

func newCommand(name, usage, help string, stdout, stderr io.Writer) *command {
	c := &command{fs: flag.NewFlagSet(name, flag.ContinueOnError), usage: usage, help: help, stdout: stdout, stderr: stderr}
	c.fs.SetOutput(io.Discard) // parse's errors are worded by flagtext.Error
	c.fs.Usage = func() {}
	return c
}

// printHelp writes the full help of the command to w.
func (c *command) printHelp(w io.Writer) {
	fmt.Fprintf(w, "Usage: %s\n\n%s\nFlags:\n", c.usage, strings.TrimLeft(c.help, "\n"))
	flagtext.Print(w, c.fs)
	fmt.Fprint(w, flagtext.EndOfFlagsHelp)
}

// parse parses args, allowing flags after positional arguments unless
// interleave is false or "--" ends the flags. It returns the positional
// arguments, or an exit status when the program must stop: 0 after --help,
// exitUsage after a bad flag.
func (c *command) parse(args []string, interleave bool) (pos []string, exit int, stop bool) {
	for {
		err := c.fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			c.printHelp(c.stdout)
			return nil, exitOK, true
		}
		if err != nil {
			c.usageError(flagtext.Error(err, c.fs, c.extra...))
			return nil, exitUsage, true
		}
		rest := c.fs.Args()
		consumed := len(args) - len(rest)
		if len(rest) == 0 || !interleave || (consumed > 0 && args[consumed-1] == "--") {
			return append(pos, rest...), 0, false
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError reports a usage problem (msg may be empty) and where to find
// help.
func (c *command) usageError(msg string) int {
	if msg != "" {
		fmt.Fprintf(c.stderr, "skill-ls %s: %s\n", c.fs.Name(), msg)
	}
	fmt.Fprintf(c.stderr, "Usage: %s\nRun 'skill-ls %s --help' for details.\n", c.usage, c.fs.Name())
	return exitUsage
}

// stringList is a repeatable string flag.
type stringList []string

// String joins the values.
func (l *stringList) String() string { return strings.Join(*l, ",") }

// Set appends a value (the flag repeats).
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// rootFlags are the root discovery flags every verb takes.
type rootFlags struct {
	cwd            string
	projectRoot    string
	dshHome        string
	agentsHome     string
	customDirs     stringList
	bundledDir     string
	noDefaultRoots bool
	nodeRead       bool
}

func (r *rootFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.cwd, "cwd", "", "the session's working `dir`: the project is its nearest ancestor holding .git (default: the current directory)")
	fs.StringVar(&r.projectRoot, "project-root", "", "use `dir` as the project root instead of the nearest ancestor of --cwd holding .git (a skill-ls extension)")
	fs.StringVar(&r.dshHome, "dsh-home", "", "the DSH home `dir`; skills are in its skills/ (default $DSH_HOME, else ~/.dsh)")
	fs.StringVar(&r.agentsHome, "agents-home", "", "the agents home `dir`; skills are in its skills/ (default $DSH_AGENTS_HOME, else ~/.agents)")
	fs.Var(&r.customDirs, "custom-dir", "an extra skill root `dir` (source custom); repeatable, earlier wins")
	fs.StringVar(&r.bundledDir, "bundled-dir", "", "the bundled skill root `dir` (default $DSH_BUNDLED_SKILL_DIR)")
	fs.BoolVar(&r.noDefaultRoots, "no-default-roots", false, "scan only --custom-dir and --bundled-dir, not the project and user roots")
	fs.BoolVar(&r.nodeRead, "node-read", false, "read files as DSH does without ctx.fs (BOM kept, invalid UTF-8 replaced)")
}

// options returns the root options of the flags.
func (r *rootFlags) options() (discovery.RootOptions, error) {
	cwd := r.cwd
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return discovery.RootOptions{}, fmt.Errorf("cannot get the current directory: %w", err)
		}
		cwd = wd
	} else if fi, err := os.Stat(cwd); err != nil {
		return discovery.RootOptions{}, fmt.Errorf("--cwd: %w", err)
	} else if !fi.IsDir() {
		return discovery.RootOptions{}, fmt.Errorf("--cwd %s: not a directory", cwd)
	}
	return discovery.RootOptions{
		Cwd:            cwd,
		ProjectRoot:    r.projectRoot,
		DSHHome:        r.dshHome,
		AgentsHome:     r.agentsHome,
		CustomDirs:     r.customDirs,
		BundledDir:     r.bundledDir,
		NoDefaultRoots: r.noDefaultRoots,
		NodeRead:       r.nodeRead,
	}, nil
}

// load discovers the roots of the flags and loads them for list and
// render, which need no Markdown facts of the bodies.
func (r *rootFlags) load(ctx context.Context) (*skills.Snapshot, error) {
	opts, err := r.options()
	if err != nil {
		return nil, err
	}
	return skills.Load(ctx, discovery.Roots(opts), skills.LoadOptions{CatalogOnly: true})
}

// workDir is the directory output paths are printed relative to.
func workDir() string {
	wd, _ := os.Getwd()
	return wd
}

// quotedRel is a path as the CLI prints it: relative to the working
// directory when inside it, quoted (format.Quote).
func quotedRel(p string) string { return format.Quote(format.RelPath(workDir(), p)) }

// errText is an error's text escaped (format.Escape): an error names the
// paths it failed on, and those come from the skills.
func errText(err error) string { return format.Escape(err.Error()) }
