package diagnostics

import (
	"slices"
	"strings"
	"testing"
)

// TestLinkedYAMLFactOnce: an unquoted ": " in a bundle the check reads by
// two paths (a .agents/skills folder linked from .claude/skills, the
// reverse, both links into a shared folder) is one finding, on the path an
// editor answers the file as (its real path when a host reads it there,
// else the first), naming what the readers of the other path do; the
// other path says nothing of it. A copy that is another file keeps its
// own finding in each folder.
func TestLinkedYAMLFactOnce(t *testing.T) {
	skill := func(name string) string {
		return "---\nname: " + name + "\ndescription: Deploys things: the staging way\n---\nBody.\n"
	}
	dir, roots, env := hostTree(t, map[string]string{
		"project/.git/HEAD":                     "ref: refs/heads/main\n",
		"project/.agents/skills/fwd/SKILL.md":   skill("fwd"),
		"project/.claude/skills/rev/SKILL.md":   skill("rev"),
		"project/shared/both/SKILL.md":          skill("both"),
		"project/.agents/skills/copy/SKILL.md":  skill("copy"),
		"project/.claude/skills/copy/SKILL.md":  skill("copy"),
		"project/.claude/skills/plain/SKILL.md": "---\nname: plain\ndescription: Plain.\n---\nBody.\n",
	})
	symlinks(t, dir, map[string]string{
		"project/.claude/skills/fwd":  "../../.agents/skills/fwd",
		"project/.agents/skills/rev":  "../../.claude/skills/rev",
		"project/.agents/skills/both": "../../shared/both",
		"project/.claude/skills/both": "../../shared/both",
	})
	got, _, _ := plainCheck(t, dir, roots, env)
	const a, cl = "project/.agents/skills/", "project/.claude/skills/"
	atColon := func(prefix string) []string {
		return slices.DeleteFunc(slices.Clone(got), func(l string) bool { return !strings.HasPrefix(l, prefix) || !strings.Contains(l, " 3:14 ") })
	}
	for _, tt := range []struct{ bundle, want string }{
		{"fwd", a + `fwd/SKILL.md error yaml-unquoted-colon 3:14 DSH drops this skill: the value of description holds ": " without quotes, so YAML reads it as a nested key; put the whole value in quotes: 'Deploys things: the staging way'. Through .claude/skills/fwd, `},
		{"rev", cl + `rev/SKILL.md error host-drops 3:14 `},
		{"both", a + `both/SKILL.md error yaml-unquoted-colon 3:14 DSH drops this skill: the value of description holds ": " without quotes, so YAML reads it as a nested key; put the whole value in quotes: 'Deploys things: the staging way'. Through .claude/skills/both, `},
	} {
		on := slices.Concat(atColon(a+tt.bundle+"/"), atColon(cl+tt.bundle+"/"))
		if len(on) != 1 || !strings.HasPrefix(on[0], tt.want) {
			t.Errorf("%s: the one fact of one file is %d findings, want one starting %q:\n%s", tt.bundle, len(on), tt.want, strings.Join(on, "\n"))
		}
	}
	if on := atColon(cl + "rev/"); len(on) != 1 || !strings.HasSuffix(on[0], " skip this skill: the value of description holds \": \" without quotes, so YAML reads it as a nested key; put the whole value in quotes: 'Deploys things: the staging way'. Through .agents/skills/rev, DSH drops it too.") {
		t.Errorf("rev: %q", on)
	}
	if on := atColon(a + "copy/"); len(on) != 1 || strings.Contains(on[0], "Through") {
		t.Errorf("DSH's copy, another file: %q", on)
	}
	if on := atColon(cl + "copy/"); len(on) != 1 || !strings.Contains(on[0], "host-drops") {
		t.Errorf(".claude's copy, another file: %q", on)
	}
}

// TestLinkedSameFindingOnce: a finding that is the same fact on each path
// of one file (side-effect-model-invocable on a deploy skill) is reported
// once, on the path the YAML fact goes to; a copy that is another file
// keeps its own in each folder.
func TestLinkedSameFindingOnce(t *testing.T) {
	skill := func(name string) string {
		return "---\nname: " + name + "\ndescription: Deploys the app to staging.\n---\nBody.\n"
	}
	dir, roots, env := hostTree(t, map[string]string{
		"project/.git/HEAD":                           "ref: refs/heads/main\n",
		"project/.agents/skills/deploy/SKILL.md":      skill("deploy"),
		"project/.claude/skills/deploy-rev/SKILL.md":  skill("deploy-rev"),
		"project/shared/deploy-both/SKILL.md":         skill("deploy-both"),
		"project/.agents/skills/deploy-copy/SKILL.md": skill("deploy-copy"),
		"project/.claude/skills/deploy-copy/SKILL.md": skill("deploy-copy"),
	})
	symlinks(t, dir, map[string]string{
		"project/.claude/skills/deploy":      "../../.agents/skills/deploy",
		"project/.agents/skills/deploy-rev":  "../../.claude/skills/deploy-rev",
		"project/.agents/skills/deploy-both": "../../shared/deploy-both",
		"project/.claude/skills/deploy-both": "../../shared/deploy-both",
	})
	got, _, _ := plainCheck(t, dir, roots, env)
	sideEffect := func(bundle string) []string {
		return slices.DeleteFunc(slices.Clone(got), func(l string) bool {
			return !strings.Contains(l, "/"+bundle+"/SKILL.md ") || !strings.Contains(l, " side-effect-model-invocable ")
		})
	}
	for bundle, want := range map[string]string{
		"deploy":      "project/.agents/skills/deploy/",
		"deploy-rev":  "project/.claude/skills/deploy-rev/",
		"deploy-both": "project/.agents/skills/deploy-both/",
	} {
		if on := sideEffect(bundle); len(on) != 1 || !strings.HasPrefix(on[0], want) {
			t.Errorf("%s: the one fact of one file is %d findings, want one on %s:\n%s", bundle, len(on), want, strings.Join(on, "\n"))
		}
	}
	if on := sideEffect("deploy-copy"); len(on) != 2 {
		t.Errorf("a copy, another file, keeps its finding in each folder: %q", on)
	}
}
