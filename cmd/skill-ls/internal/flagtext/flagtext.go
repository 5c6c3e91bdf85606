// Package flagtext is flags as people type them. Go's flag package accepts -name and
// --name alike but prints -name in its help and errors; skill-ls's help
// and documentation say --name, so the help, the errors and the "did you
// mean" of a mistyped flag print --name too (a one-letter flag: -v).
package flagtext

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills/spelling"
)

// dashed returns a flag's name as it is typed: --name, or -x for a
// one-letter name.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// Print writes the flags of fs to w as flag.PrintDefaults does, with
// the names dashed.
func Print(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  " + dashed(f.Name)
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if def := defaultText(f); def != "" {
			line += " (default " + def + ")"
		}
		fmt.Fprintln(w, line)
	})
}

// EndOfFlagsHelp is the help's entry for "--", after the flags: parse
// takes every argument after it as it is, so that a file name that comes
// from elsewhere (a glob, pre-commit's list of changed files) is never a flag.
const EndOfFlagsHelp = "  --\n    \tend of the flags: every argument after it is taken as it is, even one that starts with - (a file named --config=x)\n"

// defaultText is a flag's default as its help gives it: "" for a zero
// value, quoted for a string.
func defaultText(f *flag.Flag) string {
	zero := ""
	if t := reflect.TypeOf(f.Value); t.Kind() == reflect.Pointer {
		if z, ok := reflect.New(t.Elem()).Interface().(flag.Value); ok {
			zero = z.String()
		}
	}
	if f.DefValue == zero {
		return ""
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if _, isString := g.Get().(string); isString {
			return fmt.Sprintf("%q", f.DefValue)
		}
	}
	return f.DefValue
}

// Error words an error of fs's parse with the flag dashed, and for a
// flag fs does not define, the Nearest one it does (extra are more names
// to suggest, such as the program's --version).
func Error(err error, fs *flag.FlagSet, extra ...string) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		names := append([]string{"help"}, extra...)
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg = "unknown flag " + dashed(name)
		if near := Nearest(name, names); near != "" {
			msg += "; did you mean " + dashed(near) + "?"
		}
		return msg
	}
	// "flag needs an argument: -x", "invalid value "v" for flag -x: …",
	// "invalid boolean value "v" for -x: …".
	for _, lead := range []string{"flag needs an argument: -", " for flag -", " for -"} {
		if i := strings.Index(msg, lead); i >= 0 {
			rest := msg[i+len(lead):]
			end := strings.IndexByte(rest, ':')
			if end < 0 {
				end = len(rest)
			}
			return msg[:i+len(lead)-1] + dashed(rest[:end]) + rest[end:]
		}
	}
	return msg
}

// Nearest returns the name of names closest to typed, or "" when none is
// close: at most one edit (a letter added, dropped, changed, or two
// swapped) for a short name, two for one of 8 letters or more; or the
// only name that starts with typed when typed is 3 letters or more.
func Nearest(typed string, names []string) string {
	limit := 1
	if len(typed) >= 8 {
		limit = 2
	}
	best, bestDist, prefixed := "", limit+1, []string{}
	for _, n := range names {
		if d := spelling.Distance(strings.ToLower(typed), n, bestDist); d < bestDist {
			best, bestDist = n, d
		}
		if len(typed) >= 3 && strings.HasPrefix(n, typed) {
			prefixed = append(prefixed, n)
		}
	}
	if best == "" && len(prefixed) == 1 {
		return prefixed[0]
	}
	return best
}

// MaxDescriptionProblem says why --max-description n cannot be used ("" when
// it can): DSH refuses a cap below render.MinMaxLength, with the setup error
// quoted so that a user who meets it in DSH's log recognises it.
func MaxDescriptionProblem(n int) string {
	if err := render.ValidateMaxLength(n); err != nil {
		return fmt.Sprintf("--max-description %d: DSH accepts a cap of %d or more; it refuses %d with %q", n, render.MinMaxLength, n, err.Error())
	}
	return ""
}
