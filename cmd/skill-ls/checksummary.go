package main

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
)

// summary is the stderr line of a text check, such as
// "3 errors, 1 warning in 12 skill files"; with color, the counts of
// errors and warnings that are not 0 are in their severity's colour.
func summary(n [5]int, files int, color bool) string {
	count := func(sev diagnostics.Severity, one, many string) string {
		s := plural(n[sev], one, many)
		if n[sev] == 0 {
			return s
		}
		return format.Paint(color, sev, s)
	}
	parts := []string{
		count(diagnostics.SeverityError, "error", "errors"),
		count(diagnostics.SeverityWarning, "warning", "warnings"),
	}
	if k := n[diagnostics.SeverityInfo]; k > 0 {
		parts = append(parts, plural(k, "info", "infos"))
	}
	if k := n[diagnostics.SeverityHint]; k > 0 {
		parts = append(parts, plural(k, "hint", "hints"))
	}
	return strings.Join(parts, ", ") + " in " + plural(files, "skill file", "skill files")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
