package session

// pluginfiles.go: the plugin manifests the project ships
// (.claude-plugin/marketplace.json, a plugin's plugin.json, Codex's):
// what makes one unusable (plugin-manifest-invalid) was check's alone.
// Each pass reads them, as a plain check does, and publishes the findings
// at their place in the JSON file.

import (
	"io"
	"os"
	"slices"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// withPluginManifests sets the plugin manifests' problems in the options
// of views (a clone of the caller's slice, withEvalFiles'): those of the
// view's hosts when the settings chose them, every host's when the view
// took the hosts a plain check detects (as check does).
func withPluginManifests(views []viewSnapshot) []viewSnapshot {
	for i := range views {
		opts := &views[i].opts
		if opts.HostEnv.Cwd == "" {
			continue
		}
		_, problems := hosts.ShippedPlugins(opts.HostEnv)
		if !opts.ReadersOnly {
			problems = slices.DeleteFunc(problems, func(m hosts.ManifestProblem) bool {
				return !slices.ContainsFunc(opts.Hosts, func(h *hosts.Host) bool { return h.ID == m.Host })
			})
		}
		opts.PluginManifests = problems
	}
	return views
}

// maxManifestText bounds what pluginLineIndex reads of a manifest: a
// finding's position past it is clamped, and a huge file is not read.
const maxManifestText = 1 << 20

// pluginLineIndex is the line index of a file that is neither a skill
// file nor the config file but gets findings (a plugin manifest): its
// open buffer, else its text on disk, so the finding lands where check
// puts it.
func pluginLineIndex(st *Snapshot, path string) *spans.LineIndex {
	if d := st.Doc(path); d != nil {
		return spans.NewLineIndex(d.Text)
	}
	f, err := os.Open(path)
	if err != nil {
		return spans.NewLineIndex(nil)
	}
	defer f.Close()
	src, _ := io.ReadAll(io.LimitReader(f, maxManifestText))
	return spans.NewLineIndex(src)
}
