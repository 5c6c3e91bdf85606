package format

import "github.com/skill-ls/skill-ls/diagnostics"

// color.go: the colours of the text format on a terminal (Options.Color):
// the path bold, the severity in its colour (error red, warning yellow,
// info blue, hint cyan), the code dim, the snippet's gutter blue and its
// carets in the severity's colour. Colour is added around text that is
// already escaped, so a skill's text never carries a code of its own.

// SGR parameters of the styles.
const (
	pathStyle   = "1"
	codeStyle   = "2"
	gutterStyle = "1;34"
)

// severityStyle is the SGR parameters of a severity's name.
func severityStyle(sev string) string {
	switch sev {
	case "error":
		return "1;31"
	case "warning":
		return "1;33"
	case "info":
		return "1;34"
	}
	return "1;36"
}

// painter adds colour when on.
type painter struct{ on bool }

// paint appends text to b, in style when p is on.
func (p painter) paint(b []byte, style, text string) []byte {
	if !p.on || text == "" {
		return append(b, text...)
	}
	b = append(append(append(b, "\x1b["...), style...), 'm')
	return append(append(b, text...), "\x1b[0m"...)
}

// Paint returns text in the colour of severity sev when color is set (the
// CLI's summary line), else text itself.
func Paint(color bool, sev diagnostics.Severity, text string) string {
	return string(painter{color}.paint(nil, severityStyle(sev.String()), text))
}
