package skilltest

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// ModuleRoot returns the folder of the repository's go.mod, found from the
// working directory up (a test runs in its package's folder).
func ModuleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// RepositoryMarkdown returns every Markdown text of the repository's test
// trees: the .md files under testdata/ (reference vectors and examples), the
// .md members of every txtar archive, and the fuzz corpora of the targets
// that fuzz skill files (FuzzParse, FuzzLinks).
func RepositoryMarkdown(tb testing.TB) map[string][]byte {
	tb.Helper()
	root := ModuleRoot(tb)
	out := VectorMarkdown(tb)
	for p, ar := range RepositoryArchives(tb) {
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".md") {
				out[p+":"+f.Name] = f.Data
			}
		}
	}
	walk(tb, root, func(p string) {
		dir := filepath.Base(filepath.Dir(p))
		if filepath.Base(filepath.Dir(filepath.Dir(p))) != "fuzz" || (dir != "FuzzParse" && dir != "FuzzLinks") {
			return
		}
		if b, ok := FuzzInput(p); ok {
			out[p] = b
		}
	})
	return out
}

// VectorMarkdown returns the .md files under the repository's testdata/
// (reference vectors and examples).
func VectorMarkdown(tb testing.TB) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{}
	walk(tb, filepath.Join(ModuleRoot(tb), "testdata"), func(p string) {
		if strings.HasSuffix(p, ".md") {
			b, err := os.ReadFile(p)
			if err != nil {
				tb.Fatal(err)
			}
			out[p] = b
		}
	})
	return out
}

// FromTokens maps each byte of data to a token of tokens, which makes a
// fuzzer's inputs reach a syntax far more often than random bytes do.
func FromTokens(data []byte, tokens []string) []byte {
	var b []byte
	for _, c := range data {
		b = append(b, tokens[int(c)%len(tokens)]...)
	}
	return b
}

// RepositoryArchives returns every txtar archive of the repository, by
// path.
func RepositoryArchives(tb testing.TB) map[string]*txtar.Archive {
	tb.Helper()
	out := map[string]*txtar.Archive{}
	walk(tb, ModuleRoot(tb), func(p string) {
		if !strings.HasSuffix(p, ".txtar") {
			return
		}
		ar, err := txtar.ParseFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out[p] = ar
	})
	return out
}

// walk calls fn with every file under dir, skipping hidden folders and
// node_modules.
func walk(tb testing.TB, dir string, fn func(path string)) {
	tb.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != dir && (strings.HasPrefix(n, ".") || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		fn(p)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// FuzzInput reads a one-value []byte fuzz corpus file.
func FuzzInput(p string) ([]byte, bool) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	_, rest, ok := bytes.Cut(b, []byte("\n[]byte("))
	if !ok {
		return nil, false
	}
	rest = bytes.TrimSpace(rest)
	rest, ok = bytes.CutSuffix(rest, []byte(")"))
	if !ok {
		return nil, false
	}
	s, err := strconv.Unquote(string(rest))
	if err != nil {
		return nil, false
	}
	return []byte(s), true
}
