package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"

	"github.com/skill-ls/skill-ls/mcp"
)

// mcpEngine runs the CLI's verbs in the server's process for the MCP
// tools: a tool call is the command a user would type, with the flags the
// server was started with, so its answer is the CLI's (one implementation
// of every decision), and its output the verb's JSON or text.
type mcpEngine struct {
	// flags are the server's root and config flags, given to every verb.
	flags []string
	// allowWrite lets the fix tool write (--allow-write).
	allowWrite bool
}

// verbFunc is a verb of the CLI that reads no stdin.
type verbFunc func(ctx context.Context, args []string, stdout, stderr io.Writer) int

// verbResult is what a verb printed and its exit status.
type verbResult struct {
	stdout, stderr string
	status         int
}

// call runs verb with args: its own arguments first (a kind for render),
// then the server's flags, then rest, which follows "--" when pos is true
// so that a path or a name starting with "-" is never read as a flag.
func (e *mcpEngine) call(ctx context.Context, verb verbFunc, own []string, rest []string, pos bool) verbResult {
	args := append(append([]string{}, own...), e.flags...)
	if pos {
		args = append(args, "--")
	}
	args = append(args, rest...)
	var out, errb bytes.Buffer
	status := verb(ctx, args, &out, &errb)
	return verbResult{stdout: out.String(), stderr: errb.String(), status: status}
}

// renderVerb is runRender with an empty stdin (no kind the tools use
// reads it).
func renderVerb(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runRender(ctx, args, strings.NewReader(""), stdout, stderr)
}

// mcpOptions are the MCP server of eng: its tools and its skills as
// resources.
func mcpOptions(eng *mcpEngine, logger *slog.Logger) mcp.Options {
	res := &skillResources{eng: eng}
	return mcp.Options{Name: "skill-ls", Title: "skill-ls", Version: versionString(), Instructions: mcpInstructions,
		Logger: logger, Tools: mcpTools(eng), Resources: res,
		Extensions: map[string]any{skillsExtension: map[string]any{}},
		Methods:    map[string]func(context.Context, json.RawMessage) (any, error){"skills/list": res.skillsList, "skills/get": res.skillsGet}}
}
