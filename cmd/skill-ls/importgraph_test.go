package main

import (
	"go/build"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/skill-ls/skill-ls"

// floors are the module's packages, each on its floor: a package imports
// only packages of lower floors (docs/architecture.md draws them). A
// package's own subfolders that are not listed share its floor (test
// helpers such as skills/skilltest are listed).
var floors = map[string]int{
	"skills/jstext": 0, "skills/spans": 0, "skills/problem": 0, "skills/internal/wordscan": 0, "skills/spelling": 0, "skills/parallel": 0,
	"skills/dshyaml": 1, "skills/markdown": 1,
	"skills/skillfile": 2, "skills/config": 2, "skills/evalfile": 2,
	"skills/discovery": 3, "skills/scaffold": 3, "skills/evalrun": 3,
	"skills":       4,
	"skills/watch": 5, "skills/hosts": 5, "skills/skilltest": 5,
	"diagnostics/overlap": 6,
	"diagnostics":         7, "render": 7,
	"diagnostics/format": 8, "diagnostics/fix": 8,
	"lsp/session": 9, "mcp": 9,
	"lsp": 10,
	// The CLI's own packages, one job each, under the verbs' package main.
	"cmd/skill-ls/internal/atomicwrite": 11, "cmd/skill-ls/internal/flagtext": 11,
	"cmd/skill-ls/internal/listjson": 11, "cmd/skill-ls/internal/pollstdin": 11,
	"cmd/skill-ls/internal/rendernotes": 11, "cmd/skill-ls/internal/terminal": 11,
	"cmd": 12,
}

// layer returns the floor a package of the module is on, and its name
// there; -1 for a package outside the floors (a tool under scripts/).
func layer(pkg string) (name string, level int) {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	for p := rel; p != "" && p != "."; p = path.Dir(p) {
		if l, ok := floors[p]; ok {
			return p, l
		}
	}
	return rel, -1
}

// owners says which package alone may import a third-party module (with
// its subpackages: the session under lsp speaks the protocol too).
var owners = map[string]string{
	"go.lsp.dev/":                            "lsp",
	"github.com/yuin/goldmark":               "skills/markdown",
	"github.com/fsnotify/fsnotify":           "skills/watch",
	"golang.org/x/text/collate":              "skills/discovery",
	"github.com/modelcontextprotocol/go-sdk": "mcp",
	"github.com/google/jsonschema-go":        "mcp",
	// Codex's config.toml ([[skills.config]]).
	"github.com/pelletier/go-toml/v2": "skills/hosts",
}

// importers lists, for a package only some may import, who may: the
// session is the server's, reached only through the handlers (lsp), so
// the session's API is what the handlers use and nothing else builds on it.
var importers = map[string][]string{"lsp/session": {"lsp"}}

// maxFiles bounds the production (non-test) files of a package: past it a
// package holds more than one job. tooMany lists the packages over it
// today with their count, which may shrink and never grow (none is).
const maxFiles = 40

var tooMany = map[string]int{}

// yamlReaders may import the YAML library: the DSH reader and the config
// file's.
var yamlReaders = map[string]bool{"skills/dshyaml": true, "skills/config": true}

// TestImportGraph checks the dependency direction of the module's
// non-test code: every package imports only packages of lower floors (so
// diagnostics and render, on one floor, do not import each other, and the
// session never imports the handlers over it), only lsp and its session
// import go.lsp.dev, each other third-party module has one importer, only
// the handlers import the session, and no package has over maxFiles
// production files.
func TestImportGraph(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (name == "testdata" || name == "node_modules" || name == "editors" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(p, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, p)
		path := module
		if rel != "." {
			path += "/" + filepath.ToSlash(rel)
		}
		from, level := layer(path)
		if level < 0 {
			return nil // not a layered package (e.g. a tool)
		}
		seen++
		checkFileCount(t, p, rel)
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(imp, module+"/") || imp == module {
				to, tl := layer(imp)
				switch {
				case to == from:
				case tl < 0:
					t.Errorf("%s imports %s, which is outside the layers", path, imp)
				case tl >= level:
					t.Errorf("%s (floor %d) imports %s (floor %d): a package imports only lower floors (see floors)", from, level, to, tl)
				}
				if allowed, ok := importers[to]; ok && to != from && !slices.Contains(allowed, from) {
					t.Errorf("%s imports %s; only %v may", from, to, allowed)
				}
				continue
			}
			for prefix, owner := range owners {
				if strings.HasPrefix(imp, prefix) && from != owner && !strings.HasPrefix(from, owner+"/") {
					t.Errorf("%s imports %s; only %s may", path, imp, owner)
				}
			}
			if strings.Contains(imp, "yaml") && !yamlReaders[from] {
				t.Errorf("%s imports %s; only the YAML readers may (%v)", path, imp, yamlReaders)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 5 {
		t.Fatalf("found only %d packages under %s", seen, root)
	}
}

// checkFileCount fails when the package in dir (rel to the module) has
// more production files than maxFiles, or than tooMany allows it.
func checkFileCount(t *testing.T, dir, rel string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range names {
		if !strings.HasSuffix(name, "_test.go") {
			n++
		}
	}
	limit := maxFiles
	if over, ok := tooMany[filepath.ToSlash(rel)]; ok {
		limit = over
	}
	if n > limit {
		t.Errorf("%s has %d production files, over %d: split it along its jobs", rel, n, limit)
	}
}

func TestLayer(t *testing.T) {
	tests := []struct {
		pkg   string
		name  string
		level int
	}{
		{module + "/skills/spans", "skills/spans", 0},
		{module + "/skills", "skills", 4},
		{module + "/skills/skilltest", "skills/skilltest", 5},
		{module + "/skills/hosts", "skills/hosts", 5},
		{module + "/render", "render", 7},
		{module + "/diagnostics", "diagnostics", 7},
		{module + "/lsp/session", "lsp/session", 9},
		{module + "/lsp", "lsp", 10},
		{module + "/mcp", "mcp", 9},
		{module + "/cmd/skill-ls", "cmd", 12},
		{module + "/cmd/skill-ls/internal/atomicwrite", "cmd/skill-ls/internal/atomicwrite", 11},
		{module + "/cmd/skill-ls/internal/terminal", "cmd/skill-ls/internal/terminal", 11},
		{module + "/scripts/bench", "scripts/bench", -1},
	}
	for _, tt := range tests {
		name, level := layer(tt.pkg)
		if name != tt.name || level != tt.level {
			t.Errorf("layer(%q) = %q, %d; want %q, %d", tt.pkg, name, level, tt.name, tt.level)
		}
	}
}
