package lsp

import (
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

func TestSpanRange(t *testing.T) {
	src := []byte("é😀 TODO\r\n名前: 𐐀x\nlast")
	idx := spans.NewLineIndex(src)
	tests := []struct {
		name string
		sp   spans.Span
		want protocol.Range
	}{
		{"after emoji", spans.Span{Start: 7, End: 11}, protocol.Range{Start: protocol.Position{Line: 0, Character: 4}, End: protocol.Position{Line: 0, Character: 8}}},
		{"surrogate on line 2", spans.Span{Start: 21, End: 25}, protocol.Range{Start: protocol.Position{Line: 1, Character: 4}, End: protocol.Position{Line: 1, Character: 6}}},
		{"last line", spans.Span{Start: 27, End: 31}, protocol.Range{Start: protocol.Position{Line: 2, Character: 0}, End: protocol.Position{Line: 2, Character: 4}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := session.SpanRange(idx, tt.sp); got != tt.want {
				t.Errorf("spanRange(%v) = %v, want %v", tt.sp, got, tt.want)
			}
			if got := session.RangeSpan(idx, tt.want); got != tt.sp {
				t.Errorf("rangeSpan(%v) = %v, want %v", tt.want, got, tt.sp)
			}
		})
	}
	// Out-of-range positions clamp.
	if got := session.PositionOffset(idx, protocol.Position{Line: 99, Character: 99}); got != len(src) {
		t.Errorf("past EOF = %d", got)
	}
	if got := session.PositionOffset(idx, protocol.Position{Line: 0, Character: 1 << 31}); got != 11 {
		t.Errorf("past EOL = %d, want 11", got)
	}
}

func TestURIPath(t *testing.T) {
	p, err := session.URIPath(uri.File("/tmp/a b/é/SKILL.md"))
	if err != nil || p != "/tmp/a b/é/SKILL.md" {
		t.Errorf("uriPath = %q, %v", p, err)
	}
	if p, err := session.URIPath("file:///tmp/x/../y/SKILL.md"); err != nil || p != "/tmp/y/SKILL.md" {
		t.Errorf("uriPath not cleaned: %q, %v", p, err)
	}
	for _, u := range []uri.URI{"", "untitled:Untitled-1", "https://example.com/x"} {
		if _, err := session.URIPath(u); errCode(err) != jsonrpc2.InvalidParams {
			t.Errorf("uriPath(%q) err = %v, want InvalidParams", u, err)
		}
	}
	if got := session.DocKey("untitled:Untitled-1"); got != "untitled:Untitled-1" {
		t.Errorf("docKey = %q", got)
	}
	if got := session.PathURI("/tmp/a b"); got != "file:///tmp/a%20b" {
		t.Errorf("pathURI = %q", got)
	}
}
