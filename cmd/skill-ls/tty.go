package main

import (
	"os"

	"golang.org/x/term"
)

// isTTY reports whether the character device f is a terminal: it answers
// the terminal-attributes request, which /dev/null does not (x/term asks
// each system its own way).
func isTTY(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }
