package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skill-ls/skill-ls/mcp"
)

// mcpProject is a project for the MCP tests: a good skill and a broken one
// (an unquoted ": " in its description: DSH drops it) in .agents/skills, a
// skill only Claude Code reads in .claude/skills, and a home of its own.
func mcpProject(t *testing.T) (project, broken string) {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	t.Setenv("HOME", filepath.Join(dir, "home"))
	project = filepath.Join(dir, "project")
	files := map[string]string{
		".git/HEAD":                         "ref: refs/heads/main\n",
		".agents/skills/good/SKILL.md":      "---\nname: good\ndescription: Summarize a changelog into release notes for users.\n---\n\nRead CHANGELOG.md.\n",
		".agents/skills/broken/SKILL.md":    "---\nname: broken\ndescription: Use when: the user asks for a broken thing\n---\n\nBody.\n",
		".claude/skills/cc-notes/SKILL.md":  "---\nname: cc-notes\ndescription: Write meeting notes in the team's format.\n---\n\nNotes.\n",
		".agents/skills/good/references.md": "More.\n",
	}
	for name, text := range files {
		p := filepath.Join(project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return project, filepath.Join(project, ".agents/skills/broken/SKILL.md")
}

// mcpServer runs `skill-ls mcp ARGS` (the verb, as main runs it) over
// pipes and connects the SDK's client to it. The returned func waits for
// the server's exit status after the client closed.
func mcpServer(t *testing.T, args ...string) (*sdk.ClientSession, func() int) {
	t.Helper()
	return mcpServerFor(t, nil, args...)
}

// mcpServerFor is mcpServer with the client's options.
func mcpServerFor(t *testing.T, opts *sdk.ClientOptions, args ...string) (*sdk.ClientSession, func() int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	var stderr lockedBuffer
	go func() {
		code := run(ctx, append([]string{"mcp"}, args...), inR, outW, &stderr)
		outW.Close()
		done <- code
	}()
	client := sdk.NewClient(&sdk.Implementation{Name: "skill-ls-test", Version: "0"}, opts)
	cs, err := client.Connect(ctx, &sdk.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v (stderr: %s)", err, stderr.String())
	}
	wait := func() int {
		select {
		case code := <-done:
			return code
		case <-ctx.Done():
			t.Fatalf("the server did not end (stderr: %s)", stderr.String())
			return -1
		}
	}
	t.Cleanup(func() { cs.Close() })
	return cs, wait
}

// callTool calls a tool and returns its result's text and structured
// result.
func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (*sdk.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: a protocol error: %v", name, err)
	}
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return res, strings.Join(text, "\n")
}

// structured decodes a tool result's structured content into v.
func structured(t *testing.T, res *sdk.CallToolResult, v any) {
	t.Helper()
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("structured content %s: %v", raw, err)
	}
}

// TestMCPTools calls every tool over the protocol, with the SDK's client,
// and finds in each answer what the CLI's verb prints.
func TestMCPTools(t *testing.T) {
	project, _ := mcpProject(t)
	cs, _ := mcpServer(t, "--cwd", project)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want []string
	}{
		{"check", nil, []string{`"code": "yaml-unquoted-colon"`, "broken/SKILL.md"}},
		{"check", map[string]any{"paths": []string{filepath.Join(project, ".agents/skills/good")}, "profile": "agentskills", "select": []string{"security"}}, []string{"[]"}},
		{"check", map[string]any{"hosts": []string{"claude"}}, []string{"yaml-unquoted-colon"}},
		{"list", nil, []string{`"name": "good"`, `"dropped"`, "broken/SKILL.md"}},
		{"matrix", map[string]any{"hosts": []string{"claude", "codex"}}, []string{`"cc-notes"`, `"claude"`}},
		{"render_catalog", nil, []string{"good", "Summarize a changelog"}},
		{"render_catalog", map[string]any{"host": "claude"}, []string{"- cc-notes: Write meeting notes in the team's format."}},
		{"render_skill", map[string]any{"name": "good"}, []string{"<skill_content", "Read CHANGELOG.md."}},
		{"render_skill", map[string]any{"name": "cc-notes", "host": "claude"}, []string{"Notes."}},
		{"explain", map[string]any{"code": "yaml-unquoted-colon"}, []string{"nested mapping", "Fix (safe): Quote the value", "docs/diagnostics.md#yaml-unquoted-colon"}},
		{"fix", nil, []string{"+description: ", "Use when: the user asks"}},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			res, text := callTool(t, cs, tc.tool, tc.args)
			if res.IsError {
				t.Fatalf("%s %v: isError: %s", tc.tool, tc.args, text)
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("%s %v: the text lacks %q:\n%s", tc.tool, tc.args, w, text)
				}
			}
			if res.StructuredContent == nil {
				t.Errorf("%s: no structured content", tc.tool)
			}
		})
	}
	res, _ := callTool(t, cs, "check", nil)
	var out checkOutput
	structured(t, res, &out)
	if out.Errors == 0 || !bytes.Contains(out.Findings, []byte("yaml-unquoted-colon")) {
		t.Errorf("check's structured result: %d errors, findings %s", out.Errors, out.Findings)
	}
}

// TestMCPBadArguments: a bad argument is the tool's error (isError) with
// the verb's message, and the server goes on answering.
func TestMCPBadArguments(t *testing.T) {
	project, _ := mcpProject(t)
	cs, _ := mcpServer(t, "--cwd", project)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"check", map[string]any{"profile": "strictest"}, `unknown profile "strictest"`},
		{"check", map[string]any{"hosts": []string{"claud"}}, "--host"},
		{"check", map[string]any{"select": []string{"no-such-rule"}}, "--select"},
		{"check", map[string]any{"paths": []string{filepath.Join(project, "missing")}}, "missing"},
		{"check", map[string]any{"paths": "not a list"}, "paths"},
		{"check", map[string]any{"paths": []string{"--fix"}}, "--fix"},
		{"matrix", map[string]any{"hosts": []string{"nohost"}}, "nohost"},
		{"render_catalog", map[string]any{"host": "nohost"}, "renders the listing of claude"},
		{"render_skill", map[string]any{"name": "missing"}, "missing"},
		{"render_skill", map[string]any{"name": ""}, "name is empty"},
		{"render_skill", nil, "name"},
		{"explain", map[string]any{"code": "yaml-unquoted-colons"}, `did you mean "yaml-unquoted-colon"?`},
		{"fix", map[string]any{"apply": true}, "--allow-write"},
	} {
		res, text := callTool(t, cs, tc.tool, tc.args)
		if !res.IsError {
			t.Errorf("%s %v: not an error: %s", tc.tool, tc.args, text)
			continue
		}
		if !strings.Contains(text, tc.want) {
			t.Errorf("%s %v: the error lacks %q: %s", tc.tool, tc.args, tc.want, text)
		}
	}
	if res, text := callTool(t, cs, "list", nil); res.IsError || !strings.Contains(text, `"good"`) {
		t.Errorf("the server stopped answering after bad arguments: %s", text)
	}
}

// TestMCPClientDisconnects: a client that sends a call and goes away
// before the answer (stdin closed, stdout no longer read) ends the server
// with status 0, and nothing is left running.
func TestMCPClientDisconnects(t *testing.T) {
	project, _ := mcpProject(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"mcp", "--cwd", project}, inR, outW, io.Discard) }()
	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gone","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"matrix","arguments":{}}}`,
	}
	go func() {
		// Read the answer to initialize only, then stop reading.
		buf := make([]byte, 1)
		for buf[0] != '\n' {
			if _, err := outR.Read(buf); err != nil {
				return
			}
		}
		outR.Close()
	}()
	for _, m := range msgs {
		if _, err := io.WriteString(inW, m+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	inW.Close()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit status %d after the client went away", code)
		}
	case <-ctx.Done():
		t.Fatal("the server did not end after the client went away")
	}
}

// TestMCPPanicIsAnError: a tool whose handler panics answers an error,
// and the server goes on serving.
func TestMCPPanicIsAnError(t *testing.T) {
	project, _ := mcpProject(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	opts := mcpOptions(&mcpEngine{flags: []string{"--cwd=" + project}}, slog.New(slog.DiscardHandler))
	opts.Tools = append(opts.Tools, mcp.NewTool("boom", "panics", nil, func(context.Context, struct{}) (*mcp.Result, error) {
		panic("boom")
	}))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		mcp.Serve(ctx, inR, outW, opts)
		outW.Close()
	}()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "0"}, nil).Connect(ctx, &sdk.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "boom"}); err == nil || !strings.Contains(err.Error(), "internal error: boom") {
		t.Errorf("a panicking tool: %v", err)
	}
	if res, text := callTool(t, cs, "list", nil); res.IsError || !strings.Contains(text, `"good"`) {
		t.Errorf("the server stopped answering after a panic: %s", text)
	}
}

// TestMCPSchemasPortable: every tool's schemas give each property one
// type (the MCP Inspector's --strict check): a client that maps them onto
// a dialect of one type per property (Gemini's) takes every tool.
func TestMCPSchemasPortable(t *testing.T) {
	project, _ := mcpProject(t)
	cs, _ := mcpServer(t, "--cwd", project)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 7 {
		t.Errorf("%d tools, want 7", len(res.Tools))
	}
	for _, tool := range res.Tools {
		for _, schema := range []any{tool.InputSchema, tool.OutputSchema} {
			raw, _ := json.Marshal(schema)
			var s struct {
				Properties map[string]struct {
					Type any `json:"type"`
				} `json:"properties"`
			}
			json.Unmarshal(raw, &s)
			for name, p := range s.Properties {
				if _, one := p.Type.(string); !one {
					t.Errorf("%s: property %s has type %v", tool.Name, name, p.Type)
				}
			}
		}
	}
}
