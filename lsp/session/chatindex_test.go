package session

import (
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// TestChatNamesMerge: NamesFrom merges DSH's names with those the chat's
// other hosts load, in order, each once, from the given name on; a name
// only a host the chat does not speak to loads is left out, and Lookup
// names the hosts in the order the whole list had them (DSH first).
func TestChatNamesMerge(t *testing.T) {
	dsh, claude, codex := hosts.Lookup(string(hosts.DSH)), hosts.Lookup("claude"), hosts.Lookup("codex")
	if dsh == nil || claude == nil || codex == nil {
		t.Fatal("hosts not found")
	}
	var skillsOf []*skills.Skill
	for _, n := range []string{"b", "d", "f"} {
		skillsOf = append(skillsOf, &skills.Skill{Definition: &skillfile.Definition{Name: n}, Path: "/dsh/" + n + "/SKILL.md"})
	}
	others := &chatLoads{names: []string{"a", "c", "d", "e"}, by: map[string][]chatLoad{
		"a": {{path: "/cl/a/SKILL.md", host: claude}},
		"c": {{path: "/cx/c/SKILL.md", host: codex}}, // not a chat host
		"d": {{path: "/cl/d/SKILL.md", host: claude}},
		"e": {{path: "/cx/e/SKILL.md", host: codex}, {path: "/cl/e/SKILL.md", host: claude}},
	}}
	cs := &ChatSkills{snap: &skills.Snapshot{Registry: skills.Resolve(skillsOf, nil)}, hosts: []*hosts.Host{dsh, claude}, dsh: dsh, others: others}
	for _, tc := range []struct {
		from string
		want []string
	}{
		{"", []string{"a", "b", "d", "e", "f"}},
		{"c", []string{"d", "e", "f"}},
		{"d", []string{"d", "e", "f"}},
		{"g", nil},
	} {
		if got := slices.Collect(cs.NamesFrom(tc.from)); !slices.Equal(got, tc.want) {
			t.Errorf("NamesFrom(%q) = %q, want %q", tc.from, got, tc.want)
		}
	}
	d := cs.Lookup("d")
	if d == nil || d.DSH == nil || !slices.Equal(d.Hosts, []*hosts.Host{dsh, claude}) || d.Path != "/dsh/d/SKILL.md" {
		t.Errorf("Lookup(d) = %+v, want DSH's file, then Claude Code", d)
	}
	if e := cs.Lookup("e"); e == nil || !slices.Equal(e.Hosts, []*hosts.Host{claude}) || e.Path != "/cl/e/SKILL.md" {
		t.Errorf("Lookup(e) = %+v, want Claude Code's file alone", e)
	}
	if c := cs.Lookup("c"); c != nil {
		t.Errorf("Lookup(c) = %+v, want nil: no chat host loads it", c)
	}
}
