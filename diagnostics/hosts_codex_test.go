package diagnostics

import (
	"slices"
	"strings"
	"testing"
)

// TestHostDisabledByConfig: a skill the user turns off in Codex's
// config.toml is said as information ("disabled by <file>"), not as an
// error that fails `check`: it is what the user asked for.
func TestHostDisabledByConfig(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.agents/skills/old/SKILL.md": "---\nname: old\ndescription: Turned off.\n---\nBody.\n",
		"home/.codex/config.toml":             "[[skills.config]]\nname = \"old\"\nenabled = false\n",
	})
	opts := Options{Hosts: mustHosts(t, "codex"), HostEnv: env}
	snap := loadWithHosts(t, roots, opts)
	got := lines(Run(t.Context(), snap, opts), snap, dir)
	want := "project/.agents/skills/old/SKILL.md info host-note 1:1 Codex skips this skill: disabled by ~/.codex/config.toml ([[skills.config]] name = \"old\", enabled = false)"
	if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, want) }) {
		t.Errorf("missing %q in\n%s", want, strings.Join(got, "\n"))
	}
	for _, l := range got {
		if strings.Contains(l, " error ") {
			t.Errorf("an error for a skill the config turns off: %s", l)
		}
	}
}
