package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// hostEnv are the environment variables the host profiles read; the matrix
// tests clear them so the machine's settings never leak in.
var hostEnv = []string{
	"DSH_HOME", "DSH_AGENTS_HOME", "DSH_BUNDLED_SKILL_DIR", "CODEX_HOME", "CLAUDE_CONFIG_DIR",
	"GEMINI_CLI_HOME", "XDG_CONFIG_HOME", "GOOSE_PATH_ROOT", "OPENCODE_CONFIG_DIR",
	"OPENCODE_DISABLE_EXTERNAL_SKILLS", "OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS",
	"SLASH_COMMAND_TOOL_CHAR_BUDGET",
}

// examplesCopy copies testdata/examples to a directory whose absolute path
// has a fixed length (/tmp/skill-ls-matrix-XXXXXXXX), because Codex's and
// Gemini CLI's listings hold absolute paths and so do their budget figures.
func examplesCopy(t *testing.T) string {
	t.Helper()
	var b [4]byte
	rand.Read(b[:])
	dir := filepath.Join("/tmp", "skill-ls-matrix-"+hex.EncodeToString(b[:]))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Skip("needs a writable /tmp:", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	src, err := filepath.Abs(filepath.Join("..", "..", "testdata", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMatrixGolden runs `skill-ls matrix` over testdata/examples (its
// project/ and home/ trees) and compares with testdata/matrix/examples.txtar:
// @matrix and @matrix.json (every host), @codex (Codex with a context
// window), @budget and @budget.json (DSH's budget view). -update (or
// SKILL_LS_UPDATE=1) rewrites the sections.
func TestMatrixGolden(t *testing.T) {
	golden := filepath.Join("testdata", "matrix", "examples.txtar")
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := examplesCopy(t)
	t.Chdir(dir)
	for _, k := range hostEnv {
		t.Setenv(k, "")
	}
	flags := []string{"--cwd", "project", "--project-root", "project", "--dsh-home", "home/.dsh", "--agents-home", "home/.agents", "--home", "home"}
	runs := []struct {
		section string
		args    []string
	}{
		{"@matrix", nil},
		{"@matrix.json", []string{"--json"}},
		{"@codex", []string{"--host", "codex,codex@0.141", "--context-window", "200000"}},
		{"@budget", []string{"--budget"}},
		{"@budget.json", []string{"--budget", "--json"}},
	}
	got := map[string]string{}
	for _, r := range runs {
		var o, e bytes.Buffer
		args := append(append([]string{"matrix"}, flags...), r.args...)
		if code := run(context.Background(), args, strings.NewReader(""), &o, &e); code != exitOK || e.Len() > 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, e.String())
		}
		got[r.section] = o.String()
	}
	ar, err := txtar.ParseFile(filepath.Join(wd, golden))
	if err != nil {
		if !skilltest.Updating() {
			t.Fatal(err)
		}
		ar = &txtar.Archive{Comment: []byte("# skill-ls matrix over testdata/examples (see TestMatrixGolden).\n")}
	}
	if skilltest.Updating() {
		for _, r := range runs {
			i := section(ar, r.section)
			if i < 0 {
				ar.Files = append(ar.Files, txtar.File{Name: r.section})
				i = len(ar.Files) - 1
			}
			ar.Files[i].Data = []byte(got[r.section])
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(wd, golden)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(wd, golden), txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, r := range runs {
		i := section(ar, r.section)
		if i < 0 {
			t.Errorf("no %s section (run with -update)", r.section)
			continue
		}
		if want := string(ar.Files[i].Data); got[r.section] != want {
			t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", r.section, got[r.section], want)
		}
	}
}

// TestDSHBudgetIsTheCatalog checks that the DSH host's listing size is the
// size of the skill lines of the catalog render.Catalog writes.
func TestDSHBudgetIsTheCatalog(t *testing.T) {
	dir := examplesCopy(t)
	ro := discovery.RootOptions{
		Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"),
		DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"),
		Getenv: func(string) string { return "" },
	}
	long := strings.Repeat("Summarize <logs> & tests 🙂. ", 40)
	p := filepath.Join(dir, "project", ".agents", "skills", "long", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("---\nname: long\ndescription: "+long+"\n---\n"), fs.FileMode(0o644)); err != nil {
		t.Fatal(err)
	}
	res, err := hosts.Lookup("dsh").Evaluate(t.Context(), hosts.Options{Cwd: ro.Cwd, Home: filepath.Join(dir, "home"), DSH: ro})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := skills.Load(t.Context(), discovery.Roots(ro), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	entries := render.Entries(snap.Registry.Winners(), render.DefaultMaxLength)
	want := jstext.Len(render.Catalog(entries, render.CatalogOptions{})) - jstext.Len(render.Catalog(nil, render.CatalogOptions{}))
	if res.Budget.Used != want {
		t.Errorf("DSH budget used = %d, catalog lines = %d", res.Budget.Used, want)
	}
}
