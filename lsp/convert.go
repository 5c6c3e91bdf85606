package lsp

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

// spanRange converts a byte span of the text indexed by idx to an LSP range.
func spanRange(idx *spans.LineIndex, sp spans.Span) protocol.Range {
	return protocol.Range{Start: offsetPosition(idx, sp.Start), End: offsetPosition(idx, sp.End)}
}

// offsetPosition converts a byte offset to an LSP (UTF-16) position.
func offsetPosition(idx *spans.LineIndex, off int) protocol.Position {
	l, c := idx.Position(off)
	return protocol.Position{Line: uint32(l), Character: uint32(c)}
}

// positionOffset converts an LSP position to a byte offset, clamping
// positions past the end of a line or of the text.
func positionOffset(idx *spans.LineIndex, p protocol.Position) int {
	return idx.Offset(clampInt(p.Line), clampInt(p.Character))
}

// rangeSpan converts an LSP range to a byte span (Start ≤ End).
func rangeSpan(idx *spans.LineIndex, r protocol.Range) spans.Span {
	s, e := positionOffset(idx, r.Start), positionOffset(idx, r.End)
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

// pathURI returns the file URI of an OS path.
func pathURI(p string) uri.URI { return uri.File(p) }

// uriPath returns the cleaned absolute OS path of a file URI. Any other
// scheme (untitled:, vscode-notebook-cell:, …) is an InvalidParams error.
func uriPath(u uri.URI) (string, error) {
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

// docKey returns the key documents are tracked under: the cleaned path for
// file URIs, the URI itself otherwise (chat buffers may be untitled:).
func docKey(u uri.URI) string {
	if p, err := uriPath(u); err == nil {
		return p
	}
	return string(u)
}

// mustAny marshals v for an LSPAny field.
func mustAny(v any) protocol.LSPAny {
	b, err := protocol.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("marshal %T: %v", v, err))
	}
	return protocol.LSPAny(b)
}
