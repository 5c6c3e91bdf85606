package skills

import "bytes"

// sameBytes reports whether next shows, at every path of edits, the bytes
// cur showed there: a buffer opened over the disk's very bytes, closed
// over them, or edited to the text it had. A path whose bytes cannot be
// compared (no file on disk, one not held or hashed) counts as changed.
func sameBytes(cur, next *Snapshot, edits []Change) bool {
	for _, c := range edits {
		before, wasOpen := cur.overlays.Get(c.Path)
		after, isOpen := next.overlays.Get(c.Path)
		switch {
		case wasOpen && isOpen:
			if !bytes.Equal(before.Text, after.Text) {
				return false
			}
		case isOpen:
			if !cur.diskHas(c.Path, after.Text) {
				return false
			}
		case wasOpen:
			if !next.diskHas(c.Path, before.Text) {
				return false
			}
		}
	}
	return true
}

// diskHas reports whether the disk's file at path, as s read it, holds b.
func (s *Snapshot) diskHas(path string, b []byte) bool {
	p := s.disk.At(path)
	return p != nil && p.file != nil && p.file.ReadErr() == "" && s.SameBytes(p.file, b)
}
