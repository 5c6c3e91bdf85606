package hosts

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Who reads a skill file. check, list, matrix, render and the server's
// diagnostics, hover, lens and previews each answered it their own way
// (the verdicts that are not "not discovered", the hosts of the file's
// folder, DSH's roots), so a file could load in Claude Code in a lens and
// be unknown to the preview beside it. Readers is the one answer; PassOver
// names the hosts that read the file's folder but do not find the file.

// Readers returns the hosts of among (every host of the matrix when among
// is empty), in that order, that read the skill file at path: their
// search finds it, whatever they then do with it (load it, skip it, use
// another file of its name). A host that does not look where the file is
// does not read it, nor does any host without a row for path. DSH reads
// the files its roots hold (its verdicts come from the engine).
func (m *Matrix) Readers(path string, among ...*Host) []*Host {
	return m.hostsWhere(path, among, func(v Verdict) bool { return v.Status != NotDiscovered })
}

// PassOver returns the hosts of among (every host of the matrix when
// among is empty) that read the folder holding the file at path but whose
// search passes it over: nested too deep, a flat <name>.md in a folder of
// bundles, a skill.md, a linked file the host ignores. These are the
// hosts its author most likely wrote it for.
func (m *Matrix) PassOver(path string, among ...*Host) []*Host {
	return m.hostsWhere(path, among, func(v Verdict) bool { return v.Status == NotDiscovered && v.Code() != "not-read" })
}

// hostsWhere returns the hosts of among (all, when empty) whose verdict on
// path keep accepts.
func (m *Matrix) hostsWhere(path string, among []*Host, keep func(Verdict) bool) []*Host {
	if m == nil {
		return nil
	}
	row, ok := m.Row(path)
	if !ok {
		return nil
	}
	var out []*Host
	for _, h := range m.pick(among) {
		if v, ok := row.Verdicts[h.ID]; ok && keep(v) {
			out = append(out, h)
		}
	}
	return out
}

// PassOverFacts are what PassesOver needs to know of a file besides its
// path, which its caller reads when it may: the server keeps them with an
// open buffer, so that asking under its session lock reads no disk.
type PassOverFacts struct {
	// SkillMDBeside: the file's folder holds an entry named exactly
	// SKILL.md (ReadSkillMDBeside).
	SkillMDBeside bool
	// Frontmatter: the file's text opens with a "---" line
	// (OpensFrontmatter of the buffer).
	Frontmatter bool
}

// ReadSkillMDBeside reports whether the folder of the file at path holds
// an entry named exactly SKILL.md. It lists the folder only for a file
// named SKILL.md in another case (skill.md), the one file PassesOver asks
// it of; for any other name it reads nothing and answers false.
func ReadSkillMDBeside(path string) bool {
	name := filepath.Base(path)
	if name == "SKILL.md" || !strings.EqualFold(name, "SKILL.md") {
		return false
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	return slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == "SKILL.md" })
}

// ReadPassOverFacts reads the facts of the file at path from the disk:
// ReadSkillMDBeside, and whether a regular file's first bytes open a
// frontmatter (a FIFO or a folder is not opened).
func ReadPassOverFacts(path string) PassOverFacts {
	facts := PassOverFacts{SkillMDBeside: ReadSkillMDBeside(path)}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		facts.Frontmatter = startsFrontmatter(path)
	}
	return facts
}

// PassOverRoots are the folders of the hosts that may pass over a file
// (PassesOver), with how each host walks them: found once, when the
// server builds a view (the roots of Claude Code alone walk the project
// for nested .claude/skills folders and read the plugin manifests).
type PassOverRoots []passOverRoot

type passOverRoot struct {
	dir  string
	walk walkSpec
}

// FindPassOverRoots returns the roots the hosts of among read with opts.
func FindPassOverRoots(opts Options, among ...*Host) PassOverRoots {
	var out PassOverRoots
	for _, h := range among {
		if h.profile == nil {
			continue
		}
		e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
		for _, r := range h.profile.roots(e) {
			out = append(out, passOverRoot{r.dir, r.walk})
		}
	}
	return out
}

// Holds reports whether the file at path lies below one of the roots rs:
// a host reaches it by that path, not through a link to it.
func (rs PassOverRoots) Holds(path string) bool {
	for _, r := range rs {
		if _, ok := depthBelow(r.dir, path); ok {
			return true
		}
	}
	return false
}

// PassesOver reports whether a host whose roots are rs passes over the
// file at path the way a plain check finds it (a row of Matrix.Missed): a
// skill.md in a bundle folder of a root of bundles, or a flat <name>.md
// with a frontmatter directly in one. The server asks it of a buffer the
// editor opened as Markdown, under its session lock, so it reads
// nothing: facts are what the disk and the buffer say of the file.
func (rs PassOverRoots) PassesOver(path string, facts PassOverFacts) bool {
	name := filepath.Base(path)
	for _, r := range rs {
		depth, ok := depthBelow(r.dir, path)
		if !ok || (r.walk.maxDepth > 0 && depth > r.walk.maxDepth) {
			continue
		}
		if passesOverName(r.walk, depth, name, func() bool { return facts.SkillMDBeside }, func() bool { return facts.Frontmatter }) {
			return true
		}
	}
	return false
}

// depthBelow returns how many folders lie between root and the file at
// path (0: directly in root), and false when path is not below root.
func depthBelow(root, path string) (int, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return 0, false
	}
	return strings.Count(rel, string(filepath.Separator)), true
}

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

// realPath is filepath.EvalSymlinks(path) for a clean path, resolved
// folder by folder: "" when a link does not resolve or a folder cannot be
// read. The folders above the file's own are remembered (a root's
// folder, shared by its skills); the file's folder is not, which keeps
// one entry per root, not per skill, in a tree of 100k skills.
func (n *PluginNamer) realPath(path string) string {
	folder := filepath.Dir(path)
	return realStep(realStep(n.realDir(filepath.Dir(folder)), filepath.Base(folder)), filepath.Base(path))
}

// realDir is realPath for a folder, remembered in n.real.
func (n *PluginNamer) realDir(dir string) string {
	if real, ok := n.real[dir]; ok {
		return real
	}
	real := dir
	if parent := filepath.Dir(dir); parent != dir {
		real = realStep(n.realDir(parent), filepath.Base(dir))
	}
	n.real[dir] = real
	return real
}

// realStep is the real path of the entry name in the real folder
// realParent: one Lstat, and the link resolved when it is one; "" when
// realParent is "" or the entry cannot be read.
func realStep(realParent, name string) string {
	if realParent == "" {
		return ""
	}
	p := filepath.Join(realParent, name)
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
