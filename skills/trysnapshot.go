package skills

import "path/filepath"

// Try returns the snapshot s would become with the editor changes (open,
// edit, close; other kinds are left out), without storing it in any
// workspace: the server tries a quick fix on it before it offers it as
// safe, as check --fix tries each fix before it keeps it. It reads no
// file; link targets are stat'ed.
func (s *Snapshot) Try(changes ...Change) *Snapshot {
	return s.TryOpening(LoadOptions{}, changes...)
}

// TryOpening is Try for files opened outside the roots as a check opens
// the skill files only other hosts read: with opts.BundleFiles, the own
// files of each opened bundle are read, as Workspace.Apply reads them.
// The server's workspace pass judges such files on it without opening
// them in any workspace.
func (s *Snapshot) TryOpening(opts LoadOptions, changes ...Change) *Snapshot {
	var edits []Change
	for _, c := range changes {
		if c.Kind <= ChangeClose {
			c.Path = filepath.Clean(c.Path)
			edits = append(edits, c)
		}
	}
	w := &Workspace{source: s.source, exists: statTarget, opts: opts}
	return w.derive(s, nil, edits, w.outsideBundles(s, edits))
}
