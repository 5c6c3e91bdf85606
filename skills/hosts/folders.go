package hosts

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// The skill folders of the project that hosts other than DSH read: what a
// plain check adds to DSH's roots, and what the editors' skill lists show
// beside them (.claude/skills read by Claude Code, Copilot, OpenCode, ...).

// Folder is one such folder: where it is, the hosts that read it (in the
// order of All) and the skill files they find there.
type Folder struct {
	Dir   string
	Label string // as users write it: ".claude/skills"
	Hosts []*Host
	Files []File
	// Readers holds, by file path, the hosts of Hosts whose search finds
	// the file: what Matrix.Readers answers for it, from the same walk,
	// without reading the files (a SKILL.md nested below .claude/skills is
	// Goose's and OpenCode's, not Claude Code's).
	Readers map[string][]*Host
}

// ProjectFolders returns the project-scope folders the current hosts other
// than DSH read that hold a skill file skip does not leave out, sorted by
// label. skip leaves out DSH's roots: a host root it leaves out is not
// walked at all.
func ProjectFolders(ctx context.Context, opts Options, skip func(path string) bool) ([]Folder, error) {
	return Folders(ctx, opts, nil, skip)
}

// Folders is ProjectFolders with the personal and system folders of the
// hosts of among too (~/.claude/skills for Claude Code): the folders a
// check that chose those hosts reads (diagnostics.HostFiles), for list
// and the editors' skill lists. A personal folder is listed only among
// the chosen hosts' (a project with .claude/skills lists
// ~/.claude/skills, not ~/.gemini/skills), and never its commands or
// workflows, which check does not lint as skills.
func Folders(ctx context.Context, opts Options, among []*Host, skip func(path string) bool) ([]Folder, error) {
	byDir := map[string]*Folder{}
	for _, h := range All() {
		if h.profile == nil || strings.Contains(string(h.ID), "@") {
			continue // DSH, and the older releases of a host
		}
		files, err := h.folderFiles(ctx, opts, slices.Contains(among, h), skip)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if skip(f.Path) {
				continue
			}
			fo := byDir[f.Root]
			if fo == nil {
				fo = &Folder{Dir: f.Root, Label: f.RootLabel, Readers: map[string][]*Host{}}
				byDir[f.Root] = fo
			}
			if !slices.Contains(fo.Readers[f.Path], h) {
				fo.Readers[f.Path] = append(fo.Readers[f.Path], h)
			}
			if !slices.Contains(fo.Hosts, h) {
				fo.Hosts = append(fo.Hosts, h)
			}
			if !slices.ContainsFunc(fo.Files, func(g File) bool { return g.Path == f.Path }) {
				fo.Files = append(fo.Files, f)
			}
		}
	}
	out := make([]Folder, 0, len(byDir))
	for _, fo := range byDir {
		slices.SortFunc(fo.Files, func(a, b File) int { return cmp.Compare(a.Path, b.Path) })
		out = append(out, *fo)
	}
	slices.SortFunc(out, func(a, b Folder) int { return cmp.Or(cmp.Compare(a.Label, b.Label), cmp.Compare(a.Dir, b.Dir)) })
	return out, nil
}

// Choice is what a project's skill files are judged by when the user has
// chosen no hosts (a plain `check`, the server without the hosts setting).
type Choice struct {
	// Hosts are DSH and every other host that reads a skill file of the
	// project outside DSH's roots, in the order of All; nil when no such
	// file is in scope: DSH alone. Each file is then judged by those of
	// them that read it (diagnostics.Options.ReadersOnly).
	Hosts []*Host
	// Found are the labels of the folders holding those files, sorted.
	Found []string
}

// ChooseForProject makes the Choice for the project opts place: a folder
// (.claude/skills) counts when it holds a skill file inScope accepts (nil:
// any) outside DSH's roots, and chooses every host that reads a skill file
// of it. With DSH's default roots turned off, DSH alone is checked. Each
// walk stops at the first file that decides, so a folder of 800 skills
// costs a few directory reads: the server chooses when it builds a view.
func ChooseForProject(ctx context.Context, opts Options, inScope func(path string) bool) (Choice, error) {
	dsh := opts.dshOptions()
	if dsh.NoDefaultRoots {
		return Choice{}, nil
	}
	roots := discovery.Roots(dsh)
	inDSH := func(p string) bool {
		return slices.ContainsFunc(roots, func(r discovery.Root) bool { return discovery.Within(p, r.Dir) })
	}
	if inScope == nil {
		inScope = func(string) bool { return true }
	}
	readers := map[string][]*Host{} // by folder: the hosts reading a skill file in it
	labels := map[string]string{}   // the folders holding a file in scope
	for _, h := range All() {
		if h.profile == nil || strings.Contains(string(h.ID), "@") {
			continue // DSH, and the older releases of a host
		}
		e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
		for _, r := range h.profile.roots(e) {
			if err := ctx.Err(); err != nil {
				return Choice{}, err
			}
			if r.scope != ScopeProject || inDSH(r.dir) {
				continue
			}
			if reads(r, inDSH, inScope, labels) && !slices.Contains(readers[r.dir], h) {
				readers[r.dir] = append(readers[r.dir], h)
			}
		}
	}
	var c Choice
	for dir, label := range labels {
		c.Found = append(c.Found, label)
		for _, h := range readers[dir] {
			if !slices.Contains(c.Hosts, h) {
				c.Hosts = append(c.Hosts, h)
			}
		}
	}
	if len(c.Hosts) == 0 {
		return Choice{}, nil
	}
	slices.SortFunc(c.Hosts, func(a, b *Host) int { return slices.Index(All(), a) - slices.Index(All(), b) })
	c.Hosts = append([]*Host{Lookup(string(DSH))}, c.Hosts...)
	slices.Sort(c.Found)
	c.Found = slices.Compact(c.Found)
	return c, nil
}

// reads reports whether the walk of r finds a skill file outside DSH's
// roots, and records r's folder in labels when one is in scope. It stops
// at the first file in scope, or at the first file at all once the folder
// is known to hold one.
func reads(r rootSpec, inDSH, inScope func(string) bool, labels map[string]string) bool {
	found := false
	walkRootUntil(r, func(p string) bool {
		if inDSH(p) {
			return false
		}
		found = true
		if _, ok := labels[r.dir]; ok {
			return true
		}
		if inScope(p) {
			labels[r.dir] = r.label
			return true
		}
		return false
	})
	return found
}

// Names returns the display names of hosts.
func Names(hs []*Host) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Name
	}
	return out
}

// folderFiles is what Discover finds in h's project-scope roots (and,
// with personal, in its other skill roots), leaving out a root skip
// leaves out whole: a host folder that is also one of DSH's roots
// (.agents/skills) is not walked again, and home folders only when asked,
// so that a plain check on a large DSH tree costs no second walk of it
// per host.
func (h *Host) folderFiles(ctx context.Context, opts Options, personal bool, skip func(path string) bool) ([]File, error) {
	e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
	var files []File
	seen := map[string]bool{}
	for _, r := range h.profile.roots(e) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		other := r.scope != ScopeProject
		if (other && (!personal || r.walk.commands || r.walk.workflows)) || skip(r.dir) {
			continue
		}
		for _, path := range walkRoot(r) {
			if !seen[path] {
				seen[path] = true
				files = append(files, File{Path: path, Root: r.dir, RootLabel: r.label, Scope: r.scope, Folder: folderOf(r, path)})
			}
		}
	}
	return files, nil
}

// Folders returns the folders h reads skills from with the inputs in opts,
// in its scan order, whether they exist or not: what `check --watch`
// watches besides DSH's roots. It returns none for DSH, whose folders are
// its roots (discovery.Roots).
func (h *Host) Folders(opts Options) []Root {
	if h.profile == nil {
		return nil
	}
	e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
	var out []Root
	for _, r := range h.profile.roots(e) {
		out = append(out, Root{Dir: r.dir, Label: r.label, Scope: r.scope})
	}
	return out
}
