package session

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestChatPatternMatches(t *testing.T) {
	tests := []struct {
		pattern, file string
		want          bool
	}{
		{"*.chat.md", "/w/notes.chat.md", true},
		{"*.chat.md", "/w/notes.chat.md.bak", false},
		{"*.chat.md", "/w/a.chat.md/inner.md", false}, // the base name only
		{"*.chat", "untitled:Untitled-1", false},
		{"talk[0-9].txt", "/w/talk7.txt", true},
		{"talk[0-9].txt", "/w/talkx.txt", false},
		{"talk[^0-9].txt", "/w/talkx.txt", true},
		{"?.chat", "/w/a.chat", true},
		{"?.chat", "/w/ab.chat", false},
		{`\*.chat`, "/w/*.chat", true},
		{`\*.chat`, "/w/a.chat", false},
		{"{a,b}.chat", "/w/a.chat", false}, // no brace groups: "{" is a character
		{"*.Chat", "/w/x.chat", false},     // case-sensitive
	}
	for _, tt := range tests {
		if err := checkChatPattern(tt.pattern); err != nil {
			t.Errorf("checkChatPattern(%q) = %v", tt.pattern, err)
		}
		if got := chatPatternMatches([]string{tt.pattern}, tt.file); got != tt.want {
			t.Errorf("%q matches %q = %v, want %v", tt.pattern, tt.file, got, tt.want)
		}
	}
}

func TestCheckChatPatternRefuses(t *testing.T) {
	for pattern, why := range map[string]string{
		"chats/*.md": `holds a "/"`,
		"**/*.chat":  `holds a "/"`,
		"[a-":        "malformed",
		"a\\":        "malformed",
		" ":          "empty",
	} {
		err := checkChatPattern(pattern)
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("checkChatPattern(%q) = %v, want an error saying %q", pattern, err, why)
		}
	}
}

// TestEditorChatDefaults fails when the chat defaults the editors ship
// differ from the server's: the VS Code manifest's setting defaults (and
// the file names it gives the skill-chat language), the Neovim module's
// chat filetypes, and the defaults docs/server.md lists.
func TestEditorChatDefaults(t *testing.T) {
	langs, pats := defaultChatLanguages(), defaultChatPatterns()
	m := readVSCodeManifest(t)
	if got := m.settingDefault(t, "skillLs.chatLanguages"); !slices.Equal(got, langs) {
		t.Errorf("editors/vscode/package.json skillLs.chatLanguages default = %q, the server's %q", got, langs)
	}
	if got := m.settingDefault(t, "skillLs.chatPatterns"); !slices.Equal(got, pats) {
		t.Errorf("editors/vscode/package.json skillLs.chatPatterns default = %q, the server's %q", got, pats)
	}
	for _, l := range m.Contributes.Languages {
		if l.ID != "skill-chat" {
			continue
		}
		for _, p := range l.FilenamePatterns {
			if !slices.Contains(pats, p) {
				t.Errorf("package.json gives the skill-chat language %q, which is not a server chat pattern %q", p, pats)
			}
		}
		for _, e := range l.Extensions {
			if !slices.Contains(pats, "*"+e) {
				t.Errorf("package.json gives the skill-chat language the extension %q; the server's chat patterns %q lack *%s", e, pats, e)
			}
		}
	}
	if got := luaStrings(t, "../../editors/nvim/lua/skill_ls/init.lua", "M.default_chat_filetypes"); !slices.Equal(got, langs) {
		t.Errorf("editors/nvim M.default_chat_filetypes = %q, the server's chatLanguages %q", got, langs)
	}
	doc, err := os.ReadFile("../../docs/server.md")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string][]string{"chatLanguages": langs, "chatPatterns": pats} {
		m := regexp.MustCompile("(?m)^\\* `" + key + "`: (.*(?:\n  .*)*)").FindSubmatch(doc)
		if m == nil {
			t.Errorf("docs/server.md lists no default for %s", key)
			continue
		}
		var got []string
		for _, q := range regexp.MustCompile("`([^`]*)`").FindAllSubmatch(m[1], -1) {
			got = append(got, string(q[1]))
		}
		if !slices.Equal(got, want) {
			t.Errorf("docs/server.md: %s defaults %q, the server's %q", key, got, want)
		}
	}
}

// vscodeManifest is the part of editors/vscode/package.json that names chat buffers.
type vscodeManifest struct {
	Contributes struct {
		Languages []struct {
			ID               string   `json:"id"`
			Extensions       []string `json:"extensions"`
			FilenamePatterns []string `json:"filenamePatterns"`
		} `json:"languages"`
		Configuration struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"configuration"`
	} `json:"contributes"`
}

// settingDefault is the default of a list setting of the manifest.
func (m *vscodeManifest) settingDefault(t *testing.T, key string) []string {
	t.Helper()
	var p struct {
		Default []string `json:"default"`
	}
	if err := json.Unmarshal(m.Contributes.Configuration.Properties[key], &p); err != nil {
		t.Fatalf("package.json %s: %v", key, err)
	}
	return p.Default
}

func readVSCodeManifest(t *testing.T) *vscodeManifest {
	t.Helper()
	b, err := os.ReadFile("../../editors/vscode/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var m vscodeManifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return &m
}

// luaStrings returns the string literals of the table assigned to name in
// a Lua file (`name = { "a", "b" }`).
func luaStrings(t *testing.T, file, name string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)` + regexp.QuoteMeta(name) + `\s*=\s*\{(.*?)\}`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no table %s", file, name)
	}
	var out []string
	for _, q := range regexp.MustCompile(`"([^"]*)"`).FindAllSubmatch(m[1], -1) {
		out = append(out, string(q[1]))
	}
	return out
}
