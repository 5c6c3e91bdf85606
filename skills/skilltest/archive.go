package skilltest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// WriteArchive writes the files of a txtar archive under dir, creating
// folders as needed. Sections whose names start with "@" hold expected
// output (the gopls marker convention) and are not written.
func WriteArchive(tb testing.TB, dir string, ar *txtar.Archive) {
	tb.Helper()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "@") {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}
