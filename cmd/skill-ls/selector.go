package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/skill-ls/skill-ls/lsp"
)

// serveSelector holds serve's --document-selector and --settings: an
// editor that starts no server for a file the server would not take asks
// which files those are first (lsp.SelectorFor), once.
type serveSelector struct {
	print    *bool
	settings *string
}

// selectorFlags registers --document-selector and --settings on c.
func selectorFlags(c *command) serveSelector {
	return serveSelector{
		print:    c.fs.Bool("document-selector", false, "print which documents an editor offers the server (JSON) and exit"),
		settings: c.fs.String("settings", "", "the settings `object` (JSON) --document-selector applies"),
	}
}

// run prints the selector. A bad setting keeps its default, as in the
// server, which tells the user; here it is said on stderr.
func (s serveSelector) run(stdout, stderr io.Writer) int {
	sel, problems := lsp.SelectorFor([]byte(*s.settings))
	for _, p := range problems {
		fmt.Fprintf(stderr, "skill-ls serve: %s\n", errText(fmt.Errorf("%s", p)))
	}
	b, err := json.Marshal(sel)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls serve: %s\n", errText(err))
		return exitUsage
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return exitOK
}
