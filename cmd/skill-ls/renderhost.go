package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/skill-ls/skill-ls/skills/hosts"
)

// renderHostFlags are the flags of `render catalog --host`.
type renderHostFlags struct {
	host   string
	home   string
	window int
}

func (hf *renderHostFlags) register(r *renderRun) {
	fs := r.c.fs
	fs.StringVar(&hf.host, "host", "", "render the listing `id` (claude, codex, gemini) sends its model instead of DSH's catalog")
	fs.StringVar(&hf.home, "home", "", "with --host: the user's home `dir` the host reads (default $HOME)")
	fs.IntVar(&hf.window, "context-window", 0, "with --host: the model's context window in `tokens` (default: the window of the default model of the host release; see --help)")
}

// renderHostHelp is the part of render's help about --host.
func renderHostHelp() string {
	var b strings.Builder
	b.WriteString("\n  catalog --host ID [--home DIR] [--context-window N]\n")
	b.WriteString("      the skill listing host ID's model receives, line for line, in the\n")
	b.WriteString("      host's order with its cuts and budget, as the release the host suite\n")
	b.WriteString("      runs (scripts/hosts) sends it; the host's built-in skills are left out\n")
	b.WriteString("      unless they are on disk where it reads them. Hosts and the default\n")
	b.WriteString("      --context-window (the window of the release's default model):\n")
	for _, h := range hosts.All() {
		m, w := h.DefaultModel()
		switch {
		case !h.Renders():
		case w == 0:
			fmt.Fprintf(&b, "        %-8s %s: no budget\n", h.ID, h.Release)
		default:
			fmt.Fprintf(&b, "        %-8s %s: %s, %d tokens\n", h.ID, h.Release, m, w)
		}
	}
	return b.String()
}

// hostCatalog prints the listing of r.hostFlags.host.
func (r *renderRun) hostCatalog(ctx context.Context, stdout io.Writer) int {
	h := hosts.Lookup(r.hostFlags.host)
	if h == nil || !h.Renders() {
		var ids []string
		for _, h := range hosts.All() {
			if h.Renders() {
				ids = append(ids, string(h.ID))
			}
		}
		return r.c.usageError(fmt.Sprintf("--host: skill-ls renders the listing of %s only (the hosts whose releases the host suite runs)", strings.Join(ids, ", ")))
	}
	window := r.hostFlags.window
	if window == 0 {
		_, window = h.DefaultModel()
	}
	opts, err := hostOptions(&r.rf, r.hostFlags.home, window)
	if err != nil {
		fmt.Fprintf(r.c.stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	res, err := h.Evaluate(ctx, opts)
	if err != nil {
		fmt.Fprintf(r.c.stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	lines, _ := res.Listing()
	if _, err := io.WriteString(stdout, strings.Join(lines, "\n")); err != nil {
		fmt.Fprintf(r.c.stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	return exitOK
}
