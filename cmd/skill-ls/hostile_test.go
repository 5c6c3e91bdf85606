package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileFolders are skill folder names that, printed raw, forge output: a
// finding of their own after a newline (and a GitHub workflow command
// after a CR LF), the clipboard set by OSC 52, the rest of the output
// hidden by ESC [8m, text reordered by a bidi override, CSI in one byte,
// bytes that are not UTF-8.
var hostileFolders = []string{
	"evil\nREADME.md:1:1: error: pwned",
	"cr\r\n::error file=README.md::pwned",
	"clip\x1b]52;c;aGVsbG8=\a",
	"hide\x1b[8m",
	"bidi\u202eab",
	"csi\x9b2J",
	"bad\xe9utf",
}

// hostileTree writes a project whose skills sit in the hostile folders,
// each with a value to quote (a safe fix), a missing link (a message that
// names the folder) and the same name (shadowing, once fixed).
func hostileTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".git"), 0o755)
	for _, name := range hostileFolders {
		p := filepath.Join(dir, ".agents", "skills", name, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Skipf("this file system refuses %q: %v", name, err)
		}
		os.WriteFile(p, []byte("---\nname: pdf\ndescription: Use when: x\n---\nSee [ref](missing.md).\n"), 0o644)
	}
	t.Chdir(dir)
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	return dir
}

// checkInertOutput fails unless every line of out (after the tabs that
// indent it) is valid UTF-8 without a control character, a bidi control or
// a line separator, and no line starts with a forged finding.
func checkInertOutput(t *testing.T, what, out string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimLeft(line, "\t")
		bad := !utf8.ValidString(line) || strings.HasPrefix(line, "README.md") || strings.HasPrefix(line, "::error file=README.md")
		for _, r := range line {
			bad = bad || r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x202e || r == 0x2028
		}
		if bad {
			t.Errorf("%s: a line is not inert: %q\n%s", what, line, out)
			return
		}
	}
}

// TestHostileFolderNames runs the verbs people run on a tree of hostile
// folder names: text output is inert, JSON carries the exact bytes.
func TestHostileFolderNames(t *testing.T) {
	hostileTree(t)
	runCLI := func(args ...string) (string, string) {
		var o, e bytes.Buffer
		run(context.Background(), args, strings.NewReader(""), &o, &e)
		return o.String(), e.String()
	}
	for _, args := range [][]string{
		{"check"}, {"check", "--format", "github"}, {"list"}, {"matrix", "--home", "home"},
		{"render", "skill", "pdf"}, {"render", "invoke", "/pdf"},
		{"check", "--fix"}, {"check"}, {"list"}, {"render", "skill", "pdf"}, {"render", "invoke", "/pdf"},
	} {
		out, errOut := runCLI(args...)
		if args[0] != "render" { // render's stdout is the model's text, byte for byte
			checkInertOutput(t, strings.Join(args, " ")+" stdout", out)
		}
		checkInertOutput(t, strings.Join(args, " ")+" stderr", errOut)
		if args[0] == "check" && len(args) == 1 && !strings.Contains(out, `".agents/skills/bad\351utf/SKILL.md":`) {
			t.Errorf("check: the folder that is not UTF-8 is not quoted as git quotes it:\n%s", out)
		}
	}
	for _, args := range [][]string{{"check", "--format", "json"}, {"check", "--format", "sarif"}, {"list", "--json"}, {"matrix", "--home", "home", "--json"}} {
		out, _ := runCLI(args...)
		if !json.Valid([]byte(out)) {
			t.Errorf("%s: not JSON:\n%s", strings.Join(args, " "), out)
		}
		want := `bad\udce9utf`
		if args[1] == "--format" && args[2] == "sarif" {
			want = `bad%E9utf`
		}
		if !strings.Contains(out, want) || strings.Contains(out, `\ufffd`) {
			t.Errorf("%s: the folder that is not UTF-8 is not %s:\n%s", strings.Join(args, " "), want, out)
		}
	}
}
