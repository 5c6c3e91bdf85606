package session

import (
	"context"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// watchRegistrationID identifies the dynamic file-watch registration.
const watchRegistrationID = "skill-ls/watched-files"

// RegisterFileWatch asks the client to send workspace/didChangeWatchedFiles
// for the skill roots when it supports dynamic registration. The server's
// own fsnotify watcher stays on either way (it is the only one that sees
// roots outside the workspace on clients without relative patterns); client
// events go through the same Apply, so duplicates are harmless. It issues a
// server→client request: never call it on the read loop.
func (o *Outbox) RegisterFileWatch(ctx context.Context, roots []discovery.Root) {
	ws := o.capabilities().Workspace
	if ws == nil || ws.DidChangeWatchedFiles == nil || ws.DidChangeWatchedFiles.DynamicRegistration == nil || !*ws.DidChangeWatchedFiles.DynamicRegistration {
		return
	}
	relative := ws.DidChangeWatchedFiles.RelativePatternSupport != nil && *ws.DidChangeWatchedFiles.RelativePatternSupport
	watchers := fileWatchers(roots, relative)
	err := o.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:              watchRegistrationID,
		Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: MustAny(protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers}),
	}}})
	if err != nil && ctx.Err() == nil {
		// Not the user's problem: the server's own watcher covers the roots.
		o.logger.Info("the client refused the file-watch registration; relying on the server's watcher", "err", err)
	}
}

// fileWatchers returns the globs for the roots: one relative pattern per
// root (and per root's parent, so a root that appears is seen) when the
// client supports them, else workspace-relative globs for the project roots;
// and the config files.
func fileWatchers(roots []discovery.Root, relative bool) []protocol.FileSystemWatcher {
	config := protocol.FileSystemWatcher{GlobPattern: protocol.Pattern("**/" + config.FileName)}
	if !relative {
		return []protocol.FileSystemWatcher{
			{GlobPattern: protocol.Pattern("**/.dsh/skills/**")},
			{GlobPattern: protocol.Pattern("**/.agents/skills/**")},
			config,
		}
	}
	var dirs []string
	for _, r := range roots {
		if !slices.Contains(dirs, r.Dir) {
			dirs = append(dirs, r.Dir)
		}
	}
	var out []protocol.FileSystemWatcher
	for _, d := range dirs {
		out = append(out, protocol.FileSystemWatcher{GlobPattern: &protocol.RelativePattern{
			BaseURI: protocol.URI(uri.File(d)),
			Pattern: "**/*",
		}})
	}
	return append(out, config)
}
