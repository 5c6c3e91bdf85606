package dshyaml

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// yamlerror.go: yaml.v3 errors in the terms and at the places DSH's yaml@2
// reports them.

// ClassifyError maps a yaml.v3 error to a Error with the line and
// column that DSH's yaml@2 reports for the common cases.
func ClassifyError(err error, text []byte, base int) *Error {
	msg := err.Error()
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	line := 0
	detail := strings.TrimPrefix(msg, "yaml: ")
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		detail = m[2]
	}
	if e := scanMistake(text); e != nil {
		e.Span = spans.Span{Start: base + e.Span.Start, End: base + e.Span.End}
		if e.ValueSpan != (spans.Span{}) {
			e.ValueSpan = spans.Span{Start: base + e.ValueSpan.Start, End: base + e.ValueSpan.End}
		}
		return e
	}
	lines := splitLines(text)
	// Tabs used as indentation.
	if strings.Contains(detail, "tab character") {
		for i, l := range lines {
			trimmed := bytes.TrimLeft(l.text, " ")
			if len(trimmed) > 0 && trimmed[0] == '\t' {
				return &Error{Code: problem.YAMLTabIndent, Cause: CauseTabIndent, Message: "Tabs are not allowed as indentation", Line: i + 1, Column: 1,
					Span: spans.Span{Start: base + l.start, End: base + l.start + len(l.text) - len(trimmed) + 1}}
			}
		}
	}
	// An unquoted value holding ": " or ending in ":".
	if strings.Contains(detail, "mapping values are not allowed") {
		if i, col, span := findUnquotedColon(lines); i >= 0 {
			vs := spans.Span{Start: base + span.Start, End: base + span.End}
			return &Error{Code: problem.YAMLUnquotedColon, Cause: CauseUnquotedColon, Message: "Nested mappings are not allowed in compact mappings", Line: i + 1, Column: col,
				Span: vs, ValueSpan: vs}
		}
	}
	if line < 1 || line > len(lines) {
		if len(lines) == 0 {
			return &Error{Code: problem.YAMLSyntax, Message: detail, Line: 1, Column: 1, Span: spans.Span{Start: base, End: base}}
		}
		line = len(lines)
	}
	l := lines[line-1]
	return &Error{Code: problem.YAMLSyntax, Message: upperFirst(detail), Line: line, Column: 1, Span: spans.Span{Start: base + l.start, End: base + l.start + len(bytes.TrimRight(l.text, "\r"))}}
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

type textLine struct {
	start int
	text  []byte // without \n
}

func splitLines(text []byte) []textLine {
	var out []textLine
	start := 0
	for start < len(text) {
		i := bytes.IndexByte(text[start:], '\n')
		if i < 0 {
			out = append(out, textLine{start, text[start:]})
			break
		}
		out = append(out, textLine{start, text[start : start+i]})
		start += i + 1
	}
	return out
}

// findUnquotedColon finds the first `key: value` line whose plain value holds
// ": " or ends with ":". It returns the line index, the 1-based column of the
// value (in UTF-16 units, as yaml@2 counts) and the value's byte span within
// the YAML text.
func findUnquotedColon(lines []textLine) (int, int, spans.Span) {
	for i, l := range lines {
		s := string(bytes.TrimRight(l.text, "\r"))
		trimmed := strings.TrimLeft(s, " ")
		if strings.HasPrefix(trimmed, "- ") {
			trimmed = strings.TrimLeft(trimmed[2:], " ")
		}
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		k := strings.Index(trimmed, ": ")
		if k < 0 {
			continue
		}
		rest := trimmed[k+2:]
		valueOff := len(s) - len(rest)
		lead := len(rest) - len(strings.TrimLeft(rest, " "))
		rest = rest[lead:]
		valueOff += lead
		if rest == "" || strings.ContainsAny(rest[:1], `"'|>[{&*!#`) {
			continue
		}
		if c := strings.Index(rest, " #"); c >= 0 {
			rest = rest[:c]
		}
		rest = strings.TrimRight(rest, " ")
		if strings.Contains(rest, ": ") || strings.HasSuffix(rest, ":") {
			col := jstext.Len(s[:valueOff]) + 1
			return i, col, spans.Span{Start: l.start + valueOff, End: l.start + valueOff + len(rest)}
		}
	}
	return -1, 0, spans.Span{}
}

// LogMessage renders a YAML error as DSH logs it, String(error) of yaml@2's
// error: "YAMLParseError: <message> at line L, column C:\n\n<source
// line>\n<pointer>\n", with yaml@2's code frame (a line of more than 80
// UTF-16 units cut around the column with "…", the line before when the
// column is at the line's indentation, one caret per unit of the error's
// range), or "ReferenceError: <message>" for an alias naming no anchor.
func LogMessage(e *Error, text []byte) string {
	if e.Name != "" {
		return e.Name + ": " + e.Message
	}
	msg := fmt.Sprintf("YAMLParseError: %s at line %d, column %d", e.Message, e.Line, e.Column)
	line, ok := lineAt(text, e.Line)
	if !ok {
		return msg
	}
	lineStr := units(line)
	lineStr = trimRightNL(lineStr)
	ci := e.Column - 1
	if ci >= 60 && len(lineStr) > 80 {
		trim := min(ci-39, len(lineStr)-79)
		lineStr = append(units("…"), lineStr[trim:]...)
		ci -= trim - 1
	}
	if len(lineStr) > 80 {
		lineStr = append(lineStr[:79:79], units("…")...)
	}
	if e.Line > 1 && ci <= len(lineStr) && allSpaces(lineStr[:max(0, ci)]) {
		prevLine, _ := lineAt(text, e.Line-1)
		prev := units(prevLine)
		if len(prev) > 80 {
			prev = append(prev[:79:79], units("…\n")...)
		}
		lineStr = append(prev, lineStr...)
	}
	if allSpaces(lineStr) {
		return msg
	}
	count := 1
	if e.Caret > 1 {
		count = max(1, min(e.Caret, 80-ci))
	}
	return msg + ":\n\n" + string(utf16.Decode(lineStr)) + "\n" + strings.Repeat(" ", max(0, ci)) + strings.Repeat("^", count) + "\n"
}

// lineAt returns line n (1-based) of text with its line break, as
// src.substring(lineStarts[n-1], lineStarts[n]), reading text only up to
// it; ok is false when text has fewer lines.
func lineAt(text []byte, n int) (line string, ok bool) {
	start := 0
	for ; n > 1; n-- {
		i := bytes.IndexByte(text[start:], '\n')
		if i < 0 {
			return "", false
		}
		start += i + 1
	}
	if n < 1 {
		return "", false
	}
	if i := bytes.IndexByte(text[start:], '\n'); i >= 0 {
		return string(text[start : start+i+1]), true
	}
	return string(text[start:]), true
}

// units returns s as UTF-16 code units, as JavaScript indexes it.
func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// trimRightNL removes the trailing run of \n and \r (/[\n\r]+$/).
func trimRightNL(u []uint16) []uint16 {
	for len(u) > 0 && (u[len(u)-1] == '\n' || u[len(u)-1] == '\r') {
		u = u[:len(u)-1]
	}
	return u
}

// allSpaces reports whether u holds nothing but spaces (/^ *$/).
func allSpaces(u []uint16) bool {
	for _, c := range u {
		if c != ' ' {
			return false
		}
	}
	return true
}
