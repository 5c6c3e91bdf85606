package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseConfig(t *testing.T) {
	const full = `# yaml-language-server: $schema=https://example.invalid/skill-ls.schema.json
profile: agentskills
hosts: [dsh, claude]
rules:
  name-folder-mismatch: off
  description-truncated: error
overrides:
  - files: ["legacy/**", "vendor/*/SKILL.md"]
    rules: {unknown-key: warning}
roots: [skills, /abs/more]
ignore: ["drafts/**"]
maxDescription: 300
`
	c, errs := Parse("/p/.skill-ls.yaml", []byte(full))
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if c.Profile.Value != "agentskills" || len(c.Hosts) != 2 || c.Hosts[1].Value != "claude" {
		t.Errorf("profile/hosts: %+v %+v", c.Profile, c.Hosts)
	}
	if len(c.Rules) != 2 || c.Rules[0].Code.Value != "name-folder-mismatch" || c.Rules[0].Severity.Value != "off" {
		t.Errorf("rules: %+v", c.Rules)
	}
	if len(c.Overrides) != 1 || len(c.Overrides[0].Files) != 2 || c.Overrides[0].Rules[0].Severity.Value != "warning" {
		t.Errorf("overrides: %+v", c.Overrides)
	}
	if got := c.RootDirs(); len(got) != 2 || got[0] != "/p/skills" || got[1] != "/abs/more" {
		t.Errorf("roots: %v", got)
	}
	if c.MaxDescription.Value != 300 || len(c.Ignore) != 1 || !c.Ignore[0].Glob.Match("drafts/x/SKILL.md") {
		t.Errorf("maxDescription/ignore: %+v %+v", c.MaxDescription, c.Ignore)
	}
	if got := string(c.Src[c.Rules[1].Severity.Span.Start:c.Rules[1].Severity.Span.End]); got != "error" {
		t.Errorf("severity span holds %q", got)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "line:col: substring"
	}{
		{"empty", "", nil},
		{"only comments", "# nothing yet\n", nil},
		{"not a mapping", "- a\n", []string{"1:1: the config file must be a mapping"}},
		{"bad YAML", "rules: {a: b\n", []string{"1:8: not valid YAML: Flow map in block collection must be sufficiently indented and end with a }"}},
		{"unknown key", "profle: dsh\n", []string{`1:1: unknown key "profle"`}},
		{"misspelled key", "max_description: 3\n", []string{`1:1: unknown key "max_description"; did you mean "maxDescription"?`}},
		{"duplicate key", "profile: dsh\nprofile: dsh\n", []string{`2:1: the key "profile" appears twice`}},
		{"profile not text", "profile: 3\n", []string{"1:10: profile must be text, not the number 3"}},
		{"hosts not a list", "hosts: dsh\n", []string{"1:8: hosts must be a list"}},
		{"bad severity", "rules:\n  crlf: loud\n", []string{`2:9: "loud" is not a severity`}},
		{"severity not text", "rules:\n  crlf: false\n", []string{"2:9: the severity of crlf must be text, not the boolean false"}},
		{"rules not a mapping", "rules: [crlf]\n", []string{"1:8: rules must be a mapping"}},
		{"override without files", "overrides:\n  - rules: {crlf: off}\n", []string{"2:5: an override needs files:"}},
		{"override unknown key", "overrides:\n  - files: [a]\n    rule: {crlf: off}\n", []string{`3:5: unknown key "rule"; did you mean "rules"?`}},
		{"bad glob", "ignore: ['../x', '/abs', 'a/**b', '[']\n", []string{"1:10: ignore: the pattern leaves", "1:18: ignore: the pattern is absolute", "1:26: ignore: \"**\" must be", "1:35: ignore: the pattern is malformed"}},
		{"maxDescription small", "maxDescription: 2\n", []string{"1:17: maxDescription must be at least 3"}},
		{"maxDescription text", "maxDescription: '500'\n", []string{"1:17: maxDescription must be a whole number"}},
		{"too large", "# " + strings.Repeat("x", MaxSize) + "\n", []string{"1:1: the config file is 1048579 bytes; skill-ls reads config files of at most 1048576 bytes"}},
		// Byte columns after é, CJK and 𐐀, with CRLF.
		{"unicode and CRLF", "# é 漢字 𐐀\r\nhosts: [é, 3]\r\nrules: {漢字: loud}\r\n", []string{"2:13: an entry of hosts must be text", `3:17: "loud" is not a severity`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := Parse("/p/.skill-ls.yaml", []byte(tt.src))
			if len(errs) != len(tt.want) {
				t.Fatalf("got %d errors %v, want %d", len(errs), errs, len(tt.want))
			}
			for i, e := range errs {
				if !strings.HasPrefix(e.Error(), "/p/.skill-ls.yaml:") || !strings.Contains(e.Error(), tt.want[i]) {
					t.Errorf("error %d = %q, want %q", i, e.Error(), tt.want[i])
				}
			}
		})
	}
}

func TestFindConfig(t *testing.T) {
	dir := t.TempDir()
	if got := Find(dir); got != "" {
		t.Errorf("found %q in an empty folder", got)
	}
	p := filepath.Join(dir, FileName)
	if err := os.WriteFile(p, []byte("profile: dsh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Find(dir); got != p {
		t.Errorf("FindConfig = %q, want %q", got, p)
	}
	if _, errs := Read(filepath.Join(dir, "missing.yaml")); len(errs) != 1 || !strings.Contains(errs[0].Error(), "cannot read") {
		t.Errorf("missing file: %v", errs)
	}
}

func TestGlob(t *testing.T) {
	tests := []struct {
		pattern string
		match   []string
		miss    []string
	}{
		{"drafts", []string{"drafts", "drafts/x/SKILL.md"}, []string{"drafts2/x/SKILL.md", "a/drafts/SKILL.md"}},
		{"drafts/**", []string{"drafts", "drafts/x/SKILL.md"}, []string{"x/drafts/SKILL.md"}},
		{"**/SKILL.md", []string{"SKILL.md", "a/SKILL.md", "a/b/c/SKILL.md"}, []string{"a/notes.md"}},
		{".agents/skills/*/SKILL.md", []string{".agents/skills/pdf/SKILL.md"}, []string{".agents/skills/pdf/x/SKILL.md", ".dsh/skills/pdf/SKILL.md"}},
		{"./legacy/", []string{"legacy/a.md"}, []string{"../legacy/a.md"}},
		{"a/**/b/*.md", []string{"a/b/x.md", "a/1/2/b/y.md"}, []string{"a/b/c/d", "b/x.md"}},
		{"é/漢*", []string{"é/漢字/SKILL.md"}, []string{"e/漢字"}},
	}
	for _, tt := range tests {
		g, err := CompileGlob(tt.pattern)
		if err != nil {
			t.Fatalf("%q: %v", tt.pattern, err)
		}
		for _, p := range tt.match {
			if !g.Match(p) {
				t.Errorf("%q does not match %q", tt.pattern, p)
			}
		}
		for _, p := range tt.miss {
			if g.Match(p) {
				t.Errorf("%q matches %q", tt.pattern, p)
			}
		}
	}
}
