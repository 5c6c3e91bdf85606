package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

func TestMain(m *testing.M) {
	testscript.Main(colorlessM{m}, map[string]func(){
		"skill-ls": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"claude":   fakeClaude,
		"codex":    fakeCodex,
	})
}

// colorlessM runs the tests without the NO_COLOR and FORCE_COLOR of the
// environment: the tests decide colour themselves (color.txtar), and a
// developer's settings must not change the goldens. The program a script
// runs (a child process) keeps the script's environment.
type colorlessM struct{ m *testing.M }

func (c colorlessM) Run() int {
	os.Unsetenv("NO_COLOR")
	os.Unsetenv("FORCE_COLOR")
	return c.m.Run()
}

// TestScripts runs the CLI scripts in testdata/script: each is a txtar
// archive holding a skill tree and the commands to run, with
// `exec skill-ls …` running this program. The user roots are
// $WORK/home/.dsh and $WORK/home/.agents, so no script reads the real home.
// -update (or SKILL_LS_UPDATE=1) rewrites the files that cmp compares with.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: skilltest.Updating(),
		Setup: func(env *testscript.Env) error {
			env.Setenv("DSH_HOME", filepath.Join(env.WorkDir, "home", ".dsh"))
			env.Setenv("DSH_AGENTS_HOME", filepath.Join(env.WorkDir, "home", ".agents"))
			env.Setenv("DSH_BUNDLED_SKILL_DIR", "")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"nonl": cmdNoNewline,
		},
	})
}

// cmdNoNewline is the script command `nonl stdout FILE`: it fails unless
// stdout is not empty and does not end with a newline (render adds none),
// then writes stdout with one newline added to FILE, for `cmp FILE want`
// against a txtar section, which always ends with a newline.
func cmdNoNewline(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: nonl stdout|stderr FILE")
	}
	text := ts.ReadFile(args[0])
	if text == "" || strings.HasSuffix(text, "\n") {
		ts.Fatalf("%s is empty or ends with a newline", args[0])
	}
	p := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(p), 0o755))
	ts.Check(os.WriteFile(p, []byte(text+"\n"), 0o644))
}
