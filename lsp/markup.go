package lsp

import (
	"fmt"
	"strings"

	"go.lsp.dev/protocol"
)

// Text that comes from a skill (a description, a key, a path) is the
// author's, and clients render hovers as Markdown: written as it is, a
// description could show a remote image (a fetch the reader never asked
// for) or print lines that look like the editor's own. These helpers put
// such text into Markdown so that it reads as the text it is.

// plainText is completion documentation shown as it is, never rendered.
func plainText(s string) *protocol.MarkupContent {
	return &protocol.MarkupContent{Kind: protocol.MarkupKindPlainText, Value: s}
}

// mdFence is s as a fenced text block: its fence is longer than any run of
// backticks in s, so nothing in s can close it, and nothing in it is
// Markdown. Control characters other than newlines and tabs are shown
// escaped.
func mdFence(s string) string {
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return fence + "text\n" + visibleControls(s, false) + "\n" + fence
}

// mdCode is s as an inline code span (a path, a key): its backtick string is
// longer than any run inside, and line breaks are shown escaped, since a
// blank line would end the span's paragraph and let the rest be Markdown.
func mdCode(s string) string {
	s = visibleControls(s, true)
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

// mdSpecial are the characters that start Markdown inside a line:
// emphasis, code, links and images, HTML and entities, strikethrough and
// table cells.
const mdSpecial = "\\`*_[]<>!&|~"

// mdEscape is s as literal Markdown text inside a line (never at its
// start): the characters of mdSpecial are backslash-escaped, and line
// breaks and other control characters are shown escaped, so s stays on the
// line it was put on.
func mdEscape(s string) string {
	s = visibleControls(s, true)
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(mdSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// visibleControls writes control characters (C0, DEL, C1) and the
// bidirectional formatting characters as Go-style escapes; with
// escapeLines false, newlines and tabs stay as they are.
func visibleControls(s string, escapeLines bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case !escapeLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&b, `\x%02x`, r)
		case isBidiControl(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isBidiControl reports the characters that reorder the text around them
// (Trojan Source), which a reader cannot see.
func isBidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			longest = max(longest, n)
		} else {
			n = 0
		}
	}
	return longest
}
