package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
)

// Text synchronisation (full sync). These run inline on the read loop, in
// wire order: they only update state and schedule work.

// DidOpen records the buffer and sends it down the mutation path.
func (s *server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	td := p.TextDocument
	key := docKey(td.URI)
	s.mu.Lock()
	d := &document{
		uri:        td.URI,
		key:        key,
		languageID: string(td.LanguageID),
		version:    td.Version,
		text:       []byte(td.Text),
	}
	d.chat = s.settings.isChat(d.languageID, key)
	s.docs[key] = d
	s.mu.Unlock()
	s.docChanged(d, changeOpen)
	return nil
}

// DidChange replaces the buffer text (full sync) and sends it down the mutation path.
func (s *server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	key := docKey(p.TextDocument.URI)
	s.mu.Lock()
	d, ok := s.docs[key]
	if !ok {
		s.mu.Unlock()
		return fmt.Errorf("didChange for a document that is not open: %s", p.TextDocument.URI)
	}
	if p.TextDocument.Version <= d.version && d.version != 0 {
		s.mu.Unlock()
		return fmt.Errorf("didChange %s: version %d does not increase (have %d): ignored", p.TextDocument.URI, p.TextDocument.Version, d.version)
	}
	text := d.text
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			text = applyPartial(text, c) // full sync is advertised; tolerate ranged edits anyway
		}
	}
	nd := *d
	nd.version = p.TextDocument.Version
	nd.text = text
	s.docs[key] = &nd
	s.mu.Unlock()
	s.docChanged(&nd, changeEdit)
	return nil
}

// DidSave is a no-op beyond bookkeeping: the watcher sees the disk.
func (s *server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	key := docKey(p.TextDocument.URI)
	s.mu.Lock()
	d := s.docs[key]
	s.mu.Unlock()
	if d != nil {
		s.docChanged(d, changeSave)
	}
	return nil
}

// DidClose drops the buffer; the disk counts again.
func (s *server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	key := docKey(p.TextDocument.URI)
	s.mu.Lock()
	d, ok := s.docs[key]
	delete(s.docs, key)
	s.mu.Unlock()
	if ok {
		s.docChanged(d, changeClose)
	}
	return nil
}

// doc returns the open document for a URI, or nil.
func (s *server) doc(u uri.URI) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[docKey(u)]
}

// uriFor returns the URI to publish for a path: the client's own URI when
// the document is open, else the file URI.
func (s *server) uriFor(path string) uri.URI {
	s.mu.Lock()
	d := s.docs[path]
	s.mu.Unlock()
	if d != nil {
		return d.uri
	}
	return pathURI(path)
}

func (s *server) docByKey(key string) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[key]; d != nil {
		c := *d
		return &c
	}
	return nil
}

// applyPartial applies one ranged change (UTF-16 positions) to text.
func applyPartial(text []byte, c *protocol.TextDocumentContentChangePartial) []byte {
	sp := rangeSpan(skills.NewLineIndex(text), c.Range)
	out := make([]byte, 0, len(text)-sp.Len()+len(c.Text))
	out = append(out, text[:sp.Start]...)
	out = append(out, c.Text...)
	return append(out, text[sp.End:]...)
}

// DidChangeWatchedFiles feeds client-side file events through the same path
// as the server's own watcher (duplicates are harmless: Apply re-reads only
// changed bytes).
func (s *server) DidChangeWatchedFiles(ctx context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	e := s.engine()
	if e == nil {
		return nil
	}
	var cs []skills.Change
	for _, ev := range p.Changes {
		if path, err := uriPath(ev.URI); err == nil {
			cs = append(cs, skills.Change{Kind: skills.ChangeDisk, Path: path})
		}
	}
	if len(cs) > 0 {
		e.applyDisk(nil, cs)
	}
	return nil
}
