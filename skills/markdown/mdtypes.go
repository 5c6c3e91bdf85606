package markdown

import "github.com/skill-ls/skill-ls/skills/spans"

// Link is a Markdown link or image destination found in the body.
type Link struct {
	// Dest is the destination as written.
	Dest string
	// Span covers the destination text in the file (or the whole link when
	// the destination cannot be located exactly).
	Span spans.Span
	// Image reports an image link.
	Image bool
}

// Heading is a Markdown ATX or setext heading in the body.
type Heading struct {
	Level int
	Text  string
	Span  spans.Span
}
