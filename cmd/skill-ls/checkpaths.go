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
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// The PATH arguments of check. A directory that holds a SKILL.md (in any
// case) is a bundle, checked through its root as discovery would: a
// skill.md there is the skill-md-case error it is for DSH. A skill file
// nested deeper in one of the default roots than DSH looks is checked as
// the editor checks it, as a file outside the roots (outside-roots).

// rootSet collects the roots of the PATH arguments: one per directory, with
// the entries to examine (none: the whole root).
type rootSet struct {
	defaults []discovery.Root // the roots discovery would use
	mode     skillfile.ReadMode
	roots    []discovery.Root
	byDir    map[string]int
	outside  []string // the skill files DSH never loads (see addEntry)
}

// pathRoots turns the PATH arguments of check into roots. defaults are the
// roots discovery would use: a PATH at or inside one of them keeps its
// source, rank and read mode; any other PATH is a custom root. Roots with the
// same directory are merged, so no file is read twice. A skill file nested
// in a default root, which DSH never loads, is in outside instead. A PATH
// that cannot be used is reported in errs and skipped.
func pathRoots(paths []string, defaults []discovery.Root) (roots []discovery.Root, outside []string, errs []error) {
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
	return rs.roots, rs.outside, errs
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
		rs.addEntry(filepath.Dir(abs), base, filepath.Join(abs, skillFileIn(abs))) // a bundle
	case fi.IsDir() && isProjectDir(abs):
		rs.add(filepath.Join(abs, ".dsh", "skills"), "", discovery.SourceProjectDSH)
		rs.add(filepath.Join(abs, ".agents", "skills"), "", discovery.SourceProjectAgents)
	case fi.IsDir():
		rs.add(abs, "", discovery.SourceCustom)
	case !fi.IsDir() && evalfile.KindOf(abs) != evalfile.NotEval && holdsSkillFile(filepath.Dir(filepath.Dir(abs))):
		// A bundle's eval file: checked with its bundle, as the
		// pre-commit hook passes it when it alone changed.
		bundle := filepath.Dir(filepath.Dir(abs))
		rs.addEntry(filepath.Dir(bundle), filepath.Base(bundle), filepath.Join(bundle, skillFileIn(bundle)))
	case isSkillFileName(base):
		bundle := filepath.Dir(abs)
		rs.addEntry(filepath.Dir(bundle), filepath.Base(bundle), abs)
	case strings.HasSuffix(base, ".md"):
		rs.addEntry(filepath.Dir(abs), base, abs)
	default:
		return fmt.Errorf("%s: not a skill file (a skill is a SKILL.md in a bundle directory or a NAME.md file in a root; an eval file is evals/eval_queries.json, trigger-queries.json or evals.json in a bundle)", p)
	}
	return nil
}

// addEntry adds the entry only of the root dir, whose skill file is file.
// When dir lies inside one of the default roots (and is none of them), DSH
// never loads the file: it lists only a root's direct entries, and this
// one is nested deeper. Checked as a root, dir would pass it silently; the
// file goes to outside, to be checked as the editor checks it, outside the
// roots (outside-roots says so). A file that cannot be read (a broken link)
// stays an entry, whose problem discovery reports.
func (rs *rootSet) addEntry(dir, only, file string) {
	isDefault := func(d discovery.Root) bool { return d.Dir == dir }
	inside := func(d discovery.Root) bool { return discovery.Within(dir, d.Dir) }
	if slices.ContainsFunc(rs.defaults, inside) && !slices.ContainsFunc(rs.defaults, isDefault) && isRegular(file) {
		if !slices.Contains(rs.outside, file) {
			rs.outside = append(rs.outside, file)
		}
		return
	}
	rs.add(dir, only, discovery.SourceCustom)
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
func holdsSkillFile(dir string) bool { return skillFileIn(dir) != "" }

// skillFileIn returns the name of dir's entry named SKILL.md in any case,
// "" when it has none.
func skillFileIn(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	if i := slices.IndexFunc(entries, func(e fs.DirEntry) bool { return isSkillFileName(e.Name()) }); i >= 0 {
		return entries[i].Name()
	}
	return ""
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// isRegular reports whether p is a regular file, following links.
func isRegular(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// pathError words an os.Stat error on a PATH argument.
func pathError(p string, err error) error {
	if target, lerr := os.Readlink(p); lerr == nil && errors.Is(err, fs.ErrNotExist) {
		// "no such file or directory" of a path ls lists reads as a typo.
		return fmt.Errorf("%s: a symbolic link to %s, which does not exist", p, target)
	}
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		err = pe.Err
	}
	return fmt.Errorf("%s: %v", p, err)
}
