package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/atomicwrite"
	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/fix"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// fixTree is a testdata tree to fix: written to a folder, checked with
// check's flags (--cwd project, the user roots in home/) plus args.
type fixTree struct {
	name  string
	write func(t *testing.T, dir string)
	args  []string
}

// fixTrees returns every testdata tree: the archives of the diagnostics
// golden tests and fix tests, of the CLI golden tests, and the examples.
func fixTrees(t *testing.T) []fixTree {
	var trees []fixTree
	archives, _ := filepath.Glob(filepath.Join("..", "..", "diagnostics", "testdata", "*.txtar"))
	fixes, _ := filepath.Glob(filepath.Join("..", "..", "diagnostics", "testdata", "fixes", "*.txtar"))
	golden, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.txtar"))
	for _, file := range append(append(archives, fixes...), golden...) {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		for _, f := range ar.Files {
			switch f.Name {
			case "args":
				args = append(args, strings.Fields(string(f.Data))...)
			case "profile":
				args = append(args, "--profile", strings.TrimSpace(string(f.Data)))
			case "node-read":
				args = append(args, "--node-read")
			}
		}
		trees = append(trees, fixTree{name: filepath.ToSlash(file), args: args, write: func(t *testing.T, dir string) { skilltest.WriteArchive(t, dir, ar) }})
	}
	trees = append(trees, fixTree{name: "testdata/examples", write: func(t *testing.T, dir string) {
		if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "examples"))); err != nil {
			t.Fatal(err)
		}
	}})
	return trees
}

// TestFixEveryTree runs check --fix, then check --fix --unsafe-fixes, over
// a copy of every testdata tree, and checks that the files written are
// exactly FixAll's rounds of edits applied to the originals (nothing
// outside the fixed spans changes, line endings, BOMs and modes stay), that
// no diagnostic with a fix of the level is left, and that a second run
// changes nothing.
func TestFixEveryTree(t *testing.T) {
	for _, tree := range fixTrees(t) {
		for _, unsafe := range []bool{false, true} {
			name := tree.name + "/safe"
			if unsafe {
				name = tree.name + "/unsafe"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				tree.write(t, dir)
				t.Chdir(dir)
				t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
				t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
				t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
				t.Setenv("HOME", filepath.Join(dir, "home")) // the other hosts' home: --fix is tried on them
				// A file mode the writer must keep.
				before := skilltest.ReadTree(t, dir)
				for p := range before {
					if strings.HasSuffix(p, ".md") {
						os.Chmod(filepath.Join(dir, p), 0o600)
					}
				}
				level := diagnostics.FixSafe
				flags := []string{"--fix"}
				if unsafe {
					level, flags = diagnostics.FixUnsafe, []string{"--fix", "--unsafe-fixes"}
				}
				want, refused := expectedFix(t, dir, tree.args, level)

				stdout, stderr, code := checkIn(t, append(flags, tree.args...)...)
				if code == exitUsage {
					t.Fatalf("check --fix failed: %s%s", stdout, stderr)
				}
				after := skilltest.ReadTree(t, dir)
				for p, data := range after {
					if w, ok := want[p]; !ok || w != data {
						t.Errorf("%s after --fix:\n%q\nwant:\n%q", p, data, w)
					}
					if strings.HasSuffix(p, ".md") {
						if fi, err := os.Stat(filepath.Join(dir, p)); err == nil && fi.Mode().Perm() != 0o600 {
							t.Errorf("%s: mode %v, want 0600", p, fi.Mode().Perm())
						}
					}
				}
				for p := range want {
					if _, ok := after[p]; !ok {
						t.Errorf("%s is gone after --fix", p)
					}
				}

				js, _, _ := checkIn(t, append([]string{"--format", "json"}, tree.args...)...)
				var ds []struct {
					Path, Code string
					Fixes      []struct {
						Title  string
						Unsafe bool
					}
				}
				if err := json.Unmarshal([]byte(js), &ds); err != nil {
					t.Fatalf("%v: %s", err, js)
				}
				for _, d := range ds {
					if refused[d.Path+" "+d.Code] {
						continue // tried and refused: it would make the file worse
					}
					for _, f := range d.Fixes {
						if !f.Unsafe || unsafe {
							t.Errorf("a fixable diagnostic is left: %s [%s] %q", d.Path, d.Code, f.Title)
						}
					}
				}

				_, stderr2, _ := checkIn(t, append(flags, tree.args...)...)
				if !strings.Contains(stderr2, "Nothing to fix.") {
					t.Errorf("the second run fixed more:\n%s", stderr2)
				}
				if again := skilltest.ReadTree(t, dir); !sameTree(again, after) {
					t.Error("the second run changed the tree")
				}
			})
		}
	}
}

// expectedFix computes, on a copy of dir, what --fix at level must make of
// the tree: FixAll's rounds of edits replayed on each original file, then
// the renames; and the fixes it refuses, as "path code" (path relative).
func expectedFix(t *testing.T, dir string, args []string, level diagnostics.FixLevel) (map[string]string, map[string]bool) {
	t.Helper()
	copyDir := t.TempDir()
	if err := os.CopyFS(copyDir, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	// Every host that reads a file judges its fixes, as in check --fix.
	opts := diagnostics.Options{HostEnv: hosts.Options{Cwd: filepath.Join(copyDir, "project"), Home: filepath.Join(copyDir, "home"), Getenv: os.Getenv}}
	nodeRead := false
	for i, a := range args {
		switch a {
		case "--profile":
			opts.Profile, _ = diagnostics.LookupProfile(args[i+1])
		case "--node-read":
			nodeRead = true
		}
	}
	roots := discovery.Roots(discovery.RootOptions{
		Cwd: filepath.Join(copyDir, "project"), DSHHome: filepath.Join(copyDir, "home", ".dsh"), AgentsHome: filepath.Join(copyDir, "home", ".agents"),
		Getenv: func(string) string { return "" }, NodeRead: nodeRead,
	})
	ws := skills.NewWorkspace(roots, skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	res := fix.All(t.Context(), ws, opts, level)
	out := skilltest.ReadTree(t, copyDir)
	for path, orig := range res.Original {
		data := orig
		for _, edits := range res.Rounds[path] {
			var err error
			if data, err = diagnostics.ApplyEdits(data, edits); err != nil {
				t.Fatal(err)
			}
		}
		rel, _ := filepath.Rel(copyDir, path)
		out[filepath.ToSlash(rel)] = string(data)
	}
	for _, rn := range res.Renames {
		from, _ := filepath.Rel(copyDir, rn.From)
		to, _ := filepath.Rel(copyDir, rn.To)
		from, to = filepath.ToSlash(from)+"/", filepath.ToSlash(to)+"/"
		for p, data := range out {
			if strings.HasPrefix(p, from) {
				delete(out, p)
				out[to+strings.TrimPrefix(p, from)] = data
			}
		}
	}
	refused := map[string]bool{}
	for _, r := range res.Refused {
		rel, _ := filepath.Rel(copyDir, r.Path)
		refused[filepath.ToSlash(rel)+" "+r.Code] = true
	}
	return out, refused
}

// checkIn runs `skill-ls check --cwd project ARGS…` in the working
// directory.
func checkIn(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	// --host dsh: these tests compare --fix with FixAll over DSH's roots;
	// the other hosts' folders a plain check adds are fixed alike
	// (testdata/script/check-hosts-default.txtar).
	code = run(context.Background(), append([]string{"check", "--cwd", "project", "--host", "dsh"}, args...), strings.NewReader(""), &o, &e)
	return o.String(), e.String(), code
}

func sameTree(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestWriteFixed: the write is careful: mode kept, a symbolic link kept
// (its target, inside the folders a fix may write in, is written and
// named), no backup left, and a file whose bytes changed since they were
// read, or that is read-only, is not written.
func TestWriteFixed(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.md")
	link := filepath.Join(dir, "SKILL.md")
	orig := []byte("---\r\nname: a\r\ndescription: Use when: x\r\n---\r\n")
	fixed := []byte("---\r\nname: a\r\ndescription: 'Use when: x'\r\n---\r\n")
	if err := os.WriteFile(target, orig, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.md", link); err != nil {
		t.Fatal(err)
	}
	g := &fixGuard{chosen: []string{dir}, chosenReal: discovery.RealPaths([]string{dir})}
	if written, err := g.writeFixed(link, orig, fixed); err != nil || written != discovery.RealPath(target) {
		t.Fatalf("wrote %q: %v, want the link's target", written, err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, fixed) {
		t.Errorf("target holds %q", got)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	// Changed since read: refused, untouched.
	if _, err := g.writeFixed(target, orig, []byte("x")); err != atomicwrite.ErrChanged {
		t.Errorf("a changed file: %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, fixed) {
		t.Errorf("a changed file was written: %q", got)
	}
	// Read-only: refused, untouched, mode kept.
	os.Chmod(target, 0o444)
	if _, err := g.writeFixed(target, fixed, []byte("x")); err != atomicwrite.ErrReadOnly {
		t.Errorf("a read-only file: %v, want ErrReadOnly", err)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, fixed) {
		t.Errorf("a read-only file was written: %q", got)
	}
	os.Chmod(target, 0o640)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left: %v", entries)
	}
	// A rename never replaces an existing folder.
	os.Mkdir(filepath.Join(dir, "a"), 0o755)
	os.Mkdir(filepath.Join(dir, "b"), 0o755)
	if err := (&fixGuard{}).renameFixed(diagnostics.Rename{From: filepath.Join(dir, "a"), To: filepath.Join(dir, "b")}); err == nil {
		t.Error("a rename replaced an existing folder")
	}
}
