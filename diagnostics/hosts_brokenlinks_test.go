package diagnostics

import (
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// TestBrokenLinkInHostFolder: a folder link to nothing in .claude/skills
// loads nothing in the hosts that read the folder, which say nothing; it
// is broken-symlink's, naming them, at the severity of their verdict
// (an error, DSH selected or not), as the same link in DSH's root is
// DSH's. A plain file beside it and a link that resolves get nothing.
func TestBrokenLinkInHostFolder(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.git/HEAD":                     "ref: refs/heads/main\n",
		"project/.claude/skills/ok/SKILL.md":    "---\nname: ok\ndescription: A skill.\n---\nBody.\n",
		"project/.agents/skills/real/SKILL.md":  "---\nname: real\ndescription: Linked from .claude/skills.\n---\nBody.\n",
		"project/.agents/skills/other/SKILL.md": "---\nname: other\ndescription: Another skill.\n---\nBody.\n",
	})
	symlinks(t, dir, map[string]string{
		"project/.claude/skills/gone": "../../nowhere",
		"project/.claude/skills/loop": "loop",
		"project/.claude/skills/real": "../../.agents/skills/real",
		"project/.agents/skills/gone": "../../nowhere",
	})
	const cl = "project/.claude/skills/"
	for _, list := range []string{"", "claude"} {
		var opts Options
		if list == "" {
			c, err := hosts.ChooseForProject(t.Context(), env, nil)
			if err != nil || len(c.Hosts) < 2 {
				t.Fatalf("chose %v, %v", c.Hosts, err)
			}
			opts = Options{Hosts: c.Hosts, HostEnv: env, ReadersOnly: true}
		} else {
			opts = Options{Hosts: mustHosts(t, list), HostEnv: env, ReadersOnly: true}
		}
		snap := loadAsCheck(t, roots, opts, skills.LoadOptions{})
		got := lines(Run(t.Context(), snap, opts), snap, dir)
		want := []string{
			cl + `gone error broken-symlink 1:1 Claude Code`,
			cl + `loop error broken-symlink 1:1 Claude Code`,
		}
		for _, w := range want {
			if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, w) }) {
				t.Errorf("--host %q: missing %q in\n%s", list, w, strings.Join(got, "\n"))
			}
		}
		for _, l := range got {
			switch {
			case strings.HasPrefix(l, cl+"gone ") && !strings.HasSuffix(l, "find no skill here: it is a symbolic link to ../../nowhere, which does not exist; point it at an existing skill") && !strings.HasSuffix(l, "Claude Code finds no skill here: it is a symbolic link to ../../nowhere, which does not exist; point it at an existing skill"):
				t.Errorf("--host %q: %s", list, l)
			case strings.HasPrefix(l, cl+"loop ") && !strings.Contains(l, "loop, which loops"):
				t.Errorf("--host %q: %s", list, l)
			case strings.HasPrefix(l, cl) && strings.Contains(l, "DSH"):
				t.Errorf("--host %q: a .claude/skills finding speaks of DSH: %s", list, l)
			case strings.HasPrefix(l, cl+"real") && strings.Contains(l, "broken-symlink"), strings.HasPrefix(l, cl+"ok/") && strings.Contains(l, "broken-symlink"):
				t.Errorf("--host %q: %s", list, l)
			}
		}
		if n := len(slices.DeleteFunc(slices.Clone(got), func(l string) bool { return !strings.HasPrefix(l, "project/.agents/skills/gone ") })); n != 1 {
			t.Errorf("--host %q: %d findings on DSH's broken link, want 1:\n%s", list, n, strings.Join(got, "\n"))
		}
	}
}
