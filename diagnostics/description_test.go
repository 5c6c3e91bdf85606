package diagnostics

import (
	"strings"
	"testing"
)

func TestDescriptionRules(t *testing.T) {
	codes := []string{CodeDescriptionMissing, CodeDescriptionNotString, CodeDescriptionEmpty, CodeDescriptionBlank, CodeDescriptionTruncated, CodeDescriptionTooLong}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill")},
		{name: "missing", src: "---\nname: skill\n---\n", want: []string{"error description-missing 2:1"}},
		{name: "list", src: "---\nname: skill\ndescription:\n  - a\n---\n", want: []string{"error description-not-string 4:3"}, contains: "a YAML list"},
		{name: "null", src: "---\nname: skill\ndescription: null\n---\n", want: []string{"error description-not-string 3:14"}, contains: "description must be text, but YAML reads null as no value; write the text after description:"},
		{name: "no value", src: "---\nname: skill\ndescription:\n---\n", want: []string{"error description-not-string 3:13"}, contains: "description has no value (YAML reads it as null); write the text after description:"},
		{name: "number", src: "---\nname: skill\ndescription: 42\n---\n", want: []string{"error description-not-string 3:14"}, contains: "YAML reads 42 as a number; put it in quotes: description: '42'"},
		{name: "empty", src: "---\nname: skill\ndescription: ''\n---\n", want: []string{"error description-empty 3:14"}},
		{name: "blank", src: "---\nname: skill\ndescription: \"\\u3000 \"\n---\n", want: []string{"warning description-blank 3:14"}},
		{name: "truncated", src: "---\nname: skill\ndescription: " + strings.Repeat("é", 501) + "\n---\n", want: []string{"warning description-truncated 3:14"}, contains: "501 UTF-16 units"},
		{name: "𐐀 counts two units", src: "---\nname: skill\ndescription: " + strings.Repeat("𐐀", 251) + "\n---\n", want: []string{"warning description-truncated 3:14"}, contains: "502 UTF-16 units"},
		{name: "not truncated when hidden from the model", src: "---\nname: skill\ndescription: " + strings.Repeat("x", 600) + "\ndisable-model-invocation: true\n---\n"},
		{name: "too long", src: "---\nname: skill\ndescription: " + strings.Repeat("日", 1025) + "\n---\n", want: []string{"warning description-too-long 3:14", "warning description-truncated 3:14"}},
		{name: "too long under agentskills", src: "---\nname: skill\ndescription: " + strings.Repeat("日", 1025) + "\n---\n", profile: ProfileAgentSkills, want: []string{"error description-too-long 3:14", "warning description-truncated 3:14"}},
	})
}
