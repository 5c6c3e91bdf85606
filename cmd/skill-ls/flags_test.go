package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"regexp"
	"slices"
	"testing"
	"time"
)

// TestPrintFlags holds the help's flags to flag.PrintDefaults, with the
// names as they are typed: --name (and -v for a one-letter flag).
func TestPrintFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.String("format", "text", "the output `format`")
	fs.String("cwd", "", "the working `dir`")
	fs.Bool("watch", false, "keep watching")
	fs.Bool("stdio", true, "talk on stdin")
	fs.Int("max-description", 500, "the cap in `units`")
	fs.Int("window", 0, "the window")
	fs.Duration("wait", time.Second, "how long\nto wait")
	var l stringList
	fs.Var(&l, "custom-dir", "an extra `dir`; repeatable")
	fs.Bool("v", false, "verbose")
	var want bytes.Buffer
	fs.SetOutput(&want)
	fs.PrintDefaults()
	var got bytes.Buffer
	printFlags(&got, fs)
	// PrintDefaults puts a one-letter flag's usage on its line.
	goStyle := regexp.MustCompile(`(?m)^  -([a-z][-a-z]+)`).ReplaceAllString(want.String(), "  --$1")
	goStyle = regexp.MustCompile(`(?m)^  -v\t`).ReplaceAllString(goStyle, "  -v\n    \t")
	if got.String() != goStyle {
		t.Errorf("got:\n%s\nwant:\n%s", &got, goStyle)
	}
}

func TestFlagError(t *testing.T) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("format", "text", "")
	fs.String("agents-home", "", "")
	fs.Int("max-description", 500, "")
	fs.Bool("watch", false, "")
	fs.Bool("no-default-roots", false, "")
	tests := []struct{ args, want string }{
		{"--fromat json", "unknown flag --fromat; did you mean --format?"},
		{"-formt=json", "unknown flag --formt; did you mean --format?"},
		{"--agent-home x", "unknown flag --agent-home; did you mean --agents-home?"},
		{"--agents_home x", "unknown flag --agents_home; did you mean --agents-home?"},
		{"--no-defualt-roots", "unknown flag --no-defualt-roots; did you mean --no-default-roots?"},
		{"--max-desc 3", "unknown flag --max-desc; did you mean --max-description?"},
		{"--Format x", "unknown flag --Format; did you mean --format?"},
		{"--hepl", "unknown flag --hepl; did you mean --help?"},
		{"--bogus", "unknown flag --bogus"},
		{"-x", "unknown flag -x"},
		{"--format", "flag needs an argument: --format"},
		{"--max-description abc", `invalid value "abc" for flag --max-description: parse error`},
		{"--watch=maybe", `invalid boolean value "maybe" for --watch: parse error`},
	}
	for _, tt := range tests {
		err := fs.Parse(regexp.MustCompile(` `).Split(tt.args, -1))
		if err == nil || errors.Is(err, flag.ErrHelp) {
			t.Fatalf("%s: no error", tt.args)
		}
		if got := flagError(err, fs); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.args, got, tt.want)
		}
	}
}

func TestNearest(t *testing.T) {
	tests := []struct{ typed, want string }{
		{"chekc", "check"}, {"chek", "check"}, {"checkk", "check"}, {"lsit", "list"},
		{"matirx", "matrix"}, {"rendr", "render"}, {"serv", "serve"}, {"nwe", "new"},
		{"frobnicate", ""}, {"x", ""}, {"lint", "list"}, {"renew", ""},
	}
	for _, tt := range tests {
		if got := nearest(tt.typed, verbs); got != tt.want {
			t.Errorf("nearest(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}

// TestParseEndOfFlags holds "--" to what it promises: every argument after
// it is positional, even one named like a flag (issue 38, point 12: a
// committed --config=cfg/SKILL.md that pre-commit passes as a file name),
// while flags before it, and flags after a PATH, still parse.
func TestParseEndOfFlags(t *testing.T) {
	tests := []struct {
		args, pos []string
		config    string
	}{
		{[]string{"--config=c.yaml", "a"}, []string{"a"}, "c.yaml"},
		{[]string{"a", "--config", "c.yaml", "b"}, []string{"a", "b"}, "c.yaml"},
		{[]string{"--", "--config=cfg/SKILL.md", "a"}, []string{"--config=cfg/SKILL.md", "a"}, ""},
		{[]string{"a", "--", "--config=cfg/SKILL.md"}, []string{"a", "--config=cfg/SKILL.md"}, ""},
		{[]string{"--config=c.yaml", "--", "-x", "--", "--help"}, []string{"-x", "--", "--help"}, "c.yaml"},
		{[]string{"a", "--config=c.yaml", "--", "-"}, []string{"a", "-"}, "c.yaml"},
		{[]string{"--"}, nil, ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		c := newCommand("check", "skill-ls check [flags] [PATH...]", "", &stdout, &stderr)
		config := c.fs.String("config", "", "")
		pos, exit, stop := c.parse(tt.args, true)
		if stop || exit != 0 {
			t.Errorf("%q: stopped with exit %d: %s%s", tt.args, exit, &stdout, &stderr)
			continue
		}
		if !slices.Equal(pos, tt.pos) || *config != tt.config {
			t.Errorf("%q: positional %q, --config %q; want %q, %q", tt.args, pos, *config, tt.pos, tt.config)
		}
	}
}
