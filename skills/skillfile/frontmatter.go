package skillfile

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// splitFrontmatter finds the --- delimiters of docs/dsh.md §4.1 in text, which
// starts at byte offset base of the file. It returns the frontmatter with
// State, OpenSpan, CloseSpan and YAMLSpan set, and the body span.
func splitFrontmatter(text []byte, base int) (*Frontmatter, spans.Span) {
	fm := &Frontmatter{}
	end := base + len(text)
	nl := bytes.IndexByte(text, '\n')
	if nl < 0 {
		fm.State = FrontmatterNoNewline
		return fm, spans.Span{Start: base, End: end}
	}
	if !isDelimiter(text[:nl]) {
		fm.State = FrontmatterNoOpener
		return fm, spans.Span{Start: base, End: end}
	}
	fm.OpenSpan = spans.Span{Start: base, End: base + trimCR(text[:nl])}
	pos := nl + 1
	yamlStart := pos
	for pos <= len(text) {
		lineEnd := bytes.IndexByte(text[pos:], '\n')
		var line []byte
		next := len(text) + 1
		if lineEnd < 0 {
			line = text[pos:]
		} else {
			line = text[pos : pos+lineEnd]
			next = pos + lineEnd + 1
		}
		if isDelimiter(line) {
			fm.State = FrontmatterOK
			fm.YAMLSpan = spans.Span{Start: base + yamlStart, End: base + pos}
			fm.CloseSpan = spans.Span{Start: base + pos, End: base + pos + trimCR(line)}
			if next > len(text) {
				return fm, spans.Span{Start: end, End: end}
			}
			return fm, spans.Span{Start: base + next, End: end}
		}
		if lineEnd < 0 {
			break
		}
		pos = next
	}
	fm.State = FrontmatterUnclosed
	fm.YAMLSpan = spans.Span{Start: base + yamlStart, End: end}
	fm.NearCloseSpan = nearClose(text, yamlStart, base)
	return fm, spans.Span{Start: base, End: end}
}

// isDelimiter reports whether line (without \n) is exactly "---" after
// removing one trailing \r.
// OpensFrontmatter reports whether a file whose first bytes are head (its
// first line at least) opens a frontmatter as DSH splits one: a --- line,
// after a UTF-8 byte-order mark if there is one.
func OpensFrontmatter(head []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(head, []byte("\uFEFF")), []byte("\n"))
	return isDelimiter(line)
}

func isDelimiter(line []byte) bool {
	n := trimCR(line)
	return n == 3 && line[0] == '-' && line[1] == '-' && line[2] == '-'
}

// nearClose returns the span of the first line of text from pos on that
// looks like a closing --- (nearDelimiter), or an empty span. Only an
// unclosed frontmatter is searched, once: a file that closes pays nothing.
func nearClose(text []byte, pos, base int) spans.Span {
	for pos < len(text) {
		line := text[pos:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		if nearDelimiter(line) {
			return spans.Span{Start: base + pos, End: base + pos + trimCR(line)}
		}
		pos += len(line) + 1
	}
	return spans.Span{}
}

// nearDelimiter reports whether line (without \n) looks like a closing
// --- but is not exactly one: --- indented or followed by spaces, more
// dashes than three, or YAML's document end "...". DSH does not close the
// frontmatter there (docs/dsh.md §4.1); the author most likely meant to.
func nearDelimiter(line []byte) bool {
	core := bytes.TrimSpace(line)
	if isDelimiter(line) || len(core) < 3 {
		return false
	}
	if string(core) == "..." {
		return true
	}
	return len(bytes.Trim(core, "-")) == 0
}

// trimCR returns len(line) less one trailing \r.
func trimCR(line []byte) int {
	if len(line) > 0 && line[len(line)-1] == '\r' {
		return len(line) - 1
	}
	return len(line)
}
