package discovery

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// examineListed is examineEntry for a name listed with its type: a
// directory that is not a symbolic link needs no stat of its own, and a
// regular file not named *.md none at all.
func examineListed(r Root, name string, typ fs.FileMode) (*Entry, []Problem) {
	switch {
	case r.SkipSystem && name == ".system":
		return nil, nil
	case typ.IsDir():
		return examineBundle(r, name, filepath.Join(r.Dir, name))
	case typ.IsRegular() && !strings.HasSuffix(name, ".md"):
		return nil, nil
	}
	return Examine(r, name)
}

// Examine decides whether a root child is a skill candidate.
func Examine(r Root, name string) (*Entry, []Problem) {
	if r.SkipSystem && name == ".system" {
		return nil, nil
	}
	p := filepath.Join(r.Dir, name)
	info, err := os.Stat(p) // follows symlinks
	if err != nil {
		if li, lerr := os.Lstat(p); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			return nil, []Problem{brokenLink(r, p, err, "skill entry "+p+" ignored: failed to follow symbolic link: "+ErrText(err))}
		}
		return nil, nil
	}
	switch {
	case info.IsDir():
		return examineBundle(r, name, p)
	case strings.HasSuffix(name, ".md"):
		if !info.Mode().IsRegular() {
			return nil, []Problem{{Code: problem.NotRegularFile, Path: p, Root: r.Index, Message: name + " is not a regular file (" + fileType(info) + "); DSH skips it"}}
		}
		return shareNames(&Entry{Name: name, Path: p, BaseDir: r.Dir, Kind: EntryFlat, Size: info.Size(), ModTime: info.ModTime().UnixNano()}), nil
	}
	return nil, nil
}

// examineBundle examines the root child name, the directory p (or a link
// to one): a bundle when it holds a regular SKILL.md, with the problems of
// a bundle without one.
func examineBundle(r Root, name, p string) (*Entry, []Problem) {
	skill := filepath.Join(p, "SKILL.md")
	si, err := os.Stat(skill)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if alt := caseVariant(p); alt != "" {
				return nil, []Problem{{Code: problem.SkillMDCase, Path: filepath.Join(p, alt), Root: r.Index,
					Message: "DSH reads only SKILL.md (exact case); " + alt + " is ignored, so this bundle is not a skill"}}
			}
			if li, lerr := os.Lstat(skill); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
				return nil, []Problem{brokenLink(r, skill, err, "SKILL.md is a broken symbolic link: "+ErrText(err))}
			}
			return nil, nil
		}
		if errors.Is(err, syscall.ELOOP) {
			// A loop of links is a broken link, not a permission or I/O
			// error: DSH finds no SKILL.md here either way.
			return nil, []Problem{brokenLink(r, skill, err, "SKILL.md is a broken symbolic link: "+ErrText(err))}
		}
		return nil, []Problem{{Code: problem.UnreadableFile, Path: skill, Root: r.Index, Message: "cannot read " + skill + ": " + ErrText(err)}}
	}
	if si.IsDir() && r.Mode == skillfile.ReadNode {
		// Node's readFile throws EISDIR, which fails the provider's whole
		// listing: DSH marks the snapshot incomplete (docs/dsh.md §3.4).
		return nil, []Problem{{Code: problem.ProviderFailed, Path: skill, Root: r.Index,
			Message: `skill provider "filesystem" skipped: Error: EISDIR: illegal operation on a directory, read`}}
	}
	if !si.Mode().IsRegular() {
		return nil, []Problem{{Code: problem.NotRegularFile, Path: skill, Root: r.Index, Message: "SKILL.md is not a regular file (" + fileType(si) + "); DSH skips it"}}
	}
	return shareNames(&Entry{Name: name, Path: skill, BaseDir: p, Kind: EntryBundle, Size: si.Size(), ModTime: si.ModTime().UnixNano()}), nil
}

// shareNames makes e's BaseDir and Name substrings of its Path where they
// spell it, as they do when Path was joined from them: a workspace keeps
// every entry for as long as it holds the file, and one string for the
// three is one allocation kept where there were three.
func shareNames(e *Entry) *Entry {
	if strings.HasPrefix(e.Path, e.BaseDir) {
		e.BaseDir = e.Path[:len(e.BaseDir)]
	}
	for _, s := range []string{e.BaseDir, e.Path} {
		if strings.HasSuffix(s, e.Name) {
			e.Name = s[len(s)-len(e.Name):]
			break
		}
	}
	return e
}

// brokenLink is the broken-symlink problem of the link p that stat could
// not follow (err): its target is missing, or the links loop (ELOOP), which
// the rule words differently. message is the engine's record: for a root
// entry, DSH's log line.
func brokenLink(r Root, p string, err error, message string) Problem {
	target, _ := os.Readlink(p)
	return Problem{Code: problem.BrokenSymlink, Path: p, Root: r.Index, Target: target,
		Loops: errors.Is(err, syscall.ELOOP), Message: message}
}

// caseVariant returns the name of a skill.md spelled in another case in dir.
func caseVariant(dir string) string {
	names, err := readDirNames(dir)
	if err != nil {
		return ""
	}
	for _, n := range names {
		if n != "SKILL.md" && strings.EqualFold(n, "SKILL.md") {
			return n
		}
	}
	return ""
}

// fileType names the kind of a file that is not a regular file, for a
// problem's message.
func fileType(info fs.FileInfo) string {
	m := info.Mode()
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}
