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
// than DSH read that hold a skill file skip does not leave out (skip
// leaves out DSH's roots, and, for check PATH, what is outside the
// PATHs), sorted by label.
func ProjectFolders(ctx context.Context, opts Options, skip func(path string) bool) ([]Folder, error) {
	byDir := map[string]*Folder{}
	for _, h := range All() {
		if h.ID == DSH || strings.Contains(string(h.ID), "@") {
			continue
		}
		files, err := h.Discover(ctx, opts)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if f.Scope != ScopeProject || skip(f.Path) {
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
