// Package terminal says whether a stream is a terminal (a person reads
// it) and whether output to it is coloured (--color, NO_COLOR,
// FORCE_COLOR).
package terminal

import (
	"os"

	"golang.org/x/term"
)

// isTTY reports whether the character device f is a terminal: it answers
// the terminal-attributes request, which /dev/null does not (x/term asks
// each system its own way).
func isTTY(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// Is reports whether the stream (stdin, stdout or stderr) is a
// terminal: a person, not an editor's pipe, a file, nor /dev/null.
func Is(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0 && isTTY(f)
}
