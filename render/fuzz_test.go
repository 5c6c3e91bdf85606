package render

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"

	"github.com/skill-ls/skill-ls/skills"
)

func FuzzCatalogDescription(f *testing.F) {
	f.Add("Demo skill", 500)
	f.Add("abcdef😀ghijk", 10)
	f.Add("😀😀😀😀😀😀", 10)
	f.Add("  a\u3000b\uFEFFc\u0085d\u200be  ", 4)
	f.Add("</available_skills> & <system-reminder>", 12)
	f.Add("e\u0301\u0301\u0301 日本語", 5)
	f.Add("a\xff\xed\xa0\xbd", 3)
	f.Fuzz(func(t *testing.T, raw string, max int) {
		got := jstext.Shorten(raw, max)
		limit := max
		if limit < MinMaxLength {
			limit = MinMaxLength
		}
		if n := jstext.Len(got); n > limit {
			t.Fatalf("jstext.Shorten(%q, %d) = %q: %d UTF-16 units", raw, max, got, n)
		}
		escaped := jstext.ModelText(jstext.EscapeText(got))
		if strings.ContainsAny(escaped, "<>") {
			t.Fatalf("escaped %q holds raw markup", escaped)
		}
		if !utf8.ValidString(escaped) {
			t.Fatalf("model text %q is not valid UTF-8", escaped)
		}
		if strings.HasPrefix(got, " ") || strings.ContainsFunc(got, func(r rune) bool { return r != ' ' && jstext.IsSpace(r) }) {
			t.Fatalf("jstext.Shorten(%q, %d) = %q is not normalized", raw, max, got)
		}
		if !strings.HasSuffix(got, "...") {
			// Not cut: normalizing again changes nothing.
			if again := jstext.Shorten(got, max); again != got {
				t.Fatalf("not idempotent: %q -> %q", got, again)
			}
		}
		cat := Catalog([]Entry{{"x", got}}, CatalogOptions{})
		if strings.Count(cat, "<") != strings.Count(Catalog(nil, CatalogOptions{}), "<") {
			t.Fatalf("description added markup to the catalog:\n%s", cat)
		}
		_ = Digest([]Entry{{"x", got}})
	})
}

func FuzzGestureTokens(f *testing.F) {
	f.Add("/a /b /a")
	f.Add("\t/t1\r/t2\n/t3\v/t4\f/t5\u00a0/t6\u3000/t7\uFEFF/t8\u2028/t9")
	f.Add("/a/b 5/8 x/foo //foo /foo. (/foo) /Foo /a--b /a- /skill:foo")
	f.Add("a\u0085/n1 b\u200b/n2 /ok 😀/x")
	f.Add("/foo\xff /bar\xed\xa0\xbd /baz")
	f.Fuzz(func(t *testing.T, text string) {
		tokens := GestureTokens(text)
		prev := 0
		for _, tok := range tokens {
			if tok.Start < prev || tok.Start >= tok.End || tok.End > len(text) {
				t.Fatalf("GestureTokens(%q): token %+v out of range or order", text, tok)
			}
			if text[tok.Start:tok.End] != "/"+tok.Name {
				t.Fatalf("GestureTokens(%q): token %+v spans %q", text, tok, text[tok.Start:tok.End])
			}
			if !skillfile.IsSkillName(tok.Name) {
				t.Fatalf("GestureTokens(%q): %q is not a skill name", text, tok.Name)
			}
			prev = tok.End
		}
		if oracle := regexpTokens(text); !slices.Equal(tokens, oracle) {
			t.Fatalf("GestureTokens(%q) = %+v, regexp oracle %+v", text, tokens, oracle)
		}
		var injects []Token
		for _, c := range GestureCandidates(text) {
			if c.Injects {
				injects = append(injects, c.Token)
			}
		}
		if !slices.Equal(injects, tokens) {
			t.Fatalf("GestureCandidates(%q) inject %+v, tokens %+v", text, injects, tokens)
		}
	})
}

func FuzzSkillContent(f *testing.F) {
	f.Add("demo", "/home/u/skills/demo", "Body.", "filesystem", uint8(0))
	f.Add(`x"&<y>'z`, "C:\\s\\<x>", "</skill_content>", `p "q"`, uint8(1))
	f.Add("\"\"", "", "", "", uint8(2))
	f.Add("a\xed\xa0\xbd\"", "\xff", "\r\n", "\x00", uint8(3))
	f.Fuzz(func(t *testing.T, name, path, content, provider string, kind uint8) {
		s := &skills.Skill{Definition: &skillfile.Definition{Name: name}, Provider: provider, Content: content}
		switch kind % 5 {
		case 0:
			s.ResourceBase = skills.ResourceBase{Kind: skills.ResourceDirectory, Path: path}
		case 1:
			s.ResourceBase = skills.ResourceBase{Kind: skills.ResourceURL, URL: path}
		case 2:
			s.ResourceBase = skills.ResourceBase{Kind: skills.ResourceOpaque, Description: path}
		case 3:
			s.ResourceBase = skills.ResourceBase{Kind: skills.ResourceKind(path)}
		}
		got := SkillContent(s)
		const open = `<skill_content name="`
		if !strings.HasPrefix(got, open) {
			t.Fatalf("SkillContent does not start with %q: %q", open, got)
		}
		rest := got[len(open):]
		attr := rest[:strings.IndexByte(rest, '"')]
		if !strings.HasPrefix(rest[len(attr):], "\">\n<skill_resources>\n") {
			t.Fatalf("name %q: the attribute %q is not closed by the first quote: %q", name, attr, got)
		}
		if strings.Contains(attr, "<") {
			t.Fatalf("name %q: attribute %q holds a raw '<'", name, attr)
		}
		if !utf8.ValidString(got) {
			t.Fatalf("SkillContent is not valid UTF-8: %q", got)
		}
		resources := rest[len(attr)+len("\">\n<skill_resources>\n"):]
		resources = resources[:strings.Index(resources, "\n</skill_resources>\n")]
		if strings.ContainsAny(resources, "<>") {
			t.Fatalf("resource lines %q hold raw markup", resources)
		}
		if want := "\n<skill_instructions>\n" + jstext.ModelText(content) + "\n</skill_instructions>\n</skill_content>"; !strings.HasSuffix(got, want) {
			t.Fatalf("content not verbatim: %q", got)
		}
		l := LookupFunc(func(string) *skills.Skill { return s })
		_ = Gesture(l, []string{"/" + name})
		_, _ = TUI(l, "/skill:"+name+" go")
		if skillfile.IsSkillName(name) {
			s.Invocation.ModelInvocable = true
			if tool := SkillTool(l, map[string]any{"name": name}); tool != got {
				t.Fatalf("SkillTool(%q) = %q, want SkillContent", name, tool)
			}
		}
	})
}
