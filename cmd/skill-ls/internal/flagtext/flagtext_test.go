package flagtext

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

// list is a repeatable string flag, as the verbs' --custom-dir.
type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }

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
	var l list
	fs.Var(&l, "custom-dir", "an extra `dir`; repeatable")
	fs.Bool("v", false, "verbose")
	var want bytes.Buffer
	fs.SetOutput(&want)
	fs.PrintDefaults()
	var got bytes.Buffer
	Print(&got, fs)
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
		if got := Error(err, fs); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.args, got, tt.want)
		}
	}
}
