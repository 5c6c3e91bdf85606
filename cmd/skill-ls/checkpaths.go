package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// The PATH arguments of check. A directory that holds a SKILL.md (in any
// case) is a bundle, checked through its root as discovery would: a
// skill.md there is the skill-md-case error it is for DSH.

// rootSet collects the roots of the PATH arguments: one per directory, with
// the entries to examine (none: the whole root).
type rootSet struct {
	defaults []discovery.Root // the roots discovery would use
	mode     skillfile.ReadMode
	roots    []discovery.Root
	byDir    map[string]int
}

// pathRoots turns the PATH arguments of check into roots. defaults are the
// roots discovery would use: a PATH at or inside one of them keeps its
// source, rank and read mode; any other PATH is a custom root. Roots with the
// same directory are merged, so no file is read twice. A PATH that cannot be
// used is reported in errs and skipped.
func pathRoots(paths []string, defaults []discovery.Root) (roots []discovery.Root, errs []error) {
	rs := &rootSet{defaults: defaults, mode: skillfile.ReadFS, byDir: map[string]int{}}
	for _, r := range defaults {
		if r.Source != discovery.SourceBundled {
			rs.mode = r.Mode
			break
		}
	}
	for _, p := range paths {
		if err := rs.addPath(p); err != nil {
			errs = append(errs, err)
		}
	}
	return rs.roots, errs
}

// addPath adds the root (or root entry) one PATH argument names.
func (rs *rootSet) addPath(p string) error {
	abs, err := filepath.Abs(p)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		if li, lerr := os.Lstat(abs); lerr == nil && li.Mode()&fs.ModeSymlink != 0 && isSkillFileName(filepath.Base(abs)) {
			fi = li // a broken SKILL.md link: check its bundle, which reports it
		} else {
			return pathError(p, err)
		}
	}
	base := filepath.Base(abs)
	switch {
	case fi.IsDir() && holdsSkillFile(abs):
		rs.add(filepath.Dir(abs), base, discovery.SourceCustom) // a bundle
	case fi.IsDir() && (isDir(filepath.Join(abs, ".dsh", "skills")) || isDir(filepath.Join(abs, ".agents", "skills"))):
		rs.add(filepath.Join(abs, ".dsh", "skills"), "", discovery.SourceProjectDSH)
		rs.add(filepath.Join(abs, ".agents", "skills"), "", discovery.SourceProjectAgents)
	case fi.IsDir():
		rs.add(abs, "", discovery.SourceCustom)
	case isSkillFileName(base):
		bundle := filepath.Dir(abs)
		rs.add(filepath.Dir(bundle), filepath.Base(bundle), discovery.SourceCustom)
	case strings.HasSuffix(base, ".md"):
		rs.add(filepath.Dir(abs), base, discovery.SourceCustom)
	default:
		return fmt.Errorf("%s: not a skill file (a skill is a SKILL.md in a bundle directory or a NAME.md file in a root)", p)
	}
	return nil
}

// add adds dir as a root limited to the entry only ("" for all of it),
// keeping the source of a default root at dir, else using fallback.
func (rs *rootSet) add(dir, only string, fallback discovery.Source) {
	dir = filepath.Clean(dir)
	if i, ok := rs.byDir[dir]; ok {
		prev := &rs.roots[i]
		switch {
		case len(prev.Only) == 0: // the whole root is already in
		case only == "":
			prev.Only = nil
		case !slices.Contains(prev.Only, only):
			prev.Only = append(prev.Only, only)
		}
		return
	}
	r := discovery.Root{Dir: dir, Source: fallback, Rank: fallback.Rank(), Mode: rs.mode}
	if fallback == discovery.SourceBundled {
		r.Mode = skillfile.ReadNode
	}
	for _, d := range rs.defaults {
		if d.Dir == dir {
			r.Source, r.Rank, r.SkipSystem, r.Mode = d.Source, d.Rank, d.SkipSystem, d.Mode
			break
		}
	}
	if only != "" {
		r.Only = []string{only}
	}
	r.Index = len(rs.roots)
	rs.byDir[dir] = r.Index
	rs.roots = append(rs.roots, r)
}

// isSkillFileName reports whether name is SKILL.md in any case.
func isSkillFileName(name string) bool { return strings.EqualFold(name, "SKILL.md") }

// holdsSkillFile reports whether dir holds an entry named SKILL.md in any
// case (a file, a link, even a broken one).
func holdsSkillFile(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return isSkillFileName(e.Name()) })
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// pathError words an os.Stat error on a PATH argument.
func pathError(p string, err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		err = pe.Err
	}
	return fmt.Errorf("%s: %v", p, err)
}
