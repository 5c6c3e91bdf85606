package skills

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// LinkFact is what the engine knows about one local link in a skill file's
// body: where it points and whether the target is there. Diagnostics, hover,
// definition and the watcher read these facts from the snapshot instead of
// asking the disk themselves.
type LinkFact struct {
	Link
	// Base is the directory the link resolves against: the skill's base
	// (its bundle folder, or the root for a flat skill; the file's folder
	// for a file outside the roots).
	Base string
	// Inside reports that Target is Base or lies inside it.
	Inside bool
	// Exists reports that Target existed when the fact was made (it is
	// stat'ed, following symbolic links, never read).
	Exists bool
	// Skill is the skill file of the discovered skill whose folder holds
	// Target (or which is Target, for a flat skill), "" when none does. For
	// a link inside the file's own bundle it is the file itself.
	Skill string
}

// Target returns the resolved path (LinkTarget of Base and Dest; computed
// on demand, so that thousands of facts do not each hold a path).
func (l LinkFact) Target() string {
	t, _ := LinkTarget(l.Base, l.Dest)
	return t
}

// WatchDir returns, for a target inside Base, the nearest existing folder
// above Target (at most Base): the folder to watch to see the target appear
// or go; "" for other targets. It stats the disk, so only the watcher asks
// (for open files), not every check.
func (l LinkFact) WatchDir() string {
	if !l.Inside || l.Target() == l.Base {
		return ""
	}
	return nearestDir(l.Target(), l.Base)
}

// linkEntry holds the link facts of one file of a snapshot, made on first
// use. Entries are shared between snapshots while the file, its base and
// the disk around its targets do not change.
type linkEntry struct {
	file *File
	base string
	once sync.Once
	done atomic.Bool // stored after fact and outside: the facts were made
	fact []LinkFact
	// outside reports a fact whose target lies outside base (see touched).
	outside bool
}

// Links returns the facts about the local links of the file at path, in
// body order (nil for an unknown path). The targets are stat'ed on the
// first call for a file in a snapshot; later snapshots reuse the facts until
// a change on disk touches a target.
func (s *Snapshot) Links(path string) []LinkFact {
	e := s.linkTable().at(path)
	if e == nil {
		return nil
	}
	e.once.Do(func() {
		e.fact = s.makeLinkFacts(e.file, e.base)
		e.outside = slices.ContainsFunc(e.fact, func(l LinkFact) bool { return !l.Inside })
		if e.outside {
			s.outside.add(e, path)
		}
		e.done.Store(true)
	})
	return e.fact
}

// TransientLinks returns the facts Links returns, without keeping them in
// the snapshot: those already made, else facts made now for this caller
// alone. It is for a snapshot checked once and dropped (a one-shot check),
// whose facts would only add to the live heap.
func (s *Snapshot) TransientLinks(path string) []LinkFact {
	e := s.linkTable().at(path)
	if e == nil {
		return nil
	}
	if e.done.Load() {
		return e.fact
	}
	return s.makeLinkFacts(e.file, e.base)
}

// LinkWatchDirs returns the folders to watch so that the link targets
// inside the skills of the files at paths are seen when they appear or go.
func (s *Snapshot) LinkWatchDirs(paths []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		for _, l := range s.Links(p) {
			if d := l.WatchDir(); d != "" && !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// makeLinkFacts resolves and stats the local links of f against base. A
// body often links the same file several times: each distinct destination
// is resolved once and each distinct target stat'ed once
// (TestMakeLinkFactsMatchesReference).
func (s *Snapshot) makeLinkFacts(f *File, base string) []LinkFact {
	links := f.Outline().Links
	if len(links) == 0 {
		return nil
	}
	out := make([]LinkFact, 0, len(links))
	// A target inside a bundle folder belongs to that bundle's skill (only
	// a root's direct children are bundles), so the own bundle's links need
	// no walk up the folders.
	own := s.bundleDirs()[base]
	res := newLinkResolver(base)
	// dests maps a destination already seen to the index in out of its
	// first fact (-1: not a local link); targets does the same for the
	// resolved targets (two destinations can name one target).
	dests, targets := map[string]int{}, map[string]int{}
	for _, l := range links {
		if at, ok := dests[l.Dest]; ok {
			if at >= 0 {
				fact := out[at]
				fact.Link = l
				out = append(out, fact)
			}
			continue
		}
		target, ok := res.target(l.Dest)
		if !ok {
			dests[l.Dest] = -1
			continue
		}
		dests[l.Dest] = len(out)
		fact := LinkFact{Link: l, Base: base, Inside: Within(target, base)}
		if prev, ok := targets[target]; ok {
			fact.Exists, fact.Skill = out[prev].Exists, out[prev].Skill
		} else {
			targets[target] = len(out)
			_, err := os.Stat(target) // follows links: a link to a file counts
			fact.Exists = err == nil
			if fact.Inside && own != "" {
				fact.Skill = own
			} else {
				fact.Skill = s.skillHolding(target)
			}
		}
		out = append(out, fact)
	}
	return out
}

// skillHolding returns the skill file of the discovered skill whose bundle
// folder holds path, or which is path (a flat skill), else "".
func (s *Snapshot) skillHolding(path string) string {
	if e, ok := s.entryOf[path]; ok {
		return e.Path
	}
	for dir := path; ; {
		if sk, ok := s.bundleDirs()[dir]; ok {
			return sk
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// nearestDir returns the nearest existing folder above target, stopping at
// base.
func nearestDir(target, base string) string {
	dir := filepath.Dir(target)
	for dir != base && Within(dir, base) {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
		dir = filepath.Dir(dir)
	}
	return base
}

// baseOf returns the directory a file's links resolve against.
func (s *Snapshot) baseOf(path string) string {
	if e, ok := s.entryOf[path]; ok {
		return e.BaseDir
	}
	return filepath.Dir(path)
}

// carryLinks gives s a link entry per file, reusing prev's entry where the
// file and its base are the same and no path in disk (the paths changed on
// disk; nil for none) is a target or an ancestor of one. relisted is true
// when the roots were listed again, so nothing is reused.
func (s *Snapshot) carryLinks(prev *Snapshot, disk map[string]bool, relisted bool) {
	links := make(map[string]*linkEntry, s.files.len()+len(s.loose))
	add := func(path string, f *File) {
		base := s.baseOf(path)
		if old := prev.linkTable().at(path); !relisted && old != nil && old.file == f && old.base == base && !old.touched(disk) {
			links[path] = old
			return
		}
		links[path] = &linkEntry{file: f, base: base}
	}
	for p, f := range s.files.all() {
		add(p, f)
	}
	for p, f := range s.loose {
		add(p, f)
	}
	s.links, s.linksTop = links, nil
	s.bases = &linkBases{}
}

// linkTable returns the snapshot's link entries as a layered table.
func (s *Snapshot) linkTable() layered[*linkEntry] {
	return layered[*linkEntry]{base: s.links, top: s.linksTop}
}

// patchLinks is carryLinks for a change that lists nothing again (typing
// in an open file, or a change on disk outside the skill files, such as a
// linked folder the watcher starts watching): it shares prev's entries but
// for the touched files, the open buffers outside the roots and the
// entries the disk paths touch (see staleLinks), which get the entries
// carryLinks would give them. Unless a buffer outside the roots was opened
// or closed, it costs the few entries changed, not a new table of every
// file (at 100,000 skills that table took 70 ms, under the language
// server's lock, each time the user opened a file that links into another
// folder).
func (s *Snapshot) patchLinks(prev *Snapshot, touched, disk map[string]bool) {
	changed := map[string]*linkEntry{}
	added, removed, rebased := false, false, false
	stale := prev.staleLinks(disk)
	redo := func(path string) {
		old, had := prev.linkTable().get(path)
		f := s.File(path)
		switch {
		case f == nil:
			removed = removed || had
		case had && old.file == f && old.base == s.baseOf(path) && !stale[path]:
			// kept
		default:
			changed[path] = &linkEntry{file: f, base: s.baseOf(path)}
			added = added || !had
			rebased = rebased || (had && old.base != changed[path].base)
		}
	}
	for p := range touched {
		redo(p)
	}
	for p := range stale {
		redo(p)
	}
	for p := range s.loose {
		redo(p)
	}
	for p := range prev.loose {
		redo(p)
	}
	if !added && !removed {
		t := prev.linkTable().set(changed)
		s.links, s.linksTop = t.base, t.top
		s.bases = prev.bases
		if rebased || s.bases == nil {
			s.bases = &linkBases{}
		}
		return
	}
	links := maps.Collect(prev.linkTable().all())
	maps.Copy(links, changed)
	for p := range links {
		if s.File(p) == nil {
			delete(links, p)
		}
	}
	s.links, s.linksTop = links, nil
	s.bases = &linkBases{}
}

// staleLinks returns the paths of the link entries a change at one of the
// disk paths can make stale (nil when no path changed on disk). An entry can be touched only
// when a changed path lies inside its base (found by base: the changed
// paths and their parent folders) or when its facts reach outside its base
// (the workspace keeps those entries apart, as Links makes them); the
// others are not looked at. At 100,000 skills one look at every entry cost
// about 10 ms under the workspace's lock for each file saved.
func (s *Snapshot) staleLinks(disk map[string]bool) map[string]bool {
	if len(disk) == 0 {
		return nil
	}
	if s.bases == nil || s.outside == nil {
		return s.staleLinksScan(disk)
	}
	stale := map[string]bool{}
	check := func(p string) {
		if e := s.linkTable().at(p); !stale[p] && e != nil && e.touched(disk) {
			stale[p] = true
		}
	}
	byBase := s.bases.index(s)
	for d := range disk {
		for dir := d; ; {
			for _, p := range byBase[dir] {
				check(p)
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	for _, p := range s.outside.paths(s) {
		check(p)
	}
	return stale
}

// staleLinksScan is staleLinks by one look at every entry (for a snapshot
// made without the workspace's indexes, and as the tests' reference).
func (s *Snapshot) staleLinksScan(disk map[string]bool) map[string]bool {
	stale := map[string]bool{}
	for p, e := range s.linkTable().all() {
		if e.touched(disk) {
			stale[p] = true
		}
	}
	return stale
}

// linkBases indexes the link entries of a snapshot by base, made on first
// use; snapshots whose entries have the same paths and bases share it.
type linkBases struct {
	once   sync.Once
	byBase map[string][]string // base -> the paths of its entries
}

// index returns the paths of s's entries by base.
func (b *linkBases) index(s *Snapshot) map[string][]string {
	b.once.Do(func() {
		b.byBase = make(map[string][]string, s.linkTable().len())
		for p, e := range s.linkTable().all() {
			b.byBase[e.base] = append(b.byBase[e.base], p)
		}
	})
	return b.byBase
}

// outsideLinks records, for every snapshot of a workspace, the link entries
// whose facts reach outside their base (few: most links stay inside the
// skill's folder).
type outsideLinks struct {
	mu      sync.Mutex
	entries map[*linkEntry]string // -> its path
}

// add records the entry at path.
func (o *outsideLinks) add(e *linkEntry, path string) {
	if o == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.entries == nil {
		o.entries = map[*linkEntry]string{}
	}
	o.entries[e] = path
}

// paths returns the paths of the recorded entries that are s's, and
// forgets the others: s is the workspace's newest snapshot (its changes are
// applied one at a time), and an entry it does not hold is in no later
// one.
func (o *outsideLinks) paths(s *Snapshot) []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []string
	for e, p := range o.entries {
		if s.linkTable().at(p) == e {
			out = append(out, p)
		} else {
			delete(o.entries, e)
		}
	}
	return out
}

// touched reports whether a change at one of the disk paths can change the
// entry's facts: a target, or a folder holding one, changed.
func (e *linkEntry) touched(disk map[string]bool) bool {
	if len(disk) == 0 {
		return false
	}
	// An entry whose facts are not made yet has nothing stale: its first
	// use stats the disk as it is then.
	if !e.done.Load() {
		return false
	}
	// A link inside the entry's folder (most are) can only be touched by a
	// path inside that folder: one look at the few changed paths spares
	// making and walking every such target (after a pass has made every
	// file's facts, that took 90 ms at 10,000 skills for one file saved).
	nearBase := false
	for d := range disk {
		if Within(d, e.base) {
			nearBase = true
			break
		}
	}
	if !nearBase && !e.outside {
		return false // every target is inside base, and nothing changed there
	}
	for _, l := range e.fact {
		if l.Inside && !nearBase {
			continue
		}
		for p := l.Target(); ; {
			if disk[p] {
				return true
			}
			parent := filepath.Dir(p)
			if parent == p || parent == e.base {
				break
			}
			p = parent
		}
		if disk[e.base] {
			return true
		}
	}
	return false
}

// LinksOf returns the link facts of f: the snapshot's when f is the file it
// holds at f.Path, else facts made now for f on its own (an editor buffer
// the snapshot does not hold yet), resolved against the base f's path has
// in the snapshot.
func (s *Snapshot) LinksOf(f *File) []LinkFact {
	if e := s.linkTable().at(f.Path); e != nil && e.file == f {
		return s.Links(f.Path)
	}
	return s.makeLinkFacts(f, s.baseOf(f.Path))
}

// LinkAt returns the fact of the link of f whose destination holds off.
func (s *Snapshot) LinkAt(f *File, off int) *LinkFact {
	facts := s.LinksOf(f)
	for i := range facts {
		if facts[i].Span.Contains(off) {
			return &facts[i]
		}
	}
	return nil
}

// LinksInto returns, for every file of the snapshot, the links that point
// into the skill whose file is skillPath from outside it (a link from one
// skill to another's files), in path order.
func (s *Snapshot) LinksInto(skillPath string) map[string][]LinkFact {
	out := map[string][]LinkFact{}
	for _, p := range s.paths() {
		for _, l := range s.Links(p) {
			if l.Skill == skillPath && !l.Inside {
				out[p] = append(out[p], l)
			}
		}
	}
	return out
}

// Exists reports whether something (even a broken link) is at path. It is
// how the language server checks a rename's target before offering it.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// DirEntry is one entry of a folder a link may point into.
type DirEntry struct {
	Name string
	Dir  bool
}

// ListLinkDir lists dir for link path completion: at most max entries,
// hidden ones left out, in name order.
func ListLinkDir(dir string, max int) []DirEntry {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []DirEntry
	for _, de := range entries {
		if strings.HasPrefix(de.Name(), ".") {
			continue
		}
		if len(out) == max {
			break
		}
		out = append(out, DirEntry{Name: de.Name(), Dir: de.IsDir()})
	}
	return out
}
