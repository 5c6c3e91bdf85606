package hosts

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// walkSpec says how a host searches one skill root for SKILL.md files.
type walkSpec struct {
	// maxDepth is the deepest folder level a SKILL.md may sit at below the
	// root: 1 for <root>/<dir>/SKILL.md only, 0 for no limit.
	maxDepth int
	// rootFile accepts <root>/SKILL.md itself.
	rootFile bool
	// skipDot skips folders (and files) whose name starts with ".".
	skipDot bool
	// skipNames are folder names never entered (.git, node_modules).
	skipNames []string
	// followDirLinks descends into symbolically linked folders.
	followDirLinks bool
	// fileEntriesOnly takes only a SKILL.md its folder lists as a regular
	// file (Codex's file_type().is_file()): not a symbolic link, not a FIFO.
	fileEntriesOnly bool
	// maxDirs bounds how many folders are visited (0: a safety default).
	maxDirs int
	// skillEndsWalk stops the walk at a folder that holds a SKILL.md: the
	// folder is the skill, and its subfolders are not searched (Copilot
	// CLI).
	skillEndsWalk bool
	// flatFiles reads the <name>.md files directly in the root, and no
	// folder (Copilot CLI's .claude/commands).
	flatFiles bool
	// commands reads a folder of commands (Claude Code's .claude/commands):
	// every <name>.md at any depth, the root's own included, except in a
	// folder below the root that holds a SKILL.md, of which only that file
	// is read.
	commands bool
	// workflows reads a plugin's workflows folder: the <name>.js files
	// directly in the root.
	workflows bool
}

// rootSpec is one root of a host, in its precedence order.
type rootSpec struct {
	dir   string
	label string
	scope Scope
	walk  walkSpec
	// skipSystem marks DSH's user root, which skips ".system".
	skipSystem bool
	// shipped marks the skills folder of a plugin the project ships
	// (Root.Shipped).
	shipped bool
}

// safetyMaxDirs bounds a walk without a host limit so a hostile tree cannot
// make skill-ls walk forever.
const safetyMaxDirs = 20000

// walkRoot returns the SKILL.md files under r in sorted path order: a
// breadth-first walk from r's directory that follows the folders r's walk
// spec enters, at most once each (by their path with links resolved).
func walkRoot(r rootSpec) []string { return walkRootUntil(r, nil) }

// walkRootUntil is walkRoot that stops once it finds a file stop reports
// true of (nil: never), returning the files found until then: whether a
// folder of 800 skills holds one is answered from its first folders.
func walkRootUntil(r rootSpec, stop func(path string) bool) []string {
	w := newRootWalk(r, stop)
	if w == nil {
		return nil
	}
	w.run()
	return w.found
}

// newRootWalk starts the walk of r; nil when r's folder is not one.
func newRootWalk(r rootSpec, stop func(path string) bool) *rootWalk {
	info, err := os.Stat(r.dir)
	if err != nil || !info.IsDir() {
		return nil
	}
	rootReal, err := filepath.EvalSymlinks(r.dir)
	if err != nil {
		return nil
	}
	w := &rootWalk{
		spec:    r.walk,
		limit:   r.walk.maxDirs,
		visited: map[string]bool{rootReal: true},
		queue:   []walkDir{{r.dir, rootReal, 0}},
		dirs:    1,
		stop:    stop,
	}
	if w.limit <= 0 {
		w.limit = safetyMaxDirs
	}
	return w
}

// run walks the queue until it is empty or stop ends the walk, and sorts
// what it found.
func (w *rootWalk) run() {
	for len(w.queue) > 0 && !w.stopped {
		d := w.queue[0]
		w.queue = w.queue[1:]
		w.readDir(d)
	}
	slices.Sort(w.found)
}

// walkDir is a folder waiting in a walk's queue.
type walkDir struct {
	dir, real string // the path walked, and its target with links resolved
	depth     int    // its folder level below the root
}

// rootWalk is the state of one walk of a root.
type rootWalk struct {
	spec    walkSpec
	limit   int             // the most folders the walk visits
	visited map[string]bool // the folders visited, by resolved path
	queue   []walkDir
	dirs    int // the folders visited so far
	found   []string
	stop    func(path string) bool // see walkRootUntil
	stopped bool                   // stop reported true of a found file
	// misses, when not nil, collects the files passOver reports, and
	// broken the entries brokenEntry reports.
	misses, broken []string
}

// keep records a skill file the walk found, and whether it ends the walk.
func (w *rootWalk) keep(p string) {
	w.found = append(w.found, p)
	w.stopped = w.stop != nil && w.stop(p)
}

// readDir looks at the entries of d in name order: it queues the folders
// the walk enters and keeps the SKILL.md files it accepts.
func (w *rootWalk) readDir(d walkDir) {
	if skill := filepath.Join(d.dir, "SKILL.md"); w.spec.commands && d.depth > 0 && isRegular(skill) {
		w.keep(skill)
		return
	}
	entries, err := os.ReadDir(d.dir)
	if err != nil {
		return
	}
	if w.spec.skillEndsWalk && w.holdsSkill(d, entries) {
		w.keep(filepath.Join(d.dir, "SKILL.md"))
		return
	}
	for _, e := range entries { // os.ReadDir sorts by name
		name := e.Name()
		if w.spec.skipDot && strings.HasPrefix(name, ".") {
			continue
		}
		p := filepath.Join(d.dir, name)
		isLink := e.Type()&fs.ModeSymlink != 0
		isDir, regular, ok := entryKind(p, e, isLink)
		switch {
		case !ok:
			// A link to nothing named like a skill file gets its row: the
			// host finds it and cannot read it.
			if w.accepts(d, name, true, isLink) {
				w.keep(p)
			} else if w.misses != nil && w.brokenEntry(d, name) {
				w.broken = append(w.broken, p)
			}
		case isDir:
			w.enter(d, name, p, isLink)
		case w.accepts(d, name, regular, isLink):
			// A FIFO, socket or device named like a skill file gets its
			// row too: the host finds it by its name and cannot read it;
			// skill-ls's read (discovery.ReadSkillFile) never blocks on it.
			w.keep(p)
		case regular && w.misses != nil && w.passOver(d, name, p, entries):
			w.misses = append(w.misses, p)
		}
		if w.stopped {
			return
		}
	}
}

// holdsSkill reports whether d, read as entries, holds a SKILL.md the walk
// accepts.
func (w *rootWalk) holdsSkill(d walkDir, entries []fs.DirEntry) bool {
	for _, e := range entries {
		if e.Name() != "SKILL.md" {
			continue
		}
		p := filepath.Join(d.dir, e.Name())
		isLink := e.Type()&fs.ModeSymlink != 0
		isDir, regular, ok := entryKind(p, e, isLink)
		return !isDir && w.accepts(d, e.Name(), regular || !ok, isLink)
	}
	return false
}

// entryKind tells whether the folder entry e at p is a folder or a regular
// file, through a symbolic link; ok is false for a link that does not
// resolve. Only a link needs a stat: another entry's type is its own.
func entryKind(p string, e fs.DirEntry, isLink bool) (isDir, regular, ok bool) {
	if !isLink {
		return e.IsDir(), e.Type().IsRegular(), true
	}
	st, err := os.Stat(p)
	if err != nil {
		return false, false, false
	}
	return st.IsDir(), st.Mode().IsRegular(), true
}

// enter queues the folder name of d (at p) unless the spec skips it (a
// skipped name, a link not followed), it is too deep, it was visited (by
// another path) or the walk has visited its limit of folders.
func (w *rootWalk) enter(d walkDir, name, p string, isLink bool) {
	if w.spec.flatFiles || slices.Contains(w.spec.skipNames, name) || (isLink && !w.spec.followDirLinks) {
		return
	}
	if w.spec.maxDepth > 0 && d.depth+1 > w.spec.maxDepth {
		return
	}
	real := filepath.Join(d.real, name)
	if isLink {
		var err error
		if real, err = filepath.EvalSymlinks(p); err != nil {
			return
		}
	}
	if w.visited[real] || w.dirs >= w.limit {
		return
	}
	w.visited[real] = true
	w.dirs++
	w.queue = append(w.queue, walkDir{p, real, d.depth + 1})
}

// accepts reports whether the file name in d (regular: a regular file,
// through a link) is a skill file of the walk by its name: a SKILL.md,
// below the root unless the spec reads the root's own SKILL.md; in a
// folder of commands, any <name>.md. What the file is (a FIFO, a link to
// nothing) is the read's to say, as the hosts find it by its name, but
// for a spec that takes regular file entries only.
func (w *rootWalk) accepts(d walkDir, name string, regular, isLink bool) bool {
	if w.spec.flatFiles {
		return d.depth == 0 && strings.HasSuffix(name, ".md")
	}
	if w.spec.commands {
		return strings.HasSuffix(name, ".md") && len(name) > len(".md")
	}
	if w.spec.workflows {
		return d.depth == 0 && strings.HasSuffix(name, ".js")
	}
	if name != "SKILL.md" {
		return false
	}
	if w.spec.fileEntriesOnly && (isLink || !regular) {
		return false
	}
	return d.depth > 0 || w.spec.rootFile
}

// whyNotWalked explains why a file under r's directory is not one of the
// files r's walk finds, in words about the host; "" when it should be found.
func whyNotWalked(host string, r rootSpec, path string) (code, reason string) {
	rel, err := filepath.Rel(r.dir, path)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return "", ""
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	base := parts[len(parts)-1]
	dirs := parts[:len(parts)-1]
	if r.walk.flatFiles {
		return "not-found", host + " reads only the <name>.md files directly in " + r.label
	}
	if base != "SKILL.md" {
		if len(dirs) == 0 && strings.HasSuffix(base, ".md") {
			return "flat-file-ignored", host + " reads only SKILL.md files in folders, not flat <name>.md files like " + base
		}
		if strings.EqualFold(base, "SKILL.md") {
			return "skill-md-case", host + " reads only files named SKILL.md (exact case)"
		}
		return "not-skill-md", host + " reads only files named SKILL.md"
	}
	if len(dirs) == 0 && !r.walk.rootFile {
		return "root-skill-md-ignored", host + " reads <skill>/SKILL.md inside " + r.label + ", not a SKILL.md directly in it"
	}
	for _, d := range dirs {
		if r.walk.skipDot && strings.HasPrefix(d, ".") {
			return "dot-folder-skipped", host + " skips folders whose name starts with \".\" (" + d + ")"
		}
		if slices.Contains(r.walk.skipNames, d) {
			return "folder-skipped", host + " never looks inside " + d
		}
	}
	if r.walk.skillEndsWalk {
		for i := range dirs {
			skill := filepath.Join(r.dir, filepath.Join(dirs[:i]...))
			if _, err := os.Stat(filepath.Join(skill, "SKILL.md")); err == nil {
				where := strings.Join(append([]string{r.label}, dirs[:i]...), "/")
				return "inside-skill", host + " takes the first folder holding a SKILL.md as the skill and does not search below it (" + where + ")"
			}
		}
	}
	if r.walk.maxDepth > 0 && len(dirs) > r.walk.maxDepth {
		if r.walk.maxDepth == 1 {
			return "too-deep", host + " reads only <skill>/SKILL.md one folder deep in " + r.label + "; this one is " + plural(len(dirs), "folder") + " deep"
		}
		return "too-deep", host + " looks at most " + plural(r.walk.maxDepth, "folder") + " deep in " + r.label + "; this SKILL.md is " + plural(len(dirs), "folder") + " deep"
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 && r.walk.fileEntriesOnly {
		return "symlinked-skill-md", host + " ignores a SKILL.md that is a symbolic link"
	}
	for i := range dirs {
		p := filepath.Join(append([]string{r.dir}, dirs[:i+1]...)...)
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 && !r.walk.followDirLinks {
			return "symlinked-folder", host + " does not follow the symbolic link " + dirs[i]
		}
	}
	return "", ""
}

// throughLink reports whether a folder between root (excluded) and the
// file at path is a symbolic link.
func throughLink(root, path string) bool {
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return false
	}
	d := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		d = filepath.Join(d, part)
		if fi, err := os.Lstat(d); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return jstext.Count(n) + " " + word + "s"
}

// label names dir as users write it: relative to the project root when it is
// inside it, "~/..." inside home, else the absolute path.
func label(dir, project, home string) string {
	if project != "" {
		if rel, err := filepath.Rel(project, dir); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	if home != "" {
		if rel, err := filepath.Rel(home, dir); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	return dir
}

// between returns the directories from top down to bottom (both included),
// when bottom is top or inside it; else just bottom.
func between(top, bottom string) []string {
	var up []string
	for d := bottom; ; {
		up = append(up, d)
		if d == top {
			slices.Reverse(up)
			return up
		}
		parent := filepath.Dir(d)
		if parent == d {
			return []string{bottom}
		}
		d = parent
	}
}

// itoa writes a count as every message writes numbers (jstext.Count).
func itoa(n int) string { return jstext.Count(n) }

// isRegular reports whether p is a regular file, through symbolic links.
func isRegular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
