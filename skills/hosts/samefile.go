package hosts

// samefile.go: two paths of one real file (a bundle linked from
// .agents/skills and .claude/skills, both into a shared folder) are one
// skill's bytes: whichever path a host keeps, it loads the same text, so
// the duplicate rule's choice between them is no finding.

import "path/filepath"

// realOf returns path with every link on it resolved, path itself when
// that fails.
func realOf(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	return path
}

// oneRealFile reports whether the entries are one file reached by several
// paths (links resolved).
func oneRealFile(entries ...*entry) bool {
	if len(entries) < 2 {
		return false
	}
	first := realOf(entries[0].file.Path)
	for _, en := range entries[1:] {
		if realOf(en.file.Path) != first {
			return false
		}
	}
	return true
}
