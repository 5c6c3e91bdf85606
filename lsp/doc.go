// Package lsp is skill-ls's language server: the only package that imports
// go.lsp.dev/{protocol,jsonrpc2,uri}. [Serve] runs one session over an
// io.ReadWriteCloser with a replacement for go.lsp.dev's stock handler chain
// (calls async, cancellable and panic-safe with proper error codes;
// notifications inline, in wire order, never fatal; see
// shared/design/lsp-notes.md). Handlers are thin: they read one immutable
// skills.Snapshot and delegate to the skills, diagnostics and render
// packages; convert.go is the one place that knows about UTF-16 positions
// and URIs.
package lsp
