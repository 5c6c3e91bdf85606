package lsp

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// The commands of docs/server.md.
const (
	cmdPreviewCatalog    = "skill-ls.previewCatalog"
	cmdPreviewSkill      = "skill-ls.previewSkill"
	cmdPreviewInvocation = "skill-ls.previewInvocation"
	cmdListSkills        = "skill-ls.listSkills"
)

var commands = []string{cmdPreviewCatalog, cmdPreviewSkill, cmdPreviewInvocation, cmdListSkills, cmdDocumentInfo, cmdListTable, cmdSkillAt}

type lifecycle int

const (
	stateNew          lifecycle = iota // before initialize
	stateInitializing                  // initialize received
	stateShutdown                      // shutdown received
)

// server implements protocol.Server. Handlers are thin: they send changes
// to the session (modify), or read one snapshot of it and delegate to
// skills, diagnostics and render.
type server struct {
	protocol.UnimplementedServer

	client protocol.Client
	logger *slog.Logger
	opts   session.Options
	bg     context.Context  // Serve's ctx: background work
	exit   chan int         // Exit sends the process exit code here
	wg     sync.WaitGroup   // background goroutines
	calls  *inflight        // running calls and unsent messages (backpressure.go)
	out    *session.Outbox  // diagnostics, progress and messages to the client
	sess   *session.Session // the editor state: documents, settings, folders, views
	// buildMatrix makes the hosts' matrix of a view (nil:
	// diagnostics.HostMatrix); tests count its calls.
	buildMatrix session.MatrixBuilder

	mu sync.Mutex // guards the fields below
	// state is the lifecycle stage.
	state lifecycle
	// initOptions is the raw initializationOptions (settings base).
	initOptions []byte
}

func newServer(bg context.Context, client protocol.Client, logger *slog.Logger, opts session.Options) *server {
	s := &server{
		client: client,
		logger: logger,
		opts:   opts,
		bg:     bg,
		exit:   make(chan int, 1),
		calls:  new(inflight),
	}
	s.out = session.NewOutbox(bg, client, logger, &s.wg)
	s.sess = session.NewSession(bg, logger, opts, &s.wg, s.out, s.out, s.effective(session.DefaultSettings()))
	return s
}

// effective applies the Options that override settings (the tests' delay).
func (s *server) effective(settings session.Settings) session.Settings {
	if s.opts.DiagnosticsDelay != nil {
		settings.DiagnosticsDelay = *s.opts.DiagnosticsDelay
	}
	return settings
}

// gate enforces the lifecycle for every incoming message (called by the
// handler chain before dispatch).
func (s *server) gate(method string, isCall bool) error {
	if method == protocol.MethodExit {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case stateNew:
		if method == protocol.MethodInitialize {
			s.state = stateInitializing
			return nil
		}
		if isCall {
			return jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, fmt.Sprintf("%s before initialize", method))
		}
		return fmt.Errorf("%s before initialize: ignored", method)
	case stateInitializing:
		if method == protocol.MethodInitialize {
			return jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize sent twice")
		}
		return nil
	default: // stateShutdown
		if isCall {
			return jsonrpc2.NewError(jsonrpc2.InvalidRequest, fmt.Sprintf("%s after shutdown", method))
		}
		return fmt.Errorf("%s after shutdown: ignored", method)
	}
}

func (s *server) isShutdown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state == stateShutdown
}

// stop cancels background work (idempotent); wait joins it.
func (s *server) stop() { s.sess.Stop() }

func (s *server) wait() { s.wg.Wait() }

// --- Lifecycle ---

// Initialize handles initialize: capabilities, settings and workspace folders.
func (s *server) Initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	s.mu.Lock()
	s.initOptions = slices.Clone([]byte(p.InitializationOptions))
	s.mu.Unlock()
	s.out.SetClient(p.Capabilities, p.ClientInfo)
	settings, problems := session.ParseSettings(session.DefaultSettings(), p.InitializationOptions, false, s.homeDir())
	settings = s.effective(settings)
	s.sess.Modify(session.Configure{Settings: &settings, Folders: initialFolders(p)})
	s.out.ShowProblems(problems)

	version := s.opts.Version
	if version == "" {
		version = "devel"
	}
	res := &protocol.InitializeResult{
		Capabilities: serverCapabilities(),
		ServerInfo:   protocol.ServerInfo{Name: "skill-ls", Version: protocol.NewOptional(version)},
	}
	return res, nil
}

func serverCapabilities() protocol.ServerCapabilities {
	full := protocol.TextDocumentSyncKindFull
	return protocol.ServerCapabilities{
		PositionEncoding: protocol.PositionEncodingKindUTF16,
		TextDocumentSync: &protocol.TextDocumentSyncOptions{
			OpenClose: ptr(true),
			Change:    &full,
			Save:      &protocol.SaveOptions{IncludeText: ptr(false)},
		},
		CompletionProvider:     &protocol.CompletionOptions{TriggerCharacters: []string{"/", ":", "$"}},
		HoverProvider:          protocol.Boolean(true),
		DefinitionProvider:     protocol.Boolean(true),
		ReferencesProvider:     protocol.Boolean(true),
		RenameProvider:         &protocol.RenameOptions{PrepareProvider: ptr(true)},
		DocumentSymbolProvider: protocol.Boolean(true),
		DocumentLinkProvider:   &protocol.DocumentLinkOptions{},
		CodeActionProvider: &protocol.CodeActionOptions{
			CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix},
		},
		CodeLensProvider:       &protocol.CodeLensOptions{},
		InlayHintProvider:      &protocol.InlayHintOptions{},
		ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: slices.Clone(commands)},
		Workspace: &protocol.WorkspaceOptions{
			WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
				Supported:           ptr(true),
				ChangeNotifications: protocol.Boolean(true),
			},
		},
	}
}

// initialFolders returns the workspace folder paths of initialize: the
// workspaceFolders, else rootUri, else rootPath, else the process's cwd.
func initialFolders(p *protocol.InitializeParams) []string {
	var out []string
	if wfs, ok := p.WorkspaceFolders.Get(); ok {
		for _, f := range wfs {
			if path, err := session.URIPath(f.URI); err == nil && !slices.Contains(out, path) {
				out = append(out, path)
			}
		}
	}
	if len(out) == 0 && p.RootURI != nil {
		if path, err := session.URIPath(*p.RootURI); err == nil {
			out = append(out, path)
		}
	}
	if len(out) == 0 {
		if rp, ok := p.RootPath.Get(); ok && rp != "" {
			out = append(out, filepath.Clean(rp))
		}
	}
	if len(out) == 0 {
		if wd, err := os.Getwd(); err == nil {
			out = append(out, wd)
		}
	}
	return out
}

// Initialized handles initialized: the views are built and discovery starts.
func (s *server) Initialized(ctx context.Context, _ *protocol.InitializedParams) error {
	return s.sess.Modify(session.StartViews{})
}

// Shutdown handles shutdown: background work stops.
func (s *server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.state = stateShutdown
	s.mu.Unlock()
	s.stop()
	return nil
}

// Exit handles exit: 0 after shutdown, else 1.
func (s *server) Exit(ctx context.Context) error {
	code := 1
	if s.isShutdown() {
		code = 0
	}
	select {
	case s.exit <- code:
	default:
	}
	return nil
}

// SetTrace accepts $/setTrace; the server logs by its own settings.
func (s *server) SetTrace(context.Context, *protocol.SetTraceParams) error { return nil }

// DidChangeConfiguration handles workspace/didChangeConfiguration: new settings rebuild the views.
func (s *server) DidChangeConfiguration(ctx context.Context, p *protocol.DidChangeConfigurationParams) error {
	s.mu.Lock()
	initOptions := s.initOptions
	s.mu.Unlock()
	base, problems := session.ParseSettings(session.DefaultSettings(), initOptions, false, s.homeDir())
	next, more := session.ParseSettings(base, p.Settings, true, s.homeDir())
	problems = append(problems, more...)
	next = s.effective(next)
	s.out.ShowProblems(problems)
	return s.sess.Modify(session.Configure{Settings: &next})
}

// DidChangeWorkspaceFolders handles workspace/didChangeWorkspaceFolders: each folder is a cwd for discovery.
func (s *server) DidChangeWorkspaceFolders(ctx context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	var m session.FoldersChanged
	for _, f := range p.Event.Removed {
		if path, err := session.URIPath(f.URI); err == nil {
			m.Removed = append(m.Removed, path)
		}
	}
	for _, f := range p.Event.Added {
		if path, err := session.URIPath(f.URI); err == nil {
			m.Added = append(m.Added, path)
		}
	}
	return s.sess.Modify(m)
}

func (s *server) homeDir() string {
	if s.opts.HomeDir != "" {
		return s.opts.HomeDir
	}
	h, _ := os.UserHomeDir()
	return h
}

// Request answers non-standard methods: none exist, so MethodNotFound.
func (s *server) Request(ctx context.Context, method string, params any) (any, error) {
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("method not found: %s", method))
}

func ptr[T any](v T) *T { return &v }
