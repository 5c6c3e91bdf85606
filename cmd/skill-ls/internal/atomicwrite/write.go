// Package atomicwrite writes a fixed file. The file is rewritten in place,
// as gofmt and ruff do, so that it keeps its inode, owner, group, mode,
// hard links and extended attributes (a rename over it would give it the
// owner of the process, a root-run fix taking another user's 0600 file, and
// would break its hard links). In place is not atomic, so each write is
// guarded:
//
//  1. the file is opened without following a link (the fix names its real
//     path), locked (advisory: another skill-ls waits its turn) and read
//     through the open file; nothing is written unless those are the bytes
//     the fix was computed from;
//  2. those bytes are copied to a backup next to it,
//     .NAME.skill-ls-TAG-NNN (TAG: the start of the fixed bytes' SHA-256),
//     synced;
//  3. the file is stat'ed again (still the size and time it was read
//     with), and the space the fixed bytes need is reserved (Linux
//     fallocate), so a full disk fails before a byte changes;
//  4. the fixed bytes are written from offset 0 and the file stat'ed again
//     (a file that grew meanwhile was appended to by another program: what
//     it appended is not cut, and the backup is kept), cut to the new
//     length and synced;
//  5. the backup is removed.
//
// A write that fails puts the old bytes back; a run killed in the middle
// leaves the backup, which the next --fix run removes when the file holds
// either the old or the fixed bytes, and otherwise keeps, saying so
// (cmd/skill-ls/leftovers.go). The window in which another program's write
// is lost is the time between the last stat and the write, a few system
// calls: no more can be done without mandatory locks, which editors do not
// take.
package atomicwrite

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// BackupMarker separates a file's name from skill-ls's suffix in the name
// of a backup or of a temporary file of an older skill-ls.
const BackupMarker = ".skill-ls-"

// ErrChanged is the error of a file that changed on disk since it was read.
var ErrChanged = errors.New("it changed on disk since skill-ls read it (or its bytes are not the text checked); not written, run again")

// ErrReadOnly is the error of a file without write permission: someone
// made it read-only, and --fix leaves it so (a rename over it would not
// ask).
var ErrReadOnly = errors.New("it is read-only; not written (make it writable to fix it)")

// errLocked is the error of a file another process holds a lock on.
var errLocked = errors.New("another process holds a lock on it; not written, run again")

// errGrew is the error of a file appended to while it was written.
type errGrew struct{ backup string }

func (e errGrew) Error() string {
	return "another program wrote to it while skill-ls did (check it: its bytes before the fix are in " + e.backup + ")"
}

// InPlace replaces the bytes of the regular file at real (no link),
// which must hold orig, with fixed.
func InPlace(real string, orig, fixed []byte) error {
	fi, err := os.Lstat(real)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("it is not a regular file; not written")
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return ErrReadOnly
	}
	f, err := os.OpenFile(real, os.O_RDWR|ONoFollow, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return err
	}
	read, err := f.Stat()
	if err != nil || !os.SameFile(read, fi) {
		return ErrChanged
	}
	if cur, err := io.ReadAll(io.NewSectionReader(f, 0, read.Size()+1)); err != nil || !bytes.Equal(cur, orig) {
		return ErrChanged
	}
	backup, err := writeBackup(real, orig, fixed, fi.Mode().Perm())
	if err != nil {
		return fmt.Errorf("cannot keep a copy before writing: %w; not written", err)
	}
	if err := overwrite(f, read, orig, fixed, backup); err != nil {
		if !errors.As(err, new(errGrew)) && !errors.Is(err, errKept) {
			os.Remove(backup)
		}
		return err
	}
	return os.Remove(backup)
}

// errKept marks a failed write whose backup must stay.
var errKept = errors.New("the bytes before the fix are kept")

// overwrite writes fixed over orig in f (read is its stat when orig was
// read), cuts it to the new length and syncs it. A write that fails puts
// orig back; when that fails too, the error names the backup.
func overwrite(f *os.File, read os.FileInfo, orig, fixed []byte, backup string) error {
	if now, err := f.Stat(); err != nil || now.Size() != read.Size() || !now.ModTime().Equal(read.ModTime()) {
		return ErrChanged
	}
	if err := preallocate(f, int64(len(fixed))); err != nil {
		return fmt.Errorf("%w; not written", err)
	}
	if now, err := f.Stat(); err != nil || now.Size() != read.Size() { // reserving blocks may touch the time
		return ErrChanged
	}
	_, err := f.WriteAt(fixed, 0)
	if err == nil {
		var now os.FileInfo
		if now, err = f.Stat(); err == nil && now.Size() > int64(max(len(orig), len(fixed))) {
			return keepAppended(f, orig, fixed, now.Size(), backup)
		}
	}
	if err == nil {
		err = f.Truncate(int64(len(fixed)))
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		return nil
	}
	if _, rerr := f.WriteAt(orig, 0); rerr == nil && f.Truncate(int64(len(orig))) == nil && f.Sync() == nil {
		return fmt.Errorf("%w; the file is as it was", err)
	}
	return fmt.Errorf("%w: %w in %s", err, errKept, backup)
}

// keepAppended handles a file another program appended to while fixed was
// written over orig: the bytes after orig's end are theirs. When fixed is
// no longer than orig they are intact, and move up to follow fixed; the
// backup is kept either way, and the error says so.
func keepAppended(f *os.File, orig, fixed []byte, size int64, backup string) error {
	if len(fixed) <= len(orig) {
		tail := make([]byte, size-int64(len(orig)))
		if _, err := f.ReadAt(tail, int64(len(orig))); err == nil {
			if _, err := f.WriteAt(tail, int64(len(fixed))); err == nil {
				f.Truncate(int64(len(fixed) + len(tail)))
			}
		}
	}
	f.Sync()
	return errGrew{backup: backup}
}

// writeBackup writes orig to a new backup next to real, named after the
// fixed bytes (backupName), with mode perm at most, synced; it returns its
// path.
func writeBackup(real string, orig, fixed []byte, perm os.FileMode) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(real), "."+filepath.Base(real)+BackupMarker+BackupTag(fixed)+"-*")
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(orig)
	if err == nil {
		err = tmp.Chmod(perm & 0o600)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// BackupTag is the tag of a backup of a file being rewritten to fixed: the
// first 16 hex digits of its SHA-256.
func BackupTag(fixed []byte) string {
	sum := sha256.Sum256(fixed)
	return hex.EncodeToString(sum[:8])
}
