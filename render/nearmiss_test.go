package render

import (
	"fmt"
	"slices"
	"testing"
)

func TestGestureCandidates(t *testing.T) {
	tests := []struct {
		text string
		want []string // "name start-end injects before after"
	}{
		{"please /pdf-tools this", []string{"pdf-tools 7-17 true false false"}},
		{"run /release-notes.", []string{"release-notes 4-18 false false true"}},
		{"(/pdf)", []string{"pdf 1-5 false true true"}},
		{"/pdf, then /docx", []string{"pdf 0-4 false false true", "docx 11-16 true false false"}},
		{"é /日本", nil},
		{"é /pdf.", []string{"pdf 3-7 false false true"}},
		{"𐐀 “/pdf”", []string{"pdf 8-12 false true true"}},
		{"a/b /a/b x/foo 5/8 //foo /Foo /foo_bar https://x.test/pdf", nil},
		{"line\r\n/pdf\r\n", []string{"pdf 6-10 true false false"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range GestureCandidates(tt.text) {
			got = append(got, fmt.Sprintf("%s %d-%d %t %t %t", c.Name, c.Start, c.End, c.Injects, c.GlueBefore, c.GlueAfter))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("GestureCandidates(%q) = %q, want %q", tt.text, got, tt.want)
		}
		// The candidates that inject are exactly DSH's tokens.
		var injects []Token
		for _, c := range GestureCandidates(tt.text) {
			if c.Injects {
				injects = append(injects, c.Token)
			}
		}
		if tokens := GestureTokens(tt.text); !slices.Equal(injects, tokens) {
			t.Errorf("%q: injecting candidates %v, tokens %v", tt.text, injects, tokens)
		}
	}
}

func TestSigilTokens(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"use $pdf-tools now", []string{"pdf-tools 4-14"}},
		{"$pdf, and $docx.", []string{"pdf 0-4", "docx 10-15"}},
		{"cost $5 a$b $Foo $a--b é $ok", []string{"ok 26-29"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range SigilTokens(tt.text, '$') {
			got = append(got, fmt.Sprintf("%s %d-%d", tok.Name, tok.Start, tok.End))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("SigilTokens(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestTUITokens: the /skill:name tokens, where the chat completion offers
// them: after whitespace or the start, before whitespace or the end.
func TestTUITokens(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"/skill:pdf fill the form", []string{"pdf 0:10"}},
		{"text /skill:code-style\n/skill:x", []string{"code-style 5:22", "x 23:31"}},
		{"/skill: alone", nil},
		{"/skill:pdf. (/skill:pdf) a/skill:pdf /skill:Pdf /skill:a--b", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, tok := range TUITokens(tt.text) {
			got = append(got, fmt.Sprintf("%s %d:%d", tok.Name, tok.Start, tok.End))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("TUITokens(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
