package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skills"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// Text synchronisation (full sync) and watched files. These run inline on
// the read loop, in wire order: each turns its message into a
// modification of the session, which schedules the work.

// DidOpen records the buffer.
func (s *server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	td := p.TextDocument
	return s.sess.Modify(session.OpenDoc{URI: td.URI, LanguageID: string(td.LanguageID), Version: td.Version, Text: []byte(td.Text)})
}

// DidChange replaces the buffer text (full sync).
func (s *server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	return s.sess.Modify(session.EditDoc{URI: p.TextDocument.URI, Version: p.TextDocument.Version, Changes: p.ContentChanges})
}

// DidSave is a no-op beyond bookkeeping: the watcher sees the disk.
func (s *server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	return s.sess.Modify(session.SaveDoc{URI: p.TextDocument.URI})
}

// DidClose drops the buffer; the disk counts again.
func (s *server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	return s.sess.Modify(session.CloseDoc{URI: p.TextDocument.URI})
}

// DidChangeWatchedFiles feeds client-side file events through the same path
// as the server's own watcher (duplicates are harmless: Apply re-reads only
// changed bytes).
func (s *server) DidChangeWatchedFiles(ctx context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	var cs []skills.Change
	for _, ev := range p.Changes {
		if path, err := session.URIPath(ev.URI); err == nil {
			cs = append(cs, skills.Change{Kind: skills.ChangeDisk, Path: path})
		}
	}
	if len(cs) == 0 {
		return nil
	}
	// Off the read loop, as the watcher's batches are: the views read the
	// disk, and the requests after this notification need not wait.
	s.wg.Go(func() {
		if err := s.sess.Modify(session.DiskChanged{Changes: cs}); err != nil {
			s.logger.Warn("didChangeWatchedFiles", "err", err)
		}
	})
	return nil
}
