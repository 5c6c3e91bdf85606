package skills

import "path/filepath"

// Try returns the snapshot s would become with the editor changes (open,
// edit, close; other kinds are left out), without storing it in any
// workspace: the server tries a quick fix on it before it offers it as
// safe, as check --fix tries each fix before it keeps it. It reads no
// file; link targets are stat'ed.
func (s *Snapshot) Try(changes ...Change) *Snapshot {
	var edits []Change
	for _, c := range changes {
		if c.Kind <= ChangeClose {
			c.Path = filepath.Clean(c.Path)
			edits = append(edits, c)
		}
	}
	w := &Workspace{source: s.source, exists: statTarget}
	return w.derive(s, nil, edits, nil)
}
