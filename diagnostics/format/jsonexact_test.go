package format

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

func TestExactString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a/b/SKILL.md", `"a/b/SKILL.md"`},
		{"é日🎉 & <x>", `"é日🎉 & <x>"`},
		{"bad\xe9utf/SKILL.md", `"bad\udce9utf/SKILL.md"`},
		{"\xff\xfe", `"\udcff\udcfe"`},
		{"x\xe6\x97", `"x\udce6\udc97"`},
		{"a\"b\\c\nd\te\x1b[8m\x7f", `"a\"b\\c\nd\te\u001b[8m` + "\x7f" + `"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := writeJSON(&out, ExactString(tt.in))
		got := bytes.TrimSuffix(out.Bytes(), []byte("\n"))
		if err != nil || string(got) != tt.want {
			t.Errorf("ExactString(%q) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
		if back, err := decodeExact(got); err != nil || back != tt.in {
			t.Errorf("decoding %s = %q, %v; want %q", got, back, err, tt.in)
		}
	}
}

// decodeExact reads a JSON string literal back to bytes, a lone surrogate
// \udcXX to the byte 0xXX (as Python's surrogateescape does).
func decodeExact(lit []byte) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", strconv.ErrSyntax
	}
	s := string(lit[1 : len(lit)-1])
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b = append(b, s[i])
			continue
		}
		i++
		if i >= len(s) {
			return "", strconv.ErrSyntax
		}
		switch s[i] {
		case 'u':
			if i+5 > len(s) {
				return "", strconv.ErrSyntax
			}
			v, err := strconv.ParseUint(s[i+1:i+5], 16, 16)
			if err != nil {
				return "", err
			}
			i += 4
			r := rune(v)
			if r >= 0xdc80 && r <= 0xdcff {
				b = append(b, byte(r-0xdc00))
				continue
			}
			if utf16.IsSurrogate(r) && i+7 <= len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
				v2, err := strconv.ParseUint(s[i+3:i+7], 16, 16)
				if err != nil {
					return "", err
				}
				r = utf16.DecodeRune(r, rune(v2))
				i += 6
			}
			b = utf8.AppendRune(b, r)
		default:
			esc := map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
			c, ok := esc[s[i]]
			if !ok {
				return "", strconv.ErrSyntax
			}
			b = append(b, c)
		}
	}
	return string(b), nil
}

// FuzzExactString holds ExactString to its promise: valid UTF-8 is written
// as encoding/json writes it (no HTML escaping), and any bytes read back
// exactly.
func FuzzExactString(f *testing.F) {
	for _, s := range []string{"", "a", "bad\xe9", "\x1b[8m\n", "\u2028", `"\`, "é日", "\xed\xb3\xa9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, _ := ExactString(s).MarshalJSON()
		if !json.Valid(got) || !utf8.Valid(got) {
			t.Fatalf("ExactString(%q) = %s: not valid JSON in UTF-8", s, got)
		}
		if utf8.ValidString(s) {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			enc.Encode(s)
			if w := bytes.TrimSuffix(want.Bytes(), []byte("\n")); !bytes.Equal(got, w) {
				t.Fatalf("ExactString(%q) = %s, encoding/json writes %s", s, got, w)
			}
		}
		if back, err := decodeExact(got); err != nil || back != s {
			t.Fatalf("decoding %s = %q, %v; want %q", got, back, err, s)
		}
	})
}
