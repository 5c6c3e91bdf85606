package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/scaffold"
)

const newHelp = `
New creates a skill that DSH loads and check passes: a bundle folder
NAME/SKILL.md (or a flat NAME.md with --flat) whose frontmatter holds the
name and a description placeholder, and a short body to fill in. Replace the
placeholder: the model sees only a skill's name and description when it
decides whether to load it.

The skill goes into --root, by default the project's .agents/skills (the
project is the nearest ancestor of --cwd holding .git, or --project-root);
the root is created when missing. NAME must be lowercase ASCII letters and
digits in groups joined by single hyphens (DSH drops a skill with any other
name), at most 64 characters (the agentskills.io spec's limit). New never
overwrites anything: it refuses a NAME whose folder or file exists, or that
another skill in the same root already uses. In a root other agents read
(--root .claude/skills), new names them and says whether they load the
skill; in a skills folder of a plugin the repository ships
(--root plugins/x/skills), the name its agent lists the skill under once
the plugin is installed (x:NAME).

Examples:
  skill-ls new pdf-tools                  .agents/skills/pdf-tools/SKILL.md
  skill-ls new --flat release-notes       .agents/skills/release-notes.md
  skill-ls new --root ~/.agents/skills my-style    a skill of your own
`

func runNew(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("new", "skill-ls new [flags] NAME", newHelp, stdout, stderr)
	var rf rootFlags
	rf.register(c.fs)
	rootDir := c.fs.String("root", "", "the skill root `dir` to create the skill in (default: the project's .agents/skills)")
	flat := c.fs.Bool("flat", false, "create a flat NAME.md file instead of a NAME/SKILL.md bundle")
	pos, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	switch len(pos) {
	case 0:
		return c.usageError("a NAME is required")
	case 1:
	default:
		return c.usageError(fmt.Sprintf("one NAME only (got %d); pick the folder with --root", len(pos)))
	}
	name := pos[0]
	if !checkNewName(name, args, stderr) {
		return exitUsage
	}
	n := &newSkill{name: name, flat: *flat, stdout: stdout, stderr: stderr, wd: workDir(), ctx: ctx, rf: &rf}
	if err := n.findRoot(ctx, &rf, *rootDir); err != nil {
		fmt.Fprintf(stderr, "skill-ls new: %s\n", errText(err))
		return exitUsage
	}
	if n.sameRootTaken() {
		return exitUsage
	}
	return n.create()
}

// checkNewName says why name cannot be a skill's name, with a suggestion
// (the command of args with name replaced); it returns false then.
func checkNewName(name string, args []string, stderr io.Writer) bool {
	problem := scaffold.NameProblem(name)
	if problem == "" {
		return true
	}
	fmt.Fprintf(stderr, "skill-ls new: %q is not a valid skill name: %s.\n", name, problem)
	fmt.Fprintf(stderr, "A name is lowercase ASCII letters and digits in groups joined by single hyphens\n(DSH drops a skill with any other name), at most %d characters (the agentskills.io\nspec's limit; DSH has none, other agents may cut or refuse a longer name).\n", scaffold.MaxNameLength)
	if s := scaffold.SuggestName(name); s != "" && s != name {
		fmt.Fprintf(stderr, "Try: %s\n", retypedNew(args, name, s))
	}
	return false
}

// retypedNew returns the command `skill-ls new` args, with its NAME (the
// last argument equal to name) replaced by suggested, each argument
// quoted for a shell: the flags stay, so `new --root .claude/skills
// Bad_Name` suggests a skill in .claude/skills, not in .agents/skills.
func retypedNew(args []string, name, suggested string) string {
	at := len(args) - 1
	for at > 0 && args[at] != name {
		at--
	}
	words := []string{"skill-ls", "new"}
	for i, a := range args {
		if i == at {
			a = suggested
		}
		words = append(words, shellQuote(a))
	}
	return strings.Join(words, " ")
}

// newSkill is one `skill-ls new` run once its arguments are read.
type newSkill struct {
	name    string
	flat    bool
	root    string           // the skill root to create the skill in
	scanned bool             // DSH scans root from here
	snap    *skills.Snapshot // the skills DSH would see, root included
	wd      string
	ctx     context.Context
	rf      *rootFlags // to place the other agents' folders
	stdout  io.Writer
	stderr  io.Writer
}

func (n *newSkill) rel(p string) string { return format.RelPath(n.wd, p) }

// findRoot picks the root (--root, else the project's .agents/skills) and
// loads the skills DSH would see with it, to find same-name skills.
func (n *newSkill) findRoot(ctx context.Context, rf *rootFlags, rootDir string) error {
	opts, err := rf.options()
	if err != nil {
		return err
	}
	defaults := discovery.Roots(opts)
	root := rootDir
	if root == "" {
		project := opts.ProjectRoot
		if project == "" {
			project = discovery.ProjectRoot(opts.Cwd)
		}
		root = filepath.Join(project, ".agents", "skills")
	}
	if n.root, err = filepath.Abs(root); err != nil {
		return err
	}
	n.scanned = slices.ContainsFunc(defaults, func(r discovery.Root) bool { return r.Dir == n.root })
	roots := defaults
	if !n.scanned {
		roots = append(roots, discovery.Root{Dir: n.root, Source: discovery.SourceCustom, Rank: discovery.SourceCustom.Rank(), Index: len(roots)})
	}
	n.snap, err = skills.Load(ctx, roots, skills.LoadOptions{})
	return err
}

// sameRootTaken refuses a name another skill in the same root has (DSH
// would keep only one of the two).
func (n *newSkill) sameRootTaken() bool {
	for _, s := range n.snap.Registry.All(n.name) {
		if s.Path != "" && sameRoot(s.Path, n.root) {
			fmt.Fprintf(n.stderr, "skill-ls new: %s already holds a skill named %s: %s\nPick another name, or edit that skill.\n", n.rel(n.root), n.name, format.Quote(n.rel(s.Path)))
			return true
		}
	}
	return false
}

// create writes the skill and says what was made and what to do next.
func (n *newSkill) create() int {
	created, path, err := createSkill(n.root, n.name, n.flat)
	if err != nil {
		fmt.Fprintf(n.stderr, "skill-ls new: %s\n", errText(err))
		if errors.Is(err, fs.ErrExist) {
			fmt.Fprintln(n.stderr, "skill-ls new never overwrites: pick another name, or edit the existing skill.")
		}
		return exitUsage
	}
	if created {
		fmt.Fprintf(n.stdout, "Created the skill root %s.\n", n.rel(n.root))
	}
	fmt.Fprintf(n.stdout, "Created %s with name %s and a placeholder description.\n", n.rel(path), n.name)
	target := path
	if !n.flat {
		target = filepath.Dir(path)
	}
	n.notes(path)
	fmt.Fprintf(n.stdout, `
Next steps:
  1. Replace the description placeholder with what the skill does and when to
     use it: the model sees only the name and the description when it decides
     whether to load the skill.
  2. Write the instructions in the body; long references can go in files
     beside it, linked from the body.
  3. Check it: %s
`, "skill-ls check "+shellQuote(n.rel(target)))
	return exitOK
}

// notes warns about a root DSH does not scan (naming the plugin it is a
// skills folder of, or the agents that read it instead, when some do:
// findHostReaders) and a same-name skill in another root.
func (n *newSkill) notes(path string) {
	if !n.scanned && !n.shippedPluginNote() && !findHostReaders(n.ctx, n.rf, n.root, path).say(n) {
		fmt.Fprintf(n.stdout, "\nNote: DSH does not scan %s from here, so it will not load this skill.\nMove it into the project's .agents/skills or .dsh/skills, or pass --custom-dir %s to skill-ls.\n", n.rel(n.root), shellQuote(n.rel(n.root)))
	}
	for _, s := range n.snap.Registry.All(n.name) {
		if s.Path != "" {
			fmt.Fprintf(n.stdout, "\nNote: a skill named %s already exists in %s (%s); DSH loads only one of them.\nRun 'skill-ls list' to see which wins.\n", n.name, format.Quote(n.rel(s.Path)), s.Source)
			return
		}
	}
}

// createSkill writes the new skill's file in root, creating root when it is
// missing. It never replaces anything: the bundle folder (or flat file) must
// not exist, and neither may the other form of the same name. It returns
// whether root was created and the new file's path. On failure it removes
// what it made.
func createSkill(root, name string, flat bool) (rootCreated bool, path string, err error) {
	bundle := filepath.Join(root, name)
	flatFile := bundle + ".md"
	for _, p := range []string{bundle, flatFile} {
		if _, err := os.Lstat(p); err == nil {
			return false, "", fmt.Errorf("%s already exists: %w", format.RelPath(workDir(), p), fs.ErrExist)
		}
	}
	switch fi, err := os.Stat(root); {
	case err == nil && !fi.IsDir():
		return false, "", fmt.Errorf("the root %s is not a directory", format.RelPath(workDir(), root))
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(root, 0o755); err != nil {
			return false, "", err
		}
		rootCreated = true
	case err != nil:
		return false, "", err
	}
	path = flatFile
	var made string // the folder to remove on failure
	if !flat {
		if err := os.Mkdir(bundle, 0o755); err != nil {
			return rootCreated, "", err
		}
		made = bundle
		path = filepath.Join(bundle, "SKILL.md")
	}
	if err := writeNewFile(path, scaffold.NewSkillText(name)); err != nil {
		if made != "" {
			os.Remove(made)
		}
		return rootCreated, "", err
	}
	return rootCreated, path, nil
}

// writeNewFile creates path with data, failing if it exists (O_EXCL), and
// removes it again when the write fails.
func writeNewFile(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// sameRoot reports whether the skill file at path is an entry of root: a
// flat file in it or the SKILL.md of one of its bundles.
func sameRoot(path, root string) bool {
	dir := filepath.Dir(path)
	if filepath.Base(path) == "SKILL.md" {
		dir = filepath.Dir(dir)
	}
	return dir == root
}

// shellQuote quotes p for a POSIX shell when it holds anything but safe
// characters, so a printed command can be pasted.
func shellQuote(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@%=") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}
