package render

import (
	"fmt"

	"github.com/skill-ls/skill-ls/skills"
)

// DropSummary words why DSH drops f in a few words, with the place of the
// problem: "invalid YAML at 3:14", "invalid name at 2:7", "no frontmatter".
// It fits on one line of an editor (a code lens, a tree item); the full
// reason is the Drop's Detail. It returns "" for a file DSH loads.
func DropSummary(f *skills.File) string {
	if f == nil || f.Drop == nil {
		return ""
	}
	d := f.Drop
	var what string
	switch d.Kind {
	case skills.DropBinary:
		what = "binary file"
	case skills.DropInvalidUTF8:
		what = "not UTF-8 text"
	case skills.DropUnreadable:
		return "unreadable file"
	case skills.DropTooLarge:
		return "file larger than 16 MiB"
	case skills.DropYAML:
		what = "invalid YAML"
	case skills.DropNoFrontmatter:
		return "no YAML frontmatter"
	case skills.DropNameDescription:
		what = "name or description missing"
		if d.Key != "" {
			what = d.Key + " missing or not a string"
		}
	case skills.DropInvalidName:
		what = "invalid name"
	case skills.DropInvocation:
		what = "invalid invocation key"
		if d.Key != "" {
			what = "invalid " + d.Key
		}
	default:
		what = string(d.Kind)
	}
	if f.Src == nil {
		return what
	}
	line, col := f.Lines().LineCol(d.Span.Start)
	return fmt.Sprintf("%s at %d:%d", what, line, col)
}
