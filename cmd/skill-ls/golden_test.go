package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestGolden runs `skill-ls check` over every testdata/golden/*.txtar: the
// archive's files form a tree (project/ is the cwd's project, home/ holds
// .dsh and .agents), and the sections
//
//	@check       the text output
//	@check.json  the JSON output
//	@status      the exit status and the stderr summary of the text run
//
// are the expected results; they are not written to disk. A file named
// "args" holds extra check arguments, one per line. -update (or
// SKILL_LS_UPDATE=1) rewrites the sections.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no golden archives")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(filepath.Join(wd, file))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var extra []string
			for _, f := range ar.Files {
				if f.Name == "args" {
					extra = strings.Fields(string(f.Data))
				}
			}
			skilltest.WriteArchive(t, dir, ar)
			t.Chdir(dir)
			t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
			t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
			t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
			check := func(format string) (stdout, stderr string, code int) {
				var o, e bytes.Buffer
				args := append([]string{"check", "--cwd", "project", "--format", format}, extra...)
				code = run(context.Background(), args, strings.NewReader(""), &o, &e)
				return o.String(), e.String(), code
			}
			text, summary, code := check("text")
			js, jsErr, jsCode := check("json")
			if jsCode != code || jsErr != "" {
				t.Errorf("json run: exit %d, stderr %q; want exit %d and no stderr", jsCode, jsErr, code)
			}
			got := map[string]string{
				"@check":      text,
				"@check.json": js,
				"@status":     fmt.Sprintf("exit %d\n%s", code, summary),
			}
			if skilltest.Updating() {
				for _, name := range []string{"@check", "@check.json", "@status"} {
					i := section(ar, name)
					if i < 0 {
						ar.Files = append(ar.Files, txtar.File{Name: name})
						i = len(ar.Files) - 1
					}
					ar.Files[i].Data = []byte(got[name])
				}
				if err := os.WriteFile(filepath.Join(wd, file), txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"@check", "@check.json", "@status"} {
				i := section(ar, name)
				if i < 0 {
					t.Errorf("no %s section (run with -update)", name)
					continue
				}
				if want := string(ar.Files[i].Data); got[name] != want {
					t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", name, got[name], want)
				}
			}
		})
	}
}

func section(ar *txtar.Archive, name string) int {
	for i, f := range ar.Files {
		if f.Name == name {
			return i
		}
	}
	return -1
}
