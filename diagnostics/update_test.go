package diagnostics

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// checkGenerated compares the file at path with want, the text generated
// from the code; with -update it writes want first. test names the test to
// rerun in the message.
func checkGenerated(t *testing.T, path, want, test string) {
	t.Helper()
	if skilltest.Updating() {
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
