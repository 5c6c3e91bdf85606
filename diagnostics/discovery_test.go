package diagnostics

import "testing"

func TestDiscoveryRules(t *testing.T) {
	runRuleCases(t, []string{CodeOutsideRoots, CodeSkillMDCase}, []ruleCase{
		{name: "in a root", src: skill("skill")},
		{name: "nested too deep is not in the roots", path: ".agents/skills/group/skill/SKILL.md", src: skill("skill")},
	})
}
