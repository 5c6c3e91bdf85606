package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
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

// TestMCPResources: each skill is a resource skill://NAME/SKILL.md whose
// text is its file's, DSH's and the other agents' alike; a skill added
// later is listed on the next resources/list.
func TestMCPResources(t *testing.T) {
	project, _ := mcpProject(t)
	cs, _ := mcpServer(t, "--cwd", project)
	ctx := context.Background()
	list := func() []string {
		res, err := cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var uris []string
		for _, r := range res.Resources {
			uris = append(uris, r.URI)
			if r.URI == "skill://good/SKILL.md" && (r.Name != "good" || r.MIMEType != "text/markdown" || !strings.HasPrefix(r.Description, "Summarize")) {
				t.Errorf("good's resource: %+v", r)
			}
		}
		return uris
	}
	uris := list()
	for _, want := range []string{"skill://good/SKILL.md", "skill://cc-notes/SKILL.md"} {
		if !slices.Contains(uris, want) {
			t.Errorf("resources %v lack %s", uris, want)
		}
	}
	res, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "skill://good/SKILL.md"})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(filepath.Join(project, ".agents/skills/good/SKILL.md"))
	if len(res.Contents) != 1 || res.Contents[0].Text != string(want) {
		t.Errorf("read good: %+v", res.Contents)
	}
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "skill://nope/SKILL.md"}); err == nil {
		t.Error("reading a skill that does not exist succeeded")
	}
	added := filepath.Join(project, ".agents/skills/later/SKILL.md")
	os.MkdirAll(filepath.Dir(added), 0o755)
	os.WriteFile(added, []byte("---\nname: later\ndescription: Added while serving.\n---\n"), 0o644)
	if uris := list(); !slices.Contains(uris, "skill://later/SKILL.md") {
		t.Errorf("a skill added while serving is not listed: %v", uris)
	}
}

// projectFiles are the bytes of every file under dir, by path.
func projectFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		files[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestMCPNoWriteWithoutAllowWrite: without --allow-write, no tool call
// changes a byte of the project, not even fix asked to apply.
func TestMCPNoWriteWithoutAllowWrite(t *testing.T) {
	project, _ := mcpProject(t)
	before := projectFiles(t, project)
	cs, _ := mcpServer(t, "--cwd", project)
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"fix", map[string]any{"apply": true}},
		{"fix", nil},
		{"fix", map[string]any{"paths": []string{filepath.Join(project, ".agents/skills/broken")}, "apply": true}},
		{"check", nil},
		{"check", map[string]any{"paths": []string{"--fix"}}},
	} {
		callTool(t, cs, tc.tool, tc.args)
	}
	if after := projectFiles(t, project); !maps.Equal(before, after) {
		t.Errorf("files changed without --allow-write:\nbefore %v\nafter  %v", before, after)
	}
}

// TestMCPFixWrites: with --allow-write, fix's apply writes the safe fixes
// as check --fix does, and check then finds the skill fixed.
func TestMCPFixWrites(t *testing.T) {
	project, broken := mcpProject(t)
	cs, _ := mcpServer(t, "--cwd", project, "--allow-write")
	res, text := callTool(t, cs, "fix", map[string]any{"apply": true})
	if res.IsError {
		t.Fatalf("fix: %s", text)
	}
	var out fixOutput
	structured(t, res, &out)
	if !out.Written || !strings.Contains(out.Patch, "+description:") {
		t.Errorf("fix's result: %+v", out)
	}
	got, _ := os.ReadFile(broken)
	if want := "description: 'Use when: the user asks for a broken thing'\n"; !strings.Contains(string(got), want) {
		t.Errorf("the broken skill after fix:\n%s\nwant a line %q", got, want)
	}
	if _, text := callTool(t, cs, "check", nil); strings.Contains(text, "yaml-unquoted-colon") {
		t.Errorf("check after fix still finds the colon:\n%s", text)
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

// TestMCPResourceHostileNames: a skill whose name a URI cannot carry as
// it is (a space, a colon, an escape character, a question mark: Claude
// Code names a skill after its folder) is not served as a resource, and
// the server does not stop over it; the others are.
func TestMCPResourceHostileNames(t *testing.T) {
	project, _ := mcpProject(t)
	for _, name := range []string{"a b", "a:b", "evil\x1b[31m", "a@b", "Q?#", "[v6]"} {
		p := filepath.Join(project, ".claude/skills", name, "SKILL.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("---\ndescription: A hostile name.\n---\n"), 0o644)
	}
	cs, _ := mcpServer(t, "--cwd", project)
	res, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range res.Resources {
		uris = append(uris, r.URI)
	}
	if !slices.Contains(uris, "skill://good/SKILL.md") || len(uris) != 2 {
		t.Errorf("resources: %q, want good's and cc-notes' only", uris)
	}
	if res, text := callTool(t, cs, "list", nil); res.IsError || !strings.Contains(text, "Q?#") {
		t.Errorf("the server stopped answering: %s", text)
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

// rawMCP runs `skill-ls mcp ARGS` and returns a function that sends one
// request and returns the response's result or error, as JSON (the SDK's
// client has no call for the extensions' methods).
func rawMCP(t *testing.T, args ...string) func(method, params string) (result, rerr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		run(ctx, append([]string{"mcp"}, args...), inR, outW, io.Discard)
		outW.Close()
		close(done)
	}()
	t.Cleanup(func() { inW.Close(); <-done; cancel() })
	dec := json.NewDecoder(outR)
	id := 0
	return func(method, params string) (string, string) {
		t.Helper()
		id++
		fmt.Fprintf(inW, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", id, method, params)
		var resp struct {
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if err := dec.Decode(&resp); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		return string(resp.Result), string(resp.Error)
	}
}

// TestMCPSkillsExtension: the Skills over MCP extension's methods give
// each skill's frontmatter and the digests of all its files, each file a
// resource; a bundle holding a link is not served (its target is not the
// skill's), nor is a file the manifest does not list.
func TestMCPSkillsExtension(t *testing.T) {
	project, _ := mcpProject(t)
	linked := filepath.Join(project, ".agents/skills/linked")
	os.MkdirAll(linked, 0o755)
	os.WriteFile(filepath.Join(linked, "SKILL.md"), []byte("---\nname: linked\ndescription: Holds a link.\n---\n"), 0o644)
	os.WriteFile(filepath.Join(project, "secret.txt"), []byte("secret\n"), 0o644)
	os.Symlink(filepath.Join(project, "secret.txt"), filepath.Join(linked, "notes.md"))
	call := rawMCP(t, "--cwd", project)
	if res, _ := call("initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}`); !strings.Contains(res, `"extensions":{"io.modelcontextprotocol/skills":{}}`) {
		t.Errorf("initialize declares no skills extension: %s", res)
	}
	goodFile, _ := os.ReadFile(filepath.Join(project, ".agents/skills/good/SKILL.md"))
	sum := sha256.Sum256(goodFile)
	wantGood := fmt.Sprintf(`{"uri":"skill://good/SKILL.md","frontmatter":{"description":"Summarize a changelog into release notes for users.","name":"good"},"resources":[{"uri":"skill://good/SKILL.md","digest":"sha256:%x","size":%d},{"uri":"skill://good/references.md","digest":"sha256:%x","size":6}]}`, sum, len(goodFile), sha256.Sum256([]byte("More.\n")))
	res, rerr := call("skills/list", `{}`)
	if !strings.Contains(res, wantGood) || strings.Contains(res, "linked") || !strings.Contains(res, `"resultType":"complete"`) {
		t.Errorf("skills/list: %s %s\nwant an entry %s and none for linked", res, rerr, wantGood)
	}
	if res, _ := call("skills/get", `{"uri":"skill://good/SKILL.md"}`); !strings.Contains(res, `"skill":`+wantGood) {
		t.Errorf("skills/get good: %s", res)
	}
	for _, uri := range []string{"skill://linked/SKILL.md", "skill://nope/SKILL.md"} {
		if _, rerr := call("skills/get", `{"uri":"`+uri+`"}`); !strings.Contains(rerr, "-32602") {
			t.Errorf("skills/get %s: %s, want invalid params", uri, rerr)
		}
	}
	if res, _ := call("resources/read", `{"uri":"skill://good/references.md"}`); !strings.Contains(res, `"text":"More.\n"`) {
		t.Errorf("reading a skill's other file: %s", res)
	}
	for _, uri := range []string{"skill://linked/notes.md", "skill://good/../../secret.txt", "skill://good/%2e%2e/%2e%2e/secret.txt"} {
		if res, rerr := call("resources/read", `{"uri":"`+uri+`"}`); strings.Contains(res, "secret") || rerr == "" {
			t.Errorf("resources/read %s: %s %s, want not found", uri, res, rerr)
		}
	}
}
