package format

import (
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skill-ls/skill-ls/skills/spans"
)

func TestSnippet(t *testing.T) {
	long := "description: " + strings.Repeat("word ", 40) + "Use when: x " + strings.Repeat("more ", 20)
	tests := []struct {
		name, src, at string // at: the span's text, found in src
		want          string
	}{
		{"plain", "---\nname: pdf\ndescription: Deploy things: fast\n---\n", "Deploy things: fast",
			"  |\n3 | description: Deploy things: fast\n  |              ^^^^^^^^^^^^^^^^^^^\n"},
		{"CRLF", "---\r\nname: a b\r\n---\r\n", "a b",
			"  |\n2 | name: a b\n  |       ^^^\n"},
		// A tab shows as four spaces, and the carets follow.
		{"tab", "metadata:\n\tkey: v\n", "key",
			"  |\n2 |     key: v\n  |     ^^^\n"},
		// Wide characters take two columns.
		{"wide", "name: 日本語 x\n", "x",
			"  |\n1 | name: 日本語 x\n  |              ^\n"},
		// An escape sequence in the text is escaped, the carets under it.
		{"escape", "description: \x1b[8mhidden\n", "\x1b[8m",
			"  |\n1 | description: \\033[8mhidden\n  |              ^^^^^^^\n"},
		{"bidi", "name: a\u202eb\n", "b",
			"  |\n1 | name: a\\342\\200\\256b\n  |                    ^\n"},
		// An empty span at the end of the line gets one caret after it.
		{"empty at end", "name:\n", "",
			"  |\n1 | name:\n  |      ^\n"},
		// A span that goes on to the next lines is marked to the end of
		// its first line.
		{"multi-line", "key: [a,\n  b]\n", "[a,\n  b]",
			"  |\n1 | key: [a,\n  |      ^^^\n"},
		// A long line is cut around the span: 30 columns before it, 100
		// in all.
		{"long", long, "Use when: x",
			"  |\n1 | …" + strings.Repeat("word ", 6) + "Use when: x " + strings.Repeat("more ", 11) + "mor…\n" +
				"  | " + strings.Repeat(" ", 31) + "^^^^^^^^^^^\n"},
		{"line 10", strings.Repeat("\n", 9) + "name: x\n", "x",
			"   |\n10 | name: x\n   |       ^\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := spans.NewLineIndex([]byte(tt.src))
			start := strings.Index(tt.src, tt.at)
			if tt.at == "" {
				start = strings.Index(tt.src, "\n")
			}
			got := string(appendSnippet(nil, x, spans.Span{Start: start, End: start + len(tt.at)}, painter{}, "error", new([]cell)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
				checkInert(t, line)
			}
		})
	}
}

func TestSnippetColor(t *testing.T) {
	x := spans.NewLineIndex([]byte("name: x\n"))
	got := string(appendSnippet(nil, x, spans.Span{Start: 6, End: 7}, painter{on: true}, "warning", new([]cell)))
	want := "\x1b[1;34m  |\x1b[0m\n\x1b[1;34m1 |\x1b[0m name: x\n\x1b[1;34m  |\x1b[0m       \x1b[1;33m^\x1b[0m\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// FuzzSnippet shows any span of any text: the snippet is three inert lines,
// with the carets on the last.
func FuzzSnippet(f *testing.F) {
	f.Add("name: x\n", 6, 7)
	f.Add("a\tb\x1b[8m日\u202e\xe9\r\nnext", 2, 40)
	f.Add("", 0, 0)
	f.Add(strings.Repeat("é日\t", 900)+"\n", 2501, 2600) // clipped to snippetBytes around the span
	f.Fuzz(func(t *testing.T, src string, start, end int) {
		x := spans.NewLineIndex([]byte(src))
		got := string(appendSnippet(nil, x, spans.Span{Start: start, End: end}, painter{}, "error", new([]cell)))
		lines := strings.Split(got, "\n")
		if len(lines) != 4 || lines[3] != "" || !strings.HasSuffix(lines[2], "^") {
			t.Fatalf("snippet of %q [%d,%d) = %q", src, start, end, got)
		}
		for _, line := range lines {
			checkInert(t, line)
		}
	})
}

// TestSnippetOfHugeLine: a finding on a line of 4 MiB shows a window of it
// with ellipses, the carets under the span, and decodes no more of the
// line than the window needs (a cell per byte cost 128 MB a finding).
func TestSnippetOfHugeLine(t *testing.T) {
	src := []byte("x: " + strings.Repeat("a [", (4<<20)/3) + "\n")
	x := spans.NewLineIndex(src)
	at := len(src) / 2
	var got []byte
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got = appendSnippet(nil, x, spans.Span{Start: at, End: at + 1}, painter{}, "warning", new([]cell))
	runtime.ReadMemStats(&after)
	lines := strings.Split(string(got), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[1], "1 | …") || !strings.HasSuffix(lines[1], "…") || !strings.HasSuffix(lines[2], "^") {
		t.Errorf("snippet = %q", got)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("the snippet of one span allocated %d bytes", n)
	}
}
