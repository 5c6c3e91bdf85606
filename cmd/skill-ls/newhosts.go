package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// `skill-ls new --root .claude/skills NAME` spoke of DSH alone ("DSH does
// not scan .claude/skills ... it will not load this skill"), although the
// folder is Claude Code's and the skill loads there. new now names the
// agents that read the root, and says when they do not find the new file
// (a flat NAME.md, which Claude Code does not read).

// hostReaders are the agents other than DSH that read the root a skill is
// created in, and those of them that find the new file.
type hostReaders struct {
	label  string   // the root as the hosts name it (".claude/skills")
	folder []string // the agents that read the root
	file   []string // the agents that find the new file there
}

// findHostReaders returns the hostReaders of the file at path in root,
// from the folders and the discovery of every current host profile.
func findHostReaders(ctx context.Context, rf *rootFlags, root, path string) hostReaders {
	var hr hostReaders
	env, err := hostOptions(rf, "", 0)
	if err != nil {
		return hr
	}
	for _, h := range hosts.All() {
		if h.ID == hosts.DSH || strings.Contains(string(h.ID), "@") {
			continue // DSH's roots are n.scanned's; older releases repeat a host
		}
		folders := h.Folders(env)
		i := slices.IndexFunc(folders, func(r hosts.Root) bool { return r.Dir == root })
		if i < 0 {
			continue
		}
		hr.label = folders[i].Label
		hr.folder = append(hr.folder, h.Name)
		files, err := h.Discover(ctx, env)
		if err == nil && slices.ContainsFunc(files, func(f hosts.File) bool { return f.Path == path }) {
			hr.file = append(hr.file, h.Name)
		}
	}
	return hr
}

// say prints what the agents that read the root do with the new skill,
// and reports false when no agent but DSH reads the root.
func (hr hostReaders) say(n *newSkill) bool {
	switch {
	case len(hr.file) > 0:
		fmt.Fprintf(n.stdout, "\n%s %s %s: %s this skill.\n", hosts.JoinNames(hr.file), byCount(hr.file, "reads", "read"), hr.label, byCount(hr.file, "it loads", "they load"))
	case len(hr.folder) > 0 && n.flat:
		fmt.Fprintf(n.stdout, "\nNote: %s %s %s, but only NAME/SKILL.md bundles there, so %s not load this flat file.\nCreate a bundle instead: skill-ls new --root %s %s\n",
			hosts.JoinNames(hr.folder), byCount(hr.folder, "reads", "read"), hr.label, byCount(hr.folder, "it will", "they will"), shellQuote(n.rel(n.root)), n.name)
	case len(hr.folder) > 0:
		fmt.Fprintf(n.stdout, "\nNote: %s %s %s, but %s not find this skill there.\n", hosts.JoinNames(hr.folder), byCount(hr.folder, "reads", "read"), hr.label, byCount(hr.folder, "does", "do"))
	default:
		return false
	}
	return true
}

// byCount returns one when names holds one name, else many: the verb
// that agrees with them.
func byCount(names []string, one, many string) string {
	if len(names) == 1 {
		return one
	}
	return many
}

// shippedPluginNote says, when the root is a skills folder of a plugin the
// project ships (plugins/x/skills, listed by .claude-plugin/
// marketplace.json), which agent lists the new skill once a user installs
// the plugin, and how: "DSH does not scan plugins/x/skills ... move it
// into .agents/skills" was wrong advice for a plugin's skill. It reports
// false when the root is no such folder.
func (n *newSkill) shippedPluginNote() bool {
	env, err := hostOptions(n.rf, "", 0)
	if err != nil {
		return false
	}
	plugins, _ := hosts.ShippedPlugins(env)
	for _, p := range plugins {
		h := hosts.Lookup(string(p.Host))
		if h == nil || !slices.Contains(p.SkillDirs, n.root) {
			continue
		}
		listed := "as a skill of the plugin"
		if p.Host == hosts.Claude {
			listed = "as " + p.Name + ":" + n.name
		}
		fmt.Fprintf(n.stdout, "\n%s holds the skills of the plugin %s, which this repository ships for %s: once a user installs the plugin, %s lists this skill %s (skill-ls check checks it so).\n",
			format.Quote(n.rel(n.root)), format.Quote(p.Name), h.Name, h.Name, format.Escape(listed))
		return true
	}
	return false
}
