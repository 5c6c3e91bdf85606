package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// starter is the one package of the module that may start a program:
// skill-ls eval's runner, which starts the host CLI the user named or has
// on PATH (SECURITY.md, "Only skill-ls eval starts a program").
const starter = module + "/skills/evalrun"

// TestNothingFetchedOrRun holds SECURITY.md's promise that skill-ls never
// runs a program a skill names and never fetches a URL: the binary links
// no HTTP client and no DNS resolver of its own, only the eval runner
// (starter) imports os/exec, nothing else calls os.StartProcess or a
// syscall's exec, and the language server does not link the runner at
// all. (net itself is linked: go.lsp.dev's JSON-RPC speaks over a
// net.Conn, which the server only ever gets from stdin and stdout.)
func TestNothingFetchedOrRun(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}: {{join .Imports \" \"}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	var deps []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		deps = append(deps, pkg)
		if strings.HasPrefix(pkg, module) && pkg != starter && slices.Contains(strings.Fields(imports), "os/exec") {
			t.Errorf("%s imports os/exec; only %s may start a program", pkg, starter)
		}
	}
	for _, banned := range []string{"net/http", "net/rpc", "net/smtp", "plugin", "crypto/tls"} {
		if slices.Contains(deps, banned) {
			t.Errorf("skill-ls links %s", banned)
		}
	}
	if !slices.Contains(deps, starter) {
		t.Errorf("skill-ls does not link %s: update starter", starter)
	}
	server, err := exec.Command("go", "list", "-deps", "../../lsp").Output()
	if err != nil {
		t.Fatalf("go list -deps lsp: %v", err)
	}
	for _, dep := range strings.Fields(string(server)) {
		if dep == starter || dep == "os/exec" {
			t.Errorf("the language server links %s: it must never start a host", dep)
		}
	}
	noOtherStarts(t)
}

// noOtherStarts fails on a call that starts a program without os/exec
// (os.StartProcess, syscall.Exec, syscall.ForkExec) in the module's code.
func noOtherStarts(t *testing.T) {
	root := filepath.Join("..", "..")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && p != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.Contains(p, "scripts") {
			return nil
		}
		src, _ := os.ReadFile(p)
		for _, call := range []string{"os.StartProcess", "syscall.Exec", "syscall.ForkExec", "unix.Exec"} {
			if strings.Contains(string(src), call+"(") {
				t.Errorf("%s calls %s; only %s may start a program", p, call, starter)
			}
		}
		return nil
	})
}
