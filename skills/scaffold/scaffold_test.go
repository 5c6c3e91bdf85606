package scaffold

import (
	"bytes"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

func TestNewSkillText(t *testing.T) {
	for _, name := range []string{"a", "pdf-tools", "123", "1e3", "0x1f", "true", "null", "no", "3d-print", strings.Repeat("x", MaxNameLength)} {
		src := NewSkillText(name)
		if bytes.Contains(src, []byte("\r")) || bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) || !bytes.HasSuffix(src, []byte("\n")) {
			t.Errorf("%s: want LF line endings, no BOM and a final newline:\n%s", name, src)
		}
		for _, mode := range []skillfile.ReadMode{skillfile.ReadFS, skillfile.ReadNode} {
			f := skillfile.Parse("/r/"+name+"/SKILL.md", src, mode)
			if f.Drop != nil {
				t.Fatalf("%s: DSH drops the new skill: %s\n%s", name, f.Drop.Log, src)
			}
			if f.Def.Name != name || f.Def.Description != DescriptionPlaceholder {
				t.Errorf("%s: name %q, description %q; want %q, the placeholder", name, f.Def.Name, f.Def.Description, name)
			}
			if !strings.HasPrefix(string(f.InMemory().Src()[f.ContentSpan.Start:f.ContentSpan.End]), "# "+name+"\n") {
				t.Errorf("%s: body %q does not start with the heading", name, string(f.InMemory().Src()[f.ContentSpan.Start:f.ContentSpan.End]))
			}
		}
	}
}

func TestYAMLDoubleQuoted(t *testing.T) {
	for _, s := range []string{"plain", `a "quoted" \ word: yes`, "tab\there\nnew line", "é 𐐀 #x"} {
		f := skillfile.Parse("/r/x/SKILL.md", []byte("---\nname: x\ndescription: "+dshyaml.DoubleQuoted(s)+"\n---\nbody\n"), skillfile.ReadFS)
		if f.Drop != nil {
			t.Fatalf("%q: %s", s, f.Drop.Log)
		}
		if f.Def.Description != s {
			t.Errorf("got %q, want %q", f.Def.Description, s)
		}
	}
}

func TestNameProblem(t *testing.T) {
	tests := []struct {
		name string
		want string // a substring of the problem; "" for a valid name
	}{
		{"pdf", ""},
		{"pdf-tools-2", ""},
		{"007", ""},
		{strings.Repeat("a", MaxNameLength), ""},
		{strings.Repeat("a", MaxNameLength+1), "65 characters"},
		{"", "empty"},
		{"-pdf", "starts with a hyphen"},
		{"pdf-", "ends with a hyphen"},
		{"pdf--tools", "two hyphens"},
		{"PDF", `uppercase letter 'P'`},
		{"pdf_tools", `'_'`},
		{"pdf tools", "a space"},
		{"skills/pdf", "not a path"},
		{"pdf.md", `'.'`},
		{"café", `'é'`},
		{"a\n", "space"},
		{"bad\xff", "UTF-8"},
	}
	for _, tt := range tests {
		got := NameProblem(tt.name)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("NameProblem(%q) = %q, want %q", tt.name, got, tt.want)
		}
		if got == "" && !skillfile.IsSkillName(tt.name) {
			t.Errorf("NameProblem(%q) accepts a name IsSkillName refuses", tt.name)
		}
	}
}

func TestSuggestName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"pdf", "pdf"},
		{"PDF", "pdf"},
		{"My_PDF Tools", "my-pdf-tools"},
		{"pdfTools", "pdf-tools"},
		{"--pdf--tools--", "pdf-tools"},
		{"Café Crème", "cafe-creme"},
		{"ﬁle", "file"}, // a ligature
		{".agents/skills/pdf-tools.md", "pdf-tools"},
		{"notes.md", "notes"},
		{"日本語", ""},
		{"", ""},
		{strings.Repeat("ab-", 40), strings.TrimSuffix(strings.Repeat("ab-", 22)[:MaxNameLength], "-")},
	}
	for _, tt := range tests {
		got := SuggestName(tt.in)
		if got != tt.want {
			t.Errorf("SuggestName(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got != "" && NameProblem(got) != "" {
			t.Errorf("SuggestName(%q) = %q, which is not a name to create: %s", tt.in, got, NameProblem(got))
		}
	}
}
