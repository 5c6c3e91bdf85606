package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/flagtext"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

const matrixHelp = `
Matrix answers "why didn't my skill load here but there?": it finds every
skill file under the roots of the selected hosts and prints, per file and
host, what the host does with it:

  loads      the host loads it ("loads+" when it changes something: a cut
             description, a name taken from the folder; see the notes)
  dropped    the host reads the file and skips it (the reason, in the
             host's terms, is in the notes)
  shadowed   another file with the same name wins
  -          not discovered: the host does not read that folder

then one line per host with its catalog (skill listing) size against its
budget. A budget that is a share of the model's context window (Claude
Code, Codex) takes --context-window, else the window of the default model
of the host's release, as check --host and render catalog --host do. Hosts: dsh, claude (Claude Code), codex (OpenAI Codex CLI 0.142 and
later), codex@0.141 (older Codex releases), copilot (GitHub Copilot in VS
Code), copilot-cli (GitHub Copilot CLI), gemini (Gemini CLI), opencode, goose, cursor. Where each rule comes
from, and which are unconfirmed, is in docs/hosts.md.

The project root (--project-root, else the nearest ancestor of --cwd holding
.git) and --home (the user's home, default $HOME) place the other hosts'
folders: .claude/skills, ~/.codex/skills, .gemini/skills, ... DSH keeps its
own flags (--dsh-home, --agents-home, ...), as for check.

--json prints {"hosts": [...], "skills": [{"path", "name", "hosts": {"<id>":
{"status", "code", "message", "name"}}}], "budgets": {"<id>": {"used",
"limit", "unit", "over"}}, "warnings": {"<id>": "..."}} ("name": the name
the host registers the skill under). A limit of 0 means the host
sets no listing budget (or none is known); unit is "tokens" for Codex (2%
of the context window), "characters" for Codex 0.141. "warnings" (left out when empty) holds the line a
host prints about the tree, such as Codex's "Skipped loading N skill(s) due
to invalid SKILL.md files." when it skips files; the text output prints it
under the host's budget line.

--budget prints DSH's catalog view instead: its size and each description
its cap cuts, with the exact text the model reads.

DSH's figures use its description cap (catalogDescriptionMaxLength): 500
UTF-16 units, else --max-description, else maxDescription in the config file
(.skill-ls.yaml at the project root, or --config; --no-config reads none),
as for check. The config file's roots are DSH's too.

Examples:
  skill-ls matrix
  skill-ls matrix --host claude,codex,gemini
  skill-ls matrix --host codex,codex@0.141 --context-window 272000
  skill-ls matrix --json | jq '.skills[] | select(.hosts.codex.status != "loads")'
  skill-ls matrix --budget
  skill-ls matrix --host dsh --max-description 200
`

// matrixFlags are matrix's own flags; the roots' are rootFlags.
type matrixFlags struct {
	hosts   string
	json    bool
	window  int
	home    string
	budget  bool
	maxDesc int
	config  configFlags
}

// register declares the flags on fs.
func (mf *matrixFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&mf.hosts, "host", "all", "the hosts: `ids` separated by commas, or all")
	fs.BoolVar(&mf.json, "json", false, "print JSON")
	fs.IntVar(&mf.window, "context-window", 0, "the model's context window in `tokens`, for budgets that are a share of it (Claude Code, Codex); 0: the window of each host release's default model (docs/hosts.md)")
	fs.StringVar(&mf.home, "home", "", "the user's home `dir` the other hosts read (~/.claude, ~/.codex, ~/.gemini, ...; default $HOME)")
	fs.BoolVar(&mf.budget, "budget", false, "print DSH's catalog budget view: its size and the descriptions its cap (--max-description) cuts")
	fs.IntVar(&mf.maxDesc, "max-description", render.DefaultMaxLength, "the catalog description cap in UTF-16 `units` (DSH's catalogDescriptionMaxLength)")
	mf.config.register(fs)
}

// runMatrix runs `skill-ls matrix`: it checks the flags, evaluates the
// selected hosts on the tree the roots place, and prints the matrix (or,
// with --budget, DSH's catalog view).
func runMatrix(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := newCommand("matrix", "skill-ls matrix [--host ID[,ID...]|all] [--json] [--context-window N] [flags]", matrixHelp, stdout, stderr)
	var rf rootFlags
	rf.register(c.fs)
	var mf matrixFlags
	mf.register(c.fs)
	pos, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	if len(pos) > 0 {
		return c.usageError(fmt.Sprintf("unexpected argument %q", pos[0]))
	}
	if mf.window < 0 {
		return c.usageError("--context-window must be 0 or more")
	}
	if msg := flagtext.MaxDescriptionProblem(mf.maxDesc); msg != "" {
		return c.usageError(msg)
	}
	selected, err := hosts.Select(mf.hosts)
	if err != nil {
		return c.usageError("--host: " + err.Error())
	}
	if !mf.config.apply(c, &rf, &mf.maxDesc) {
		return exitUsage
	}
	opts, err := hostOptions(&rf, mf.home, mf.window)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls matrix: %s\n", errText(err))
		return exitUsage
	}
	opts.DSHCatalogCap = mf.maxDesc
	if mf.budget {
		return dshBudgetView(ctx, opts.DSH, mf.maxDesc, mf.json, stdout, stderr)
	}
	m, err := hosts.Build(ctx, selected, opts)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls matrix: %s\n", errText(err))
		return exitUsage
	}
	wd := workDir()
	if mf.json {
		if err := writeMatrixJSON(stdout, m, wd); err != nil {
			fmt.Fprintf(stderr, "skill-ls matrix: %s\n", errText(err))
			return exitUsage
		}
		return exitOK
	}
	writeMatrixText(stdout, m, wd)
	return exitOK
}

// hostOptions places the hosts' tree from the root flags, the user's home
// (home, else $HOME) and the context window (matrix and check --host):
// every path is absolute, and DSH's roots see the same home.
func hostOptions(rf *rootFlags, home string, window int) (hosts.Options, error) {
	ropts, err := rf.options()
	if err != nil {
		return hosts.Options{}, err
	}
	if home == "" {
		if home, err = os.UserHomeDir(); err != nil {
			return hosts.Options{}, fmt.Errorf("no home directory (use --home): %w", err)
		}
	}
	home = absDir(home)
	ropts.HomeDir = home
	opts := hosts.Options{Cwd: absDir(ropts.Cwd), Home: home, Getenv: os.Getenv, DSH: ropts, ContextWindow: window}
	if ropts.ProjectRoot != "" {
		opts.ProjectRoot = absDir(ropts.ProjectRoot)
	}
	return opts, nil
}

// absDir returns p as an absolute path (cleaned, when it cannot be made
// absolute).
func absDir(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// conditionCodes are notes that hold for every skill of a scope (Gemini
// CLI's trusted folder); the text output prints them once per host.
var conditionCodes = map[string]bool{"trusted-folder-only": true}

// cell is the short text of a verdict in the table.
func cell(v hosts.Verdict) string {
	switch v.Status {
	case hosts.Loads:
		for _, n := range v.Notes {
			if !conditionCodes[n.Code] {
				return "loads+"
			}
		}
		return "loads"
	case hosts.NotDiscovered:
		return "-"
	}
	return string(v.Status)
}

// writeMatrixText prints the matrix for people: the table of cells, the
// notes of each skill file, the notes said once per host, and each host's
// budget. Paths are quoted and names and messages escaped (format.Quote,
// format.Escape): they come from the skills.
func writeMatrixText(w io.Writer, m *hosts.Matrix, wd string) {
	writeMatrixTable(w, m, wd)
	width := 0
	for _, h := range m.Hosts {
		width = max(width, len(h.ID))
	}
	writeMatrixNotes(w, m, wd, width)
	writePerHostNotes(w, m, width)
	writeMatrixBudgets(w, m, width)
}

// writeMatrixBudgets prints, under "Budgets:", each host's listing size
// against its budget, and what it counts, then the warning the host
// prints about the tree, if any.
func writeMatrixBudgets(w io.Writer, m *hosts.Matrix, width int) {
	fmt.Fprintf(w, "\nBudgets:\n")
	for _, h := range m.Hosts {
		b := m.Results[h.ID].Budget
		size := fmt.Sprintf("%s %s, no budget", jstext.Count(b.Used), b.Unit)
		if b.Limit > 0 {
			size = fmt.Sprintf("%s of %s %s", jstext.Count(b.Used), jstext.Count(b.Limit), b.Unit)
			if b.Over {
				size += ", OVER"
			}
		}
		fmt.Fprintf(w, "  %-*s  %s: %s\n", width, h.ID, size, format.Escape(b.Note))
		if warning := m.Results[h.ID].Warning; warning != "" {
			fmt.Fprintf(w, "  %-*s  %s warns: %s\n", width, "", h.Name, format.Escape(warning))
		}
	}
}

// writeMatrixTable prints one row per skill file and one column per host,
// each cell the host's verdict in short.
func writeMatrixTable(w io.Writer, m *hosts.Matrix, wd string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "SKILL FILE")
	for _, h := range m.Hosts {
		fmt.Fprintf(tw, "\t%s", h.ID)
	}
	fmt.Fprintln(tw)
	for _, r := range m.Rows {
		fmt.Fprint(tw, format.Quote(format.RelPath(wd, r.Path)))
		for _, h := range m.Hosts {
			fmt.Fprintf(tw, "\t%s", cell(r.Verdicts[h.ID]))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if len(m.Rows) == 0 {
		fmt.Fprintln(w, "(no skill files under the selected hosts' roots)")
	}
}

// perHostNote reports whether a note of verdict v is said once per host
// rather than on each file: a folder the host does not read (and what is
// unconfirmed about that), or a condition that holds for every skill of a
// scope.
func perHostNote(v hosts.Verdict, n hosts.Note) bool {
	unread := v.Status == hosts.NotDiscovered && v.Code() == "not-read"
	return (unread && (n.Code == "not-read" || n.Unconfirmed())) || conditionCodes[n.Code]
}

// writeMatrixNotes prints, under "Notes:", every skill file's notes host
// by host (host ids padded to width), leaving out the per-host ones.
func writeMatrixNotes(w io.Writer, m *hosts.Matrix, wd string, width int) {
	var notes strings.Builder
	for _, r := range m.Rows {
		var lines []string
		for _, h := range m.Hosts {
			v := r.Verdicts[h.ID]
			for _, n := range v.Notes {
				if perHostNote(v, n) {
					continue // listed once per host below
				}
				lines = append(lines, fmt.Sprintf("  %-*s  %s [%s]", width, h.ID, format.Escape(strings.TrimRight(n.Message, "\n")), n.Code))
			}
		}
		if len(lines) > 0 {
			fmt.Fprintf(&notes, "%s (%s)\n%s\n", format.Quote(format.RelPath(wd, r.Path)), format.Escape(r.Name), strings.Join(lines, "\n"))
		}
	}
	if notes.Len() > 0 {
		fmt.Fprintf(w, "\nNotes:\n%s", notes.String())
	}
}

// writePerHostNotes prints, under "Per host:", the folders each host does
// not read and its conditions, each distinct message once.
func writePerHostNotes(w io.Writer, m *hosts.Matrix, width int) {
	var unread strings.Builder
	for _, h := range m.Hosts {
		seen := map[string]bool{}
		for _, r := range m.Rows {
			v := r.Verdicts[h.ID]
			for _, n := range v.Notes {
				if perHostNote(v, n) && !seen[n.Message] {
					seen[n.Message] = true
					fmt.Fprintf(&unread, "  %-*s  %s [%s]\n", width, h.ID, format.Escape(n.Message), n.Code)
				}
			}
		}
	}
	if unread.Len() > 0 {
		fmt.Fprintf(w, "\nPer host:\n%s", unread.String())
	}
}
