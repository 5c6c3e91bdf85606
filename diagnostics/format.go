package diagnostics

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
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
	path                               string // as printed (relative to relTo when inside it)
	abs                                string // as given
	rel                                bool   // path is relative to relTo
	ok                                 bool   // the file is known, so the lines are meaningful
	line, col, endLine, endCol         int    // 1-based, byte columns
	line16, col16, endLine16, endCol16 int    // 1-based, UTF-16 columns (SARIF)
}

// locator resolves spans against a snapshot.
type locator struct {
	snap  *skills.Snapshot
	relTo string
	// utf16 asks for the UTF-16 columns too (SARIF).
	utf16 bool
	// last caches the previous path's relative form: diagnostics come
	// sorted by path.
	last *[2]string
}

func newLocator(snap *skills.Snapshot, relTo string) locator {
	return locator{snap: snap, relTo: relTo, last: new([2]string)}
}

func (l locator) locate(path string, span skills.Span) location {
	loc := location{path: l.relPath(path), abs: path, line: 1, col: 1, endLine: 1, endCol: 1}
	loc.rel = loc.path != path
	if l.snap == nil {
		return loc
	}
	f := l.snap.File(path)
	if f == nil {
		return loc
	}
	x := f.Lines()
	loc.ok = true
	loc.line, loc.col = x.LineCol(span.Start)
	loc.endLine, loc.endCol = x.LineCol(span.End)
	if l.utf16 {
		l16, c16 := x.Position(span.Start)
		e16, ec16 := x.Position(span.End)
		loc.line16, loc.col16, loc.endLine16, loc.endCol16 = l16+1, c16+1, e16+1, ec16+1
	}
	return loc
}

// relPath is relPath(l.relTo, path), remembering the last answer.
func (l locator) relPath(path string) string {
	if l.last == nil {
		return relPath(l.relTo, path)
	}
	if l.last[0] != path || path == "" {
		l.last[0], l.last[1] = path, relPath(l.relTo, path)
	}
	return l.last[1]
}

// msg returns a message with the absolute paths inside relTo made relative,
// the way the paths that start each line are.
func (l locator) msg(s string) string {
	dir := filepath.Clean(l.relTo)
	if l.relTo == "" || !filepath.IsAbs(dir) || filepath.Dir(dir) == dir {
		return s
	}
	return strings.ReplaceAll(s, dir+string(filepath.Separator), "")
}

// relPath returns path relative to dir when path is inside dir, else path.
func relPath(dir, path string) string {
	if dir == "" || path == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// prefix is the "path:line:col" that starts a text line.
func (loc location) prefix() string {
	return loc.path + ":" + strconv.Itoa(loc.line) + ":" + strconv.Itoa(loc.col)
}

// FormatText writes ds as text, one diagnostic per line:
//
//	path:line:col: severity: message [code]
//
// followed by one indented line per related location:
//
//	\tpath:line:col: message
//
// Paths inside relTo are printed relative to it ("" keeps them as given), in
// the messages too. Continuation lines of a multi-line message are indented by a tab.
func FormatText(w io.Writer, ds []Diagnostic, snap *skills.Snapshot, relTo string) error {
	l := newLocator(snap, relTo)
	bw := bufio.NewWriterSize(w, 64<<10)
	var num []byte
	prefix := func(loc location) {
		bw.WriteString(loc.path)
		num = strconv.AppendInt(append(num[:0], ':'), int64(loc.line), 10)
		num = strconv.AppendInt(append(num, ':'), int64(loc.col), 10)
		bw.Write(num)
	}
	for _, d := range ds {
		prefix(l.locate(d.Path, d.Span))
		bw.WriteString(": ")
		bw.WriteString(d.Severity.String())
		bw.WriteString(": ")
		bw.WriteString(Indent(l.msg(d.Message)))
		bw.WriteString(" [")
		bw.WriteString(d.Code)
		bw.WriteString("]\n")
		for _, r := range d.Related {
			bw.WriteByte('\t')
			prefix(l.locate(r.Path, r.Span))
			bw.WriteString(": ")
			bw.WriteString(Indent(l.msg(r.Message)))
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// Indent indents the continuation lines of a multi-line message by a tab
// (empty lines stay empty), as the text output prints messages.
func Indent(msg string) string {
	if strings.IndexByte(msg, '\n') < 0 {
		return msg
	}
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = "\t" + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// jsonDiagnostic is the JSON shape of one diagnostic. Line and column fields
// are 1-based; columns count bytes.
type jsonDiagnostic struct {
	Path      string        `json:"path"`
	Line      int           `json:"line"`
	Column    int           `json:"column"`
	EndLine   int           `json:"endLine"`
	EndColumn int           `json:"endColumn"`
	Severity  string        `json:"severity"`
	Code      string        `json:"code"`
	Message   string        `json:"message"`
	Related   []jsonRelated `json:"related"`
	Fixes     []jsonFix     `json:"fixes"`
}

type jsonRange struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
}

type jsonRelated struct {
	jsonRange
	Message string `json:"message"`
}

type jsonFix struct {
	Title string     `json:"title"`
	Edits []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	jsonRange
	NewText string `json:"newText"`
}

func (loc location) jsonRange() jsonRange {
	return jsonRange{Path: loc.path, Line: loc.line, Column: loc.col, EndLine: loc.endLine, EndColumn: loc.endCol}
}

// FormatJSON writes ds as an indented JSON array (never null) of objects with
// path, line, column, endLine, endColumn, severity, code, message, related
// and fixes, followed by a newline. Paths inside relTo are relative to it.
func FormatJSON(w io.Writer, ds []Diagnostic, snap *skills.Snapshot, relTo string) error {
	l := newLocator(snap, relTo)
	out := make([]jsonDiagnostic, 0, len(ds))
	for _, d := range ds {
		r := l.locate(d.Path, d.Span).jsonRange()
		jd := jsonDiagnostic{
			Path: r.Path, Line: r.Line, Column: r.Column, EndLine: r.EndLine, EndColumn: r.EndColumn,
			Severity: d.Severity.String(), Code: d.Code, Message: l.msg(d.Message),
			Related: []jsonRelated{}, Fixes: []jsonFix{},
		}
		for _, rel := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{l.locate(rel.Path, rel.Span).jsonRange(), l.msg(rel.Message)})
		}
		for _, f := range d.Fixes {
			jf := jsonFix{Title: f.Title, Edits: []jsonEdit{}}
			for _, e := range f.Edits {
				jf.Edits = append(jf.Edits, jsonEdit{l.locate(e.Path, e.Span).jsonRange(), e.NewText})
			}
			jd.Fixes = append(jd.Fixes, jf)
		}
		out = append(out, jd)
	}
	return writeJSON(w, out)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// SARIF 2.1.0, the subset code-scanning tools read.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		ColumnKind         string                      `json:"columnKind"`
		Results            []sarifResult               `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		FullDescription      sarifMessage `json:"fullDescription"`
		HelpURI              string       `json:"helpUri,omitempty"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        *int            `json:"ruleIndex,omitempty"`
		Level            string          `json:"level"`
		Message          sarifMessage    `json:"message"`
		Locations        []sarifLocation `json:"locations"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
		Fixes            []sarifFix      `json:"fixes,omitempty"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifMessage `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           *sarifRegion     `json:"region,omitempty"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
		Replacements     []sarifReplacement `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion   `json:"deletedRegion"`
		InsertedContent *sarifMessage `json:"insertedContent,omitempty"`
	}
)

// sarifBase is the uriBaseId of paths relative to relTo.
const sarifBase = "SRCROOT"

func sarifLevel(s Severity) string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	}
	return "note"
}

// fileURI returns the file: URI of an absolute path.
func fileURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// relURI returns the relative URI reference of a relative path.
func relURI(p string) string {
	u := (&url.URL{Path: filepath.ToSlash(p)}).EscapedPath()
	if strings.HasPrefix(u, "./") {
		return u
	}
	if i := strings.IndexByte(u, ':'); i >= 0 && !strings.Contains(u[:i], "/") {
		return "./" + u // a first segment with a colon would read as a scheme
	}
	return u
}

func (loc location) sarifArtifact() sarifArtifactLoc {
	switch {
	case loc.rel:
		return sarifArtifactLoc{URI: relURI(loc.path), URIBaseID: sarifBase}
	case filepath.IsAbs(loc.abs):
		return sarifArtifactLoc{URI: fileURI(loc.abs)}
	}
	return sarifArtifactLoc{URI: relURI(loc.path)}
}

func (loc location) sarifRegion() *sarifRegion {
	if !loc.ok {
		return nil
	}
	return &sarifRegion{StartLine: loc.line16, StartColumn: loc.col16, EndLine: loc.endLine16, EndColumn: loc.endCol16}
}

func (loc location) sarifPhysical() sarifPhysical {
	return sarifPhysical{ArtifactLocation: loc.sarifArtifact(), Region: loc.sarifRegion()}
}

// FormatSARIF writes ds as a SARIF 2.1.0 log with one run whose tool lists
// every rule of [Rules]. Paths inside relTo are relative URIs against the
// base id SRCROOT (declared in originalUriBaseIds); others are file: URIs.
// Columns are UTF-16 code units.
func FormatSARIF(w io.Writer, ds []Diagnostic, snap *skills.Snapshot, relTo string) error {
	l := newLocator(snap, relTo)
	l.utf16 = true
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "skill-ls",
			InformationURI: "https://github.com/skill-ls/skill-ls",
			Rules:          []sarifRule{},
		}},
		ColumnKind: "utf16CodeUnits",
		Results:    []sarifResult{},
	}
	if relTo != "" {
		base := fileURI(relTo)
		if !strings.HasSuffix(base, "/") {
			base += "/"
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{sarifBase: {URI: base}}
	}
	index := map[string]int{}
	for i, r := range Rules() {
		sr := sarifRule{
			ID:               r.Code,
			ShortDescription: sarifMessage{r.Summary},
			FullDescription:  sarifMessage{r.Doc},
			HelpURI:          DocURL(r.Code),
		}
		sr.DefaultConfiguration.Level = sarifLevel(r.Severity)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sr)
		index[r.Code] = i
	}
	for _, d := range ds {
		res := sarifResult{
			RuleID:    d.Code,
			Level:     sarifLevel(d.Severity),
			Message:   sarifMessage{l.msg(d.Message)},
			Locations: []sarifLocation{{PhysicalLocation: l.locate(d.Path, d.Span).sarifPhysical()}},
		}
		if i, ok := index[d.Code]; ok {
			res.RuleIndex = &i
		}
		for i, r := range d.Related {
			id := i + 1
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               &id,
				PhysicalLocation: l.locate(r.Path, r.Span).sarifPhysical(),
				Message:          &sarifMessage{l.msg(r.Message)},
			})
		}
		for _, f := range d.Fixes {
			sf := sarifFix{Description: sarifMessage{f.Title}, ArtifactChanges: []sarifArtifactChange{}}
			// One artifactChange per file, in the order the files appear.
			byPath := map[string]int{}
			for _, e := range f.Edits {
				loc := l.locate(e.Path, e.Span)
				reg := loc.sarifRegion()
				if reg == nil {
					continue // SARIF needs a region to replace
				}
				rep := sarifReplacement{DeletedRegion: *reg}
				if e.NewText != "" {
					rep.InsertedContent = &sarifMessage{e.NewText}
				}
				j, ok := byPath[e.Path]
				if !ok {
					j = len(sf.ArtifactChanges)
					byPath[e.Path] = j
					sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: loc.sarifArtifact()})
				}
				sf.ArtifactChanges[j].Replacements = append(sf.ArtifactChanges[j].Replacements, rep)
			}
			if len(sf.ArtifactChanges) > 0 {
				res.Fixes = append(res.Fixes, sf)
			}
		}
		run.Results = append(run.Results, res)
	}
	return writeJSON(w, sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

// FormatGitHub writes ds as GitHub Actions workflow commands, which the
// runner turns into annotations on the pull request:
//
//	::error file=path,line=L,col=C,endLine=L2,endColumn=C2,title=code::message
//
// Warnings use ::warning and info and hints ::notice. Related locations are
// appended to the message as extra lines. Paths inside relTo (normally the
// repository root) are relative to it.
func FormatGitHub(w io.Writer, ds []Diagnostic, snap *skills.Snapshot, relTo string) error {
	l := newLocator(snap, relTo)
	bw := bufio.NewWriter(w)
	for _, d := range ds {
		cmd := "notice"
		switch d.Severity {
		case SeverityError:
			cmd = "error"
		case SeverityWarning:
			cmd = "warning"
		}
		loc := l.locate(d.Path, d.Span)
		props := []string{"file=" + ghProperty(filepath.ToSlash(loc.path)),
			"line=" + strconv.Itoa(loc.line), "col=" + strconv.Itoa(loc.col),
			"endLine=" + strconv.Itoa(loc.endLine), "endColumn=" + strconv.Itoa(loc.endCol),
			"title=" + ghProperty(d.Code)}
		msg := l.msg(d.Message)
		for _, r := range d.Related {
			msg += "\n" + l.locate(r.Path, r.Span).prefix() + ": " + l.msg(r.Message)
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
