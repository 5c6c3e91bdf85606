package diagnostics

// The rule of the plugin manifests a repository ships (skills/hosts,
// shipped_plugins.go): a .claude-plugin/marketplace.json, a plugin's
// .claude-plugin/plugin.json, and Codex's .agents/plugins/marketplace.json
// and .codex-plugin/plugin.json. The caller reads them
// (Options.PluginManifests); the finding sits in the manifest, at the
// value that is wrong.

// CodePluginManifest is the code of a manifest the host cannot use.
const CodePluginManifest = "plugin-manifest-invalid"

var pluginRules = []*Rule{
	{Code: CodePluginManifest, Severity: SeverityError, Summary: "a plugin.json or marketplace.json the host cannot use",
		Doc:       "A plugin manifest the repository ships is wrong for the host that installs it: not JSON, not an object, no `name` (Claude Code refuses the marketplace, or loads nothing of the plugin), a plugin entry whose `source` or a `skills` path is not a folder of the repository, an `agents` that is not a `.md` path or a list of them. The plugins are those a `.claude-plugin/marketplace.json` lists with a path inside the repository (and a `.claude-plugin/plugin.json` at its root), and for Codex those of `.agents/plugins/marketplace.json` (`\"source\": {\"source\": \"local\", \"path\": ...}`) and a root `.codex-plugin/plugin.json`; their skills are checked as `<plugin>:<skill>` (docs/hosts.md).",
		Workspace: checkPluginManifests},
}

// checkPluginManifests reports each problem of the manifests the caller
// read.
func checkPluginManifests(p *WorkspacePass) {
	for _, m := range p.run.opts.PluginManifests {
		p.Report(m.Path, m.Span, m.Message)
	}
}
