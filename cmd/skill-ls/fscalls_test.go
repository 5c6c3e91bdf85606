package main

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// diskPackages are the standard packages all of whose functions (and
// methods) reach the file system or the process around it.
var diskPackages = map[string]bool{"os": true, "os/exec": true, "io/ioutil": true, "syscall": true, "golang.org/x/sys/unix": true}

// diskFuncs are the other functions that read the disk, by
// types.Func.FullName: the walking and globbing of io/fs and path/filepath,
// and the engine's own API for what the snapshot does not hold. A closed
// file's bytes (File.Source and what reads through it) and link facts
// (Snapshot.Links) are not here: they are the snapshot's values, made or
// read back from disk by skills, proved unchanged (docs/architecture.md).
var diskFuncs = map[string]bool{
	"io/fs.ReadFile": true, "io/fs.ReadDir": true, "io/fs.Stat": true, "io/fs.Lstat": true,
	"io/fs.ReadLink": true, "io/fs.WalkDir": true, "io/fs.Glob": true, "io/fs.Sub": true,
	"path/filepath.Walk": true, "path/filepath.WalkDir": true, "path/filepath.Glob": true,
	"path/filepath.EvalSymlinks": true, "path/filepath.Abs": true,
	module + "/skills.Load":                             true,
	module + "/skills/discovery.Exists":                 true,
	module + "/skills/discovery.ReadEvalFiles":          true,
	module + "/skills/discovery.ReadBundleEvals":        true,
	module + "/skills/discovery.ListLinkDir":            true,
	module + "/skills/discovery.FindChatFiles":          true,
	module + "/skills/config.Find":                      true,
	module + "/skills/config.Read":                      true,
	module + "/skills/discovery.ProjectRoot":            true,
	module + "/skills/watch.New":                        true,
	"(*" + module + "/skills.Workspace).Load":           true,
	"(*" + module + "/skills.Workspace).Apply":          true,
	"(" + module + "/skills/discovery.RootState).Stale": true,
	module + "/skills/hosts.Build":                      true,
	module + "/skills/hosts.FindPassOverRoots":          true,
	module + "/skills/hosts.ReadPassOverFacts":          true,
	module + "/skills/hosts.ReadSkillMDBeside":          true,
	module + "/skills/hosts.NewPluginNamer":             true,
	"(*" + module + "/skills/hosts.Host).Discover":      true,
	module + "/skills/discovery.RealPath":               true,
	module + "/skills/discovery.RealPaths":              true,
	module + "/skills/discovery.RealEntry":              true,
}

// diskCalls are the file-system calls allowed in the packages
// TestFileSystemCalls checks, as "file function callee", each with why the
// code asks the disk rather than the snapshot. The rules (diagnostics) and
// the model text (render) are functions of the snapshot; lsp's handlers
// and its session read it, and only these places look past it.
var diskCalls = map[string]string{
	// diagnostics
	"diagnostics/hosts.go HostMatrix hosts.Build":                 "the other agents' view: skills/hosts walks their folders (issue 11, left for the hosts work)",
	"diagnostics/fix/fixall.go Result.applyRound Workspace.Apply": "a round's fixes are tried, and kept or undone, as edits (overlays) of the workspace the CLI loaded: Apply parses their text and reads no file",
	"diagnostics/fix/fixall.go tryFile Workspace.Apply":           "a file's fixes tried alone, the same way",

	"diagnostics/readers.go Pass.linkedReaders discovery.RealPath": "whether a host's row of the same folder name is this file through a link (asked only for those rows), left for the rules' link facts",
	"diagnostics/readers.go Pass.sameFileRows discovery.RealPath":  "the other paths of one file by two paths (rows of the same folder name only), for one finding per fact",
	"diagnostics/readers.go Pass.primaryPath discovery.RealPath":   "which path of a file reached by several paths its findings go to: its real path when a host reads it there",
	"diagnostics/fix/hurts.go openLinked discovery.RealPath":       "the fix judge opens the other paths of the file a fix edits, as check sees them (same folder name only)",
	"diagnostics/fix/alias.go groupAliases discovery.RealPath":     "a fix applied once per file, not once per linked path: the snapshot's files near the edit grouped by real path",

	"render/report.go AddHostNames hosts.NewPluginNamer": "the names Codex gives the listed skills below a plugin manifest: its roots and the manifests above each file, on the caller's goroutine (list, the server's listSkills command), no lock held",

	// lsp: the one mutation path
	"lsp/session/changes.go Session.syncDocLocked Workspace.Apply":         "an open buffer enters the views, under the session lock: a workspace parses it from its text and reads no file",
	"lsp/session/state.go Session.applyDisk Workspace.Apply":               "a disk change re-lists and re-reads what it touched, after the session lock is released",
	"lsp/session/changes.go viewsLoaded.apply Workspace.Apply":             "the end of discovery replays the open buffers (parsed from their text; the disk changes seen meanwhile go to applyDisk)",
	"lsp/session/changes.go view.settleFolderChange config.Find":           "a watcher batch on the project folder: whether the config file is another one",
	"lsp/session/changes.go view.settleFolderChange config.Read":           "a watcher batch on the project folder: whether the config file's bytes changed",
	"lsp/session/changes.go view.settleFolderChange RootState.Stale":       "a watcher batch on the project folder: whether a root inside it appeared or went",
	"lsp/session/config.go loadViewConfig discovery.ProjectRoot":           "the project of a folder (nearest .git) decides the view's roots, before any snapshot exists",
	"lsp/session/config.go loadViewConfig config.Find":                     "the config file decides the view's roots, so it is read when the view is built",
	"lsp/session/config.go loadViewConfig config.Read":                     "the config file decides the view's roots, so it is read when the view is built",
	"lsp/session/views.go Session.load Workspace.Load":                     "the initial discovery of each view, outside the session lock",
	"lsp/session/views.go Session.watch watch.New":                         "the views' watcher: how disk changes reach the mutation path",
	"lsp/session/views.go Session.newView os.UserHomeDir":                  "the home folder of the other agents' roots when the client set none (the environment, not a file)",
	"lsp/session/views.go Session.newView os.Getenv":                       "the environment of the other agents' roots when no test replaced it",
	"lsp/server.go server.homeDir os.UserHomeDir":                          "the home folder of DSH's user roots when the client set none (the environment, not a file)",
	"lsp/server.go initialFolders os.Getwd":                                "the last fallback folder when the client names none (the environment, not a file)",
	"lsp/session/pluginfiles.go pluginLineIndex os.Open":                   "a plugin manifest's findings are placed on its text, which no snapshot holds (a skill snapshot has skill files only): its open buffer, else up to 1 MiB of the file, on the pass's goroutine",
	"lsp/session/pluginfiles.go pluginLineIndex File.Close":                "the same manifest, closed once read",
	"lsp/session/snapshot.go bufferAlone Workspace.Apply":                  "a workspace with no roots parses one open buffer; it reads nothing",
	"lsp/session/views.go Session.newView hosts.FindPassOverRoots":         "the roots of the view's hosts (a walk for nested .claude/skills, the plugin manifests), found when the view is built, so that passedOver reads nothing under the session lock",
	"lsp/session/passover.go OpenDoc.prepare hosts.ReadSkillMDBeside":      "whether a skill.md has a SKILL.md beside it, read before the session lock is taken (Modify's prepare)",
	"lsp/session/snapshot.go Snapshot.IsSkillPath hosts.ReadPassOverFacts": "a path no buffer holds (documentInfo before didOpen): its disk, on the handler's goroutine, no lock held",
	"lsp/session/linkeddocs.go linkedAs Host.Discover":                     "a buffer opened outside every root and host folder: which host folders link to it, walked on findLinks' goroutine, never on the read loop",
	"lsp/session/linkeddocs.go linkedAs discovery.RealPath":                "the same walk: each host file's links resolved, on findLinks' goroutine",
	"lsp/session/linkeddocs.go Session.findLinks hosts.ReadSkillMDBeside":  "whether the linked path found has a SKILL.md beside it (what OpenDoc.prepare reads of its own path), on findLinks' goroutine",
	"lsp/session/views.go Session.realPath discovery.RealPath":             "the resolver of the memo of the hosts' matrix rows' real paths: once per content (viewMemo.reals), on the first key hover's goroutine, no lock held; and of an open buffer's paths of its folder name (heldPaths), on the pass's goroutine",

	// lsp: handlers that must ask the disk
	"lsp/completion.go linkCompletion discovery.ListLinkDir":                "link path completion lists the folder the user is typing, which no snapshot holds",
	"lsp/codeaction.go createSkillAction discovery.Exists":                  "never offer to create over something already on disk (any file, even a broken link), as it is now",
	"lsp/rename.go folderMoves discovery.Exists":                            "never move a skill folder over something already on disk, as it is now",
	"lsp/codeaction.go moveSectionAction discovery.Exists":                  "never offer to create a references/ file over something already on disk",
	"lsp/chatfiles.go diskChatRefs discovery.FindChatFiles":                 "references and rename reach the chat files on disk in the folders; the snapshot holds skill roots only",
	"lsp/session/evalfiles.go Snapshot.readEvals discovery.ReadBundleEvals": "a pass checks the eval files of every bundle as check does; the snapshot holds skill files only (run on the pass's goroutine)",
	"lsp/session/evalfiles.go withEvalFiles discovery.Exists":               "eval-missing-file asks whether an eval's files exist in the skill's folder, as check does (on the pass's goroutine)",
	"lsp/session/evalfiles.go scheduler.publishEval discovery.Exists":       "the same question for the open eval file's fast path: a stat per path its evals name",
	"lsp/session/editscope.go Snapshot.MayMove discovery.RealEntry":         "whether a rename's move stays inside the workspace folders where it lands, links resolved as they are now (the one write-scope test, InsideReal), on the handler's goroutine",
	"lsp/session/editscope.go Snapshot.MayMove discovery.RealPaths":         "the workspace folders, resolved for the same test",
	"lsp/session/editscope.go Snapshot.MayEdit discovery.RealPath":          "whether a rename's edit lands inside the workspace folders, links resolved as they are now, on the handler's goroutine",
	"lsp/session/editscope.go Snapshot.MayEdit discovery.RealPaths":         "the workspace folders, resolved for the same test",
	"lsp/chatcopies.go otherCopies discovery.RealPath":                      "a chat hover's /name: whether another host's copy is DSH's file through a link, on the handler's goroutine",
}

// TestFileSystemCalls keeps the rules and the model text functions of the
// snapshot, and the handlers' disk reads few and known: it type-checks the
// non-test code of diagnostics, render, lsp and mcp and fails on every call of
// a disk function (diskPackages, diskFuncs) that diskCalls does not allow,
// and on every allowance no call uses any more.
func TestFileSystemCalls(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{"diagnostics", "diagnostics/fix", "diagnostics/format", "render", "lsp", "lsp/session", "mcp"}
	exports := exportData(t, root, dirs)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if f, ok := exports[path]; ok {
			return os.Open(f)
		}
		return nil, os.ErrNotExist
	})
	used := map[string]bool{}
	for _, dir := range dirs {
		for _, call := range diskCallsIn(t, fset, imp, root, dir) {
			if _, ok := diskCalls[call.key]; !ok {
				t.Errorf("%s: %s calls %s: a file-system call where the snapshot should answer (or allow it in diskCalls, with its reason)", call.pos, call.fn, call.callee)
			}
			used[call.key] = true
		}
	}
	for key := range diskCalls {
		if !used[key] {
			t.Errorf("diskCalls allows %q, which no code calls any more: remove it", key)
		}
	}
}

// diskCall is one use of a disk function.
type diskCall struct {
	pos    token.Position
	fn     string // the enclosing function, Recv.Name or Name (or "(package level)")
	callee string // the disk function, pkg.Name or Type.Name
	key    string // "file fn callee", as in diskCalls
}

// diskCallsIn type-checks the non-test files of the package in dir and
// returns its uses of disk functions.
func diskCallsIn(t *testing.T, fset *token.FileSet, imp types.Importer, root, dir string) []diskCall {
	t.Helper()
	pkg, err := build.ImportDir(filepath.Join(root, dir), 0)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(pkg.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(module+"/"+dir, fset, files, info); err != nil {
		t.Fatal(err)
	}
	var out []diskCall
	for _, f := range files {
		for _, decl := range f.Decls {
			fn := "(package level)"
			if fd, ok := decl.(*ast.FuncDecl); ok {
				fn = funcName(fd)
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				callee, ok := info.Uses[id].(*types.Func)
				if !ok || !isDiskFunc(callee) {
					return true
				}
				pos := fset.Position(id.Pos())
				rel, _ := filepath.Rel(root, pos.Filename)
				c := diskCall{pos: pos, fn: fn, callee: calleeName(callee)}
				c.key = filepath.ToSlash(rel) + " " + c.fn + " " + c.callee
				out = append(out, c)
				return true
			})
		}
	}
	return out
}

func isDiskFunc(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	return diskPackages[fn.Pkg().Path()] || diskFuncs[fn.FullName()]
}

// funcName is Name, or Recv.Name for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// calleeName is pkg.Name for a function, Type.Name for a method.
func calleeName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		typ := sig.Recv().Type()
		if p, ok := typ.(*types.Pointer); ok {
			typ = p.Elem()
		}
		if n, ok := typ.(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// exportData returns the compiler's export data files of the packages in
// dirs and everything they import, by import path (go list -export).
func exportData(t *testing.T, root string, dirs []string) map[string]string {
	t.Helper()
	args := []string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}
	for _, d := range dirs {
		args = append(args, "./"+d)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	exports := map[string]string{}
	for line := range strings.Lines(string(out)) {
		path, file, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if ok && file != "" {
			exports[path] = file
		}
	}
	if !slices.ContainsFunc(dirs, func(d string) bool { return exports[module+"/"+d] != "" }) {
		t.Fatalf("go list gave no export data for %v", dirs)
	}
	return exports
}
