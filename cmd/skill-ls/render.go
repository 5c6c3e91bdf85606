package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/flagtext"
	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/rendernotes"
	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/terminal"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// renderKindsHelp is the first part of render's help: what each kind
// prints (renderHostHelp follows, then renderMoreHelp).
const renderKindsHelp = `
Render prints, byte for byte, the text the DeepSeek Harness gives the model
for the skills discovered from --cwd. Nothing is added: there is no trailing
newline unless the text has one.

  catalog [--max-description N] [--replacement] [--v1]
      the skill catalog message: the model-invocable skills with their
      normalized, truncated and escaped descriptions (--replacement: the
      message DSH sends when the catalog changes; --v1: the wording before
      2026-08-08). When no skill is model-invocable, DSH publishes no
      catalog: nothing is printed and stderr says why (exit status 0)
  skill NAME | skill --args JSON
      the result of the skill tool called with {"name": NAME} (or with the
      raw JSON arguments): the <skill_content> block, or DSH's error text
      (exit status 1); stderr says why a skill is missing (DSH drops its
      file) and which file a name resolves to when others share it
  invoke TEXT...
      the <skill_content> blocks that the /name tokens of a user message
      inject, one blank line apart; each TEXT is one text block of the
      message ("-" or no TEXT: read one block from stdin). stderr names
      each /name that injects nothing, and why
  tui NAME [INSTRUCTIONS...]
      the user turn of the historical TUI command /skill:NAME INSTRUCTIONS
      (a notice, which never reached the model, goes to stderr with exit
      status 1)
`

// renderMoreHelp is the end of render's help: flags, config, examples.
const renderMoreHelp = `
Flags may come before or after the other arguments; "--" ends the flags,
so a TEXT that starts with "-" goes after it. Each kind's own flags are
listed below; 'skill-ls render KIND --help' lists all the flags of KIND.

Config: .skill-ls.yaml at the project root (or --config FILE; --no-config
reads none) is read as check reads it: its roots are DSH's roots here too,
after the --custom-dir roots, and its maxDescription is the catalog's cap
unless --max-description is given. Its other keys grade diagnostics, which
render does not print (see docs/config.md). A config file with errors stops
render (exit status 2).

Examples:
  skill-ls render catalog
  skill-ls render catalog --max-description 120 --replacement
  skill-ls render skill pdf
  skill-ls render invoke 'please /pdf this file' --project-root .
  skill-ls render tui pdf extract the tables
  skill-ls render invoke -- '-- /pdf is how you start'
`

// renderHelp is render's help text, the same for render --help and each
// kind's.
func renderHelp() string { return renderKindsHelp + renderHostHelp() + renderMoreHelp }

// renderRun is one `skill-ls render KIND` invocation.
type renderRun struct {
	c           *command
	rf          rootFlags
	config      configFlags
	maxDesc     int
	replacement bool
	v1          bool
	rawArgs     string
	stdin       io.Reader
	// lookups are the lookups rendering used (see readErr).
	lookups []*render.SnapshotSkills
	// hostFlags select another host's listing (catalog --host).
	hostFlags renderHostFlags
}

var renderUsage = map[string]string{
	"catalog": "skill-ls render catalog [--max-description N] [--replacement] [--v1] [flags]",
	"skill":   "skill-ls render skill [flags] NAME | skill-ls render skill --args JSON",
	"invoke":  "skill-ls render invoke [flags] TEXT...",
	"tui":     "skill-ls render tui [flags] NAME [INSTRUCTIONS...]",
}

func runRender(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := "skill-ls render catalog|skill|invoke|tui [flags] [ARG...]"
	if len(args) == 0 {
		fmt.Fprintf(stderr, "skill-ls render: missing what to render\nUsage: %s\nRun 'skill-ls render --help' for details.\n", usage)
		return exitUsage
	}
	what, rest := args[0], args[1:]
	switch what {
	case "-h", "-help", "--help", "help":
		printRenderHelp(stdout, usage)
		return exitOK
	case "catalog", "skill", "invoke", "tui":
	default:
		fmt.Fprintf(stderr, "skill-ls render: unknown kind %q (want catalog, skill, invoke or tui)%s\nRun 'skill-ls render --help' for details.\n", what, didYouMean(what, []string{"catalog", "skill", "invoke", "tui"}))
		return exitUsage
	}
	r := &renderRun{c: newCommand("render "+what, renderUsage[what], renderHelp(), stdout, stderr), maxDesc: render.DefaultMaxLength, stdin: stdin}
	r.rf.register(r.c.fs)
	r.config.register(r.c.fs)
	r.registerKind(r.c.fs, what)
	pos, exit, stop := r.c.parse(rest, true)
	if stop {
		return exit
	}
	pos, status := r.checkArgs(what, pos)
	if status != exitOK {
		return status
	}
	if !r.config.apply(r.c, &r.rf, &r.maxDesc) {
		return exitUsage
	}
	if r.hostFlags.host != "" {
		if what == "skill" {
			return r.hostSkill(ctx, pos, stdout)
		}
		return r.hostCatalog(ctx, stdout)
	}
	snap, err := r.rf.load(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	text, status := r.render(what, pos, snap)
	if err := r.readErr(); err != nil {
		fmt.Fprintf(stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	if _, err := io.WriteString(stdout, terminalText(stdout, text)); err != nil {
		fmt.Fprintf(stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	return status
}

// terminalText returns the model text as render writes it to w: its exact
// bytes, or on a terminal, which would obey a skill's escape sequences
// (set the clipboard, clear the notes off the screen), with them escaped.
func terminalText(w io.Writer, text string) string {
	if terminal.Is(w) {
		return format.EscapeText(text)
	}
	return text
}

// renderKindFlags are the kinds that take flags of their own, in the
// order render --help lists them.
var renderKindFlags = []string{"catalog", "skill"}

// registerKind adds the flags of one kind to fs (the flags every kind
// takes are rootFlags' and configFlags').
func (r *renderRun) registerKind(fs *flag.FlagSet, what string) {
	switch what {
	case "catalog":
		fs.IntVar(&r.maxDesc, "max-description", render.DefaultMaxLength, "the description cap in UTF-16 `units` (DSH's catalogDescriptionMaxLength); wins over maxDescription in the config file")
		fs.BoolVar(&r.replacement, "replacement", false, "the replacement catalog (sent when the catalog changes; empty: the tombstone)")
		fs.BoolVar(&r.v1, "v1", false, "the catalog wording DSH used before 2026-08-08")
		r.hostFlags.register(fs)
	case "skill":
		fs.StringVar(&r.rawArgs, "args", "", "the skill tool's arguments as a JSON `object`, instead of NAME")
		r.hostFlags.register(fs)
	}
}

// printRenderHelp writes render's help: the kinds, the flags every kind
// takes, then the flags of each kind that has its own, so that one help
// names every flag render takes.
func printRenderHelp(w io.Writer, usage string) {
	c := newCommand("render", usage, renderHelp(), w, w)
	var r renderRun
	r.rf.register(c.fs)
	r.config.register(c.fs)
	fmt.Fprintf(w, "Usage: %s\n\n%s\nFlags of every kind:\n", c.usage, strings.TrimLeft(c.help, "\n"))
	flagtext.Print(w, c.fs)
	for _, what := range renderKindFlags {
		fs := flag.NewFlagSet(what, flag.ContinueOnError)
		r.registerKind(fs, what)
		fmt.Fprintf(w, "\nFlags of %s:\n", what)
		flagtext.Print(w, fs)
	}
}

// checkArgs validates the positional arguments of a kind (reading invoke's
// text from stdin when there is none) and returns them.
func (r *renderRun) checkArgs(what string, pos []string) ([]string, int) {
	switch what {
	case "catalog":
		if len(pos) > 0 {
			return nil, r.c.usageError(fmt.Sprintf("unexpected argument %q", pos[0]))
		}
		if msg := flagtext.MaxDescriptionProblem(r.maxDesc); msg != "" {
			return nil, r.c.usageError(msg)
		}
	case "skill":
		if (len(pos) == 1) == (r.rawArgs != "") || len(pos) > 1 {
			return nil, r.c.usageError("want one skill NAME, or --args JSON")
		}
	case "tui":
		if len(pos) == 0 {
			return nil, r.c.usageError("missing the skill NAME")
		}
	case "invoke":
		if len(pos) == 0 || (len(pos) == 1 && pos[0] == "-") {
			b, err := io.ReadAll(r.stdin)
			if err != nil {
				fmt.Fprintf(r.c.stderr, "skill-ls render invoke: reading stdin: %s\n", errText(err))
				return nil, exitUsage
			}
			pos = []string{string(b)}
		}
	}
	return pos, exitOK
}

// render produces the model text of a kind and the exit status.
func (r *renderRun) render(what string, pos []string, snap *skills.Snapshot) (string, int) {
	switch what {
	case "catalog":
		r.note(r.why(snap).Unread())
		return r.catalog(snap)
	case "skill":
		return r.skillTool(pos, snap)
	case "invoke":
		text := strings.Join(render.Gesture(r.lookup(snap), pos), "\n\n")
		notes := r.why(snap).InvokeNotes(pos)
		r.note(notes)
		if text == "" && len(notes) == 0 {
			fmt.Fprintln(r.c.stderr, "skill-ls render invoke: the text holds no /name token; nothing is injected")
		}
		return text, exitOK
	}
	submission := "/skill:" + pos[0]
	if len(pos) > 1 {
		submission += " " + strings.Join(pos[1:], " ")
	}
	text, notice := render.TUI(r.lookup(snap), submission)
	if notice != "" {
		fmt.Fprintln(r.c.stderr, format.Escape(notice))
		return text, exitFound
	}
	return text, exitOK
}

// catalog renders the catalog, or says on stderr why DSH publishes none.
func (r *renderRun) catalog(snap *skills.Snapshot) (string, int) {
	reg := snap.Registry
	if reg.Incomplete != "" {
		fmt.Fprintf(r.c.stderr, "skill-ls render catalog: DSH publishes no catalog: %s\n", format.Escape(reg.Incomplete))
		return "", exitFound
	}
	entries := render.Entries(reg.Winners(), r.maxDesc)
	if len(entries) == 0 && !r.replacement {
		fmt.Fprintln(r.c.stderr, "skill-ls render catalog: "+format.Escape(render.NoCatalogReason(reg)))
		return "", exitOK
	}
	r.note(r.why(snap).CatalogHiddenNotes())
	return render.Catalog(entries, render.CatalogOptions{Replacement: r.replacement, V1: r.v1}), exitOK
}

// skillTool renders the skill tool's result for NAME or --args.
func (r *renderRun) skillTool(pos []string, snap *skills.Snapshot) (string, int) {
	callArgs := map[string]any{}
	if r.rawArgs != "" {
		dec := json.NewDecoder(strings.NewReader(r.rawArgs))
		dec.UseNumber()
		if err := dec.Decode(&callArgs); err != nil {
			return "", r.c.usageError("--args: not a JSON object: " + err.Error())
		}
	} else {
		callArgs["name"] = pos[0]
	}
	text := render.SkillTool(r.lookup(snap), callArgs)
	if name, ok := callArgs["name"].(string); ok && skillfile.IsSkillName(name) {
		r.note(r.why(snap).SkillNotes(name, text))
		r.note(r.why(snap).SkillHiddenNotes(name))
	}
	if strings.HasPrefix(text, "Error: ") {
		return text, exitFound
	}
	return text, exitOK
}

// why explains the names of snap for the notes on stderr.
func (r *renderRun) why(snap *skills.Snapshot) rendernotes.Why {
	w := rendernotes.Why{Snap: snap, WD: workDir()}
	if env, err := hostOptions(&r.rf, "", 0); err == nil && !r.rf.noDefaultRoots {
		w.Elsewhere = func() []hosts.Folder {
			folders, _ := hosts.ProjectFolders(context.Background(), env, snap.InRoots)
			return folders
		}
	}
	return w
}

// note writes each note on stderr, after the command's name: render's
// stdout is the model text alone. A note names skills and files, so it is
// escaped as check's messages are: no byte of a skill reaches the
// terminal as a control.
func (r *renderRun) note(notes []string) {
	for _, n := range notes {
		fmt.Fprintf(r.c.stderr, "skill-ls %s: %s\n", r.c.fs.Name(), format.Escape(n))
	}
}

// lookup returns the lookup of snap's skills, with their bodies read from
// their files; the first read that failed is r.readErr once rendered.
func (r *renderRun) lookup(snap *skills.Snapshot) render.Lookup {
	l := render.Skills(snap)
	r.lookups = append(r.lookups, l)
	return l
}

// readErr returns the first failure to read a skill's body again (its file
// changed on disk since it was parsed).
func (r *renderRun) readErr() error {
	for _, l := range r.lookups {
		if err := l.Err(); err != nil {
			return err
		}
	}
	return nil
}
