package terminal

import "flag"

// ColorModes are --color's values.
var ColorModes = []string{"auto", "always", "never"}

// RegisterColor adds --color to fs.
func RegisterColor(fs *flag.FlagSet, mode *string) {
	fs.StringVar(mode, "color", "auto", "colour the text output: `when` is auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
}

// UseColor reports whether output to a stream is coloured. always and
// never decide alone. auto colours a terminal, unless NO_COLOR is set to
// anything but "" (no-color.org) or TERM is dumb; FORCE_COLOR set to
// anything but "", "0" or "false" colours any stream, and "0" or "false"
// none (as Node tools read it); NO_COLOR wins over FORCE_COLOR.
func UseColor(mode string, getenv func(string) string, terminal bool) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if getenv("NO_COLOR") != "" {
		return false
	}
	switch force := getenv("FORCE_COLOR"); force {
	case "":
	case "0", "false":
		return false
	default:
		return true
	}
	return terminal && getenv("TERM") != "dumb"
}
