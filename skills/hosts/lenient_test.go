package hosts

import (
	"runtime"
	"strings"
	"testing"
)

// TestLineFields: Claude Code's line reader keeps a key's first value
// (the one a lookup finds), joins the non-blank indented lines that follow
// it, and ignores those that follow a repeated key.
func TestLineFields(t *testing.T) {
	doc := claudeLineFields("name: a\ndescription: one\n  two\n   \n\tthree\nname: b\n  four\ndescription: c\nx:\n  y\n")
	for key, want := range map[string]string{"name": "a", "description": "one two three", "x": "y"} {
		if f := doc.field(key); f == nil || f.Value.Str != want {
			t.Errorf("%s = %+v, want %q", key, f, want)
		}
	}
	if len(doc.fields) != 3 {
		t.Errorf("%d fields, want 3", len(doc.fields))
	}
}

// TestLenientReadersBounded: the readers hosts fall back to when the YAML
// fails cost bytes in proportion to the frontmatter, however many lines
// repeat a key or continue a value (a field per line, a value built again
// per line, a string per line before).
func TestLenientReadersBounded(t *testing.T) {
	keys := strings.Repeat("a:\n", 100000)
	continued := "k: v\n" + strings.Repeat("  a\n", 20000)
	for _, tc := range []struct {
		name    string
		read    func(string)
		text    string
		perByte uint64 // bytes allocated per byte of text, at most
	}{
		{"claude repeated keys", func(s string) { claudeLineFields(s) }, keys, 1},
		{"claude continued value", func(s string) { claudeLineFields(s) }, continued, 32},
		{"opencode repeated keys", func(s string) { opencodeFallback(s) }, keys, 1},
		{"opencode continued text", func(s string) { opencodeFallback(s) }, continued, 1},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tc.read(tc.text)
		runtime.ReadMemStats(&after)
		if b := after.TotalAlloc - before.TotalAlloc; b > tc.perByte*uint64(len(tc.text)) {
			t.Errorf("%s: %d bytes for %d of text, want at most %d per byte", tc.name, b, len(tc.text), tc.perByte)
		}
	}
	if v := claudeLineFields(continued).field("k").Value.Str; v != "v"+strings.Repeat(" a", 20000) {
		t.Errorf("continued value of %d bytes, want %d", len(v), 1+2*20000)
	}
}
