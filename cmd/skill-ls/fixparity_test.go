package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestFixParity holds issue 40's "every fix the CLI applies is offered as a
// quick fix in the editor on the same finding": for every finding of
// `check --format json` on a repository shaped as authors have them
// (testdata/fixparity), each fix it carries (what --fix and --unsafe-fixes
// apply; suppression comments and folder renames aside) must be a code
// action of the server on a diagnostic of the same code at the same place,
// with the same title and the same edits. The quoted ": " of a .claude
// description was fixed by the CLI and offered nothing in the editor.
func TestFixParity(t *testing.T) {
	project := writeParityTree(t)
	t.Chdir(project)
	var out, errOut bytes.Buffer
	if code := run(t.Context(), []string{"check", "--format", "json"}, strings.NewReader(""), &out, &errOut); code == exitUsage {
		t.Fatalf("check: exit %d: %s", code, &errOut)
	}
	var findings []cliFinding
	if err := json.Unmarshal(out.Bytes(), &findings); err != nil {
		t.Fatalf("check --format json: %v\n%s", err, &out)
	}
	refused := refusedFixes(t)
	if len(refused) == 0 {
		t.Fatal("check --diff refuses no fix: the fixture's when_to_use is not judged by Claude Code")
	}
	lsp := startParityServer(t, project)
	fixes := 0
	beside := map[string]bool{} // the bundles whose when_to_use gets whenToUse beside it
	for _, f := range findings {
		for _, fx := range f.Fixes {
			if fx.Suppression || len(fx.Renames) > 0 {
				continue
			}
			fixes++
			if fx.Title == "Add whenToUse beside when_to_use" {
				beside[filepath.Base(filepath.Dir(f.Path))] = true
			}
			acts := lsp.actionsAt(t, filepath.Join(project, f.Path), f)
			if why, ok := refused[realPathOf(t, f.Path)+" "+fx.Title+" "+f.Code]; ok {
				// Refused by --fix: offered as unsafe, never preferred, saying why.
				fx.Title += " (unsafe: " + why + ")"
			}
			if !slices.ContainsFunc(acts, func(a parityAction) bool { return a.matches(f, fx) }) {
				t.Errorf("%s:%d:%d [%s]: the CLI fixes it with %q %v; the editor offers %+v", f.Path, f.Line, f.Column, f.Code, fx.Title, fx.Edits, acts)
			}
		}
	}
	// Claude Code reads guide's and plan's when_to_use through a link:
	// the fix both offer adds DSH's key beside it (issue 40).
	if !beside["guide"] || !beside["plan"] {
		t.Errorf("the linked bundles' when_to_use get no \"Add whenToUse beside\" fix: %v", beside)
	}
	if fixes < 10 {
		t.Fatalf("only %d fixes in the fixture's findings: %s", fixes, &out)
	}
}

// writeParityTree writes the fixture tree into a new folder, with its
// links both ways between .agents/skills and .claude/skills, points HOME
// and DSH's homes into it, and returns the project's folder.
func writeParityTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "fixparity", "tree.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	skilltest.WriteArchive(t, dir, ar)
	project := filepath.Join(dir, "project")
	for _, name := range []string{"review", "guide"} {
		if err := os.Symlink("../../.claude/skills/"+name, filepath.Join(project, ".agents", "skills", name)); err != nil {
			t.Fatal(err)
		}
	}
	// The other way round: DSH's bundle, which Claude Code reads through
	// a link in .claude/skills (a file the editor's roots do not hold).
	if err := os.Symlink("../../.agents/skills/plan", filepath.Join(project, ".claude", "skills", "plan")); err != nil {
		t.Fatal(err)
	}
	for _, k := range hostEnv {
		t.Setenv(k, "")
	}
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
	return project
}

// refusedFixes runs check --diff and returns the fixes it says it would
// not apply ("Not fixed PATH: TITLE [CODE]: REASON; left as it is"): by
// "REALPATH TITLE CODE", the reason.
func refusedFixes(t *testing.T) map[string]string {
	var out, errOut bytes.Buffer
	run(t.Context(), []string{"check", "--diff"}, strings.NewReader(""), &out, &errOut)
	refused := map[string]string{}
	line := regexp.MustCompile(`^Not fixed (\S+): (.*) \[([a-z-]+)\]: (.*); left as it is$`)
	for _, l := range strings.Split(errOut.String(), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			refused[realPathOf(t, m[1])+" "+m[2]+" "+m[3]] = m[4]
		}
	}
	return refused
}

// realPathOf returns the real path of rel (relative to the working
// directory): --diff names a file reached through a link by its real path
// ("Not fixed .claude/skills/guide/SKILL.md"), the finding by the path it
// was found at (.agents/skills/guide/SKILL.md), and they are one file.
func realPathOf(t *testing.T, rel string) string {
	real, err := filepath.EvalSymlinks(rel)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

// cliFinding is a finding of check --format json, as far as the test reads it.
type cliFinding struct {
	Path         string
	Line, Column int
	Code         string
	Fixes        []cliFix
}

// cliFix is one fix of a cliFinding.
type cliFix struct {
	Title       string
	Suppression bool
	Renames     []json.RawMessage
	Edits       []struct {
		Line, Column int
		NewText      string
	}
}

// parityAction is one quick fix of the server: its title, the codes of
// its diagnostics, its edits' starts (0-based) and texts.
type parityAction struct {
	Title     string
	Codes     []string
	Edits     []string
	Preferred bool
}

// matches reports whether a is the CLI's fix fx of finding f.
func (a parityAction) matches(f cliFinding, fx cliFix) bool {
	unsafe := strings.Contains(fx.Title, " (unsafe: ")
	if a.Title != fx.Title || (unsafe && a.Preferred) || !slices.Contains(a.Codes, f.Code) || len(a.Edits) != len(fx.Edits) {
		return false
	}
	for _, e := range fx.Edits {
		if !slices.Contains(a.Edits, fmt.Sprintf("%d:%d:%s", e.Line-1, e.Column-1, e.NewText)) {
			return false
		}
	}
	return true
}

// parityServer is the language server, run in the test's process over
// pipes, with the files it has been given open.
type parityServer struct {
	in     io.Writer
	msgs   chan map[string]any
	nextID int
	opened map[string]bool
	// published holds the codes of the diagnostics last published, by URI.
	published map[string][]string
}

// record keeps the codes of a publishDiagnostics.
func (s *parityServer) record(params any) {
	b, _ := json.Marshal(params)
	var p struct {
		URI         string
		Diagnostics []struct{ Code any }
	}
	if json.Unmarshal(b, &p) != nil {
		return
	}
	var codes []string
	for _, d := range p.Diagnostics {
		codes = append(codes, fmt.Sprint(d.Code))
	}
	s.published[p.URI] = codes
}

// startParityServer starts the server on project and initializes it.
func startParityServer(t *testing.T, project string) *parityServer {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		run(ctx, nil, inR, outW, io.Discard)
		outW.Close()
		close(done)
	}()
	s := &parityServer{in: inW, msgs: make(chan map[string]any, 64), opened: map[string]bool{}, published: map[string][]string{}}
	go func() {
		r := bufio.NewReader(outR)
		for {
			msg, err := readMessage(r)
			if err != nil {
				close(s.msgs)
				return
			}
			s.msgs <- msg
		}
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		go io.Copy(io.Discard, outR)
		<-done
	})
	s.call(t, "initialize", map[string]any{"processId": nil, "rootUri": "file://" + project, "capabilities": map[string]any{}})
	s.send(t, map[string]any{"method": "initialized", "params": map[string]any{}})
	return s
}

// send writes one message.
func (s *parityServer) send(t *testing.T, msg map[string]any) {
	t.Helper()
	msg["jsonrpc"] = "2.0"
	b, _ := json.Marshal(msg)
	if _, err := fmt.Fprintf(s.in, "Content-Length: %d\r\n\r\n%s", len(b), b); err != nil {
		t.Fatal(err)
	}
}

// next returns the next message the server sends, answering its requests
// with null; fails after a while.
func (s *parityServer) next(t *testing.T) map[string]any {
	t.Helper()
	for {
		select {
		case msg, ok := <-s.msgs:
			if !ok {
				t.Fatal("the server closed its output")
			}
			if msg["method"] != nil && msg["id"] != nil {
				s.send(t, map[string]any{"id": msg["id"], "result": nil})
				continue
			}
			if msg["method"] == "textDocument/publishDiagnostics" {
				s.record(msg["params"])
			}
			return msg
		case <-time.After(20 * time.Second):
			t.Fatal("the server said nothing for 20s")
		}
	}
}

// call sends a request and returns its result.
func (s *parityServer) call(t *testing.T, method string, params any) any {
	t.Helper()
	s.nextID++
	id := s.nextID
	s.send(t, map[string]any{"id": id, "method": method, "params": params})
	for {
		msg := s.next(t)
		if v, ok := msg["id"].(float64); ok && int(v) == id {
			if msg["error"] != nil {
				t.Fatalf("%s: %v", method, msg["error"])
			}
			return msg["result"]
		}
	}
}

// open opens the file at path, once, and waits until the server
// publishes a diagnostic of code for it (next fails after a while).
func (s *parityServer) open(t *testing.T, path, code string) {
	t.Helper()
	u := "file://" + path
	if !s.opened[path] {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s.opened[path] = true
		s.send(t, map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{"uri": u, "languageId": "markdown", "version": 1, "text": string(src)}}})
	}
	for !slices.Contains(s.published[u], code) {
		s.next(t)
	}
}

// actionsAt returns the server's quick fixes at the start of finding f of
// the file at path. The workspace pass's publish of the file can come
// before the server's snapshot holds the buffer just opened, and until
// then the server offers no action on it ("the snapshot lags the
// buffer"): the request is sent again, as an editor asks again, until
// some action names f's code or a few seconds have passed.
func (s *parityServer) actionsAt(t *testing.T, path string, f cliFinding) []parityAction {
	t.Helper()
	s.open(t, path, f.Code)
	deadline := time.Now().Add(5 * time.Second)
	for {
		acts := s.codeActions(t, path, f)
		if time.Now().After(deadline) || slices.ContainsFunc(acts, func(a parityAction) bool { return slices.Contains(a.Codes, f.Code) }) {
			return acts
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// codeActions asks the server once for its quick fixes at the start of
// finding f of the file at path.
func (s *parityServer) codeActions(t *testing.T, path string, f cliFinding) []parityAction {
	t.Helper()
	at := map[string]any{"line": f.Line - 1, "character": f.Column - 1}
	res := s.call(t, "textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": "file://" + path},
		"range":        map[string]any{"start": at, "end": at},
		"context":      map[string]any{"diagnostics": []any{}},
	})
	b, _ := json.Marshal(res)
	var acts []struct {
		Title       string
		IsPreferred bool
		Diagnostics []struct{ Code any }
		Edit        struct {
			Changes map[string][]struct {
				Range   struct{ Start struct{ Line, Character int } }
				NewText string
			}
		}
	}
	if err := json.Unmarshal(b, &acts); err != nil {
		t.Fatalf("codeAction: %v: %s", err, b)
	}
	var out []parityAction
	for _, a := range acts {
		pa := parityAction{Title: a.Title, Preferred: a.IsPreferred}
		for _, d := range a.Diagnostics {
			pa.Codes = append(pa.Codes, fmt.Sprint(d.Code))
		}
		for _, es := range a.Edit.Changes {
			for _, e := range es {
				pa.Edits = append(pa.Edits, fmt.Sprintf("%d:%d:%s", e.Range.Start.Line, e.Range.Start.Character, e.NewText))
			}
		}
		out = append(out, pa)
	}
	return out
}
