package hosts

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestPluginNamerMatchesCodex checks that the namer, which resolves links
// folder by folder and remembers each folder, names every shape of skill
// file in Codex's folders as Codex's own rule does (codexPluginName: the
// file's links resolved at once, then the nearest manifest above it).
func TestPluginNamerMatchesCodex(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	root := filepath.Join(project, ".agents", "skills")
	plug := filepath.Join(dir, "plug")
	write(t, filepath.Join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(t, filepath.Join(plug, ".codex-plugin", "plugin.json"), `{"name": "uipath"}`)
	write(t, filepath.Join(plug, "skills", "flow", "SKILL.md"), "---\nname: flow\n---\n")
	write(t, filepath.Join(plug, "skills", "file", "SKILL.md"), "---\nname: file\n---\n")
	write(t, filepath.Join(root, "self", ".claude-plugin", "plugin.json"), `{"name": "selfie"}`)
	write(t, filepath.Join(root, "self", "SKILL.md"), "---\nname: self\n---\n")
	write(t, filepath.Join(root, "nested", ".codex-plugin", "plugin.json"), `{}`)
	write(t, filepath.Join(root, "nested", "skills", "deep", "SKILL.md"), "---\nname: deep\n---\n")
	write(t, filepath.Join(root, "plain", "SKILL.md"), "---\nname: plain\n---\n")
	write(t, filepath.Join(root, "filelink", "x"), "")
	link(t, filepath.Join(plug, "skills", "flow"), filepath.Join(root, "flow"))
	link(t, filepath.Join(plug, "skills", "file", "SKILL.md"), filepath.Join(root, "filelink", "SKILL.md"))
	link(t, plug, filepath.Join(root, "via"))
	link(t, filepath.Join(dir, "nowhere"), filepath.Join(root, "broken"))
	opts := Options{Cwd: project, ProjectRoot: project, Home: home, Getenv: func(string) string { return "" }}
	n := NewPluginNamer(opts)
	codex := &env{opts: opts, host: Lookup(string(Codex)), project: project, home: home}
	for _, tt := range []struct{ rel, want string }{
		{"flow/SKILL.md", "uipath:s"},
		{"filelink/SKILL.md", "uipath:s"},
		{"via/skills/flow/SKILL.md", "uipath:s"},
		{"self/SKILL.md", "selfie:s"},
		{"nested/skills/deep/SKILL.md", "nested:s"},
		{"plain/SKILL.md", ""},
		{"broken/SKILL.md", ""},
	} {
		p := filepath.Join(root, tt.rel)
		_, got := n.Name(p, "s")
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.rel, got, tt.want)
		}
		if ns, _ := codexPluginName(codex, File{Path: p}); (ns == "") != (got == "") || (ns != "" && ns+":s" != got) {
			t.Errorf("%s: namer %q, Codex's rule %q", tt.rel, got, ns)
		}
	}
	if _, got := n.Name(filepath.Join(dir, "elsewhere", "SKILL.md"), "s"); got != "" {
		t.Errorf("a file outside Codex's folders: %q, want none", got)
	}
}

func link(t *testing.T, target, at string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, at); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkPluginNamer names the 2,000 skills of a project's
// .agents/skills, none in a plugin, as list does (the cost list pays per
// skill of Codex's folders; docs/performance.md).
func BenchmarkPluginNamer(b *testing.B) {
	dir := b.TempDir()
	project := filepath.Join(dir, "project")
	root := filepath.Join(project, ".agents", "skills")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	var paths []string
	for i := range 2000 {
		p := filepath.Join(root, "skill-"+strconv.Itoa(i), "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("---\nname: s\n---\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	opts := Options{Cwd: project, ProjectRoot: project, Home: filepath.Join(dir, "home"), Getenv: func(string) string { return "" }}
	b.ResetTimer()
	for b.Loop() {
		n := NewPluginNamer(opts)
		for _, p := range paths {
			if _, got := n.Name(p, "s"); got != "" {
				b.Fatalf("%s: %q", p, got)
			}
		}
	}
}
