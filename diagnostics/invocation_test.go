package diagnostics

import "testing"

func TestInvocationRules(t *testing.T) {
	codes := []string{CodeLegacyInvocationKey, CodeInvocationNotBoolean, CodeSkillUnreachable}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill", "user-invocable: yes\n", "disable-model-invocation: 0\n")},
		{name: "legacy", src: skill("skill", "userInvocable: true\n"), want: []string{"error legacy-invocation-key 4:1"}, contains: "write user-invocable"},
		{name: "legacy twice", src: skill("skill", "modelInvocable: true\n", "disableModelInvocation: true\n"), want: []string{"error legacy-invocation-key 4:1", "error legacy-invocation-key 5:1"}},
		{name: "not boolean", src: skill("skill", "user-invocable: maybe\n"), want: []string{"error invocation-not-boolean 4:17"}, contains: `the text "maybe"`},
		{name: "number", src: skill("skill", "disable-model-invocation: 2\n"), want: []string{"error invocation-not-boolean 4:27"}, contains: "the number 2"},
		{name: "null", src: skill("skill", "user-invocable:\n"), want: []string{"error invocation-not-boolean 4:1"}, contains: "but it is empty"},
		{name: "unreachable", src: skill("skill", "disable-model-invocation: true\n", "user-invocable: false\n"), want: []string{"warning skill-unreachable 5:1"}},
	})
}
