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
	"go.lsp.dev/uri"
)

// The commands of docs/server.md.
const (
	cmdPreviewCatalog    = "skill-ls.previewCatalog"
	cmdPreviewSkill      = "skill-ls.previewSkill"
	cmdPreviewInvocation = "skill-ls.previewInvocation"
	cmdListSkills        = "skill-ls.listSkills"
)

var commands = []string{cmdPreviewCatalog, cmdPreviewSkill, cmdPreviewInvocation, cmdListSkills, cmdDocumentInfo}

type lifecycle int

const (
	stateNew          lifecycle = iota // before initialize
	stateInitializing                  // initialize received
	stateShutdown                      // shutdown received
)

// document is an open editor buffer.
type document struct {
	uri        uri.URI // as the client sent it (used when publishing)
	key        string  // docKey(uri): the cleaned path for file URIs
	languageID string
	version    int32
	text       []byte
	chat       bool
}

// server implements protocol.Server. Handlers are thin: they read state
// under mu (or a snapshot) and delegate to skills, diagnostics and render.
type server struct {
	protocol.UnimplementedServer

	client protocol.Client
	logger *slog.Logger
	opts   Options
	bg     context.Context // Serve's ctx: background work
	exit   chan int        // Exit sends the process exit code here
	wg     sync.WaitGroup  // background goroutines
	calls  inflight        // running calls

	// requestHook, when set (tests), answers custom methods.
	requestHook func(ctx context.Context, s *server, method string, params protocol.LSPAny) (any, error)

	mu sync.Mutex // guards the fields below
	// state is the lifecycle stage.
	state lifecycle
	// caps is the client's capabilities.
	caps protocol.ClientCapabilities
	// initOptions is the raw initializationOptions (settings base).
	initOptions []byte
	// settings are the effective settings.
	settings Settings
	// folders are the workspace folder paths, in client order.
	folders []string
	// docs are the open documents by docKey.
	docs map[string]*document
	// shown de-duplicates showMessage problems.
	shown map[string]bool

	// initialized reports that the initialized notification arrived.
	initialized bool
	// eng is the current engine (nil before initialized).
	eng *engine
	// progressSeq numbers progress tokens; progressToken is the running one.
	progressSeq   int
	progressToken protocol.ProgressToken

	pubMu sync.Mutex // guards pub and orders publishes
	pub   pubState
}

func newServer(bg context.Context, client protocol.Client, logger *slog.Logger, opts Options) *server {
	s := &server{
		client:   client,
		logger:   logger,
		opts:     opts,
		bg:       bg,
		exit:     make(chan int, 1),
		settings: DefaultSettings(),
		docs:     map[string]*document{},
		shown:    map[string]bool{},
	}
	s.applyDelayOverrideLocked()
	return s
}

func (s *server) applyDelayOverrideLocked() {
	if s.opts.DiagnosticsDelay != nil {
		s.settings.DiagnosticsDelay = *s.opts.DiagnosticsDelay
	}
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
func (s *server) stop() {
	if e := s.engine(); e != nil {
		e.stop()
	}
}

func (s *server) wait() { s.wg.Wait() }

func (s *server) engine() *engine {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.eng
}

// --- Lifecycle ---

// Initialize handles initialize: capabilities, settings and workspace folders.
func (s *server) Initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	s.mu.Lock()
	s.caps = p.Capabilities
	s.initOptions = slices.Clone([]byte(p.InitializationOptions))
	var problems []string
	s.settings, problems = parseSettings(DefaultSettings(), s.initOptions, false, s.homeDir())
	s.applyDelayOverrideLocked()
	s.folders = initialFolders(p)
	s.mu.Unlock()
	s.showProblems(problems)

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
		CompletionProvider:     &protocol.CompletionOptions{TriggerCharacters: []string{"/", ":"}},
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
			if path, err := uriPath(f.URI); err == nil && !slices.Contains(out, path) {
				out = append(out, path)
			}
		}
	}
	if len(out) == 0 && p.RootURI != nil {
		if path, err := uriPath(*p.RootURI); err == nil {
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

// Initialized handles initialized: the engine starts discovery.
func (s *server) Initialized(ctx context.Context, _ *protocol.InitializedParams) error {
	s.startEngine()
	return nil
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

// DidChangeConfiguration handles workspace/didChangeConfiguration: new settings rebuild the engine.
func (s *server) DidChangeConfiguration(ctx context.Context, p *protocol.DidChangeConfigurationParams) error {
	s.mu.Lock()
	base, problems := parseSettings(DefaultSettings(), s.initOptions, false, s.homeDir())
	next, more := parseSettings(base, p.Settings, true, s.homeDir())
	problems = append(problems, more...)
	s.settings = next
	s.applyDelayOverrideLocked()
	s.refreshChatLocked()
	s.mu.Unlock()
	s.showProblems(problems)
	s.configChanged()
	return nil
}

// DidChangeWorkspaceFolders handles workspace/didChangeWorkspaceFolders: each folder is a cwd for discovery.
func (s *server) DidChangeWorkspaceFolders(ctx context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	s.mu.Lock()
	for _, f := range p.Event.Removed {
		if path, err := uriPath(f.URI); err == nil {
			s.folders = slices.DeleteFunc(s.folders, func(x string) bool { return x == path })
		}
	}
	for _, f := range p.Event.Added {
		if path, err := uriPath(f.URI); err == nil && !slices.Contains(s.folders, path) {
			s.folders = append(s.folders, path)
		}
	}
	s.mu.Unlock()
	s.configChanged()
	return nil
}

// refreshChatLocked re-classifies open documents after a settings change.
func (s *server) refreshChatLocked() {
	for _, d := range s.docs {
		d.chat = s.settings.isChat(d.languageID, d.key)
	}
}

func (s *server) homeDir() string {
	if s.opts.HomeDir != "" {
		return s.opts.HomeDir
	}
	h, _ := os.UserHomeDir()
	return h
}

// showProblems tells the user, once per distinct message, about something
// they must fix (a bad setting, an unreadable root).
func (s *server) showProblems(problems []string) {
	for _, msg := range problems {
		s.logger.Warn(msg)
		s.mu.Lock()
		seen := s.shown[msg]
		s.shown[msg] = true
		s.mu.Unlock()
		if seen {
			continue
		}
		s.wg.Go(func() {
			s.client.ShowMessage(s.bg, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: "skill-ls: " + msg})
		})
	}
}

// Request answers non-standard methods: none exist, so MethodNotFound.
func (s *server) Request(ctx context.Context, method string, params any) (any, error) {
	if s.requestHook != nil {
		raw, _ := params.(protocol.LSPAny)
		return s.requestHook(ctx, s, method, raw)
	}
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("method not found: %s", method))
}

func ptr[T any](v T) *T { return &v }

// mustAny marshals v for an LSPAny field.
func mustAny(v any) protocol.LSPAny {
	b, err := protocol.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("marshal %T: %v", v, err))
	}
	return protocol.LSPAny(b)
}
