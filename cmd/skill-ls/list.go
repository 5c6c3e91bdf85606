package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

const listHelp = `
List prints every skill DSH would use from --cwd (the winner of each name),
with its source, rank (lower wins a duplicate name), invocation flags and
path; then the skills that lose to a same-name skill, with the winner; then
the files DSH ignores, with the reason; then discovery problems (a root that
is a file, a broken symbolic link, ...).

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
	rep.HostFolders = listHostFolders(ctx, &rf, snap)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(newListJSON(rep)); err != nil {
			fmt.Fprintf(stderr, "skill-ls list: %s\n", errText(err))
			return exitUsage
		}
		return exitOK
	}
	// tabwriter writes cell by cell: buffered, not a system call per cell.
	bw := bufio.NewWriterSize(stdout, 64<<10)
	(&listText{w: bw, wd: workDir()}).write(rep)
	if err := bw.Flush(); err != nil {
		fmt.Fprintf(stderr, "skill-ls list: %s\n", errText(err))
		return exitUsage
	}
	return exitOK
}

// listText writes the text form of list, paths relative to wd. Paths are
// quoted and names and messages escaped (format.Quote, format.Escape): they
// come from the skills.
type listText struct {
	w  io.Writer
	wd string
}

func (l *listText) rel(p string) string {
	if p == "" {
		return "-"
	}
	return format.Quote(format.RelPath(l.wd, p))
}

// relMsg shortens the absolute paths inside wd in a message, as check does,
// and escapes it.
func (l *listText) relMsg(m string) string {
	if l.wd != "" && filepath.Dir(l.wd) != l.wd {
		m = strings.ReplaceAll(m, l.wd+string(filepath.Separator), "")
	}
	return format.Escape(m)
}

// write prints the skills, then the shadowed ones, the dropped files and
// the discovery problems, each section only when it has rows.
func (l *listText) write(rep render.Report) {
	rows := tableRows(len(rep.Skills), 5, func(i int, row []string) {
		s := rep.Skills[i]
		row[0], row[1], row[2], row[3], row[4] = format.Escape(s.Name), string(s.Source), strconv.Itoa(s.Rank), invocation(s), l.rel(s.Path)
	})
	// l.w is buffered: a write error shows when it is flushed.
	_ = writeTable(l.w, append([][]string{{"NAME", "SOURCE", "RANK", "INVOCATION", "PATH"}}, rows...))
	if len(rep.Skills) == 0 {
		fmt.Fprintln(l.w, "(no skills)")
	}
	if len(rep.Shadowed) > 0 {
		fmt.Fprintf(l.w, "\nShadowed (DSH uses the winner instead):\n")
		_ = writeTable(l.w, tableRows(len(rep.Shadowed), 5, func(i int, row []string) {
			s := rep.Shadowed[i]
			row[0], row[1], row[2], row[3] = format.Escape(s.Name), string(s.Source), strconv.Itoa(s.Rank), l.rel(s.Path)
			row[4] = fmt.Sprintf("loses to %s (%s, rank %d)", l.rel(s.Winner.Path), s.Winner.Source, s.Winner.Rank)
		}))
	}
	l.dropped("Dropped (DSH ignores these files):", rep.Dropped, false)
	l.dropped("Not read (over skill-ls's limits; DSH would load these files, so they are missing above):", rep.Dropped, true)
	if len(rep.HostFolders) > 0 {
		fmt.Fprintf(l.w, "\nOther agents' folders (DSH does not read them; check checks them with those agents' rules):\n")
		for _, h := range rep.HostFolders {
			names := make([]string, len(h.Files))
			for i, f := range h.Files {
				names[i] = format.Escape(f.Name)
				if len(f.Readers) > 0 {
					names[i] += " (" + strings.Join(f.Readers, ", ") + " only)"
				}
			}
			fmt.Fprintf(l.w, "%s (%s): %s\n", l.rel(h.Dir), strings.Join(h.Hosts, ", "), strings.Join(names, ", "))
		}
	}
	if len(rep.Problems) > 0 {
		fmt.Fprintf(l.w, "\nProblems:\n")
		for _, p := range rep.Problems {
			fmt.Fprintf(l.w, "%s: %s [%s]\n", l.rel(p.Path), l.relMsg(p.Message), p.Kind)
		}
	}
}

// dropped prints the dropped files under heading: DSH's verdicts, or
// (unread) the files skill-ls did not read or decode, which are no
// verdict of DSH's.
func (l *listText) dropped(heading string, files []render.ReportDropped, unread bool) {
	first := true
	for _, d := range files {
		if d.Unread != unread {
			continue
		}
		if first {
			fmt.Fprintf(l.w, "\n%s\n", heading)
			first = false
		}
		where := l.rel(d.Path)
		if d.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d", where, d.Line, d.Column)
		}
		fmt.Fprintf(l.w, "%s: %s\n", where, l.relMsg(d.Reason))
	}
}

// invocation words a skill's invocation flags for the INVOCATION column.
func invocation(s render.ReportSkill) string {
	switch {
	case s.ModelInvocable && s.UserInvocable:
		return "model,user"
	case s.ModelInvocable:
		return "model"
	case s.UserInvocable:
		return "user"
	}
	return "none"
}

// listHostFolders lists the project's skill folders other agents read and
// DSH does not (nil when the home directory cannot be found).
func listHostFolders(ctx context.Context, rf *rootFlags, snap *skills.Snapshot) []render.ReportHostFolder {
	env, err := hostOptions(rf, "", 0)
	if err != nil || rf.noDefaultRoots {
		return nil
	}
	return render.HostFolders(ctx, env, snap.UnderRoot)
}
