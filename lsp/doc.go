// Package lsp is skill-ls's language server: with its session
// (lsp/session) the only code that imports go.lsp.dev/{protocol,jsonrpc2,uri}.
// [Serve] runs one server over an io.ReadWriteCloser with a replacement for
// go.lsp.dev's stock handler chain (calls async, cancellable and panic-safe
// with proper error codes; notifications inline, in wire order, never
// fatal; see docs/server.md, Handler chain).
//
// This package holds the handlers, one file per LSP feature (hover.go,
// completion.go, definition.go, references.go, rename.go, codeaction.go,
// codelens.go, symbols.go, inlayhint.go, commands.go, ...), the lifecycle
// (server.go) and the wire (serve.go, handler.go, stream.go,
// backpressure.go, log.go). Handlers are thin: a notification becomes a
// session.Modification given to Session.Modify (sync.go, server.go); a
// request reads one immutable session.Snapshot (features.go) and delegates
// to the skills, diagnostics and render packages. Everything that holds
// state — documents, settings, folders, views, the diagnostics scheduler,
// publishing — is the session's (lsp/session), which never imports this
// package (TestImportGraph); the session names handlers may use are
// listed in TestSessionAPI.
package lsp
