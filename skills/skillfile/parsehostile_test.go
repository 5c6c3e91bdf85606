package skillfile_test

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

func FuzzParse(f *testing.F) {
	seeds := []string{
		"---\nname: a\ndescription: b\n---\nbody",
		"---\r\nname: a\r\ndescription: \"x\\ty\"\r\n---\r\n\r\nbody\r\n",
		"\uFEFF---\nname: a\ndescription: é 日本 𐐀\n---\n[l](x.md) ![i](y.png) <https://e.com>\n# H\n",
		"---\nname: a\ndescription: Use when: x\n---\n",
		"---\na: &x [*x]\n---\n",
		"---\nname: a\ndescription: b\nname: c\n---\n",
		"---\n\tname: a\n---\n",
		"---\n- a\n---\n",
		"---\nname: |\n  x\n description: >-\n  y\n---\n",
		"---\nname: a\ndescription: b\nuser-invocable: maybe\ndisableModelInvocation: 1\n---\n",
		"---", "", "\x00\xff", "---\n---",
		// The mistakes dshyaml's scan explains (yamlscan.go).
		"---\nmetadata:\n\tv: 1\n---\n", "---\nd: [a] b\n---\n", "---\nd: {a\n---\n", "---\nd: \"a\n---\n",
		"---\nd: 'a' b\n---\n", "---\nd: >1x\n---\n", "---\nd: *a b\n---\n", "---\nd: a\nb\n---\n", "---\nd: >\n  a\n\tb\n---\n",
		// Double quotes as yaml@2 reads them (yamldq.go): escapes yaml.v3 refuses or
		// takes, surrogates, folding, a line indented under its key.
		"---\nname: a\ndescription: \"x\\/y \\uD800 \\uD83D\\uDE00\"\n---\n", "---\nd: \"don\\'t\"\n---\n",
		"---\nd: \"a\\\n\n  b \\q\"\nd: 1\n---\n", "---\nm:\n  k: \"a\n  b\"\n---\n", "---\n- \"a\\\u2028\"\n---\n",
		// U+0085, U+2028, U+2029: characters to yaml@2, line breaks to yaml.v3
		// (dshyaml/yamlsep.go).
		"---\nname: a\ndescription: b\u2028 c\u0085\n# x\u2029d: e\n---\n\u2028---\u2028\n",
		"---\nd: 'a\u2028\n  b'\nk\u2029: |\n  x\u0085\n  \u2028\nf: [a\u2028: b, {c\u2028d}]\n---\n",
		"---\nd: a\u2028: b\n---\n", "---\na\u2028: &x\u2028y 1\nb: *x\u2028y\n---\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, mode := range []skillfile.ReadMode{skillfile.ReadFS, skillfile.ReadNode} {
			file := skillfile.Parse("/r/x/SKILL.md", src, mode)
			skilltest.CheckSpans(t, file)
			if mode == skillfile.ReadFS && file.Def != nil && !skillfile.IsSkillName(file.Def.Name) {
				t.Fatalf("valid skill with invalid name %q", file.Def.Name)
			}
		}
	})
}

func TestParseTable(t *testing.T) {
	tests := []struct {
		name, src string
		drop      problem.Code
		desc      string
		content   string
	}{
		{"plain", "---\nname: a\ndescription: b\n---\n\n  body  \n\n", "", "b", "body"},
		{"crlf", "---\r\nname: a\r\ndescription: b c\r\n---\r\nline1\r\nline2\r\n", "", "b c", "line1\r\nline2"},
		{"no final newline", "---\nname: a\ndescription: b\n---", "", "b", ""},
		{"bom stripped", "\uFEFF---\nname: a\ndescription: b\n---\n", "", "b", ""},
		{"unicode", "---\nname: a\ndescription: é 日本 𐐀\n---\n\u3000body\u3000", "", "é 日本 𐐀", "body"},
		{"yes stays string", "---\nname: a\ndescription: yes\n---\n", "", "yes", ""},
		{"1_000 is a string", "---\nname: a\ndescription: 1_000\n---\n", "", "1_000", ""},
		{"0b101 is a string", "---\nname: a\ndescription: 0b101\n---\n", "", "0b101", ""},
		{"date is a string", "---\nname: a\ndescription: 2024-01-01\n---\n", "", "2024-01-01", ""},
		{"number drops", "---\nname: a\ndescription: 12\n---\n", problem.DescriptionNotString, "", ""},
		{"hex drops", "---\nname: a\ndescription: 0x1f\n---\n", problem.DescriptionNotString, "", ""},
		{"tagged str", "---\nname: a\ndescription: !!str 12\n---\n", "", "12", ""},
		{"merge key is ordinary", "---\nname: a\ndescription: b\n<<: x\n---\n", "", "b", ""},
		{"empty frontmatter", "---\n---\n", problem.FrontmatterNotMap, "", ""},
		{"colon", "---\nname: a\ndescription: a: b\n---\n", problem.YAMLUnquotedColon, "", ""},
		{"tab", "---\nname: a\n\tdescription: b\n---\n", problem.YAMLTabIndent, "", ""},
		{"legacy", "---\nname: a\ndescription: b\nuserInvocable: true\n---\n", problem.LegacyInvocationKey, "", ""},
		{"null flag", "---\nname: a\ndescription: b\nuser-invocable:\n---\n", problem.InvocationNotBoolean, "", ""},
		{"YES flag", "---\nname: a\ndescription: b\nuser-invocable: YES\n---\n", "", "b", ""},
		{"1.0 flag", "---\nname: a\ndescription: b\ndisable-model-invocation: 1.0\n---\n", "", "b", ""},
		{"nul", "---\nname: a\x00\n---\n", problem.BinaryFile, "", ""},
		{"latin1", "---\nname: caf\xe9\n---\n", problem.InvalidUTF8, "", ""},
		{"name with newline", "---\nname: \"a\\n\"\ndescription: b\n---\n", problem.NameInvalid, "", ""},
		// Escapes as DSH's yaml@2 reads them, not as yaml.v3 does (dshyaml/yamldq.go).
		{"escaped slash", "---\nname: a\ndescription: \"and\\/or\"\n---\n", "", "and/or", ""},
		{"escaped apostrophe drops", "---\nname: a\ndescription: \"don\\'t\"\n---\n", problem.YAMLSyntax, "", ""},
		{"lone surrogate", "---\nname: a\ndescription: \"x\\uD800\"\n---\n", "", "x\xed\xa0\x80", ""},
		{"surrogate pair", "---\nname: a\ndescription: \"\\uD83D\\uDE00\"\n---\n", "", "😀", ""},
		// U+0085, U+2028 and U+2029 are characters to yaml@2, and the split is
		// on "\n" lines alone (dshyaml/yamlsep.go, docs/dsh.md §4.1).
		{"separators in values", "---\nname: a\ndescription: b\u2028c \u0085\n# x\u2029name: b\n---\n", "", "b\u2028c \u0085", ""},
		{"separators in the body", "---\nname: a\ndescription: b\n---\n\u2028x\u2028---\u2028\n---\u2029\ny\n", "", "b", "x\u2028---\u2028\n---\u2029\ny"},
		{"separator after an opening ---", "---\u2028\nname: a\ndescription: b\n---\n", problem.FrontmatterMissing, "", ""},
		{"separator after a closing ---", "---\nname: a\ndescription: b\n---\u2028\nx: y\n---\n", problem.YAMLSyntax, "", ""},
		{"line under its key", "---\nname: a\ndescription: \"x\ny\"\n---\n", problem.YAMLSyntax, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := skillfile.Parse("/r/a/SKILL.md", []byte(tt.src), skillfile.ReadFS)
			skilltest.CheckSpans(t, f)
			var got problem.Code
			if f.Drop != nil {
				got = f.Drop.Code
			}
			if got != tt.drop {
				t.Fatalf("drop = %q (%v), want %q", got, f.Drop, tt.drop)
			}
			if c := skilltest.Content(f); f.Def != nil && (f.Def.Description != tt.desc || c != tt.content) {
				t.Fatalf("got description %q content %q, want %q %q", f.Def.Description, c, tt.desc, tt.content)
			}
		})
	}
}
