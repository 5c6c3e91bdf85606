package skilltest

import (
	"io/fs"
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

// ReadTree returns the content of every regular file under dir, by path
// relative to dir with slashes. Files that cannot be read (made unreadable
// on purpose by a test) are left out.
func ReadTree(tb testing.TB, dir string) map[string]string {
	tb.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}
