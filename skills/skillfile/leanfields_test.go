package skillfile

import (
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// leanFieldsCases are frontmatters whose fields a lean file reads again.
var leanFieldsCases = []struct{ name, src string }{
	{"plain", "---\nname: a\ndescription: Use it.\n---\n# Body\n"},
	{"quoted and escaped", "---\nname: \"a\"\ndescription: \"Use \\\"it\\\" now.\"\nwhenToUse: 'when ''asked'''\n---\nBody\n"},
	{"metadata and flags", "---\nname: a\ndescription: >\n  Folded\n  text.\nmetadata:\n  author: me\n  version: \"1\"\ndisable-model-invocation: yes\nallowed-tools: [Read, Grep]\n---\nBody\n"},
	{"CRLF", "---\r\nname: a\r\ndescription: Use it.\r\n---\r\nBody\r\n"},
	{"not a mapping", "---\n- a\n- b\n---\nBody\n"},
	{"YAML error", "---\nname: a\ndescription: a: b\n---\nBody\n"},
}

// TestLeanFileKeepsNoFields: a lean file's frontmatter keeps no parsed
// fields (a check keeps a File per skill file, and its fields took more
// than the lines they were read from), yet reads the same ones.
func TestLeanFileKeepsNoFields(t *testing.T) {
	for _, tc := range leanFieldsCases {
		t.Run(tc.name, func(t *testing.T) {
			full := Parse("/r/a/SKILL.md", []byte(tc.src), ReadFS)
			lean := Parse("/r/a/SKILL.md", []byte(tc.src), ReadFS)
			lean.DropText(1)
			if n := heldFields(reflect.ValueOf(*lean.Frontmatter)); n > 0 {
				t.Errorf("the lean frontmatter holds %d parsed fields", n)
			}
			for _, key := range []string{"name", "description", "whenToUse", "metadata", "disable-model-invocation", "allowed-tools", "absent"} {
				if got, want := lean.Frontmatter.Field(key), full.Frontmatter.Field(key); !reflect.DeepEqual(got, want) {
					t.Errorf("Field(%q) = %+v, want %+v", key, got, want)
				}
			}
		})
	}
}

// heldFields counts the dshyaml.Field values v holds in slices of them,
// looking into its structs.
func heldFields(v reflect.Value) int {
	switch {
	case v.Type() == reflect.TypeFor[[]dshyaml.Field]():
		return v.Len()
	case v.Kind() == reflect.Struct:
		n := 0
		for i := range v.NumField() {
			n += heldFields(v.Field(i))
		}
		return n
	}
	return 0
}

// TestLeanFieldsReadAgain: Fields, Doc and WithFields give a lean file
// the fields and document it was parsed with; a frontmatter over the kept
// lines' bound keeps its fields, which could not be read again.
func TestLeanFieldsReadAgain(t *testing.T) {
	for _, tc := range leanFieldsCases {
		t.Run(tc.name, func(t *testing.T) {
			full := Parse("/r/a/SKILL.md", []byte(tc.src), ReadFS)
			lean := full.WithoutText(1)
			if !reflect.DeepEqual(lean.Frontmatter.Doc(), full.Frontmatter.Doc()) {
				t.Errorf("Doc() = %+v, want %+v", lean.Frontmatter.Doc(), full.Frontmatter.Doc())
			}
			if full.Frontmatter.fields == nil && len(full.Frontmatter.Fields()) > 0 {
				t.Error("WithoutText changed the file it copied")
			}
			held := lean.WithFields()
			if !reflect.DeepEqual(held.Frontmatter.fields, full.Frontmatter.Fields()) || held.Def != lean.Def {
				t.Errorf("WithFields() fields = %+v, want %+v", held.Frontmatter.fields, full.Frontmatter.Fields())
			}
			if lean.Frontmatter.fields != nil {
				t.Error("WithFields changed the lean file")
			}
		})
	}
	big := "---\nname: a\ndescription: " + strings.Repeat("word ", maxKeptFront/5) + "\n---\nBody\n"
	full := Parse("/r/a/SKILL.md", []byte(big), ReadFS)
	f := full.WithoutText(1)
	if got := f.Frontmatter.Field("description"); got == nil || !reflect.DeepEqual(got, full.Frontmatter.Field("description")) {
		t.Error("a frontmatter over the bound lost its description")
	}
}
