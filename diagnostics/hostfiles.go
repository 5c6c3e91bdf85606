package diagnostics

// hostfiles.go: which skill files a check adds to the snapshot it judges
// besides DSH's roots. `skill-ls check` and the server's workspace pass
// both ask HostFiles, so that the editor's diagnostics of a file only
// another host reads are check's without the file being opened.

import (
	"context"
	"slices"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// HostFiles returns, sorted, the skill files the selected hosts of opts
// discover that DSH's roots in snap do not hold, and those their searches
// pass over that look meant as skill files (a skill.md, a flat
// quick-fix.md in .claude/skills) outside DSH's roots. A host whose
// search fails makes the whole answer nil and the error: a partial list
// would judge a folder as if it held fewer skills.
func HostFiles(ctx context.Context, snap *skills.Snapshot, opts Options) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, h := range opts.Hosts {
		if h.ID == hosts.DSH {
			continue
		}
		files, misses, err := h.DiscoverMisses(ctx, opts.HostEnv)
		if err != nil {
			return nil, err
		}
		// A miss inside DSH's roots is DSH's discovery's to judge (a
		// skill.md there is skill-md-case's).
		misses = slices.DeleteFunc(misses, func(f hosts.File) bool { return inDSHRoot(snap, f.Path) })
		for _, f := range append(files, misses...) {
			if seen[f.Path] || snap.InRoots(f.Path) {
				continue
			}
			seen[f.Path] = true
			out = append(out, f.Path)
		}
	}
	slices.Sort(out)
	return out, nil
}

// inDSHRoot reports whether path lies in one of DSH's roots.
func inDSHRoot(snap *skills.Snapshot, path string) bool {
	return slices.ContainsFunc(snap.Roots, func(r discovery.RootState) bool { return discovery.Within(path, r.Root.Dir) })
}
