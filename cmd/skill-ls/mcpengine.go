package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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

// newMCPServer is the MCP server of eng: its tools and its skills as
// resources.
func newMCPServer(ctx context.Context, eng *mcpEngine, logger *slog.Logger) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "skill-ls", Title: "skill-ls", Version: versionString()}, &mcp.ServerOptions{
		Instructions: mcpInstructions,
		Logger:       logger,
		HasTools:     true,
		HasResources: true,
	})
	srv.AddReceivingMiddleware(recoverPanics(logger))
	addMCPTools(srv, eng)
	addMCPSkills(ctx, srv, eng)
	return srv
}

// recoverPanics turns a panic of a request's handler into that request's
// error, logged with its stack, as the language server does: one skill
// that trips the engine must not take the agent's server with it.
func recoverPanics(logger *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
			defer func() {
				if r := recover(); r != nil {
					logger.Error("panic in handler", "method", method, "panic", r, "stack", string(debug.Stack()))
					res, err = nil, fmt.Errorf("internal error: %v", r)
				}
			}()
			return next(ctx, method, req)
		}
	}
}
