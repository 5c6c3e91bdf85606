// Package lsp is skill-ls's language server: the only package that imports
// go.lsp.dev/{protocol,jsonrpc2,uri}. [Serve] runs one session over an
// io.ReadWriteCloser with a replacement for go.lsp.dev's stock handler chain
// (calls async, cancellable and panic-safe with proper error codes;
// notifications inline, in wire order, never fatal; see docs/server.md,
// Handler chain).
//
// One object owns the editor state: the session (state.go) holds the open
// documents, the settings and folders, and the views (views.go, one
// skills.Workspace per workspace folder). Every change — editor
// notifications, watcher batches, the end of discovery, settings and
// folders — is a modification (changes.go) applied by session.modify.
// Handlers are thin: they read one immutable snapshot of the session
// (snapshot.go) and delegate to the skills, diagnostics and render
// packages. The diagnostics scheduler (scheduler.go, diagnose.go) reaches
// the client only through a publisher (publisher.go). convert.go is the
// one place that knows about UTF-16 positions and URIs.
package lsp
