package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

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
