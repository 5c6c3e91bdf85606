package lsp

import (
	"context"
	"os"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
)

// watchRegistrationID identifies the dynamic file-watch registration.
const watchRegistrationID = "skill-ls/watched-files"

// registerFileWatch asks the client to send workspace/didChangeWatchedFiles
// for the skill roots when it supports dynamic registration. The server's
// own fsnotify watcher stays on either way (it is the only one that sees
// roots outside the workspace on clients without relative patterns); client
// events go through the same Apply, so duplicates are harmless. It issues a
// server→client request: never call it on the read loop.
func (o *outbox) registerFileWatch(ctx context.Context, roots []skills.Root) {
	ws := o.capabilities().Workspace
	if ws == nil || ws.DidChangeWatchedFiles == nil || ws.DidChangeWatchedFiles.DynamicRegistration == nil || !*ws.DidChangeWatchedFiles.DynamicRegistration {
		return
	}
	relative := ws.DidChangeWatchedFiles.RelativePatternSupport != nil && *ws.DidChangeWatchedFiles.RelativePatternSupport
	watchers := fileWatchers(roots, relative)
	err := o.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:              watchRegistrationID,
		Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: mustAny(protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers}),
	}}})
	if err != nil && ctx.Err() == nil {
		// Not the user's problem: the server's own watcher covers the roots.
		o.logger.Info("the client refused the file-watch registration; relying on the server's watcher", "err", err)
	}
}

// fileWatchers returns the globs for the roots: one relative pattern per
// root (and per root's parent, so a root that appears is seen) when the
// client supports them, else workspace-relative globs for the project roots.
func fileWatchers(roots []skills.Root, relative bool) []protocol.FileSystemWatcher {
	if !relative {
		return []protocol.FileSystemWatcher{
			{GlobPattern: protocol.Pattern("**/.dsh/skills/**")},
			{GlobPattern: protocol.Pattern("**/.agents/skills/**")},
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
	return out
}

// watchLinkedDirs points each view's watcher at the folders that the open
// skill files link into (the nearest existing folder inside the skill's
// base), so a broken-link diagnostic heals when the target appears: the
// watcher itself only covers the roots and their bundle folders.
func (e *engine) watchLinkedDirs() {
	var open []string
	for _, d := range e.s.openDocs() {
		if !d.chat {
			open = append(open, d.key)
		}
	}
	for _, v := range e.views {
		if v.watcher == nil {
			continue
		}
		snap := v.ws.Snapshot()
		var dirs []string
		for _, p := range open {
			f := snap.File(p)
			if f == nil {
				continue
			}
			base := filepath.Dir(p)
			if entry, _ := snap.Entry(p); entry != nil {
				base = entry.BaseDir
			}
			for _, l := range f.Outline().Links {
				target, ok := skills.LinkTarget(base, l.Dest)
				if !ok || !skills.Within(target, base) {
					continue
				}
				dir := filepath.Dir(target)
				for dir != base && skills.Within(dir, base) {
					if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
						break
					}
					dir = filepath.Dir(dir)
				}
				if !slices.Contains(dirs, dir) {
					dirs = append(dirs, dir)
				}
			}
		}
		v.watcher.SetExtra(dirs)
	}
}
