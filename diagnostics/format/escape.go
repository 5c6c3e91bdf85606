package format

import (
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// pathSeparator is the system's; a '\' that is one is not escaped.
const pathSeparator = filepath.Separator

// escape.go: the one place that decides how text from a skill (a path, a
// name, a value, a message quoting them) reaches a terminal or a CI log.
// Skills come from public collections and pull requests, so a folder name
// may hold an escape sequence that sets the clipboard (OSC 52), hides the
// rest of the output (ESC [8m), reorders what is shown (a bidi override),
// or a newline followed by a line such as "README.md:1:1: error: …" that
// error parsers and problem matchers read as a finding of its own.
//
// What is escaped, in Quote and Escape alike:
//   - C0 controls (U+0000–U+001F, tab and newline too) and DEL (U+007F);
//   - C1 controls (U+0080–U+009F), which some terminals obey as CSI, OSC, …;
//   - the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
//     U+2066–U+2069) and the line and paragraph separators U+2028, U+2029;
//   - the Unicode tag characters (U+E0000–U+E007F), which a terminal draws
//     as nothing while they spell text the model reads;
//   - every byte that is not part of valid UTF-8 (a lone 0x9B is CSI to an
//     8-bit terminal).
//
// The escapes are git's (quote_c_style): \a \b \t \n \v \f \r, and \ooo
// (three octal digits) for each byte of anything else, so a quoted path
// reads back with git's rules, or Go's strconv.Unquote, to its exact bytes.
// Other text, printable non-ASCII included (é, 日, emoji), is kept as is.

// Quote returns s as git quotes a path: s itself when it holds nothing to
// escape and no '"' or '\', else s in double quotes with the escapes above
// and \" and \\. A path printed through Quote is one line, shows what the
// file system holds, and can be told apart from any other path.
func Quote(s string) string {
	if !needsQuote(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, '"')
	b = appendEscaped(b, s, true)
	return string(append(b, '"'))
}

// Escape returns s with the characters above escaped and nothing else
// changed: no quotes are added and '"' and '\' stay as they are. It is for
// text that embeds values inside words of the program's own (a message, a
// fix's title), where quotes would be noise; the result is one line.
func Escape(s string) string {
	if safe(s) {
		return s
	}
	return string(appendEscaped(make([]byte, 0, len(s)+8), s, false))
}

// EscapeText returns the lines of s with the characters above escaped
// but its line breaks and tabs kept: for text of many lines shown as it
// is (the model text render prints), where a terminal must not obey an
// escape sequence or reorder a line.
func EscapeText(s string) string {
	if safe(strings.NewReplacer("\n", "", "\t", "").Replace(s)) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		cells := strings.Split(line, "\t")
		for j, c := range cells {
			cells[j] = Escape(c)
		}
		lines[i] = strings.Join(cells, "\t")
	}
	return strings.Join(lines, "\n")
}

// needsQuote reports whether Quote must quote s.
func needsQuote(s string) bool {
	return !safe(s) || strings.ContainsAny(s, `"\`) && !separatorOnly(s)
}

// separatorOnly reports whether every '\' in s is the path separator of
// the system (Windows), so that a Windows path is not quoted for its
// separators; a '"' is never a separator.
func separatorOnly(s string) bool {
	return pathSeparator == '\\' && !strings.Contains(s, `"`)
}

// safe reports whether s holds nothing to escape.
func safe(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return false // C0 or DEL
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unsafeRune(r) {
			return false
		}
		i += size
	}
	return true
}

// unsafeRune reports whether the valid non-ASCII rune r is escaped: a C1
// control, a bidi control, a line or paragraph separator or a tag
// character.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0xe0000 && r <= 0xe007f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// appendEscaped appends s to b with the escapes of Quote (quoted: '"' and
// '\' too, unless '\' is the path separator) or Escape.
func appendEscaped(b []byte, s string, quoted bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			if quoted && (c == '"' || c == '\\' && pathSeparator != '\\') {
				b = append(b, '\\')
			}
			b = append(b, c)
			i++
			continue
		}
		size := 1
		if c >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			if !(r == utf8.RuneError && size == 1) && !unsafeRune(r) {
				b = append(b, s[i:i+size]...)
				i += size
				continue
			}
		}
		for _, c := range []byte(s[i : i+size]) {
			b = appendByteEscape(b, c)
		}
		i += size
	}
	return b
}

// cEscapes are the named escapes of C (and git) for the C0 controls.
var cEscapes = [...]byte{'\a': 'a', '\b': 'b', '\t': 't', '\n': 'n', '\v': 'v', '\f': 'f', '\r': 'r'}

// appendByteEscape appends the escape of one byte: its C name, else three
// octal digits.
func appendByteEscape(b []byte, c byte) []byte {
	if int(c) < len(cEscapes) && cEscapes[c] != 0 {
		return append(b, '\\', cEscapes[c])
	}
	return append(b, '\\', '0'+c>>6, '0'+c>>3&7, '0'+c&7)
}
