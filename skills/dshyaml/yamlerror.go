package dshyaml

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

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
	lines := splitLines(text)
	// Tabs used as indentation.
	if strings.Contains(detail, "tab character") {
		for i, l := range lines {
			trimmed := bytes.TrimLeft(l.text, " ")
			if len(trimmed) > 0 && trimmed[0] == '\t' {
				return &Error{Code: problem.YAMLTabIndent, Message: "Tabs are not allowed as indentation", Line: i + 1, Column: 1,
					Span: spans.Span{Start: base + l.start, End: base + l.start + len(l.text) - len(trimmed) + 1}}
			}
		}
	}
	// An unquoted value holding ": " or ending in ":".
	if strings.Contains(detail, "mapping values are not allowed") {
		if i, col, span := findUnquotedColon(lines); i >= 0 {
			return &Error{Code: problem.YAMLUnquotedColon, Message: "Nested mappings are not allowed in compact mappings", Line: i + 1, Column: col,
				Span: spans.Span{Start: base + span.Start, End: base + span.End}}
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

// LogMessage renders a YAML error the way yaml@2's prettyErrors does:
// "<message> at line L, column C:\n\n<source line>\n<pointer>\n".
func LogMessage(e *Error, text []byte) string {
	msg := fmt.Sprintf("%s at line %d, column %d", e.Message, e.Line, e.Column)
	lines := splitLines(text)
	if e.Line < 1 || e.Line > len(lines) {
		return msg
	}
	lineStr := strings.TrimRight(string(lines[e.Line-1].text), "\r\n")
	ci := e.Column - 1
	if jstext.Len(lineStr) > 80 {
		return msg
	}
	if e.Line > 1 && strings.TrimLeft(jstext.Prefix(lineStr, ci), " ") == "" {
		prev := string(lines[e.Line-2].text) + "\n"
		lineStr = prev + lineStr
	}
	if strings.Trim(lineStr, " ") == "" {
		return msg
	}
	return msg + ":\n\n" + lineStr + "\n" + strings.Repeat(" ", ci) + "^\n"
}
