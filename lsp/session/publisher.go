package session

// publisher.go: the narrow way out from the background work (discovery, the
// diagnostics scheduler) to the client, and its implementation over the
// protocol connection.

import (
	"context"
	"log/slog"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// publisher is all the diagnostics scheduler and the discovery know of the
// client: they publish converted diagnostics, clear them and report
// progress. Tests pass a fake.
type publisher interface {
	// Publish sends diags for u (with the document version, when open)
	// unless they are what u last received. diags is lent: publish keeps
	// nothing of it once it returns (the scheduler reuses the memory).
	Publish(u uri.URI, version *int32, diags []protocol.Diagnostic)
	// Clear publishes [] for u.
	Clear(u uri.URI)
	// ClearExcept publishes [] for every URI with diagnostics not in keep.
	ClearExcept(keep map[uri.URI]bool)
	// BeginProgress starts a work-done progress (a no-op when the client
	// does not support it). It may send a request to the client: never
	// call it on the read loop.
	BeginProgress(ctx context.Context, title, message string) workProgress
	// RefreshCodeLenses asks the client to request its code lenses again
	// (workspace/codeLens/refresh; a no-op when the client does not
	// support it). It does not wait for the answer.
	RefreshCodeLenses()
	// RefreshInlayHints asks the same for inlay hints
	// (workspace/inlayHint/refresh), which show hidden characters only
	// where their rule is on: new settings may turn rules on or off.
	RefreshInlayHints()
}

// setPublisher is the publisher of one view set's scheduler: once the set
// is stopped, it publishes no more diagnostics. A replaced set's loop may
// be diagnosing a file from the old views when the new set starts; its
// result, sent after the new set's, would stay on the client.
type setPublisher struct {
	publisher
	mu      sync.Mutex // guards stopped and the additions to sending
	stopped bool
	sending sync.WaitGroup // the publishes under way
}

// begin reports whether a publish may go out, counting it in sending.
func (p *setPublisher) begin() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.stopped {
		p.sending.Add(1)
	}
	return !p.stopped
}

func (p *setPublisher) Publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	if p.begin() {
		defer p.sending.Done()
		p.publisher.Publish(u, version, diags)
	}
}

func (p *setPublisher) Clear(u uri.URI) { p.Publish(u, nil, nil) }

func (p *setPublisher) ClearExcept(keep map[uri.URI]bool) {
	if p.begin() {
		defer p.sending.Done()
		p.publisher.ClearExcept(keep)
	}
}

// stop makes the publisher drop what it is given from now on; it returns
// once the publishes under way are out.
func (p *setPublisher) stop() {
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
	p.sending.Wait()
}

// Outbox sends what the server tells the client outside replies:
// diagnostics, progress, messages and the file-watch registration. It
// outlives view rebuilds, so a rebuild can clear what older views
// published.
type Outbox struct {
	client protocol.Client
	logger *slog.Logger
	bg     context.Context // Serve's ctx
	wg     *sync.WaitGroup // the server's background goroutines

	mu sync.Mutex // guards the fields below
	// caps is the client's capabilities and info its name and version
	// (set by initialize): the one record of them, which the handlers
	// read too (ClientInfo).
	caps protocol.ClientCapabilities
	info protocol.ClientInfo
	// shown de-duplicates showMessage problems.
	shown map[string]bool
	// progressSeq numbers progress tokens.
	progressSeq int

	// notify, when set, sends a notification whose parameters are
	// already encoded (jsonrpc2.RawMessage) on the connection; without
	// it (tests' clients) diagnostics go through client.
	Notify func(ctx context.Context, method string, params any) error

	pubMu sync.Mutex         // guards the fields below and orders publishes
	hash  map[uri.URI]uint64 // last published content hash, per URI
	live  map[uri.URI]bool   // URIs whose last publish was non-empty
	body  []byte             // the last publish's encoded parameters, reused
}

func NewOutbox(bg context.Context, client protocol.Client, logger *slog.Logger, wg *sync.WaitGroup) *Outbox {
	return &Outbox{
		client: client, logger: logger, bg: bg, wg: wg,
		shown: map[string]bool{},
		hash:  map[uri.URI]uint64{},
		live:  map[uri.URI]bool{},
	}
}

// SetClient records the client's capabilities, name and version
// (initialize).
func (o *Outbox) SetClient(caps protocol.ClientCapabilities, info protocol.ClientInfo) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.caps, o.info = caps, info
}

// Client returns what SetClient recorded.
func (o *Outbox) Client() (protocol.ClientCapabilities, protocol.ClientInfo) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.caps, o.info
}

func (o *Outbox) capabilities() protocol.ClientCapabilities {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.caps
}

// Publish implements [publisher]. A clean document that was never
// published gets no [] at all (this keeps a 10,000-skill workspace quiet).
func (o *Outbox) Publish(u uri.URI, version *int32, diags []protocol.Diagnostic) {
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	p := protocol.PublishDiagnosticsParams{URI: u, Diagnostics: diags}
	if version != nil {
		p.Version = protocol.NewOptional(*version)
	}
	o.pubMu.Lock()
	// Sent under pubMu so that publishes for one URI leave in order.
	defer o.pubMu.Unlock()
	// The notification's parameters are encoded once, into memory kept
	// for the next publish: the hash that skips an unchanged publish and
	// the message sent are the same bytes.
	body, err := protocol.AppendMarshal(o.body[:0], &p)
	if err != nil {
		o.logger.Debug("publishDiagnostics failed", "uri", string(u), "err", err)
		return
	}
	o.body = body
	if cap(o.body) > maxKeptBody {
		o.body = nil
	}
	sum := fnv64a(body)
	last, seen := o.hash[u]
	o.hash[u] = sum
	if (seen && last == sum) || (!seen && len(diags) == 0 && version == nil) {
		return // unchanged, or clean and never published
	}
	if len(diags) > 0 {
		o.live[u] = true
	} else {
		delete(o.live, u)
	}
	if o.Notify != nil {
		err = o.Notify(o.bg, protocol.MethodTextDocumentPublishDiagnostics, jsonrpc2.RawMessage(body))
	} else {
		err = o.client.PublishDiagnostics(o.bg, &p)
	}
	if err != nil {
		o.logger.Debug("publishDiagnostics failed", "uri", string(u), "err", err)
	}
}

// maxKeptBody bounds the encoding memory an outbox keeps between
// publishes: a file with a thousand problems does not pin its megabyte.
const maxKeptBody = 256 << 10

// fnv64a is the 64-bit FNV-1a hash of b.
func fnv64a(b []byte) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, c := range b {
		h ^= uint64(c)
		h *= prime
	}
	return h
}

// Clear implements [publisher].
func (o *Outbox) Clear(u uri.URI) { o.Publish(u, nil, nil) }

// ClearExcept implements [publisher].
func (o *Outbox) ClearExcept(keep map[uri.URI]bool) {
	o.pubMu.Lock()
	var stale []uri.URI
	for u := range o.live {
		if !keep[u] {
			stale = append(stale, u)
		}
	}
	o.pubMu.Unlock()
	for _, u := range stale {
		o.Clear(u)
	}
}

// ShowProblems tells the user, once per distinct message, about something
// they must fix (a bad setting, an unreadable root).
func (o *Outbox) ShowProblems(problems []string) {
	for _, msg := range problems {
		o.logger.Warn(msg)
		o.mu.Lock()
		seen := o.shown[msg]
		o.shown[msg] = true
		o.mu.Unlock()
		if seen {
			continue
		}
		o.wg.Go(func() {
			o.client.ShowMessage(o.bg, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: "skill-ls: " + msg})
		})
	}
}

// Show tells the user msg, on a goroutine of its own (a handler must not
// wait for the client).
func (o *Outbox) Show(typ protocol.MessageType, msg string) {
	o.logger.Info(msg)
	o.wg.Go(func() {
		o.client.ShowMessage(o.bg, &protocol.ShowMessageParams{Type: typ, Message: msg})
	})
}

// RefreshInlayHints implements [publisher], like refreshCodeLenses.
func (o *Outbox) RefreshInlayHints() {
	caps := o.capabilities()
	if caps.Workspace == nil || caps.Workspace.InlayHint == nil || caps.Workspace.InlayHint.RefreshSupport == nil || !*caps.Workspace.InlayHint.RefreshSupport {
		return
	}
	o.wg.Go(func() {
		if err := o.client.InlayHintRefresh(o.bg); err != nil {
			o.logger.Debug("workspace/inlayHint/refresh failed", "err", err)
		}
	})
}

// RefreshCodeLenses implements [publisher], on a goroutine of its own: the
// request awaits the client's answer.
func (o *Outbox) RefreshCodeLenses() {
	caps := o.capabilities()
	if caps.Workspace == nil || caps.Workspace.CodeLens == nil || caps.Workspace.CodeLens.RefreshSupport == nil || !*caps.Workspace.CodeLens.RefreshSupport {
		return
	}
	o.wg.Go(func() {
		if err := o.client.CodeLensRefresh(o.bg); err != nil {
			o.logger.Debug("workspace/codeLens/refresh failed", "err", err)
		}
	})
}
