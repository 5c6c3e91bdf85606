package format

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/skill-ls/skill-ls/render"
)

// list.go: the text of `skill-ls list`, line by line, each line with the
// file it names. The CLI prints it and the language server returns it
// (skill-ls.listTable), so that an editor's skill list is the CLI's, with
// no table of its own to keep in step. Names, paths and messages come from
// skill folders: each is escaped (Escape, Quote), so one row is one line.

// ListLine is one line of the skill list and the place it names.
type ListLine struct {
	// Text is the line, without its line break.
	Text string `json:"text"`
	// Path is the file the line is about ("" for headings and blank lines).
	Path ExactString `json:"path,omitempty"`
	// Line and Column (1-based) are the place in Path the line is about.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

// listTablePadding is the space between two columns of the tables.
const listTablePadding = 2

// ListLines returns the skill list of rep: the skills, then the shadowed
// ones, the dropped files, the files not read, other agents' folders and
// the discovery problems, each section only when it has rows. Paths are
// relative to wd when inside it.
func ListLines(rep render.Report, wd string) []ListLine {
	l := lister{wd: wd}
	l.table(len(rep.Skills), func(i int) ([]string, ListLine) {
		s := rep.Skills[i]
		return []string{hostNamed(s), string(s.Source), strconv.Itoa(s.Rank), invocation(s), l.rel(s.Path)}, target(s.Path, 1, 1)
	}, "NAME", "SOURCE", "RANK", "INVOCATION", "PATH")
	if len(rep.Skills) == 0 {
		l.add(ListLine{Text: "(no skills)"})
	}
	if len(rep.Shadowed) > 0 {
		l.heading("Shadowed (DSH uses the winner instead):")
		l.table(len(rep.Shadowed), func(i int) ([]string, ListLine) {
			s := rep.Shadowed[i]
			loses := fmt.Sprintf("loses to %s (%s, rank %d)", l.rel(s.Winner.Path), s.Winner.Source, s.Winner.Rank)
			return []string{hostNamed(s.ReportSkill), string(s.Source), strconv.Itoa(s.Rank), l.rel(s.Path), loses}, target(s.Path, 1, 1)
		})
	}
	l.dropped("Dropped (DSH ignores these files):", rep.Dropped, false)
	l.dropped("Not read (over skill-ls's limits; DSH would load these files, so they are missing above):", rep.Dropped, true)
	if len(rep.HostFolders) > 0 {
		l.heading("Other agents' folders (DSH does not read them; check checks them with those agents' rules):")
		for _, h := range rep.HostFolders {
			names := make([]string, len(h.Files))
			for i, f := range h.Files {
				names[i] = Escape(f.Name)
				if len(f.Readers) > 0 {
					names[i] += " (" + strings.Join(f.Readers, ", ") + " only)"
				}
			}
			l.add(ListLine{Text: fmt.Sprintf("%s (%s): %s", l.rel(h.Dir), strings.Join(h.Hosts, ", "), strings.Join(names, ", "))})
		}
	}
	if len(rep.Problems) > 0 {
		l.heading("Problems:")
		for _, p := range rep.Problems {
			l.add(ListLine{Text: fmt.Sprintf("%s: %s [%s]", l.rel(p.Path), l.msg(p.Message), p.Kind)})
		}
	}
	return l.lines
}

// hostNamed is a skill's name with the names hosts give it when a plugin
// names it: "flow (Codex: uipath:flow)".
func hostNamed(s render.ReportSkill) string {
	out := Escape(s.Name)
	for _, h := range s.HostNames {
		out += " (" + h.Host + ": " + Escape(h.Name) + ")"
	}
	return out
}

// ListText is the skill list as `skill-ls list` prints it: ListLines'
// texts, each ended by a newline.
func ListText(lines []ListLine) string {
	var b strings.Builder
	for _, ln := range lines {
		b.WriteString(ln.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// lister gathers the lines of ListLines.
type lister struct {
	wd    string
	lines []ListLine
}

func (l *lister) add(ln ListLine) { l.lines = append(l.lines, ln) }

// heading starts a section: a blank line, then its title.
func (l *lister) heading(title string) {
	l.add(ListLine{})
	l.add(ListLine{Text: title})
}

// table adds n rows (under a header row when header is given) aligned as
// columns; the last cell of a row is no column and is not padded.
func (l *lister) table(n int, row func(i int) ([]string, ListLine), header ...string) {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, listTablePadding, ' ', 0)
	at := make([]ListLine, 0, n+1)
	if len(header) > 0 {
		_, _ = tw.Write([]byte(strings.Join(header, "\t") + "\n"))
		at = append(at, ListLine{})
	}
	for i := 0; i < n; i++ {
		cells, t := row(i)
		_, _ = tw.Write([]byte(strings.Join(cells, "\t") + "\n"))
		at = append(at, t)
	}
	_ = tw.Flush() // a bytes.Buffer takes every write
	for i, text := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if i < len(at) {
			at[i].Text = text
			l.add(at[i])
		}
	}
}

// dropped adds the dropped files under heading: DSH's verdicts, or
// (unread) the files skill-ls did not read or decode, which are no
// verdict of DSH's.
func (l *lister) dropped(heading string, files []render.ReportDropped, unread bool) {
	first := true
	for _, d := range files {
		if d.Unread != unread {
			continue
		}
		if first {
			l.heading(heading)
			first = false
		}
		where, line, col := l.rel(d.Path), 1, 1
		if d.Line > 0 {
			where, line, col = fmt.Sprintf("%s:%d:%d", where, d.Line, d.Column), d.Line, max(d.Column, 1)
		}
		ln := target(d.Path, line, col)
		ln.Text = fmt.Sprintf("%s: %s", where, l.msg(d.Reason))
		l.add(ln)
	}
}

// rel is a path as the list writes it: relative to wd, quoted when needed.
func (l *lister) rel(p string) string {
	if p == "" {
		return "-"
	}
	return Quote(RelPath(l.wd, p))
}

// msg shortens the absolute paths inside wd in a message, as check does,
// and escapes it.
func (l *lister) msg(m string) string {
	if l.wd != "" && filepath.Dir(l.wd) != l.wd {
		m = strings.ReplaceAll(m, l.wd+string(filepath.Separator), "")
	}
	return Escape(m)
}

// target is a line naming the file at path ("" for none).
func target(path string, line, col int) ListLine {
	if path == "" {
		return ListLine{}
	}
	return ListLine{Path: ExactString(path), Line: line, Column: col}
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
