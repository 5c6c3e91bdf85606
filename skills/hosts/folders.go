package hosts

import (
	"cmp"
	"context"
	"slices"
	"strings"
)

// The skill folders of the project that hosts other than DSH read: what a
// plain check adds to DSH's roots, and what the editors' skill lists show
// beside them (.claude/skills read by Claude Code, Copilot, OpenCode, ...).

// Folder is one such folder: where it is, the hosts that read it (in the
// order of All) and the skill files they find there.
type Folder struct {
	Dir   string
	Label string // as users write it: ".claude/skills"
	Hosts []*Host
	Files []File
}

// ProjectFolders returns the project-scope folders the current hosts other
// than DSH read that hold a skill file skip does not leave out, sorted by
// label. skip leaves out DSH's roots: a host root it leaves out is not
// walked at all.
func ProjectFolders(ctx context.Context, opts Options, skip func(path string) bool) ([]Folder, error) {
	byDir := map[string]*Folder{}
	for _, h := range All() {
		if h.profile == nil || strings.Contains(string(h.ID), "@") {
			continue // DSH, and the older releases of a host
		}
		files, err := h.projectFiles(ctx, opts, skip)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if skip(f.Path) {
				continue
			}
			fo := byDir[f.Root]
			if fo == nil {
				fo = &Folder{Dir: f.Root, Label: f.RootLabel}
				byDir[f.Root] = fo
			}
			if !slices.Contains(fo.Hosts, h) {
				fo.Hosts = append(fo.Hosts, h)
			}
			if !slices.ContainsFunc(fo.Files, func(g File) bool { return g.Path == f.Path }) {
				fo.Files = append(fo.Files, f)
			}
		}
	}
	out := make([]Folder, 0, len(byDir))
	for _, fo := range byDir {
		slices.SortFunc(fo.Files, func(a, b File) int { return cmp.Compare(a.Path, b.Path) })
		out = append(out, *fo)
	}
	slices.SortFunc(out, func(a, b Folder) int { return cmp.Or(cmp.Compare(a.Label, b.Label), cmp.Compare(a.Dir, b.Dir)) })
	return out, nil
}

// Names returns the display names of hosts.
func Names(hs []*Host) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Name
	}
	return out
}

// projectFiles is what Discover finds in h's project-scope roots, leaving
// out a root skip leaves out whole: a host folder that is also one of
// DSH's roots (.agents/skills) is not walked again, and home folders not
// at all, so that a plain check on a large DSH tree costs no second walk
// of it per host.
func (h *Host) projectFiles(ctx context.Context, opts Options, skip func(path string) bool) ([]File, error) {
	e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
	var files []File
	seen := map[string]bool{}
	for _, r := range h.profile.roots(e) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if r.scope != ScopeProject || skip(r.dir) {
			continue
		}
		for _, path := range walkRoot(r) {
			if !seen[path] {
				seen[path] = true
				files = append(files, File{Path: path, Root: r.dir, RootLabel: r.label, Scope: r.scope, Folder: folderOf(path)})
			}
		}
	}
	return files, nil
}

// Folders returns the folders h reads skills from with the inputs in opts,
// in its scan order, whether they exist or not: what `check --watch`
// watches besides DSH's roots. It returns none for DSH, whose folders are
// its roots (discovery.Roots).
func (h *Host) Folders(opts Options) []Root {
	if h.profile == nil {
		return nil
	}
	e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
	var out []Root
	for _, r := range h.profile.roots(e) {
		out = append(out, Root{Dir: r.dir, Label: r.label, Scope: r.scope})
	}
	return out
}
