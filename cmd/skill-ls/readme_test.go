package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/tools/txtar"
)

// TestREADMECommands runs every `skill-ls` command of the README's sh
// blocks (after its `cd` and `R=` lines), on a copy of testdata/examples,
// with a shell, as a reader pastes them: each must exit 0 or 1 (findings,
// not a usage error) without a usage message. --watch, which runs until
// interrupted, is left out.
func TestREADMECommands(t *testing.T) {
	cmds, setup := readmeCommands(t, "../../README.md")
	if len(cmds) < 10 {
		t.Fatalf("found only %d README commands", len(cmds))
	}
	ar := &txtar.Archive{}
	root := "../../testdata/examples"
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		ar.Files = append(ar.Files, txtar.File{Name: "testdata/examples/" + filepath.ToSlash(rel), Data: data})
		return nil
	})
	var script strings.Builder
	for _, c := range cmds {
		line := strings.Join(append(setup, c), " && ")
		script.WriteString("exec sh -c " + shellQuote(line+"; s=$?; [ $s -le 1 ] || { echo exit $s >&2; exit 1; }") + "\n")
		script.WriteString("! stderr 'Usage:|flag provided but not defined|unknown flag|unexpected argument|unknown (command|kind|format|profile)'\n")
	}
	ar.Comment = []byte(script.String())
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "readme.txtar"), txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("DSH_BUNDLED_SKILL_DIR", "")
			env.Setenv("HOME", filepath.Join(env.WorkDir, "realhome"))
			return nil
		},
	})
}

// readmeCommands returns the skill-ls command lines of the README's sh
// blocks and the setup lines (cd, variable assignments) they depend on.
func readmeCommands(t *testing.T, path string) (cmds, setup []string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "```sh":
			in = true
		case line == "```":
			in = false
		case !in || line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "cd ") || strings.HasPrefix(line, "R="):
			setup = append(setup, line)
		case strings.HasPrefix(line, "skill-ls ") && !strings.Contains(line, "--watch"):
			if i := strings.Index(line, "  #"); i >= 0 {
				line = strings.TrimSpace(line[:i])
			}
			cmds = append(cmds, line)
		}
	}
	return cmds, setup
}
