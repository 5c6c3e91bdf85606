package hosts

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// shipped_plugins.go: the plugins a repository ships for others to
// install. Claude Code installs the plugins a .claude-plugin/
// marketplace.json lists (a "source" path inside the repository), or the
// repository itself when its root holds .claude-plugin/plugin.json;
// Codex those of .agents/plugins/marketplace.json ({"source": "local",
// "path": ...}) or a root .codex-plugin/plugin.json. Their skills are
// checked as the host lists them once installed: project skills named
// <plugin>:<folder>. Remote sources (github, url, git-subdir, npm) are
// not in the repository and are not read.

// Plugin is a plugin the project ships.
type Plugin struct {
	// Host reads the plugin: Claude or Codex.
	Host ID
	// Name is the plugin's name: its manifest's, else its marketplace
	// entry's.
	Name string
	// Dir is the plugin's folder.
	Dir string
	// SkillDirs are the folders of its skills: skills/, and the paths its
	// manifest or marketplace entry adds.
	SkillDirs []string
}

// ManifestProblem is what makes a marketplace.json or plugin.json wrong
// for its host, at its byte span in the file.
type ManifestProblem struct {
	Host    ID // the host whose manifest it is
	Path    string
	Span    spans.Span
	Message string
	// Lesser is set when the host loses nothing the author wrote: a
	// warning when the host still reports it (Claude Code's "load
	// failure"), information when it says nothing (Codex).
	Lesser ManifestLevel
}

// ManifestLevel is how much a manifest problem costs: ManifestError (the
// host loses something the author wrote), ManifestWarning or ManifestInfo.
type ManifestLevel int

// The levels of a ManifestProblem.
const (
	ManifestError ManifestLevel = iota
	ManifestWarning
	ManifestInfo
)

// pluginFormat is where a host looks for a repository's plugins.
type pluginFormat struct {
	host        ID
	hostName    string
	marketplace string // relative to the repository's root
	manifest    string // relative to a plugin's folder
}

var pluginFormats = []pluginFormat{
	{Claude, "Claude Code", filepath.Join(".claude-plugin", "marketplace.json"), filepath.Join(".claude-plugin", "plugin.json")},
	{Codex, "Codex", filepath.Join(".agents", "plugins", "marketplace.json"), filepath.Join(".codex-plugin", "plugin.json")},
}

// maxManifest bounds the bytes of a manifest read: a marketplace of 300
// plugins is 200 KiB.
const maxManifest = 4 << 20

// ShippedPlugins returns the plugins the project of opts ships, and what
// is wrong in their manifests (a manifest that is not JSON, a missing
// name, a source or skills path that does not exist).
func ShippedPlugins(opts Options) ([]Plugin, []ManifestProblem) {
	root := opts.projectRoot()
	if root == "" {
		return nil, nil
	}
	r := &shippedReader{seen: map[string]bool{}}
	for _, f := range pluginFormats {
		r.host = f.host
		r.marketplace(root, f)
		if !r.seen[string(f.host)+"\x00"+root] && exists(filepath.Join(root, f.manifest)) {
			r.plugin(root, f, "", entrySkills{})
		}
	}
	return r.plugins, r.problems
}

// shippedReader is one ShippedPlugins.
type shippedReader struct {
	host     ID // the host whose files are being read
	plugins  []Plugin
	problems []ManifestProblem
	seen     map[string]bool // host and folder of the plugins read
}

func (r *shippedReader) problem(path string, span spans.Span, format string, args ...any) {
	r.problems = append(r.problems, ManifestProblem{Host: r.host, Path: path, Span: span, Message: fmt.Sprintf(format, args...)})
}

// object reads the manifest at path as a JSON object, with its bytes:
// nil (and a problem) when it is not one, nil alone when there is no file.
func (r *shippedReader) object(path string) (*evalfile.Value, []byte) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxManifest {
		return nil, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	v, serr := evalfile.ParseJSON(src)
	if serr != nil {
		r.problem(path, serr.Span, "%s is not JSON: %s", filepath.Base(path), serr.Msg)
		return nil, nil
	}
	if v.Kind != evalfile.Object {
		r.problem(path, v.Span, "%s must be a JSON object, not %s", filepath.Base(path), v.Kind)
		return nil, nil
	}
	return v, src
}

// name returns the non-blank string value of obj's "name", reporting a
// missing or wrong one with why (what the host then does).
func (r *shippedReader) name(path string, obj *evalfile.Value, what, why string) string {
	m := obj.Get("name")
	switch {
	case m == nil:
		r.problem(path, spans.Span{Start: obj.Span.Start, End: obj.Span.Start + 1}, "%s has no \"name\": %s", what, why)
	case m.Value.Kind != evalfile.String || strings.TrimSpace(m.Value.Str) == "":
		r.problem(path, m.Value.Span, "\"name\" must be a non-empty string: %s", why)
	default:
		return m.Value.Str
	}
	return ""
}

// marketplace reads the host's marketplace file of the repository at
// root and the plugins it lists inside the repository.
func (r *shippedReader) marketplace(root string, f pluginFormat) {
	path := filepath.Join(root, f.marketplace)
	obj, _ := r.object(path)
	if obj == nil {
		return
	}
	r.name(path, obj, "the marketplace", f.hostName+" refuses to add it")
	base := root
	if meta := obj.Get("metadata"); meta != nil && meta.Value.Kind == evalfile.Object {
		if pr := meta.Value.Get("pluginRoot"); pr != nil && pr.Value.Kind == evalfile.String {
			base = filepath.Join(root, pr.Value.Str)
		}
	}
	list := obj.Get("plugins")
	if list == nil || list.Value.Kind != evalfile.Array {
		r.problem(path, spans.Span{Start: obj.Span.Start, End: obj.Span.Start + 1}, "%s lists no \"plugins\" array: %s installs nothing from it", filepath.Base(path), f.hostName)
		return
	}
	for _, item := range list.Value.Items {
		if item.Kind != evalfile.Object {
			r.problem(path, item.Span, "a plugin entry must be an object, not %s", item.Kind)
			continue
		}
		name := r.name(path, item, "this plugin entry", f.hostName+" cannot install the plugin")
		dir, src := entrySource(item, root, base)
		switch {
		case src == nil: // remote, or no source: nothing in the repository
		case !isDir(dir):
			r.problem(path, src.Span, "the plugin's source %q is not a folder of the repository: %s cannot install it", src.Str, f.hostName)
		case name != "":
			r.plugin(dir, f, name, entrySkills{path, item.Get("skills")})
		}
	}
}

// entrySource returns the folder a marketplace entry's source names in
// the repository and the string value naming it (nil for a remote
// source): "./plugins/x" relative to base (the marketplace's pluginRoot),
// or {"source": "local", "path": "./plugins/x"} relative to root.
func entrySource(item *evalfile.Value, root, base string) (string, *evalfile.Value) {
	m := item.Get("source")
	if m == nil {
		return "", nil
	}
	if m.Value.Kind == evalfile.String {
		if strings.Contains(m.Value.Str, "://") {
			return "", nil
		}
		return filepath.Join(base, m.Value.Str), m.Value
	}
	if m.Value.Kind != evalfile.Object {
		return "", nil
	}
	kind, path := m.Value.Get("source"), m.Value.Get("path")
	if kind == nil || kind.Value.Str != "local" || path == nil || path.Value.Kind != evalfile.String {
		return "", nil
	}
	return filepath.Join(root, path.Value.Str), path.Value
}

// entrySkills are the "skills" of a marketplace entry, in the marketplace
// file at path.
type entrySkills struct {
	path   string
	skills *evalfile.Member
}

// plugin reads the plugin in dir: its manifest (optional under a
// marketplace entry, which names it), its skills folder and the skills
// paths of the manifest and of the entry (extra).
func (r *shippedReader) plugin(dir string, f pluginFormat, name string, extra entrySkills) {
	key := string(f.host) + "\x00" + dir
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	p := Plugin{Host: f.host, Name: name, Dir: dir}
	path := filepath.Join(dir, f.manifest)
	obj, src := r.object(path)
	if obj == nil && exists(path) {
		return // not JSON: the host loads nothing of the plugin
	}
	if obj != nil {
		if f.host == Claude {
			if p.Name = r.name(path, obj, "the plugin manifest", f.hostName+" loads nothing of the plugin"); p.Name == "" {
				return
			}
			if a := obj.Get("agents"); a != nil && !claudeAgentsValid(src[a.Value.Span.Start:a.Value.Span.End]) {
				r.problem(path, a.Value.Span, "\"agents\" must be a path to a .md file or a list of them: %s loads nothing of this plugin", f.hostName)
				return
			}
		} else if m := obj.Get("name"); m != nil && m.Value.Kind == evalfile.String && strings.TrimSpace(m.Value.Str) != "" {
			p.Name = m.Value.Str
		} else {
			p.Name = filepath.Base(dir) // Codex's rule: a blank name is the folder's
		}
	}
	if p.Name == "" {
		p.Name = filepath.Base(dir)
	}
	if obj != nil && f.host == Codex && obj.Get("skills") != nil {
		r.codexSkillPaths(path, dir, obj.Get("skills"), &p)
	} else {
		if isDir(filepath.Join(dir, "skills")) {
			p.SkillDirs = append(p.SkillDirs, filepath.Join(dir, "skills"))
		}
		if obj != nil {
			r.skillPaths(path, dir, obj.Get("skills"), &p, f.hostName)
		}
	}
	r.skillPaths(extra.path, dir, extra.skills, &p, f.hostName)
	r.plugins = append(r.plugins, p)
}

// skillPaths adds to p the folders that the "skills" member m (a path or
// a list of paths relative to the plugin's folder dir) of the file at
// path names, and reports those that are not folders.
func (r *shippedReader) skillPaths(path, dir string, m *evalfile.Member, p *Plugin, hostName string) {
	if m == nil {
		return
	}
	items := []*evalfile.Value{m.Value}
	if m.Value.Kind == evalfile.Array {
		items = m.Value.Items
	}
	for _, v := range items {
		if v.Kind != evalfile.String {
			r.problem(path, v.Span, "a \"skills\" path must be a string, not %s", v.Kind)
			continue
		}
		d := filepath.Join(dir, v.Str)
		switch {
		case !isDir(d):
			// Claude Code 2.1.332 adds these folders to skills/, which it
			// still loads; `claude plugin validate` calls a missing one an
			// error the runtime loader reports as a load failure.
			r.problems = append(r.problems, ManifestProblem{Host: r.host, Path: path, Span: v.Span, Lesser: ManifestWarning,
				Message: fmt.Sprintf("the skills path %q is not a folder of the plugin: %s loads the plugin's other skills and reports this path as a load failure (observed with Claude Code 2.1.332)", v.Str, hostName)})
		case !slices.Contains(p.SkillDirs, d):
			p.SkillDirs = append(p.SkillDirs, d)
		}
	}
}

// shippedPlugins returns the plugins the project ships, read once per
// evaluation.
func (e *env) shippedPlugins() []Plugin {
	if !e.opts.ShippedPlugins {
		return nil
	}
	if e.shipped == nil {
		plugins, _ := ShippedPlugins(e.opts)
		e.shipped = &plugins
	}
	return *e.shipped
}

// shippedRoots returns the skills folders of the plugins of host id the
// project ships, as project roots walked by w.
func shippedRoots(e *env, id ID, w walkSpec) []rootSpec {
	var out []rootSpec
	for _, p := range e.shippedPlugins() {
		if p.Host != id {
			continue
		}
		for _, d := range p.SkillDirs {
			r := e.root(d, ScopeProject, w)
			r.shipped = true
			out = append(out, r)
		}
	}
	return out
}

// shippedPluginOf returns the name of the plugin of host id the project
// ships whose skills folder is root, "" for none.
func shippedPluginOf(e *env, id ID, root string) string {
	for _, p := range e.shippedPlugins() {
		if p.Host == id && slices.Contains(p.SkillDirs, root) {
			return p.Name
		}
	}
	return ""
}

// ManifestPlugins returns the plugins that the plugin manifest at path
// stands for, for `check PATH`: a marketplace's plugins, as ShippedPlugins
// reads them from the repository whose marketplace it is; a plugin.json's
// plugin, as the project of opts ships it (its marketplace entry may add
// skills folders), else as a plugin at its folder's root. manifests are
// the files read for them whose problems belong to path (a listed
// plugin's broken plugin.json); ok is false when path is named as no
// host's manifest.
func ManifestPlugins(path string, opts Options) (plugins []Plugin, manifests []string, ok bool) {
	sep := string(filepath.Separator)
	for _, f := range pluginFormats {
		if root, found := strings.CutSuffix(path, sep+f.marketplace); found {
			all, problems := ShippedPlugins(Options{Cwd: root, ProjectRoot: root})
			for _, m := range problems {
				if m.Host == f.host && !slices.Contains(manifests, m.Path) {
					manifests = append(manifests, m.Path)
				}
			}
			return pluginsOf(all, f.host, ""), manifests, true
		}
		if dir, found := strings.CutSuffix(path, sep+f.manifest); found {
			if all, _ := ShippedPlugins(opts); len(pluginsOf(all, f.host, dir)) > 0 {
				return pluginsOf(all, f.host, dir), nil, true
			}
			all, _ := ShippedPlugins(Options{Cwd: dir, ProjectRoot: dir})
			return pluginsOf(all, f.host, dir), nil, true
		}
	}
	return nil, nil, false
}

// PluginManifestsIn returns the plugin manifests of the folder dir (Claude
// Code's, Codex's) that are files: dir is a plugin's folder when there is
// one.
func PluginManifestsIn(dir string) []string {
	var out []string
	for _, f := range pluginFormats {
		if p := filepath.Join(dir, f.manifest); exists(p) && !isDir(p) {
			out = append(out, p)
		}
	}
	return out
}

// ManifestPath returns the manifest file of plugin p in its folder.
func (p Plugin) ManifestPath() string {
	for _, f := range pluginFormats {
		if f.host == p.Host {
			return filepath.Join(p.Dir, f.manifest)
		}
	}
	return ""
}

// pluginsOf returns the plugins of all read by host, in folder dir when
// dir is not "".
func pluginsOf(all []Plugin, host ID, dir string) []Plugin {
	var out []Plugin
	for _, p := range all {
		if p.Host == host && (dir == "" || p.Dir == dir) {
			out = append(out, p)
		}
	}
	return out
}
