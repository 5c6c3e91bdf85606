package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/cmd/skill-ls/internal/atomicwrite"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills"
)

// A --fix run killed while it wrote leaves files of skill-ls's own next to
// a skill file: a backup (.NAME.skill-ls-TAG-NNN, internal/atomicwrite) or,
// from an older skill-ls that replaced files by rename, a temporary file
// (.NAME.skill-ls-NNN) holding the fixed text of a rename never made. The
// next --fix run cleans them up in the folders of the files it checks.

// maxLeftover bounds the bytes of a leftover or its file read to compare
// them (a skill file is read only up to that size anyway).
const maxLeftover = 16 << 20

// cleanLeftovers removes the leftovers next to the skill files of snap
// that are safe to remove: an older skill-ls's temporary file, and a
// backup whose file holds its bytes (the write never began) or the fixed
// bytes it was named after (the write ended). A backup of a file that
// holds neither is kept and reported; so is one whose file another
// process holds locked (a --fix run at work). It writes only in folders a
// fix may write in. Paths are quoted and reasons escaped, as check's
// output is.
func (r *checkRun) cleanLeftovers(snap *skills.Snapshot) {
	seen := map[string]bool{}
	for _, f := range snap.Files() {
		real, err := filepath.EvalSymlinks(f.Path)
		dir := filepath.Dir(real)
		if err != nil || seen[dir] || r.guard.scope(f.Path, real) != nil {
			continue
		}
		seen[dir] = true
		for _, name := range leftoverNames(dir) {
			switch kept, why := cleanLeftover(dir, name); {
			case kept:
				fmt.Fprintf(r.stderr, "Kept %s: %s\n", quotedRel(filepath.Join(dir, name)), format.Escape(why))
			case why != "":
				fmt.Fprintf(r.stderr, "Removed %s: %s\n", quotedRel(filepath.Join(dir, name)), format.Escape(why))
			}
		}
	}
}

// leftoverNames returns the names in dir that skill-ls's backups and
// temporary files have.
func leftoverNames(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if _, _, ok := parseLeftover(e.Name()); ok {
			names = append(names, e.Name())
		}
	}
	return names
}

// parseLeftover splits a leftover's name into its file's name and, for a
// backup, its tag ("" for an older temporary file).
func parseLeftover(name string) (file, tag string, ok bool) {
	i := strings.LastIndex(name, atomicwrite.BackupMarker)
	if !strings.HasPrefix(name, ".") || i < 2 {
		return "", "", false
	}
	file, suffix := name[1:i], name[i+len(atomicwrite.BackupMarker):]
	if allDigits(suffix) {
		return file, "", true
	}
	tag, rnd, found := strings.Cut(suffix, "-")
	if !found || len(tag) != 16 || !allDigits(rnd) || strings.Trim(tag, "0123456789abcdef") != "" {
		return "", "", false
	}
	return file, tag, true
}

// cleanLeftover removes the leftover name in dir when that is safe, and
// says why it did (kept false), or why it kept it (kept true); why is ""
// when it left it alone without a word (the file is being written).
func cleanLeftover(dir, name string) (kept bool, why string) {
	file, tag, _ := parseLeftover(name)
	path, target := filepath.Join(dir, name), filepath.Join(dir, file)
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		return false, ""
	}
	if fi, err := os.Lstat(target); err == nil && fi.Mode().IsRegular() && atomicwrite.LockedByOther(target) {
		return false, ""
	}
	if tag == "" {
		return false, removed(path, "a temporary file of an interrupted skill-ls --fix (its file was not changed)")
	}
	copyBytes, err1 := readBounded(path)
	now, err2 := readBounded(target)
	switch {
	case err1 != nil || err2 != nil:
		return true, fmt.Sprintf("the copy an interrupted skill-ls --fix made of %s before writing it; it cannot be compared (%v)", file, firstErr(err1, err2))
	case bytes.Equal(copyBytes, now):
		return false, removed(path, "the copy an interrupted skill-ls --fix made of "+file+", which it did not change")
	case atomicwrite.BackupTag(now) == tag:
		return false, removed(path, "the copy an interrupted skill-ls --fix made of "+file+" before fixing it; the fix was written")
	}
	return true, "the copy an interrupted skill-ls --fix made of " + file + " before writing it, which now holds other bytes (the write may have been cut short): compare them, and remove the copy"
}

// removed removes path and returns why, or why not.
func removed(path, why string) string {
	if err := os.Remove(path); err != nil {
		return why + "; cannot remove it: " + err.Error()
	}
	return why
}

// readBounded reads a regular file of at most maxLeftover bytes.
func readBounded(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|atomicwrite.ONoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxLeftover {
		return nil, fmt.Errorf("not a regular file under %d bytes", maxLeftover)
	}
	return io.ReadAll(io.LimitReader(f, maxLeftover+1))
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
