package diagnostics

import "testing"

func TestRegistryRules(t *testing.T) {
	codes := []string{CodeSkillShadowed, CodeSkillDuplicate, CodeSkillShadows}
	runRuleCases(t, codes, []ruleCase{
		{name: "alone", src: skill("skill")},
		{name: "loses to a better rank", src: skill("skill"), extra: map[string]string{".dsh/skills/skill/SKILL.md": skill("skill")}, want: []string{"warning skill-shadowed 2:7"}, contains: "the lower rank wins (project-dsh 100 beats project-agents 200)"},
		{name: "wins over a worse rank", path: ".dsh/skills/skill/SKILL.md", src: skill("skill"), extra: map[string]string{".agents/skills/skill/SKILL.md": skill("skill")}, want: []string{"info skill-shadows 2:7"}},
		{name: "duplicate in one root", folder: "b", src: skill("same"), extra: map[string]string{".agents/skills/a/SKILL.md": skill("same")}, want: []string{"error skill-duplicate 2:7"}, contains: "comes first in this root"},
	})
}
