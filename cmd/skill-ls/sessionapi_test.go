package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// sessionAPI is what lsp/session exports at top level, each name with who
// uses it: "handlers" for the names the handlers (package lsp's production
// files) may use, "tests" for those only tests that drive the whole server
// reach. The handlers reach a snapshot's contents through its methods; a
// name added to the session's API is added here, with its use.
var sessionAPI = map[string]string{
	// modify
	"Session": "handlers", "NewSession": "handlers", "Options": "handlers",
	"Modification": "handlers", "OpenDoc": "handlers", "EditDoc": "handlers",
	"SaveDoc": "handlers", "CloseDoc": "handlers", "DiskChanged": "handlers",
	"Configure": "handlers", "FoldersChanged": "handlers", "StartViews": "handlers",
	"Settings": "handlers", "DefaultSettings": "handlers", "ParseSettings": "handlers",
	// snapshot
	"Snapshot": "handlers", "Document": "handlers", "DocKey": "handlers",
	"ChatSkill": "handlers", "ChatSkills": "handlers", "ChatDiagnostics": "handlers",
	"MatrixBuilder": "handlers", "HostsRow": "handlers", "HostFolders": "handlers",
	"LensEvalHost": "handlers", "IsEvalPath": "handlers", "CmdRunTriggerEval": "handlers",
	"ChatCopy": "handlers", // chat hover: each host's copy
	// publish, and the one place that knows UTF-16
	"Outbox": "handlers", "NewOutbox": "handlers", "ToProtocolDiagnostic": "handlers",
	"SpanRange": "handlers", "RangeSpan": "handlers", "OffsetPosition": "handlers",
	"PositionOffset": "handlers", "PathURI": "handlers", "URIPath": "handlers",
	"MustAny": "handlers",
	// reached by the server-driving tests only
	"Urgent": "tests", "Notifier": "tests", "EarlyDiagnostics": "tests",
	"MaxPublished": "tests", "ProjectRootFor": "tests",
}

// TestSessionAPI pins the session's API (docs/architecture.md, "handlers
// over a session"): the session exports at top level exactly the names of
// sessionAPI, and the handlers use only those marked for them.
func TestSessionAPI(t *testing.T) {
	root := filepath.Join("..", "..")
	exported := map[string]bool{}
	for _, f := range parseDir(t, filepath.Join(root, "lsp", "session")) {
		for _, name := range topLevel(f) {
			if ast.IsExported(name) {
				exported[name] = true
			}
		}
	}
	for name := range exported {
		if _, ok := sessionAPI[name]; !ok {
			t.Errorf("lsp/session exports %s, which sessionAPI does not list: unexport it, or list it with its use", name)
		}
	}
	for name := range sessionAPI {
		if !exported[name] {
			t.Errorf("sessionAPI lists %s, which lsp/session does not export", name)
		}
	}
	var used []string
	for _, f := range parseDir(t, filepath.Join(root, "lsp")) {
		local := sessionImportName(f)
		if local == "" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == local && sessionAPI[sel.Sel.Name] != "handlers" {
					used = append(used, sel.Sel.Name)
				}
			}
			return true
		})
	}
	slices.Sort(used)
	if used = slices.Compact(used); len(used) > 0 {
		t.Errorf("the handlers use session names outside their API: %v", used)
	}
}

// topLevel returns the names f declares at top level (not methods).
func topLevel(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}

// parseDir parses the production Go files of dir.
func parseDir(t *testing.T, dir string) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var files []*ast.File
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// sessionImportName returns the name f refers to lsp/session by, "" when
// it does not import it.
func sessionImportName(f *ast.File) string {
	for _, imp := range f.Imports {
		if strings.Trim(imp.Path.Value, `"`) == module+"/lsp/session" {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return "session"
		}
	}
	return ""
}
