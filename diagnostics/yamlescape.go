package diagnostics

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// yamlescape.go: a backslash in a double-quoted value that starts no
// escape YAML knows (C:\Users: \U must be followed by 8 hex digits). The
// author meant the backslash as text; single quotes keep it so, and so
// does writing it \\.

// The titles of the fixes below (FixDocs lists them).
const (
	titleDoubleBackslashes = "Double the backslashes"
	titleUseSingleQuotes   = "Use single quotes"
)

// badEscape words the escape at e.Span and offers to keep the value's
// backslashes as text, when they all are: a value that also holds an
// escape YAML knows (\n, \") may mean it, and is left to the author.
func badEscape(p *Pass, e *dshyaml.Error, value string) (string, []Fix) {
	esc := e.Char
	why := esc + " is no escape YAML knows"
	if n := dshyaml.EscapeDigits(esc[1]); n > 0 {
		why = fmt.Sprintf("%s must be followed by %d hex digits", esc, n)
	}
	msg := fmt.Sprintf("%s is in double quotes, where YAML reads \\ as the start of an escape, and %s", value, why)
	if esc == `\'` {
		return msg + "; write ' without the backslash: inside double quotes it needs none", nil
	}
	raw := p.Text(e.ValueSpan)
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' || strings.ContainsAny(raw, "\r\n") || !onlyBadEscapes(raw[1:len(raw)-1]) {
		return msg + `; to keep the backslash as text, write it as \\`, nil
	}
	inner := raw[1 : len(raw)-1]
	doubled := `"` + strings.ReplaceAll(inner, `\`, `\\`) + `"`
	fixes := []Fix{{Title: titleDoubleBackslashes, Edits: []Edit{p.Edit(e.ValueSpan, doubled)}}}
	if strings.Contains(inner, "'") {
		fixes[0].Preferred = true
		return msg + `; to keep the backslashes as text, write each as \\: ` + doubled, fixes
	}
	single := "'" + inner + "'"
	fixes = append([]Fix{{Title: titleUseSingleQuotes, Preferred: true, Edits: []Edit{p.Edit(e.ValueSpan, single)}}}, fixes...)
	return msg + "; to keep the backslashes as text, put the value in single quotes instead: " + single + `, or write each \ as \\`, fixes
}

// onlyBadEscapes reports whether every backslash of the text of a
// double-quoted value starts an escape YAML rejects.
func onlyBadEscapes(inner string) bool {
	for j := 0; j < len(inner); j++ {
		if inner[j] != '\\' {
			continue
		}
		if at, _ := dshyaml.BadEscape(inner, j, len(inner)); at != j {
			return false
		}
		j++ // a backslash YAML rejects is not followed by another
	}
	return true
}
