package main

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/skill-ls/skill-ls"

// layer is the level of a package of the module in the dependency
// direction cmd → lsp → {diagnostics, render} → skills/hosts → skills: a
// package may import only packages of a lower layer (or its own
// subpackages' layer, for helpers such as skills/skilltest). skills/hosts,
// the host profiles, sits on the skills engine and under everything else.
func layer(pkg string) (name string, level int) {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	if rel == "skills/hosts" || strings.HasPrefix(rel, "skills/hosts/") {
		return "skills/hosts", 1
	}
	top, _, _ := strings.Cut(rel, "/")
	switch top {
	case "skills":
		return "skills", 0
	case "diagnostics", "render":
		return top, 2
	case "lsp":
		return "lsp", 3
	case "cmd":
		return "cmd", 4
	}
	return top, -1
}

// owners says which layer alone may import a third-party module.
var owners = map[string]string{
	"go.lsp.dev/":                  "lsp",
	"gopkg.in/yaml.v3":             "skills",
	"github.com/yuin/goldmark":     "skills",
	"github.com/fsnotify/fsnotify": "skills",
}

// TestImportGraph checks the dependency direction of the module's
// non-test code: cmd → lsp → {diagnostics, render} → skills/hosts → skills, diagnostics and
// render do not import each other, only lsp imports go.lsp.dev, and only
// skills imports yaml.v3, goldmark and fsnotify.
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
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(imp, module+"/") || imp == module {
				to, tl := layer(imp)
				switch {
				case to == from:
				case tl < 0:
					t.Errorf("%s imports %s, which is outside the layers", path, imp)
				case tl >= level:
					t.Errorf("%s (%s) imports %s (%s): the direction is cmd → lsp → {diagnostics, render} → skills/hosts → skills", path, from, imp, to)
				}
				continue
			}
			for prefix, owner := range owners {
				if strings.HasPrefix(imp, prefix) && from != owner {
					t.Errorf("%s imports %s; only %s may", path, imp, owner)
				}
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

func TestLayer(t *testing.T) {
	tests := []struct {
		pkg   string
		name  string
		level int
	}{
		{module + "/skills", "skills", 0},
		{module + "/skills/skilltest", "skills", 0},
		{module + "/skills/hosts", "skills/hosts", 1},
		{module + "/render", "render", 2},
		{module + "/diagnostics", "diagnostics", 2},
		{module + "/lsp", "lsp", 3},
		{module + "/cmd/skill-ls", "cmd", 4},
	}
	for _, tt := range tests {
		name, level := layer(tt.pkg)
		if name != tt.name || level != tt.level {
			t.Errorf("layer(%q) = %q, %d; want %q, %d", tt.pkg, name, level, tt.name, tt.level)
		}
	}
}
