package format

import (
	"encoding/json"
	"io"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
)

// jsonDiagnostic is the JSON shape of one diagnostic. Line and column fields
// are 1-based; columns count bytes.
type jsonDiagnostic struct {
	Path      ExactString   `json:"path"`
	Line      int           `json:"line"`
	Column    int           `json:"column"`
	EndLine   int           `json:"endLine"`
	EndColumn int           `json:"endColumn"`
	Severity  string        `json:"severity"`
	Code      string        `json:"code"`
	Category  string        `json:"category,omitempty"`
	Message   ExactString   `json:"message"`
	Related   []jsonRelated `json:"related"`
	Fixes     []jsonFix     `json:"fixes"`
}

type jsonRange struct {
	Path      ExactString `json:"path"`
	Line      int         `json:"line"`
	Column    int         `json:"column"`
	EndLine   int         `json:"endLine"`
	EndColumn int         `json:"endColumn"`
}

type jsonRelated struct {
	jsonRange
	Message ExactString `json:"message"`
}

type jsonFix struct {
	Title       ExactString  `json:"title"`
	Unsafe      bool         `json:"unsafe,omitempty"`
	Suppression bool         `json:"suppression,omitempty"`
	Edits       []jsonEdit   `json:"edits"`
	Renames     []jsonRename `json:"renames,omitempty"`
}

// jsonRename is a file or folder a fix renames (paths as the diagnostics'
// paths are printed).
type jsonRename struct {
	From ExactString `json:"from"`
	To   ExactString `json:"to"`
}

type jsonEdit struct {
	jsonRange
	NewText ExactString `json:"newText"`
}

func (loc location) jsonRange() jsonRange {
	return jsonRange{Path: ExactString(loc.path), Line: loc.line, Column: loc.col, EndLine: loc.endLine, EndColumn: loc.endCol}
}

// JSON writes ds as an indented JSON array (never null) of objects with
// path, line, column, endLine, endColumn, severity, code, category (only
// for a rule that has one: "security"), message, related and fixes, followed by a newline. A fix has a title, edits, and when set
// unsafe, suppression and renames ({from, to}: a folder the fix renames).
// Paths inside relTo are relative to it. Strings carry their exact bytes
// (ExactString): a path's byte that is not valid UTF-8 is \udcXX.
func JSON(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options) error {
	l := newLocator(snap, opts)
	out := make([]jsonDiagnostic, 0, len(ds))
	for _, d := range ds {
		r := l.locate(d.Path, d.Span).jsonRange()
		jd := jsonDiagnostic{
			Path: r.Path, Line: r.Line, Column: r.Column, EndLine: r.EndLine, EndColumn: r.EndColumn,
			Severity: d.Severity.String(), Code: d.Code, Category: category(d.Code), Message: ExactString(l.msg(d.Message)),
			Related: []jsonRelated{}, Fixes: []jsonFix{},
		}
		for _, rel := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{l.locate(rel.Path, rel.Span).jsonRange(), ExactString(l.msg(rel.Message))})
		}
		for _, f := range d.Fixes {
			jf := jsonFix{Title: ExactString(f.Title), Unsafe: f.Unsafe, Suppression: f.Suppression, Edits: []jsonEdit{}}
			for _, e := range f.Edits {
				jf.Edits = append(jf.Edits, jsonEdit{l.locate(e.Path, e.Span).jsonRange(), ExactString(e.NewText)})
			}
			for _, r := range f.Renames {
				jf.Renames = append(jf.Renames, jsonRename{ExactString(RelPath(l.relTo, r.From)), ExactString(RelPath(l.relTo, r.To))})
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

// category returns the category of the rule with the code ("" for none).
func category(code string) string {
	if r := diagnostics.Lookup(code); r != nil {
		return r.Category
	}
	return ""
}
