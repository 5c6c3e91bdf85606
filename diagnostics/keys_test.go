package diagnostics

import (
	"strings"
	"testing"
)

func TestKeyRules(t *testing.T) {
	codes := []string{CodeFieldIgnored, CodeKeyMisspelled, CodeUnknownKey, CodeCompatibilityTooLong}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill", "license: MIT\n")},
		{name: "whenToUse empty", src: skill("skill", "whenToUse: ''\n"), want: []string{"warning field-ignored 4:12"}, contains: "non-empty string"},
		{name: "metadata list", src: skill("skill", "metadata: [a]\n"), want: []string{"warning field-ignored 4:11"}, contains: "a mapping"},
		{name: "misspelled", src: skill("skill", "when_to_use: later\n"), want: []string{"warning key-misspelled 4:1"}, contains: `did you mean "whenToUse"`},
		{name: "misspelled but present", src: skill("skill", "Name: x\n")},
		{name: "unknown key off by default", src: skill("skill", "triggers: [a]\n")},
		{name: "unknown key under agentskills", src: skill("skill", "triggers: [a]\n", "license: MIT\n"), profile: ProfileAgentSkills, want: []string{"warning unknown-key 4:1"}},
		{name: "DSH keys under agentskills", src: skill("skill", "user-invocable: true\n"), profile: ProfileAgentSkills, want: []string{"warning unknown-key 4:1"}, contains: "DSH reads it"},
		{name: "compatibility too long", src: skill("skill", "compatibility: "+strings.Repeat("c", 501)+"\n"), want: []string{"warning compatibility-too-long 4:16"}},
	})
}
