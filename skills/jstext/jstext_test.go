package jstext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		in, text, attr string
	}{
		{"", "", ""},
		{"plain", "plain", "plain"},
		{"a & b", "a &amp; b", "a &amp; b"},
		{"&amp;", "&amp;amp;", "&amp;amp;"},
		{"<x>", "&lt;x&gt;", "&lt;x>"},
		{`"q" 'a'`, `"q" 'a'`, `&quot;q&quot; 'a'`},
		{"&lt;", "&amp;lt;", "&amp;lt;"},
		{"</available_skills>", "&lt;/available_skills&gt;", "&lt;/available_skills>"},
		{"日本 😀 é", "日本 😀 é", "日本 😀 é"},
	}
	for _, tt := range tests {
		if got := EscapeText(tt.in); got != tt.text {
			t.Errorf("EscapeText(%q) = %q, want %q", tt.in, got, tt.text)
		}
		if got := EscapeAttr(tt.in); got != tt.attr {
			t.Errorf("EscapeAttr(%q) = %q, want %q", tt.in, got, tt.attr)
		}
	}
}

func TestModelText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"valid", "abc 😀 日本", "abc 😀 日本"},
		{"lone high", "a\xed\xa0\xbd...", "a\uFFFD..."},
		{"lone low", "\xed\xb8\x80", "\uFFFD"},
		{"two lone", "\xed\xa0\xbd\xed\xa0\xbd", "\uFFFD\uFFFD"},
		{"invalid byte", "a\xffb", "a\uFFFDb"},
		{"truncated sequence at end", "a\xed\xa0", "a\uFFFD\uFFFD"},
		{"real U+FFFD kept", "\uFFFD", "\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ModelText(tt.in)
			if got != tt.want {
				t.Errorf("ModelText(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if !utf8.ValidString(got) {
				t.Errorf("ModelText(%q) = %q is not valid UTF-8", tt.in, got)
			}
		})
	}
}

func TestShorten(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		max  int
		want string // as model text
		lone bool   // the result stores a lone surrogate
	}{
		{name: "fits", raw: "Demo skill", max: 500, want: "Demo skill"},
		{name: "exactly max", raw: "abcdefghij", max: 10, want: "abcdefghij"},
		{name: "one over", raw: "abcdefghijk", max: 10, want: "abcdefg..."},
		{name: "cap 3", raw: "abcd", max: 3, want: "..."},
		{name: "below 3 is 3", raw: "abcd", max: 1, want: "..."},
		{name: "empty", raw: "", max: 500, want: ""},
		{name: "only whitespace", raw: " \t\n\u3000\uFEFF ", max: 500, want: ""},
		{name: "no re-trim after cut", raw: "abcdef ghij klm", max: 10, want: "abcdef ..."},
		{name: "three dots not ellipsis", raw: strings.Repeat("x", 20), max: 8, want: "xxxxx..."},
		// UTF-16 units: an emoji is 2, CJK 1, a combining mark 1.
		{name: "emoji fits", raw: "😀😀😀😀😀", max: 10, want: "😀😀😀😀😀"},
		{name: "emoji split", raw: "😀😀😀😀😀😀", max: 10, want: "😀😀😀\uFFFD...", lone: true},
		{name: "emoji kept whole", raw: "abcde😀ghijk", max: 10, want: "abcde😀..."},
		{name: "emoji split after ascii", raw: "abcdef😀ghijk", max: 10, want: "abcdef\uFFFD...", lone: true},
		{name: "emoji at cap 4", raw: "😀😀😀", max: 4, want: "\uFFFD...", lone: true},
		{name: "cjk counts one", raw: "日本語の説明文です", max: 9, want: "日本語の説明文です"},
		{name: "cjk cut", raw: "日本語の説明文ですね", max: 9, want: "日本語の説明..."},
		{name: "combining mark separated", raw: "abcdefe\u0301xyz", max: 10, want: "abcdefe..."},
		{name: "combining mark kept", raw: "abcdefe\u0301xyzw", max: 11, want: "abcdefe\u0301..."},
		{name: "flag is two pairs", raw: "🇫🇷🇫🇷", max: 6, want: "\U0001F1EB\uFFFD...", lone: true},
		// JavaScript whitespace collapses; U+0085 and U+200B do not.
		{name: "js whitespace", raw: "a\u00a0b\u3000c\u2003d\uFEFFe\vf\fg\u2028h\u2029i\u1680j\u202fk\u205fl", max: 500, want: "a b c d e f g h i j k l"},
		{name: "nel and zwsp kept", raw: "a\u0085b\u200bc", max: 500, want: "a\u0085b\u200bc"},
		{name: "runs collapse", raw: "  Multiple   spaces\tand\r\n\r\nlines  ", max: 500, want: "Multiple spaces and lines"},
		{name: "unescaped", raw: "a & b <c> \"d\"", max: 500, want: "a & b <c> \"d\""},
		{name: "invalid utf-8", raw: "a\xffb", max: 500, want: "a\uFFFDb"},
		{name: "invalid utf-8 counts one", raw: "\xff\xff\xff\xff", max: 4, want: "\uFFFD\uFFFD\uFFFD\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Shorten(tt.raw, tt.max)
			if m := ModelText(got); m != tt.want {
				t.Errorf("Shorten(%q, %d) = %q, want %q", tt.raw, tt.max, m, tt.want)
			}
			if lone := !utf8.ValidString(got); lone != tt.lone {
				t.Errorf("Shorten(%q, %d) = %q: lone surrogate %t, want %t", tt.raw, tt.max, got, lone, tt.lone)
			}
			if max := max(tt.max, 3); Len(got) > max {
				t.Errorf("Shorten(%q, %d) = %q: %d UTF-16 units", tt.raw, tt.max, got, Len(got))
			}
		})
	}
}

func TestLenAndPrefix(t *testing.T) {
	tests := []struct {
		name   string
		s      string
		units  int
		prefix int
		want   string
	}{
		{"empty", "", 0, 3, ""},
		{"ascii", "abcdef", 6, 3, "abc"},
		{"é is one unit", "éé", 2, 1, "é"},
		{"CJK is one unit", "日本語", 3, 2, "日本"},
		{"𐐀 is two units", "a𐐀b", 4, 2, "a𐐀"},
		{"prefix stops before the next char", "a𐐀b", 4, 1, "a"},
		{"CRLF is two units", "a\r\nb", 4, 2, "a\r"},
		{"lone surrogate is one unit", "a\xed\xa0\xbd", 2, 1, "a"},
		{"invalid byte is one unit", "\xff\xff", 2, 1, "\xff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Len(tt.s); got != tt.units {
				t.Errorf("Len(%q) = %d, want %d", tt.s, got, tt.units)
			}
			if got := Prefix(tt.s, tt.prefix); got != tt.want {
				t.Errorf("Prefix(%q, %d) = %q, want %q", tt.s, tt.prefix, got, tt.want)
			}
		})
	}
}

func TestIsSpaceAndTrim(t *testing.T) {
	for _, r := range " \t\n\v\f\r\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff" {
		if !IsSpace(r) {
			t.Errorf("IsSpace(%U) = false, want true", r)
		}
	}
	for _, r := range "a\u0085\u200b\u180e" {
		if IsSpace(r) {
			t.Errorf("IsSpace(%U) = true, want false", r)
		}
	}
	if got := Trim("\ufeff\u3000 é 日本 \r\n"); got != "é 日本" {
		t.Errorf("Trim = %q", got)
	}
}

func TestIsShortened(t *testing.T) {
	tests := []struct {
		raw   string
		max   int
		cut   bool
		units int
	}{
		{"  a  b  ", 3, false, 3},
		{"abcd", 3, true, 4},
		{"𐐀𐐀", 4, false, 4},
		{"𐐀𐐀x", 4, true, 5},
		{"abcd", 1, true, 4},
	}
	for _, tt := range tests {
		cut, units := IsShortened(tt.raw, tt.max)
		if cut != tt.cut || units != tt.units {
			t.Errorf("IsShortened(%q, %d) = %t, %d; want %t, %d", tt.raw, tt.max, cut, units, tt.cut, tt.units)
		}
	}
}

func TestJSONString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"a\"b\\c", `"a\"b\\c"`},
		{"\b\f\n\r\t\x01\x1f", `"\b\f\n\r\t\u0001\u001f"`},
		{"</x> & é 日本 𐐀 \u2028", "\"</x> & é 日本 𐐀 \u2028\""},
		{"\xed\xa0\xbd", `"\ud83d"`},
		{"a\xffb", "\"a\uFFFDb\""},
	}
	for _, tt := range tests {
		if got := JSONString(tt.in); got != tt.want {
			t.Errorf("JSONString(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	if got := JSONArray("a", "b"); got != `["a","b"]` {
		t.Errorf("JSONArray = %s", got)
	}
}

// TestSubstring checks JavaScript's s.substring(0, n) in UTF-16 units: a
// pair cut in half keeps its high surrogate alone (as WTF-8).
func TestSubstring(t *testing.T) {
	tests := []struct {
		name string
		s    string
		n    int
		want string // as model text
		lone bool
	}{
		{"empty", "", 3, "", false},
		{"zero", "abc", 0, "", false},
		{"negative", "abc", -1, "", false},
		{"fits", "abc", 3, "abc", false},
		{"longer n", "abc", 9, "abc", false},
		{"ascii cut", "abcdef", 3, "abc", false},
		{"é is one unit", "éée", 2, "éé", false},
		{"CJK", "日本語", 2, "日本", false},
		{"𐐀 whole", "a𐐀b", 3, "a𐐀", false},
		{"𐐀 halved", "a𐐀b", 2, "a\uFFFD", true},
		{"CRLF", "a\r\nb", 2, "a\r", false},
		{"lone surrogate is one unit", "\xed\xa0\xbdab", 2, "\uFFFDa", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Substring(tt.s, tt.n)
			if m := ModelText(got); m != tt.want {
				t.Errorf("Substring(%q, %d) = %q, want %q", tt.s, tt.n, m, tt.want)
			}
			if lone := !utf8.ValidString(got); lone != tt.lone {
				t.Errorf("Substring(%q, %d) = %q: lone surrogate %t, want %t", tt.s, tt.n, got, lone, tt.lone)
			}
			if n := max(tt.n, 0); Len(got) > n {
				t.Errorf("Substring(%q, %d) has %d units", tt.s, tt.n, Len(got))
			}
		})
	}
}

func TestCatalogLine(t *testing.T) {
	tests := []struct{ name, desc, want string }{
		{"pdf", "Read PDFs.", "- `pdf`: Read PDFs."},
		{"a<b>", "x & <y>", "- `a<b>`: x &amp; &lt;y&gt;"},
		{"e", "", "- `e`: "},
	}
	for _, tt := range tests {
		if got := CatalogLine(tt.name, tt.desc); got != tt.want {
			t.Errorf("CatalogLine(%q, %q) = %q, want %q", tt.name, tt.desc, got, tt.want)
		}
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1532: "1,532", 100000: "100,000", 1234567: "1,234,567", -1024: "-1,024"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestAppendCodePoint: String.fromCodePoint appended to a string, as
// JavaScript joins the halves of a pair and keeps a lone one.
func TestAppendCodePoint(t *testing.T) {
	tests := []struct {
		cps  []rune
		want string // as JSON.stringify writes it
	}{
		{[]rune{'a', 0xE9, 0x1F600}, `"aé😀"`},
		{[]rune{0xD800}, `"\ud800"`},
		{[]rune{0xD83D, 0xDE00}, `"😀"`},
		{[]rune{0xDE00, 0xD83D}, `"\ude00\ud83d"`},
		{[]rune{0xD83D, 0xDE00, 0xDE00}, `"😀\ude00"`},
		{[]rune{0xD83D, ' ', 0xDE00}, `"\ud83d \ude00"`},
		{[]rune{0xD800, 0xD800, 0xDC00}, `"\ud800𐀀"`},
	}
	for _, tt := range tests {
		var b []byte
		for _, c := range tt.cps {
			b = AppendCodePoint(b, c)
		}
		if got := JSONString(string(b)); got != tt.want {
			t.Errorf("%U: got %s, want %s", tt.cps, got, tt.want)
		}
		if n := Len(string(b)); n != len(utf16Units(tt.cps)) {
			t.Errorf("%U: Len = %d, want %d", tt.cps, n, len(utf16Units(tt.cps)))
		}
	}
}

// utf16Units is the UTF-16 of code points, each surrogate one unit.
func utf16Units(cps []rune) []uint16 {
	var u []uint16
	for _, c := range cps {
		if c >= 0x10000 {
			c -= 0x10000
			u = append(u, uint16(0xD800+c>>10), uint16(0xDC00+c&0x3FF))
			continue
		}
		u = append(u, uint16(c))
	}
	return u
}
