package format

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	tests := []struct{ name, in, quote, escape string }{
		{"plain", ".agents/skills/pdf/SKILL.md", ".agents/skills/pdf/SKILL.md", ".agents/skills/pdf/SKILL.md"},
		{"printable non-ASCII", "skills/é日🎉/SKILL.md", "skills/é日🎉/SKILL.md", "skills/é日🎉/SKILL.md"},
		{"empty", "", "", ""},
		{"space", "my skills/a b.md", "my skills/a b.md", "my skills/a b.md"},
		// A newline would start a line that error parsers read as a
		// finding of its own.
		{"forged finding", "evil\nREADME.md:1:1: error: pwned/SKILL.md",
			`"evil\nREADME.md:1:1: error: pwned/SKILL.md"`, `evil\nREADME.md:1:1: error: pwned/SKILL.md`},
		// OSC 52 sets the clipboard of the terminal.
		{"OSC 52", "clip\x1b]52;c;aGVsbG8=\a/SKILL.md", `"clip\033]52;c;aGVsbG8=\a/SKILL.md"`, `clip\033]52;c;aGVsbG8=\a/SKILL.md`},
		{"OSC 52 ended by ST", "clip\x1b]52;c;eA==\x1b\\", `"clip\033]52;c;eA==\033\\"`, `clip\033]52;c;eA==\033\`},
		// ESC [8m hides what follows.
		{"conceal", "hide\x1b[8m/SKILL.md", `"hide\033[8m/SKILL.md"`, `hide\033[8m/SKILL.md`},
		{"carriage return", "a\rb", `"a\rb"`, `a\rb`},
		{"tab, bell, backspace, vt, ff", "\t\a\b\v\f", `"\t\a\b\v\f"`, `\t\a\b\v\f`},
		{"NUL and DEL", "a\x00b\x7f", `"a\000b\177"`, `a\000b\177`},
		// C1 controls, as UTF-8 and as lone bytes (8-bit CSI).
		{"C1 CSI as UTF-8", "a\u009b8m", `"a\302\2338m"`, `a\302\2338m`},
		{"C1 NEL", "a\u0085b", `"a\302\205b"`, `a\302\205b`},
		{"8-bit CSI byte", "a\x9b8m", `"a\2338m"`, `a\2338m`},
		{"invalid UTF-8", "bad\xe9utf", `"bad\351utf"`, `bad\351utf`},
		{"truncated sequence", "x\xe6\x97", `"x\346\227"`, `x\346\227`},
		// Bidi controls reorder what is shown (Trojan Source).
		{"RLO", "bidi\u202eab", `"bidi\342\200\256ab"`, `bidi\342\200\256ab`},
		{"LRI and PDI", "\u2066x\u2069", `"\342\201\246x\342\201\251"`, `\342\201\246x\342\201\251`},
		{"ALM LRM RLM", "\u061c\u200e\u200f", `"\330\234\342\200\216\342\200\217"`, `\330\234\342\200\216\342\200\217`},
		// Tag characters spell text a terminal does not show.
		{"tag characters", "ok\U000E0068\U000E0069", `"ok\363\240\201\250\363\240\201\251"`, `ok\363\240\201\250\363\240\201\251`},
		{"line separator", "a\u2028b\u2029", `"a\342\200\250b\342\200\251"`, `a\342\200\250b\342\200\251`},
		// Quotes and backslashes are quoted as git quotes them; Escape
		// keeps them.
		{"quote", `say "hi".md`, `"say \"hi\".md"`, `say "hi".md`},
		{"backslash", `a\nb`, `"a\\nb"`, `a\nb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if pathSeparator == '\\' && strings.Contains(tt.in, `\`) {
				t.Skip("a backslash is the separator here")
			}
			if got := Quote(tt.in); got != tt.quote {
				t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.quote)
			}
			if got := Escape(tt.in); got != tt.escape {
				t.Errorf("Escape(%q) = %s, want %s", tt.in, got, tt.escape)
			}
			checkInert(t, Quote(tt.in))
			checkInert(t, Escape(tt.in))
			if q := Quote(tt.in); q != tt.in {
				if back, err := strconv.Unquote(q); err != nil || back != tt.in {
					t.Errorf("Unquote(%s) = %q, %v; want %q", q, back, err, tt.in)
				}
			}
		})
	}
}

// checkInert fails unless s is one line of valid UTF-8 without a control
// character, a bidi control or a line separator.
func checkInert(t *testing.T, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("%q is not valid UTF-8", s)
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || unsafeRune(r) {
			t.Fatalf("%q holds %U", s, r)
		}
	}
}

// FuzzQuote holds Quote and Escape to their promises on any input: the
// output is inert (one line, valid UTF-8, no control), Quote reads back to
// the exact bytes with C's (and git's) unquoting, and text with nothing to
// escape is left alone.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "a/b", "evil\nREADME.md:1:1: error: x", "\x1b]52;c;eA==\a", "\x1b[8m", "\u202e", "\xe9\x9b", `"\`, "é日", "\u0085\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, e := Quote(s), Escape(s)
		checkInert(t, q)
		checkInert(t, e)
		if q == s {
			if !safe(s) || strings.Contains(s, `"`) || pathSeparator != '\\' && strings.Contains(s, `\`) {
				t.Fatalf("Quote(%q) left it as is", s)
			}
		} else if back, err := strconv.Unquote(q); err != nil || back != s {
			t.Fatalf("Unquote(Quote(%q)) = %q, %v", s, back, err)
		}
		if (e == s) != safe(s) {
			t.Fatalf("Escape(%q) = %q, safe %v", s, e, safe(s))
		}
	})
}

// TestEscapeText: many lines keep their breaks and tabs; what a terminal
// obeys (an OSC 52, a clear screen, a bidi override, a CR) is escaped.
func TestEscapeText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\n\tindented\n", "plain\n\tindented\n"},
		{"é 日 🙂\n", "é 日 🙂\n"},
		{"a\x1b]52;c;eA==\a\nb\x1b[2J\n", `a\033]52;c;eA==\a` + "\n" + `b\033[2J` + "\n"},
		{"x\r\ny\u202ez\n", `x\r` + "\n" + `y\342\200\256z` + "\n"},
	}
	for _, tt := range tests {
		if got := EscapeText(tt.in); got != tt.want {
			t.Errorf("EscapeText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
