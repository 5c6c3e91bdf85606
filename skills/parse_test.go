package skills

import (
	"fmt"
	"slices"
	"testing"
)

// TestFindings: Parse records every reason, in DSH's check order, and the
// first dropping one is the Drop DSH logs.
func TestFindings(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "code key@offset"
		log  string   // Drop.Detail, "" for none
	}{
		{"clean", "---\nname: a\ndescription: b\n---\n", nil, ""},
		{"no name, no description", "---\nx: 1\n---\n", []string{"name-missing name@4", "description-missing description@4"}, "frontmatter requires name and description"},
		{"bad name and legacy key", "---\nname: A\ndescription: b\nuserInvocable: true\n---\n", []string{"name-invalid name@10", "legacy-invocation-key userInvocable@27"}, `invalid skill name "A"`},
		{"legacy keys in DSH order, not source order", "---\nname: a\ndescription: b\nuserInvocable: 1\nmodelInvocable: 1\n---\n", []string{"legacy-invocation-key modelInvocable@44", "legacy-invocation-key userInvocable@27"}, `invalid invocation frontmatter: Error: frontmatter field "modelInvocable" is unsupported; use "disable-model-invocation"`},
		{"flag and ignored field", "---\nname: a\ndescription: b\nuser-invocable: 2\nwhenToUse: 3\n---\n", []string{"invocation-not-boolean user-invocable@43", "field-ignored whenToUse@56"}, `invalid invocation frontmatter: TypeError: frontmatter field "user-invocable" must be a boolean`},
		{"degraded only", "---\nname: a\ndescription: b\nmetadata: x\n---\n", []string{"field-ignored metadata@37"}, ""},
		{"é 日本 𐐀 in a bad name", "---\nname: é日本𐐀\ndescription: b\n---\n", []string{"name-invalid name@10"}, `invalid skill name "é日本𐐀"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse("/r/a/SKILL.md", []byte(tt.src), ReadFS)
			var got []string
			for _, fd := range f.Findings {
				got = append(got, fmt.Sprintf("%s %s@%d", fd.Code, fd.Key, fd.Span.Start))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
			log := ""
			if f.Drop != nil {
				log = f.Drop.Detail
			}
			if log != tt.log {
				t.Errorf("drop %q, want %q", log, tt.log)
			}
			if (f.Def != nil) == (f.Drop != nil) {
				t.Errorf("def %v with drop %v", f.Def != nil, f.Drop)
			}
		})
	}
}
