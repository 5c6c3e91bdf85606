package lsp

import (
	"context"
	"fmt"
	"hash/fnv"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
)

// publisher state lives on the server (it outlives engine rebuilds, so a
// rebuild can clear what an older engine published).
type pubState struct {
	hash map[uri.URI]uint64 // last published content hash, per URI
	live map[uri.URI]bool   // URIs whose last publish was non-empty
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

// publishFile publishes the diagnostics of a skill file from snap, with the
// overlay's version when the file is open. It returns the URI used.
func (s *server) publishFile(snap *skills.Snapshot, f *skills.File, ds []diagnostics.Diagnostic) uri.URI {
	u := s.uriFor(f.Path)
	var version *int32
	if o, ok := snap.Overlay(f.Path); ok {
		version = ptr(o.Version)
	}
	s.publish(u, version, ds, f.Lines(), snap)
	return u
}

// publish converts and sends diagnostics unless the same content was the
// last thing published for u.
// maxPublished bounds the diagnostics published for one document: a huge
// chat buffer can hold 100,000 unknown /name tokens, and no editor needs a
// 30 MB notification to show them.
const maxPublished = 500

func (s *server) publish(u uri.URI, version *int32, ds []diagnostics.Diagnostic, idx *skills.LineIndex, snap *skills.Snapshot) {
	total := len(ds)
	if total > maxPublished {
		ds = ds[:maxPublished]
	}
	out := make([]protocol.Diagnostic, 0, len(ds)+1)
	for _, d := range ds {
		out = append(out, toProtocolDiagnostic(d, idx, snap, s))
	}
	if total > maxPublished {
		out = append(out, protocol.Diagnostic{
			Range:    out[len(out)-1].Range,
			Severity: protocol.DiagnosticSeverityInformation,
			Source:   protocol.NewOptional("skill-ls"),
			Message:  protocol.String(fmt.Sprintf("skill-ls shows the first %d of %d problems in this file", maxPublished, total)),
		})
	}
	h := fnv.New64a()
	if version != nil {
		fmt.Fprintf(h, "v%d;", *version)
	}
	b, _ := protocol.Marshal(out)
	h.Write(b)
	sum := h.Sum64()
	s.pubMu.Lock()
	if s.pub.hash == nil {
		s.pub = pubState{hash: map[uri.URI]uint64{}, live: map[uri.URI]bool{}}
	}
	last, seen := s.pub.hash[u]
	if (seen && last == sum) || (!seen && len(out) == 0 && version == nil) {
		// Unchanged, or clean and never published (a clean closed file
		// needs no [] at all: this keeps a 10,000-skill workspace quiet).
		s.pub.hash[u] = sum
		s.pubMu.Unlock()
		return
	}
	s.pub.hash[u] = sum
	if len(out) > 0 {
		s.pub.live[u] = true
	} else {
		delete(s.pub.live, u)
	}
	// Sent under pubMu so that publishes for one URI leave in order.
	defer s.pubMu.Unlock()
	p := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: out}
	if version != nil {
		p.Version = protocol.NewOptional(*version)
	}
	if err := s.client.PublishDiagnostics(s.bg, p); err != nil {
		s.logger.Debug("publishDiagnostics failed", "uri", string(u), "err", err)
	}
}

// clearDiagnostics publishes [] for u.
func (s *server) clearDiagnostics(u uri.URI) {
	s.publish(u, nil, nil, nil, nil)
}

// clearExcept publishes [] for every URI with live diagnostics not in keep.
func (s *server) clearExcept(keep map[uri.URI]bool) {
	s.pubMu.Lock()
	var stale []uri.URI
	for u := range s.pub.live {
		if !keep[u] {
			stale = append(stale, u)
		}
	}
	s.pubMu.Unlock()
	for _, u := range stale {
		s.clearDiagnostics(u)
	}
}

// toProtocolDiagnostic converts one diagnostic; related locations in other
// files use their own line index from snap.
func toProtocolDiagnostic(d diagnostics.Diagnostic, idx *skills.LineIndex, snap *skills.Snapshot, s *server) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:    spanRange(idx, d.Span),
		Severity: severity(d.Severity),
		Code:     protocol.String(d.Code),
		Source:   protocol.NewOptional("skill-ls"),
		Message:  protocol.String(d.Message),
	}
	if d.Code != "" && diagnostics.Lookup(d.Code) != nil {
		pd.CodeDescription = protocol.CodeDescription{Href: uri.URI(diagnostics.DocURL(d.Code))}
	}
	for _, r := range d.Related {
		ridx := skills.NewLineIndex(nil)
		if snap != nil {
			if f := snap.File(r.Path); f != nil {
				ridx = f.Lines()
			}
		}
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: s.uriFor(r.Path), Range: spanRange(ridx, r.Span)},
			Message:  r.Message,
		})
	}
	return pd
}

// severity maps a rule severity to LSP (the numbering is the same).
func severity(sev diagnostics.Severity) protocol.DiagnosticSeverity {
	switch sev {
	case diagnostics.SeverityError:
		return protocol.DiagnosticSeverityError
	case diagnostics.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	case diagnostics.SeverityInfo:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityHint
}

// beginProgress starts a work-done progress (when the client supports it)
// and returns the function that ends it. It issues server→client requests:
// never call it on the read loop.
func (s *server) beginProgress(ctx context.Context, title, message string) (end func(msg string)) {
	s.mu.Lock()
	ok := s.caps.Window != nil && s.caps.Window.WorkDoneProgress != nil && *s.caps.Window.WorkDoneProgress
	s.progressSeq++
	token := protocol.String(fmt.Sprintf("skill-ls/discovery/%d", s.progressSeq))
	s.mu.Unlock()
	if !ok {
		return func(string) {}
	}
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil {
		s.logger.Debug("workDoneProgress/create failed", "err", err)
		return func(string) {}
	}
	s.mu.Lock()
	s.progressToken = token
	s.mu.Unlock()
	s.client.Progress(ctx, &protocol.ProgressParams{Token: token, Value: mustAny(protocol.WorkDoneProgressBegin{
		Kind: "begin", Title: title, Message: ptr(message), Percentage: ptr(uint32(0)),
	})})
	return func(msg string) {
		s.mu.Lock()
		if s.progressToken == token {
			s.progressToken = nil
		}
		s.mu.Unlock()
		s.client.Progress(context.WithoutCancel(ctx), &protocol.ProgressParams{Token: token, Value: mustAny(protocol.WorkDoneProgressEnd{Kind: "end", Message: ptr(msg)})})
	}
}

func (s *server) reportProgress(ctx context.Context, msg string, pct uint32) {
	s.mu.Lock()
	token := s.progressToken
	s.mu.Unlock()
	if token == nil {
		return
	}
	s.client.Progress(ctx, &protocol.ProgressParams{Token: token, Value: mustAny(protocol.WorkDoneProgressReport{Kind: "report", Message: ptr(msg), Percentage: ptr(pct)})})
}
