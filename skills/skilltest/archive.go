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

// Golden is a golden txtar archive of a skill tree: the files to write
// (project/ is the project and cwd, home/ the user's home), the profile it
// is checked with (a "profile" section, default "dsh") and the expected
// output sections (names starting with "@").
type Golden struct {
	Path    string
	Archive *txtar.Archive
	// Tree holds the files to write: every section but "profile" and the
	// "@" ones.
	Tree    txtar.Archive
	Profile string
}

// LoadGolden reads a golden archive.
func LoadGolden(tb testing.TB, path string) *Golden {
	tb.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	g := &Golden{Path: path, Archive: ar, Profile: "dsh"}
	for _, f := range ar.Files {
		switch {
		case f.Name == "profile":
			g.Profile = strings.TrimSpace(string(f.Data))
		case !strings.HasPrefix(f.Name, "@"):
			g.Tree.Files = append(g.Tree.Files, f)
		}
	}
	return g
}

// Section returns the data of the section name and whether it exists.
func (g *Golden) Section(name string) ([]byte, bool) {
	for _, f := range g.Archive.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Update sets the section name to data (adding it at the end when new) and
// rewrites the archive file.
func (g *Golden) Update(tb testing.TB, name string, data []byte) {
	tb.Helper()
	found := false
	for i := range g.Archive.Files {
		if g.Archive.Files[i].Name == name {
			g.Archive.Files[i].Data, found = data, true
		}
	}
	if !found {
		g.Archive.Files = append(g.Archive.Files, txtar.File{Name: name, Data: data})
	}
	if err := os.WriteFile(g.Path, txtar.Format(g.Archive), 0o644); err != nil {
		tb.Fatal(err)
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
