package skillfile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

func TestDirectives(t *testing.T) {
	const head = "---\nname: s\ndescription: d\n---\n"
	tests := []struct {
		name string
		src  string
		want []string // "kind codes|reason|fm|problem?" per directive
	}{
		{"none", head + "Body <!-- a comment -->\n", nil},
		{"next line with reason", head + "<!-- skill-ls-disable-next-line link-missing -- generated later -->\n[x](y.md)\n",
			[]string{"disable-next-line [link-missing] reason=generated later"}},
		{"range and file", head + "<!-- skill-ls-disable body-breaks-frame -->\ntext\n<!-- skill-ls-enable body-breaks-frame -->\n<!-- skill-ls-disable-file crlf -->\n",
			[]string{"disable [body-breaks-frame]", "enable [body-breaks-frame]", "disable-file [crlf]"}},
		{"several codes", head + "<!--skill-ls-disable-next-line a,b, c  d-->\n",
			[]string{"disable-next-line [a b c d]"}},
		{"inline comment", head + "See [x](y.md) <!-- skill-ls-disable-file link-missing --> here.\n",
			[]string{"disable-file [link-missing]"}},
		{"no code", head + "<!-- skill-ls-disable-next-line -- why -->\n",
			[]string{"disable-next-line [] reason=why problem"}},
		{"unknown kind", head + "<!-- skill-ls-disable-line x -->\n",
			[]string{"disable [] problem"}},
		{"in a code fence", head + "```\n<!-- skill-ls-disable-file crlf -->\n```\n", nil},
		{"in a code span", head + "Write `<!-- skill-ls-disable-file crlf -->` to silence.\n", nil},
		{"not ours", head + "<!-- skill-lsdisable x --><!-- see skill-ls-disable x -->\n", nil},
		{"frontmatter", "---\nname: s\n  # skill-ls-disable-next-line name-too-long -- the vendor's name\ndescription: d\n---\n",
			[]string{"disable-next-line [name-too-long] reason=the vendor's name fm"}},
		{"frontmatter block scalar text", "---\nname: s\ndescription: |\n  # skill-ls-disable-file crlf\n  more\n---\n", nil},
		{"frontmatter quoted multi-line", "---\nname: s\ndescription: \"a\n  # skill-ls-disable-file crlf\n  b\"\n---\n", nil},
		{"frontmatter broken YAML still scanned", "---\nname: [s\n# skill-ls-disable-file yaml-syntax\n---\n",
			[]string{"disable-file [yaml-syntax] fm"}},
		{"CRLF", "---\r\nname: s\r\n# skill-ls-disable-file crlf\r\ndescription: d\r\n---\r\n<!-- skill-ls-disable-next-line link-missing -->\r\n",
			[]string{"disable-file [crlf] fm", "disable-next-line [link-missing]"}},
		{"multi-line body comment", head + "<!--\n  skill-ls-disable-file\n  crlf, bom\n  -- both on purpose\n-->\n",
			[]string{"disable-file [crlf bom] reason=both on purpose"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse("/r/s/SKILL.md", []byte(tt.src), ReadFS)
			var got []string
			for _, d := range f.Directives() {
				var codes []string
				for _, c := range d.Codes {
					if string(f.InMemory().Src()[c.Span.Start:c.Span.End]) != c.Code {
						t.Errorf("code %q has span text %q", c.Code, f.InMemory().Src()[c.Span.Start:c.Span.End])
					}
					codes = append(codes, c.Code)
				}
				s := fmt.Sprintf("%s [%s]", d.Kind, strings.Join(codes, " "))
				if d.Reason != "" {
					s += " reason=" + d.Reason
				}
				if d.Frontmatter {
					s += " fm"
				}
				if d.Problem != "" {
					s += " problem"
				}
				text := string(f.InMemory().Src()[d.Span.Start:d.Span.End])
				if !strings.HasPrefix(text, "<!--") && !strings.HasPrefix(text, "#") {
					t.Errorf("span %q is not the comment", text)
				}
				got = append(got, s)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestDirectiveSpansUnicode: the spans of codes are byte spans, right after
// é, CJK and 𐐀 on the same line, with LF and CRLF.
func TestDirectiveSpansUnicode(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n"} {
		for _, pre := range []string{"é", "漢字", "𐐀", "é漢𐐀"} {
			src := "---" + nl + "name: s" + nl + "description: " + pre + nl + "# " + pre + " x" + nl + "---" + nl +
				pre + " <!-- skill-ls-disable-next-line link-missing -- " + pre + " -->" + nl
			f := Parse("/r/s/SKILL.md", []byte(src), ReadFS)
			ds := f.Directives()
			if len(ds) != 1 {
				t.Fatalf("%q: %d directives", src, len(ds))
			}
			c := ds[0].Codes[0]
			if got := src[c.Span.Start:c.Span.End]; got != "link-missing" {
				t.Errorf("%q: code span holds %q", src, got)
			}
			if ds[0].Reason != pre {
				t.Errorf("reason %q, want %q", ds[0].Reason, pre)
			}
			if line, _ := f.InMemory().LineCol(ds[0].Span.Start); line != 6 {
				t.Errorf("%q: on line %d", src, line)
			}
		}
	}
}

func TestYAMLString(t *testing.T) {
	for _, s := range []string{"pdf", "123", "1e3", "true", "null", "~", "Use when: asked", "a #b", "#x", "- x", "it's", "é 漢字 𐐀", "tab\there", "line\nbreak", "bell\a", " lead", "trail ", "", "'q'", `"dq"`, "[x]", "*alias", "&anchor", "!tag", "%pct", "@at", "`tick", "a: ", "x:", "a \u2028 b", "x\u0085", "\u2029 lead", "'\u2028'"} {
		text := dshyaml.Scalar(s)
		f := Parse("/r/s/SKILL.md", []byte("---\nname: s\ndescription: "+text+"\n---\n"), ReadFS)
		if f.Def == nil && s != "" && strings.TrimSpace(s) != "" {
			t.Errorf("%q as %s: dropped: %v", s, text, f.Drop)
			continue
		}
		if d := f.Frontmatter.Field("description"); d == nil || d.Value.Kind != dshyaml.KindString || d.Value.Str != s {
			t.Errorf("%q as %s reads back as %+v", s, text, d)
		}
	}
	if got := dshyaml.Scalar("pdf-tools"); got != "pdf-tools" {
		t.Errorf("a plain name is quoted: %s", got)
	}
}
