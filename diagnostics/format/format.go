// Package format writes diagnostics for the command line and for CI:
// text, JSON, SARIF 2.1.0 (code scanning) and GitHub Actions workflow
// commands.
package format

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// This file formats diagnostics for the command line and for CI: plain text
// (the `path:line:col: severity: message [code]` of vet and gopls), JSON,
// SARIF 2.1.0 (code scanning) and GitHub Actions workflow commands.
//
// Positions are computed from the snapshot's files: lines are 1-based and
// columns are 1-based byte columns (skills.LineIndex.LineCol), except in SARIF,
// whose columns are UTF-16 code units as its default columnKind requires.
// A diagnostic on a path the snapshot holds no file for (a root that is not a
// directory, a FIFO named x.md) is put at 1:1, where editors and error
// parsers can still jump to the path; SARIF gets no region for it.

// location is a resolved position of a span in a file.
type location struct {
	path                               string           // as printed (relative to relTo when inside it)
	abs                                string           // as given
	rel                                bool             // path is relative to relTo
	ok                                 bool             // the file is known, so the lines are meaningful
	text                               *spans.LineIndex // the file's text, when ok
	line, col, endLine, endCol         int              // 1-based, byte columns
	line16, col16, endLine16, endCol16 int              // 1-based, UTF-16 columns (SARIF)
}

// Options configure the formatters.
type Options struct {
	// RelTo is the directory paths inside of which are printed relative to
	// it (normally the working directory); "" prints absolute paths.
	RelTo string
	// Version is skill-ls's version, for formats that record the tool
	// (SARIF's tool.driver.version).
	Version string
	// Color adds ANSI colour to the text formats, for a terminal.
	Color bool
	// Texts are the bytes of the files outside the snapshot that
	// diagnostics point into (a skill's eval files), by path.
	Texts map[string]*spans.LineIndex
}

// Formatter writes diagnostics in one output format.
type Formatter func(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options) error

// Formats are the output formats of `skill-ls check --format`, by name.
var Formats = map[string]Formatter{
	"text":    Text,
	"concise": Concise,
	"json":    JSON,
	"sarif":   SARIF,
	"github":  GitHub,
}

// ShowsFixes reports whether the format named name writes the fixes of the
// diagnostics; check runs its rules with Options.NoFixes for the others.
func ShowsFixes(name string) bool { return name == "json" || name == "sarif" }

// locator resolves spans against a snapshot.
type locator struct {
	snap  *skills.Snapshot
	relTo string
	// utf16 asks for the UTF-16 columns too (SARIF).
	utf16 bool
	// last caches the previous path's relative form and its file's text:
	// diagnostics come sorted by path.
	last *lastFile
	// strip is what msg removes from messages (relTo and a separator),
	// "" for nothing.
	strip string
	// texts are Options.Texts.
	texts map[string]*spans.LineIndex
}

// lastFile is a locator's cache of the previous path it resolved, and
// the memory its reads and snippets reuse: the text formats read every
// file with findings again, and keep nothing of it but what they print.
type lastFile struct {
	path, rel string
	text      *spans.LineIndex // a whole file; nil until asked, or when unreadable
	textOf    string           // the path text belongs to
	head      *spans.LineIndex // a lean file's kept first lines
	headOf    string           // the path head belongs to
	buf       []byte           // the memory text was read into
	cells     []cell           // appendSnippet's
}

func newLocator(snap *skills.Snapshot, opts Options) locator {
	relTo := opts.RelTo
	l := locator{snap: snap, relTo: relTo, texts: opts.Texts, last: &lastFile{}}
	if dir := filepath.Clean(relTo); relTo != "" && filepath.IsAbs(dir) && filepath.Dir(dir) != dir {
		l.strip = dir + string(filepath.Separator)
	}
	return l
}

// RelPath is relPath(l.relTo, path), remembering the last answer.
func (l locator) relPath(path string) string {
	if l.last == nil {
		return RelPath(l.relTo, path)
	}
	if l.last.path != path || path == "" {
		l.last.path, l.last.rel = path, RelPath(l.relTo, path)
	}
	return l.last.rel
}

func (l locator) locate(path string, span spans.Span) location {
	loc := location{path: l.relPath(path), abs: path, line: 1, col: 1, endLine: 1, endCol: 1}
	loc.rel = loc.path != path
	if l.snap == nil {
		return loc
	}
	var x *spans.LineIndex
	if f := l.snap.File(path); f != nil {
		x = l.text(f, span)
	} else if bx, err := l.snap.BundleText(path); err == nil {
		x = bx // a bundle file a security finding points into
	} else if tx, ok := l.texts[path]; ok {
		x = tx // an eval file
	}
	if x == nil {
		return loc
	}
	loc.ok, loc.text = true, x
	loc.line, loc.col = x.LineCol(span.Start)
	loc.endLine, loc.endCol = x.LineCol(span.End)
	if l.utf16 {
		l16, c16 := x.Position(span.Start)
		e16, ec16 := x.Position(span.End)
		loc.line16, loc.col16, loc.endLine16, loc.endCol16 = l16+1, c16+1, e16+1, ec16+1
	}
	return loc
}

// text returns an index over the bytes of f that hold span's lines
// (Snapshot.TextFor): a lean file's kept first lines, or the whole file.
// Each is kept for the diagnostics that follow (a file's run of them, and
// the related locations among them, which may point into other files'
// first lines); nil when the file cannot be read (it changed on disk since
// the snapshot).
func (l locator) text(f *skillfile.File, span spans.Span) *spans.LineIndex {
	if l.last == nil {
		x, _ := l.snap.TextFor(f, span, nil)
		return x
	}
	if l.last.textOf == f.Path {
		return l.last.text
	}
	if l.last.headOf == f.Path && inside(l.last.head, span) {
		return l.last.head
	}
	x, err := l.snap.TextFor(f, span, &l.last.buf)
	switch {
	case err != nil:
		x = nil
		l.last.textOf, l.last.text = f.Path, nil
	case len(x.Src()) == f.Size():
		l.last.textOf, l.last.text = f.Path, x
	default:
		l.last.headOf, l.last.head = f.Path, x
	}
	return x
}

// inside reports whether span's lines lie inside x, a file's first lines:
// it ends before x's last line break (File.TextFor's test).
func inside(x *spans.LineIndex, span spans.Span) bool {
	return span.Start >= 0 && span.Start <= span.End && span.End < len(x.Src())
}

// msg returns a message with the absolute paths inside relTo made relative,
// the way the paths that start each line are.
func (l locator) msg(s string) string {
	if l.strip == "" {
		return s
	}
	return strings.ReplaceAll(s, l.strip, "")
}

// RelPath returns path relative to dir when path is inside dir, else path.
func RelPath(dir, path string) string {
	if dir == "" || path == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// prefix is the "path:line:col" that starts a text line, the path quoted.
func (loc location) prefix() string { return string(loc.appendPrefix(nil)) }

// appendPrefix appends loc's prefix to b.
func (loc location) appendPrefix(b []byte) []byte {
	b = append(b, Quote(loc.path)...)
	b = strconv.AppendInt(append(b, ':'), int64(loc.line), 10)
	return strconv.AppendInt(append(b, ':'), int64(loc.col), 10)
}

// Text writes ds as text. Each diagnostic is a line
//
//	path:line:col: severity: message [code]
//
// then, when its file is known, the source line with carets under the span
// (appendSnippet), one line per related location, indented by a tab,
//
//	\tpath:line:col: message
//
// and an empty line. Paths inside relTo are printed relative to it (""
// keeps them as given), in the messages too. Paths are quoted and messages
// and source lines escaped (Quote, Escape), so a diagnostic's line and each
// related location are exactly one line.
func Text(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options) error {
	return writeText(w, ds, snap, opts, true)
}

// Concise writes ds as Text does without the source lines and the empty
// lines: one line per diagnostic and one per related location.
func Concise(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options) error {
	return writeText(w, ds, snap, opts, false)
}

func writeText(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options, snippets bool) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	workers := make([]*lastFile, discovery.Workers())
	err := inOrder(byPath(ds), bw, func(b []byte, worker int, group []diagnostics.Diagnostic) []byte {
		l := newLocator(snap, opts)
		if last := workers[worker]; last != nil {
			*last = lastFile{buf: last.buf, cells: last.cells} // a new file, the worker's memory
			l.last = last
		}
		workers[worker] = l.last
		for _, d := range group {
			b = appendText(b, l, d, snippets, painter{opts.Color})
		}
		return b
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// appendText appends d as Text (with snippets) or Concise writes it.
func appendText(b []byte, l locator, d diagnostics.Diagnostic, snippets bool, p painter) []byte {
	loc := l.locate(d.Path, d.Span)
	sev := d.Severity.String()
	b = append(p.paint(b, pathStyle, loc.prefix()), ": "...)
	b = append(p.paint(b, severityStyle(sev), sev), ": "...)
	b = append(b, Escape(l.msg(d.Message))...)
	b = append(p.paint(append(b, ' '), codeStyle, "["+d.Code+"]"), '\n')
	if snippets && loc.ok {
		b = appendSnippet(b, loc.text, d.Span, p, sev, &l.last.cells)
	}
	for _, r := range d.Related {
		b = append(b, '\t')
		b = l.locate(r.Path, r.Span).appendPrefix(b)
		b = append(b, ": "...)
		b = append(b, Escape(l.msg(r.Message))...)
		b = append(b, '\n')
	}
	if snippets {
		b = append(b, '\n')
	}
	return b
}

// GitHub writes ds as GitHub Actions workflow commands, which the
// runner turns into annotations on the pull request:
//
//	::error file=path,line=L,col=C,endLine=L2,endColumn=C2,title=code::message
//
// Warnings use ::warning and info and hints ::notice. Related locations are
// appended to the message as extra lines. Paths inside relTo (normally the
// repository root) are relative to it; paths are quoted and messages
// escaped as in Text (the runner's log shows them, and obeys escape
// sequences).
func GitHub(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options) error {
	l := newLocator(snap, opts)
	bw := bufio.NewWriter(w)
	for _, d := range ds {
		cmd := "notice"
		switch d.Severity {
		case diagnostics.SeverityError:
			cmd = "error"
		case diagnostics.SeverityWarning:
			cmd = "warning"
		}
		loc := l.locate(d.Path, d.Span)
		props := []string{"file=" + ghProperty(Quote(filepath.ToSlash(loc.path))),
			"line=" + strconv.Itoa(loc.line), "col=" + strconv.Itoa(loc.col),
			"endLine=" + strconv.Itoa(loc.endLine), "endColumn=" + strconv.Itoa(loc.endCol),
			"title=" + ghProperty(d.Code)}
		msg := Escape(l.msg(d.Message))
		for _, r := range d.Related {
			msg += "\n" + l.locate(r.Path, r.Span).prefix() + ": " + Escape(l.msg(r.Message))
		}
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(msg))
	}
	return bw.Flush()
}

// The escapes of workflow commands, as @actions/core makes them. A Replacer
// is safe for concurrent use.
var (
	ghDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message.
func ghData(s string) string { return ghDataEscaper.Replace(s) }

// ghProperty escapes a workflow command property value.
func ghProperty(s string) string { return ghPropertyEscaper.Replace(s) }
