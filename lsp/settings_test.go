package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/skill-ls/skill-ls/render"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/lsp/session"
)

func TestParseSettings(t *testing.T) {
	home := "/home/u"
	def := session.DefaultSettings()
	tests := []struct {
		name     string
		data     string
		section  bool
		want     func(s *session.Settings)
		problems int
	}{
		{"absent", "", false, func(*session.Settings) {}, 0},
		{"null", "null", true, func(*session.Settings) {}, 0},
		{"all keys", `{"profile":"agentskills","catalogDescriptionMaxLength":80,"catalogVersion":"v1","dshHome":"~/d","agentsHome":"/a",
			"customDirs":["/c1","","~/c2"],"bundledDir":"/b","noDefaultRoots":true,"chatLanguages":["x"],"chatPatterns":["*.y"],"diagnosticsDelay":0,"unknown":1}`, false,
			func(s *session.Settings) {
				s.Profile, s.CatalogDescriptionMaxLength, s.CatalogVersion = "agentskills", 80, "v1"
				s.DSHHome, s.AgentsHome = filepath.Join(home, "d"), "/a"
				s.CustomDirs = []string{"/c1", filepath.Join(home, "c2")}
				s.BundledDir, s.NoDefaultRoots = "/b", true
				s.ChatLanguages, s.ChatPatterns = []string{"x"}, []string{"*.y"}
				s.DiagnosticsDelay = 0
			}, 0},
		{"section skillLs", `{"skillLs":{"profile":"agentskills"},"other":{}}`, true, func(s *session.Settings) { s.Profile = "agentskills" }, 0},
		{"section absent uses object", `{"profile":"agentskills"}`, true, func(s *session.Settings) { s.Profile = "agentskills" }, 0},
		{"bad values keep defaults", `{"profile":"x","catalogDescriptionMaxLength":2,"catalogVersion":"v3","diagnosticsDelay":-1,"customDirs":"notalist","chatPatterns":["[","chats/*.md","*.ok"]}`, false,
			func(s *session.Settings) { s.ChatPatterns = []string{"*.ok"} }, 7},
		{"not an object", `[1]`, false, func(*session.Settings) {}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := session.ParseSettings(def, []byte(tt.data), tt.section, home)
			want := session.DefaultSettings()
			tt.want(&want)
			if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(session.Settings{})); diff != "" {
				t.Errorf("settings (-want +got):\n%s", diff)
			}
			if len(problems) != tt.problems {
				t.Errorf("problems = %q, want %d", problems, tt.problems)
			}
		})
	}
	if d := session.DefaultSettings(); d.DiagnosticsDelay != 150*time.Millisecond || d.CatalogDescriptionMaxLength != 500 {
		t.Errorf("defaults = %+v", d)
	}
}

func TestIsChat(t *testing.T) {
	s := session.DefaultSettings()
	for _, tt := range []struct {
		lang, path string
		want       bool
	}{
		{"skill-chat", "/x/a.md", true},
		{"codecompanion", "", true},
		{"markdown", "/x/notes.chat.md", true},
		{"markdown", "/x/a.chat", true},
		{"markdown", "/x/SKILL.md", false},
		{"", "untitled:Untitled-1", false},
	} {
		if got := s.IsChat(tt.lang, tt.path); got != tt.want {
			t.Errorf("isChat(%q, %q) = %v, want %v", tt.lang, tt.path, got, tt.want)
		}
	}
}

func TestSettingsFromInitAndConfiguration(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.initialize(map[string]any{"profile": "agentskills", "catalogDescriptionMaxLength": 2})
	e.client.waitFor(t, "showMessage for the bad cap", func() bool { return len(e.client.shows) == 1 })
	if s := e.srv.sess.Snapshot().Settings; s.Profile != "agentskills" || s.CatalogDescriptionMaxLength != 500 {
		t.Errorf("settings after initialize = %+v", s)
	}

	// didChangeConfiguration layers settings.skillLs over initializationOptions.
	e.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"catalogVersion":"v1","catalogDescriptionMaxLength":2}}}`)
	e.alive()
	e.settled()
	if s := e.srv.sess.Snapshot().Settings; s.Profile != "agentskills" || s.CatalogVersion != "v1" {
		t.Errorf("settings after didChangeConfiguration = %+v", s)
	}
	// The same bad setting is shown once only.
	e.client.mu.Lock()
	if n := len(e.client.shows); n != 1 {
		t.Errorf("%d showMessages, want 1: %+v", n, e.client.shows)
	}
	if !strings.Contains(e.client.shows[0].Message, "catalogDescriptionMaxLength") {
		t.Errorf("showMessage = %q", e.client.shows[0].Message)
	}
	e.client.mu.Unlock()
}

func TestWorkspaceFolders(t *testing.T) {
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	e := newEnv(t, envOptions{})
	e.initialize(nil, a, b)
	folders := func() []string { return e.srv.sess.Snapshot().Folders }
	if got := folders(); !slices.Equal(got, []string{a, b}) {
		t.Fatalf("folders = %v", got)
	}
	err := e.server.DidChangeWorkspaceFolders(e.ctx, &protocol.DidChangeWorkspaceFoldersParams{Event: protocol.WorkspaceFoldersChangeEvent{
		Added:   []protocol.WorkspaceFolder{{URI: uri.File(c), Name: "c"}},
		Removed: []protocol.WorkspaceFolder{{URI: uri.File(a), Name: "a"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	e.alive()
	e.settled()
	if got := folders(); !slices.Equal(got, []string{b, c}) {
		t.Fatalf("folders after change = %v", got)
	}
}

func TestInitialFoldersFallbacks(t *testing.T) {
	root := uri.File("/r/oot")
	p := &protocol.InitializeParams{}
	p.RootURI = &root
	if got := initialFolders(p); !slices.Equal(got, []string{"/r/oot"}) {
		t.Errorf("rootUri: %v", got)
	}
	p = &protocol.InitializeParams{RootPath: protocol.NewNullable("/r/p")}
	if got := initialFolders(p); !slices.Equal(got, []string{"/r/p"}) {
		t.Errorf("rootPath: %v", got)
	}
	if got := initialFolders(&protocol.InitializeParams{}); len(got) != 1 {
		t.Errorf("cwd fallback: %v", got)
	}
}

// TestProjectRootSettingWithoutGit: a workspace folder outside the project (no .git
// to walk up to) sees the project's skills once projectRoot names it.
func TestProjectRootSettingWithoutGit(t *testing.T) {
	w := newWorkspaceEnv(t, `
-- project/notes.txt --
x
-- skills-repo/.agents/skills/pdf/SKILL.md --
---
name: pdf
description: PDF forms.
---
`, nil)
	names := func() []string {
		var list render.Report
		json.Unmarshal(w.command(cmdListSkills, nil), &list)
		var out []string
		for _, s := range list.Skills {
			out = append(out, s.Name)
		}
		return out
	}
	if got := names(); len(got) != 0 {
		t.Fatalf("skills before projectRoot = %v", got)
	}
	b, _ := json.Marshal(map[string]any{"skillLs": map[string]any{"projectRoot": w.path("skills-repo")}})
	w.notify("workspace/didChangeConfiguration", `{"settings":`+string(b)+`}`)
	w.waitLoaded()
	if got := names(); !slices.Equal(got, []string{"pdf"}) {
		t.Errorf("skills with projectRoot = %v", got)
	}
}

// TestOutsideRootsNamesRoots: an open skill file that is no direct entry of
// a root gets outside-roots, whose message names the roots in use (relative
// inside the workspace) and the projectRoot setting; with projectRoot set to
// the file's own project the file is in a root and the finding goes (issue 9,
// point 12).
func TestOutsideRootsNamesRoots(t *testing.T) {
	const lint = "---\nname: lint\ndescription: Lint the code.\n---\nBody.\n"
	w := newWorkspaceEnv(t, workspaceTxtar+"-- project/tools/.agents/skills/lint/SKILL.md --\n"+lint, nil)
	u := w.open("project/tools/.agents/skills/lint/SKILL.md", "markdown", lint)
	message := func(p *protocol.PublishDiagnosticsParams) string {
		for _, d := range p.Diagnostics {
			if d.Code == protocol.String("outside-roots") {
				m, _ := d.Message.(protocol.String)
				return string(m)
			}
		}
		return ""
	}
	p := w.diags(u, "outside-roots", func(p *protocol.PublishDiagnosticsParams) bool { return message(p) != "" })
	home := w.home
	want := "DSH does not load this file: it is not a direct skill entry of any skill root (bundles are <root>/<dir>/SKILL.md, flat skills <root>/<name>.md); the roots are " +
		".dsh/skills, .agents/skills, " + filepath.Join(home, ".dsh", "skills") + ", " + filepath.Join(home, ".agents", "skills") +
		". If the project root is wrong, set it with --project-root or the projectRoot setting"
	if got := message(p); got != want {
		t.Errorf("message:\n got %q\nwant %q", got, want)
	}
	w.notify("workspace/didChangeConfiguration", `{"settings":{"skillLs":{"projectRoot":"tools"}}}`)
	w.waitLoaded()
	w.diags(u, "no outside-roots once projectRoot names the file's project", func(p *protocol.PublishDiagnosticsParams) bool { return message(p) == "" })
}
