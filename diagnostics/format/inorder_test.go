package format

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestTextInOrder formats more files than one batch holds, two findings
// each, and checks that the text comes out in the diagnostics' order, each
// finding with its own file's line.
func TestTextInOrder(t *testing.T) {
	dir := t.TempDir()
	var ds []diagnostics.Diagnostic
	const files = formatBatch*2 + 7
	for i := range files {
		path := filepath.Join(dir, fmt.Sprintf("s%04d.md", i))
		src := fmt.Sprintf("---\nname: s%04d\n---\nline of file %d\n", i, i)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		body := strings.Index(src, "line")
		for k := range 2 {
			ds = append(ds, diagnostics.Diagnostic{Path: path, Span: spans.Span{Start: body + k, End: body + k + 1}, Severity: diagnostics.SeverityWarning, Code: "crlf", Message: fmt.Sprintf("finding %d.%d", i, k)})
		}
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: discovery.SourceCustom.Rank()}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Text(&out, ds, snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	at := 0
	for i := range files {
		for k := range 2 {
			want := fmt.Sprintf("s%04d.md:4:%d: warning: finding %d.%d [crlf]\n  |\n4 | line of file %d\n", i, k+1, i, k, i)
			j := strings.Index(text[at:], want)
			if j < 0 {
				t.Fatalf("finding %d.%d missing or out of order after byte %d; want %q", i, k, at, want)
			}
			at += j + len(want)
		}
	}
}
