package diagnostics

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files and generated docs (or set SKILL_LS_UPDATE=1)")

// updating reports whether this run rewrites golden files: go test -update,
// or SKILL_LS_UPDATE=1 for runs over several packages.
func updating() bool { return *update || os.Getenv("SKILL_LS_UPDATE") != "" }

// checkGenerated compares the file at path with want, the text generated
// from the code; with -update it writes want first. test names the test to
// rerun in the message.
func checkGenerated(t *testing.T, path, want, test string) {
	t.Helper()
	if updating() {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is stale; run go test ./diagnostics -run %s -update", path, test)
	}
}
