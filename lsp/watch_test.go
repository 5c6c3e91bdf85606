package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestRegistersFileWatch: a client that supports dynamic registration gets
// one registration for workspace/didChangeWatchedFiles, with a relative
// pattern per root when it supports those.
func TestRegistersFileWatch(t *testing.T) {
	for _, relative := range []bool{true, false} {
		t.Run(map[bool]string{true: "relative", false: "globs"}[relative], func(t *testing.T) {
			dir := t.TempDir()
			w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
			for _, d := range []string{w.project + "/.git", w.home} {
				os.MkdirAll(d, 0o755)
			}
			caps := &protocol.WorkspaceClientCapabilities{DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{
				DynamicRegistration: ptr(true), RelativePatternSupport: ptr(relative),
			}}
			w.env = newEnv(t, envOptions{opts: Options{HomeDir: w.home, DisableWatch: true}, workspace: caps})
			w.initialize(nil, w.project)
			w.waitLoaded()
			w.client.mu.Lock()
			regs := append([]protocol.Registration(nil), w.client.registrations...)
			w.client.mu.Unlock()
			if len(regs) != 1 || regs[0].Method != protocol.MethodWorkspaceDidChangeWatchedFiles {
				t.Fatalf("registrations = %+v, want one for didChangeWatchedFiles", regs)
			}
			opts := string(regs[0].RegisterOptions)
			want := `"**/.agents/skills/**"`
			if relative {
				want = filepath.ToSlash(filepath.Join(w.project, ".agents", "skills"))
			}
			if !strings.Contains(opts, want) {
				t.Errorf("register options %s do not mention %s", opts, want)
			}
		})
	}
}

// TestNoRegistrationWithoutSupport: Neovim 0.7 offers no dynamic
// registration; the server must not ask (its own watcher covers it).
func TestNoRegistrationWithoutSupport(t *testing.T) {
	dir := t.TempDir()
	w := &wsEnv{dir: dir, project: filepath.Join(dir, "project"), home: filepath.Join(dir, "home")}
	os.MkdirAll(w.project+"/.git", 0o755)
	w.env = newEnv(t, envOptions{opts: Options{HomeDir: w.home, DisableWatch: true}})
	w.initialize(nil, w.project)
	w.waitLoaded()
	w.client.mu.Lock()
	defer w.client.mu.Unlock()
	if len(w.client.registrations) != 0 {
		t.Fatalf("registered %+v with a client that cannot take it", w.client.registrations)
	}
}
