package hosts

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// PluginNamer names skill files as Codex names those a plugin holds
// ("<plugin>:<name>": the nearest plugin manifest above the real file,
// Codex's own rule), for the lists that show a file by its own name (skill-ls list).
// Claude Code's plugin skills (plugin folders in ~/.claude/skills, the
// plugins a repository ships) are in no project listing.
//
// list names every skill of Codex's folders, 100k of them in a large tree,
// so the namer asks the disk as little as it can: a folder's real path and
// its manifests are found once for all the files below it, and a file
// costs one Lstat (is it a link?) and the manifest stats of its own folder,
// not a link resolution of every folder of its path.
type PluginNamer struct {
	codex *env
	roots PassOverRoots
	// real holds the real path of each folder resolved so far ("" when a
	// link below it does not resolve).
	real map[string]string
}

// NewPluginNamer returns the namer of opts: Codex's roots, found once.
func NewPluginNamer(opts Options) *PluginNamer {
	h := Lookup(string(Codex))
	if h == nil || h.profile == nil {
		return nil
	}
	return &PluginNamer{
		codex: &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home},
		roots: FindPassOverRoots(opts, h),
		real:  map[string]string{},
	}
}

// Name returns the host and the name it gives the skill file at path,
// named name, when a plugin names it ("uipath:flow"); nil and "" when the
// host's search does not reach the file or no plugin names it. It is not
// safe for concurrent use.
func (n *PluginNamer) Name(path, name string) (*Host, string) {
	if n == nil || !slices.ContainsFunc(n.roots, func(r passOverRoot) bool {
		depth, ok := depthBelow(r.dir, path)
		return ok && (r.walk.maxDepth == 0 || depth <= r.walk.maxDepth)
	}) {
		return nil, ""
	}
	path = filepath.Clean(path)
	real := n.realPath(path)
	if real == "" {
		real = path // as codexPluginName: an unresolved link is named by its own path
	}
	if m := codexPluginAbove(n.codex, filepath.Dir(real)); m.name != "" {
		return n.codex.host, m.name + ":" + name
	}
	return nil, ""
}

// realPath is filepath.EvalSymlinks(path) for a clean absolute path,
// resolved folder by folder with each folder's answer remembered: ""
// when a link does not resolve or a folder cannot be read.
func (n *PluginNamer) realPath(path string) string {
	parent := filepath.Dir(path)
	if parent == path {
		return path
	}
	realParent, ok := n.real[parent]
	if !ok {
		realParent = n.realPath(parent)
		n.real[parent] = realParent
	}
	if realParent == "" {
		return ""
	}
	p := filepath.Join(realParent, filepath.Base(path))
	fi, err := os.Lstat(p)
	switch {
	case err != nil:
		return ""
	case fi.Mode()&fs.ModeSymlink == 0:
		return p
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return ""
	}
	return real
}
