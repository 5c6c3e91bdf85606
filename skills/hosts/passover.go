package hosts

import (
	"os"
	"path/filepath"
	"strings"
)

// PassesOver reports whether a host of among, reading its folders with
// opts, passes over the file at path the way a plain check finds it (a
// row of Matrix.Missed): a skill.md in a bundle folder of a root of
// bundles, or a flat <name>.md with a frontmatter directly in one. The
// server asks it of a buffer the editor opened as Markdown, before any
// matrix is built, so it walks nothing: it looks at path's own folder.
func PassesOver(path string, opts Options, among ...*Host) bool {
	var entries []os.DirEntry
	read := false
	for _, h := range among {
		if h.profile == nil {
			continue
		}
		e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
		for _, r := range h.profile.roots(e) {
			depth, ok := depthBelow(r.dir, path)
			if !ok || (r.walk.maxDepth > 0 && depth > r.walk.maxDepth) {
				continue
			}
			if !read {
				entries, _ = os.ReadDir(filepath.Dir(path))
				read = true
			}
			if passesOverFile(r.walk, depth, path, entries) {
				return true
			}
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
