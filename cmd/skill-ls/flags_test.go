package main

import (
	"bytes"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/flagtext"
)

func TestNearest(t *testing.T) {
	tests := []struct{ typed, want string }{
		{"chekc", "check"}, {"chek", "check"}, {"checkk", "check"}, {"lsit", "list"},
		{"matirx", "matrix"}, {"rendr", "render"}, {"serv", "serve"}, {"nwe", "new"},
		{"frobnicate", ""}, {"x", ""}, {"lint", "list"}, {"renew", ""},
	}
	for _, tt := range tests {
		if got := flagtext.Nearest(tt.typed, verbs); got != tt.want {
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
