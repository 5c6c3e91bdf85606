package render

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills/spans"
)

func TestTokenAt(t *testing.T) {
	tests := []struct {
		text   string
		off    int
		ok     bool
		name   string
		prefix string
		tui    bool
	}{
		{"/pd", 3, true, "pd", "pd", false},
		{"run /pdf-tools now", 7, true, "pdf-tools", "pd", false},
		{"é /x", len("é /x"), true, "x", "x", false},
		{"a/b", 3, false, "", "", false},
		{"/skill:pd", 9, true, "pd", "pd", true},
		{"/ski", 4, true, "ski", "ski", false},
		{"x /", 3, true, "", "", false},
		{"nothing", 3, false, "", "", false},
		{"\u3000/a", len("\u3000/a"), true, "a", "a", false},
	}
	for _, tt := range tests {
		tok, ok := TokenAt(tt.text, tt.off)
		if ok != tt.ok || ok && (tok.Name != tt.name || tok.Prefix != tt.prefix || tok.TUI != tt.tui) {
			t.Errorf("TokenAt(%q, %d) = %+v, %v; want name %q prefix %q tui %v ok %v", tt.text, tt.off, tok, ok, tt.name, tt.prefix, tt.tui, tt.ok)
		}
	}
}

func TestNameRefs(t *testing.T) {
	text := "/skill:pdf go\nuse /pdf and /pdf, and /pdf-x and é /pdf\n"
	got := NameRefs(text, "pdf")
	want := []spans.Span{{Start: 7, End: 10}}
	for _, prefix := range []string{"use /", "é /"} {
		i := indexAfter(text, prefix)
		want = append(want, spans.Span{Start: i, End: i + 3})
	}
	if len(got) != len(want) {
		t.Fatalf("NameRefs = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ref %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func indexAfter(s, prefix string) int {
	for i := 0; i+len(prefix) <= len(s); i++ {
		if s[i:i+len(prefix)] == prefix {
			return i + len(prefix)
		}
	}
	return -1
}
