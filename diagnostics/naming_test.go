package diagnostics

import (
	"strings"
	"testing"
)

func TestNameRules(t *testing.T) {
	codes := []string{CodeNameMissing, CodeNameNotString, CodeNameEmpty, CodeNameInvalid, CodeNameFolderMismatch, CodeNameTooLong}
	long := strings.Repeat("abcdefgh", 9)
	runRuleCases(t, codes, []ruleCase{
		{name: "valid", src: skill("skill")},
		{name: "missing", src: "---\ndescription: d\n---\n", want: []string{"error name-missing 1:1"}, contains: "there is no name: key"},
		{name: "number", src: "---\nname: 123\ndescription: d\n---\n", want: []string{"error name-not-string 2:7"}, contains: "YAML reads 123 as a number; put it in quotes: name: '123'"},
		{name: "null", src: "---\nname: ~\ndescription: d\n---\n", want: []string{"error name-not-string 2:7"}, contains: "name must be text, but YAML reads ~ as no value (null); write the text after name:"},
		{name: "null spelled out", src: "---\nname: null\ndescription: d\n---\n", want: []string{"error name-not-string 2:7"}, contains: "name must be text, but YAML reads null as no value; write the text after name:"},
		{name: "boolean", src: "---\nname: true\ndescription: d\n---\n", want: []string{"error name-not-string 2:7"}, contains: "YAML reads true as a boolean; put it in quotes: name: 'true'"},
		{name: "empty", src: "---\nname: \"\"\ndescription: d\n---\n", want: []string{"error name-empty 2:7"}},
		{name: "uppercase", src: "---\nname: Skill\ndescription: d\n---\n", want: []string{"error name-invalid 2:7"}, contains: `"Skill" is not a valid skill name: use lowercase ASCII letters and digits joined by single hyphens, such as skill`},
		{name: "non-ascii letter", src: "---\nname: café\ndescription: d\n---\n", want: []string{"error name-invalid 2:7"}},
		{name: "double hyphen", src: "---\nname: a--b\ndescription: d\n---\n", want: []string{"error name-invalid 2:7"}},
		{name: "CRLF", src: "---\r\nname: Bad\r\ndescription: d\r\n---\r\n", want: []string{"error name-invalid 2:7"}},
		{name: "folder mismatch", folder: "other", src: skill("skill"), want: []string{"warning name-folder-mismatch 2:7"}},
		{name: "folder mismatch under agentskills", folder: "other", src: skill("skill"), profile: ProfileAgentSkills, want: []string{"error name-folder-mismatch 2:7"}},
		{name: "too long", folder: long, src: skill(long), want: []string{"warning name-too-long 2:7"}},
		{name: "too long under agentskills", folder: long, src: skill(long), profile: ProfileAgentSkills, want: []string{"error name-too-long 2:7"}},
		{name: "flat skill has no folder", path: ".agents/skills/flat.md", src: skill("anything")},
	})
}
