package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/terminal"
	"github.com/skill-ls/skill-ls/mcp"
)

const mcpHelp = `
skill-ls mcp runs a Model Context Protocol server over stdin and stdout
(newline-delimited JSON-RPC), for the agents that write skills. Stdout
carries only protocol messages; logs go to stderr.

Its tools are the CLI's verbs, run in the server's process with the
server's flags: check (the findings, as check --format json gives them),
list, matrix, render_catalog, render_skill, explain (a rule's
documentation) and fix (the patch of the safe fixes, as check --diff).
Each discovered skill is a resource, skill://NAME/SKILL.md.

The server reads; it writes nothing unless it was started with
--allow-write, and then only through the fix tool when a call asks for it
(apply), as check --fix writes: inside the skill roots and the project.
Nothing is fetched and nothing from a skill is run. docs/mcp.md says how
to add it to Claude Code, Codex, VS Code, Cursor and Gemini CLI.

Examples:
  skill-ls mcp
  claude mcp add skill-ls -- skill-ls mcp
  skill-ls mcp --allow-write --custom-dir ./skills
`

// mcpFlags are the flags of the mcp verb that it does not hand to the
// verbs its tools run.
var mcpOwnFlags = map[string]bool{"allow-write": true, "v": true}

func runMCP(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("mcp", "skill-ls mcp [--allow-write] [flags]", mcpHelp, stderr, stderr)
	c.stdout = stderr // never write help on the protocol stream
	var rf rootFlags
	rf.register(c.fs)
	var cf configFlags
	cf.register(c.fs)
	allowWrite := c.fs.Bool("allow-write", false, "let the fix tool write the safe fixes when a call asks for it (apply), as check --fix; without it the server writes nothing")
	verbose := c.fs.Bool("v", false, "verbose: log the protocol's requests to stderr")
	pos, exit, stop := c.parse(args, true)
	if stop {
		return exit
	}
	if len(pos) > 0 {
		return c.usageError(fmt.Sprintf("unexpected argument %q", pos[0]))
	}
	if _, err := rf.options(); err != nil {
		fmt.Fprintf(stderr, "skill-ls mcp: %s\n", errText(err))
		return exitUsage
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	eng := &mcpEngine{flags: forwardedFlags(c.fs), allowWrite: *allowWrite}
	if terminal.Is(stdin) {
		fmt.Fprintln(stderr, "skill-ls mcp is a Model Context Protocol server: it speaks JSON-RPC on stdin and stdout, and agents start it (docs/mcp.md). Press Ctrl-D to stop.")
	}
	err := mcp.Serve(ctx, stdin, stdout, mcpOptions(eng, logger))
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "skill-ls mcp: %s\n", errText(err))
		return exitUsage
	}
	return exitOK
}

// forwardedFlags are the flags given to the mcp verb, as arguments for
// the verbs its tools run (check, list, matrix, render): the roots and the
// config file the server was started with are every tool's.
func forwardedFlags(fs *flag.FlagSet) []string {
	var out []string
	fs.Visit(func(f *flag.Flag) {
		if mcpOwnFlags[f.Name] {
			return
		}
		if l, ok := f.Value.(*stringList); ok {
			for _, v := range *l {
				out = append(out, "--"+f.Name+"="+v)
			}
			return
		}
		out = append(out, "--"+f.Name+"="+f.Value.String())
	})
	return out
}

// mcpInstructions are the server's instructions to the agent.
const mcpInstructions = `skill-ls lints agent skills (SKILL.md bundles and NAME.md files) and shows them as the agents that load them see them. ` +
	`Call check after writing or editing a skill: its findings name the file, line, code and fixes; explain gives a code's documentation. ` +
	`render_catalog and render_skill show the text a host's model receives; matrix says which agents load each skill. ` +
	`fix returns the patch of the safe fixes.`

// verbMessage is a verb's stderr without the usage lines that point at
// --help, which an agent cannot run.
func verbMessage(stderr string) string {
	var keep []string
	for line := range strings.SplitSeq(strings.TrimRight(stderr, "\n"), "\n") {
		if strings.HasPrefix(line, "Usage: ") || strings.HasPrefix(line, "Run 'skill-ls ") {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}
