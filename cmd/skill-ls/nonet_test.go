package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestNothingFetchedOrRun holds SECURITY.md's promise that skill-ls never
// runs a program a skill names and never fetches a URL: the binary links
// no HTTP client, no process launcher and no DNS resolver of its own. (net
// itself is linked: go.lsp.dev's JSON-RPC speaks over a net.Conn, which the
// server only ever gets from stdin and stdout.)
func TestNothingFetchedOrRun(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, banned := range []string{"os/exec", "net/http", "net/rpc", "net/smtp", "plugin", "crypto/tls"} {
		if slices.Contains(deps, banned) {
			t.Errorf("skill-ls links %s", banned)
		}
	}
}
