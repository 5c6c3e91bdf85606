package session

// convert.go is the one place that knows about UTF-16 positions and URIs:
// everything outside it works in byte spans ([skills.Span]) and OS paths.

import (
	"fmt"
	"path/filepath"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// SpanRange converts a byte span of the text indexed by idx to an LSP range.
func SpanRange(idx *spans.LineIndex, sp spans.Span) protocol.Range {
	return protocol.Range{Start: OffsetPosition(idx, sp.Start), End: OffsetPosition(idx, sp.End)}
}

// OffsetPosition converts a byte offset to an LSP (UTF-16) position.
func OffsetPosition(idx *spans.LineIndex, off int) protocol.Position {
	l, c := idx.Position(off)
	return protocol.Position{Line: uint32(l), Character: uint32(c)}
}

// PositionOffset converts an LSP position to a byte offset, clamping
// positions past the end of a line or of the text.
func PositionOffset(idx *spans.LineIndex, p protocol.Position) int {
	return idx.Offset(clampInt(p.Line), clampInt(p.Character))
}

// RangeSpan converts an LSP range to a byte span (Start ≤ End).
func RangeSpan(idx *spans.LineIndex, r protocol.Range) spans.Span {
	s, e := PositionOffset(idx, r.Start), PositionOffset(idx, r.End)
	if e < s {
		s, e = e, s
	}
	return spans.Span{Start: s, End: e}
}

func clampInt(v uint32) int {
	if uint64(v) > uint64(^uint(0)>>1) {
		return int(^uint(0) >> 1)
	}
	return int(v)
}

// PathURI returns the file URI of an OS path.
func PathURI(p string) uri.URI { return uri.File(p) }

// URIPath returns the cleaned absolute OS path of a file URI. Any other
// scheme (untitled:, vscode-notebook-cell:, …) is an InvalidParams error.
func URIPath(u uri.URI) (string, error) {
	if u == "" {
		return "", jsonrpc2.NewError(jsonrpc2.InvalidParams, "empty document URI")
	}
	if !u.IsFile() {
		return "", jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("not a file URI: %s", u))
	}
	p := u.FsPath()
	if p == "" {
		return "", jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("no path in URI: %s", u))
	}
	return filepath.Clean(p), nil
}

// DocKey returns the key documents are tracked under: the cleaned path for
// file URIs, the URI itself otherwise (chat buffers may be untitled:).
func DocKey(u uri.URI) string {
	if p, err := URIPath(u); err == nil {
		return p
	}
	return string(u)
}

// MustAny marshals v for an LSPAny field.
func MustAny(v any) protocol.LSPAny {
	b, err := protocol.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("marshal %T: %v", v, err))
	}
	return protocol.LSPAny(b)
}
