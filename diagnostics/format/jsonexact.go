package format

import "unicode/utf8"

// jsonexact.go: JSON strings that carry a path's exact bytes. A path is
// bytes, and a folder name need not be UTF-8; encoding/json writes each
// byte that is not part of valid UTF-8 as U+FFFD, so two different folders
// read back the same and the real one cannot be named. ExactString writes
// such a byte 0xXX as the escape \udcXX instead: a lone low surrogate,
// which no valid UTF-8 text can hold, so the form is unambiguous. It is
// PEP 383's "surrogateescape", the form Python gives undecodable file names
// (os.fsencode(json.load(f)[0]["path"]) is the exact path), and the form
// JavaScript's JSON.stringify gives lone surrogates. Valid UTF-8 is written
// exactly as encoding/json writes it without HTML escaping.

// ExactString is a string that JSON encodes with its exact bytes: as
// encoding/json does, except that a byte that is not part of valid UTF-8
// is written as \udcXX (docs/output.md) rather than replaced by U+FFFD.
type ExactString string

// MarshalJSON writes s as a JSON string with its exact bytes.
func (s ExactString) MarshalJSON() ([]byte, error) {
	return appendJSONString(make([]byte, 0, len(s)+2), string(s)), nil
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string: '"', '\' and the C0
// controls escaped (\b \f \n \r \t by name), U+2028 and U+2029 escaped (as
// encoding/json does, for JavaScript), each invalid byte as \udcXX.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', 'd', 'c', hexDigits[c>>4], hexDigits[c&0xf])
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
