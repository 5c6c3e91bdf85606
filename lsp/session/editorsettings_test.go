package session

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// vscodeClientSettings are the VS Code settings that configure the
// extension itself, never sent to the server: a setting of the manifest
// that is neither one of these nor a server setting is one the server
// would not know.
var vscodeClientSettings = map[string]string{
	"skillLs.serverPath":      "the server binary the extension starts",
	"skillLs.evalHostCommand": "the host program the extension's eval runs give skill-ls eval",
	"skillLs.trace.server":    "vscode-languageclient's trace of the protocol",
}

// serverSetting is one key of the server's settings object: its name on
// the wire and its JSON type.
type serverSetting struct{ name, typ string }

// serverSettings are the keys of rawSettings, the wire shape parseSettings
// reads, in its order.
func serverSettings(t *testing.T) []serverSetting {
	t.Helper()
	var out []serverSetting
	rt := reflect.TypeFor[rawSettings]()
	for i := range rt.NumField() {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		typ := map[reflect.Kind]string{reflect.String: "string", reflect.Int: "integer", reflect.Bool: "boolean", reflect.Slice: "array"}[f.Type.Elem().Kind()]
		if typ == "" {
			t.Fatalf("rawSettings.%s: no JSON type for %s", f.Name, f.Type)
		}
		out = append(out, serverSetting{name, typ})
	}
	return out
}

// isServerDefault reports whether the value v (JSON) of key is the
// server's default: laid over the defaults, it changes nothing and is
// accepted without a problem.
func isServerDefault(key string, v json.RawMessage) error {
	base := DefaultSettings()
	got, problems := ParseSettings(base, []byte(fmt.Sprintf(`{%q: %s}`, key, v)), false, "")
	if len(problems) > 0 {
		return fmt.Errorf("refused: %v", problems)
	}
	got.explicit, base.explicit = nil, nil
	for _, s := range []*Settings{&got, &base} {
		for _, l := range []*[]string{&s.CustomDirs, &s.ChatLanguages, &s.ChatPatterns, &s.Hosts} {
			if len(*l) == 0 {
				*l = nil
			}
		}
	}
	if !reflect.DeepEqual(got, base) {
		return fmt.Errorf("it changes the settings: %+v, defaults %+v", got, base)
	}
	return nil
}

// TestEditorSettings ties the editors' settings to the server's: every
// server setting is in the VS Code manifest (skillLs.<name>, sent by
// settings.ts) and in the Neovim module's settings table (its README), with
// the server's JSON type and a default that is the server's; and neither
// editor has a server-side setting the server does not know.
func TestEditorSettings(t *testing.T) {
	server := serverSettings(t)
	var names []string
	for _, s := range server {
		names = append(names, s.name)
		if _, ok := knownSettings[s.name]; !ok {
			t.Errorf("knownSettings lacks %q: a wrong type for it would go unreported", s.name)
		}
	}
	if len(knownSettings) != len(server) {
		t.Errorf("knownSettings has %d keys, rawSettings %d", len(knownSettings), len(server))
	}
	vscode := vscodeSettings(t)
	nvim := nvimSettings(t)
	for _, s := range server {
		for editor, got := range map[string]map[string]editorSetting{"VS Code (package.json)": vscode, "Neovim (README.md)": nvim} {
			e, ok := got[s.name]
			if !ok {
				t.Errorf("%s lacks the server setting %s", editor, s.name)
				continue
			}
			if e.typ != s.typ {
				t.Errorf("%s: %s is of type %s, the server's %s", editor, s.name, e.typ, s.typ)
			}
			if err := isServerDefault(s.name, e.def); err != nil {
				t.Errorf("%s: the default of %s, %s, is not the server's: %v", editor, s.name, e.def, err)
			}
		}
	}
	for editor, got := range map[string]map[string]editorSetting{"VS Code (package.json)": vscode, "Neovim (README.md)": nvim} {
		for name := range got {
			if !slices.Contains(names, name) {
				t.Errorf("%s has the setting %s, which the server does not know", editor, name)
			}
		}
	}
	sent := tsStrings(t, "../../editors/vscode/src/settings.ts", "SERVER_KEYS")
	slices.Sort(sent)
	if slices.Sort(names); !slices.Equal(sent, names) {
		t.Errorf("editors/vscode/src/settings.ts SERVER_KEYS = %q, the server's settings %q", sent, names)
	}
}

// editorSetting is a setting as an editor declares it.
type editorSetting struct {
	typ string
	def json.RawMessage
}

// vscodeSettings are the manifest's server settings, by server name.
func vscodeSettings(t *testing.T) map[string]editorSetting {
	t.Helper()
	out := map[string]editorSetting{}
	for key, raw := range readVSCodeManifest(t).Contributes.Configuration.Properties {
		if _, client := vscodeClientSettings[key]; client {
			continue
		}
		var p struct {
			Type    string          `json:"type"`
			Default json.RawMessage `json:"default"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatalf("package.json %s: %v", key, err)
		}
		name, ok := strings.CutPrefix(key, "skillLs.")
		if !ok {
			t.Errorf("package.json setting %s is outside skillLs.", key)
		}
		out[name] = editorSetting{p.Type, p.Default}
	}
	return out
}

// nvimSettings are the rows of the "Server settings" table of the Neovim
// README, defaults written as Lua ({ "a" } for a list).
func nvimSettings(t *testing.T) map[string]editorSetting {
	t.Helper()
	b, err := os.ReadFile("../../editors/nvim/README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `(\\w+)` \\| (\\w+) \\| `(.*)` \\|$").FindAllSubmatch(b, -1)
	if len(rows) == 0 {
		t.Fatal("editors/nvim/README.md has no server settings table")
	}
	out := map[string]editorSetting{}
	for _, r := range rows {
		def := strings.TrimSpace(string(r[3]))
		if strings.HasPrefix(def, "{") {
			def = "[" + strings.TrimSuffix(strings.TrimPrefix(def, "{"), "}") + "]"
		}
		out[string(r[1])] = editorSetting{string(r[2]), json.RawMessage(def)}
	}
	return out
}

// tsStrings are the quoted strings of the array constant name in a
// TypeScript file.
func tsStrings(t *testing.T, file, name string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)` + regexp.QuoteMeta(name) + `[^=]*=\s*\[(.*?)\];`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no array %s", file, name)
	}
	var out []string
	for _, q := range regexp.MustCompile(`'([^']*)'`).FindAllSubmatch(m[1], -1) {
		out = append(out, string(q[1]))
	}
	return out
}

// TestChatHostWrongType: a chatHost that is not a string is reported, as a
// wrong type for any other setting is (it was dropped without a word).
func TestChatHostWrongType(t *testing.T) {
	_, problems := ParseSettings(DefaultSettings(), []byte(`{"chatHost": 5}`), false, "")
	if len(problems) != 1 || !strings.Contains(problems[0], "setting chatHost: wrong type") {
		t.Errorf("chatHost 5: problems %q, want one wrong type", problems)
	}
}
