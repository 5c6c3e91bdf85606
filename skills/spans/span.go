// Package spans holds the engine's positions: byte spans into a file's
// bytes, and the line index that turns them into lines and columns (byte
// columns for the command line, UTF-16 ones for the editor).
package spans

// Span is a half-open byte range [Start, End) into a file's source bytes.
// Every position inside the engine is a Span; only the lsp package converts
// to UTF-16.
type Span struct {
	Start, End int
}

// Len returns the number of bytes the span covers.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether off lies inside the span (End inclusive, so a
// cursor just after the last byte still counts).
func (s Span) Contains(off int) bool { return off >= s.Start && off <= s.End }

// OrKey returns s, or alt when s is empty (a value span for a key with no
// value falls back to the key's span).
func (s Span) OrKey(alt Span) Span {
	if s.Len() == 0 {
		return alt
	}
	return s
}
