package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The plugin manifests the project ships (hosts.ShippedPlugins): a plain
// check reports what makes one unusable (plugin-manifest-invalid), as
// --host does for the chosen hosts' manifests; the skills of the plugins
// are the hosts' files, checked with the rest.

// pluginManifests returns the problems of the manifests of the project
// that the run reports (those of the chosen hosts, every host's when none
// was chosen; within the PATHs), and adds the manifests' texts to texts
// for the output's lines and columns.
func (r *checkRun) pluginManifests(texts map[string]*spans.LineIndex) ([]hosts.ManifestProblem, map[string]*spans.LineIndex) {
	env := r.pluginEnv
	if len(r.opts.Hosts) > 0 {
		env = r.opts.HostEnv
	}
	if env.Cwd == "" {
		return nil, texts
	}
	_, problems := hosts.ShippedPlugins(env)
	problems = slices.DeleteFunc(problems, func(m hosts.ManifestProblem) bool {
		chosen := !r.hostsChosen || slices.ContainsFunc(r.opts.Hosts, func(h *hosts.Host) bool { return h.ID == m.Host })
		return !chosen || !r.inScope(m.Path)
	})
	for _, m := range problems {
		if _, ok := texts[m.Path]; ok {
			continue
		}
		src, err := os.ReadFile(m.Path)
		if err != nil {
			continue
		}
		if texts == nil {
			texts = map[string]*spans.LineIndex{}
		}
		texts[m.Path] = spans.NewLineIndex(src)
	}
	return problems, texts
}

// manifestPaths turns the PATH arguments that are plugin manifests
// (hosts.ManifestPlugins) into the folders they stand for: each plugin's
// skills folders, checked as the host's files like any PATH there. It
// returns the PATHs to check and the places whose findings the run keeps
// (inScope): every PATH, the manifests named, and the manifests of the
// plugins a marketplace lists; manifests reports that one was named, which
// is something to check even with no skill.
func manifestPaths(paths []string, env hosts.Options) (check, scope []string, manifests bool) {
	for _, p := range paths {
		abs := absDir(p)
		plugins, read, ok := hosts.ManifestPlugins(abs, env)
		if !ok || !isRegular(abs) {
			check = append(check, p)
			scope = append(scope, abs)
			continue
		}
		manifests = true
		scope = append(append(scope, abs), read...)
		for _, pl := range plugins {
			if m := pl.ManifestPath(); m != abs {
				scope = append(scope, m)
			}
			for _, d := range pl.SkillDirs {
				check = append(check, d)
				scope = append(scope, filepath.Clean(d))
			}
		}
	}
	return check, scope, manifests
}

// maxSettingsText bounds what settingsTexts reads of a settings file: a
// finding's position past it is clamped, and a huge file is not read.
const maxSettingsText = 1 << 20

// settingsTexts adds to texts the text of each host settings file a
// finding of ds sits in (override-unknown-skill in .claude/settings.json),
// for the output's lines and columns: such a file is no skill file of the
// snapshot.
func settingsTexts(ds []diagnostics.Diagnostic, texts map[string]*spans.LineIndex) map[string]*spans.LineIndex {
	for _, d := range ds {
		if d.Code != diagnostics.CodeOverrideUnknown {
			continue
		}
		if _, ok := texts[d.Path]; ok {
			continue
		}
		f, err := os.Open(d.Path)
		if err != nil {
			continue
		}
		src, _ := io.ReadAll(io.LimitReader(f, maxSettingsText))
		f.Close()
		if texts == nil {
			texts = map[string]*spans.LineIndex{}
		}
		texts[d.Path] = spans.NewLineIndex(src)
	}
	return texts
}
