package hosts

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// What a host finds in its roots, and what it passes over there that
// looks meant as a skill file: a plain check reported nothing of
// .claude/skills/onboarding/skill.md or .claude/skills/quick-fix.md,
// which no host reads and so no host's list held.

// Discover returns the skill files the host finds from the inputs in opts,
// in its scan order, without reading them (DSH's engine reads and parses as
// it lists). Commands (Claude Code's .claude/commands) and workflows (its
// plugins' workflows/*.js) are not skill files:
// Evaluate judges and lists them, but Discover leaves them out, so that
// check does not lint them as skills.
func (h *Host) Discover(ctx context.Context, opts Options) ([]File, error) {
	files, _, _, err := h.discover(ctx, opts, false, false)
	return files, err
}

// DiscoverMisses is Discover, with the files its search passes over in
// its roots that look meant as skill files (a skill.md, a flat
// quick-fix.md in a root of bundles): no host may read them, so a check
// that lints only what hosts find would say nothing of them.
func (h *Host) DiscoverMisses(ctx context.Context, opts Options) (files, misses []File, err error) {
	files, misses, _, err = h.discover(ctx, opts, false, true)
	return files, misses, err
}

// discover is Discover, with the files of commands and workflows folders
// when commands is set, and the misses of the roots outside DSH's when
// withMisses is set: in DSH's roots, DSH's discovery judges what is not a
// skill file (skill-md-case), and a large tree of flat files is not
// opened once per host. With the misses come the broken entries of those
// roots (Result.Broken).
func (h *Host) discover(ctx context.Context, opts Options, commands, withMisses bool) (files, misses []File, broken []BrokenLink, err error) {
	if h.profile == nil {
		res, err := evaluateDSH(ctx, h, opts)
		if err != nil {
			return nil, nil, nil, err
		}
		return res.Files, nil, nil, nil
	}
	e := &env{opts: opts, host: h, project: opts.projectRoot(), home: opts.Home}
	var dshRoots []discovery.Root
	if withMisses {
		dshRoots = discovery.Roots(opts.dshOptions())
	}
	seen := map[string]bool{}
	for _, r := range h.profile.roots(e) {
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		if (r.walk.commands || r.walk.workflows) && !commands {
			continue
		}
		found, passed, links := walkRoot(r), []string(nil), []string(nil)
		if withMisses && !slices.ContainsFunc(dshRoots, func(d discovery.Root) bool { return discovery.Within(r.dir, d.Dir) }) {
			found, passed, links = walkRootMisses(r)
		}
		for _, path := range found {
			key := path
			if real, err := filepath.EvalSymlinks(path); err == nil && h.profile.oncePerFile {
				key = real
			}
			if !seen[key] {
				seen[key] = true
				files = append(files, File{Path: path, Root: r.dir, RootLabel: r.label, Scope: r.scope, Folder: folderOf(r, path)})
			}
		}
		for _, path := range passed {
			misses = append(misses, File{Path: path, Root: r.dir, RootLabel: r.label, Scope: r.scope, Folder: folderOf(r, path)})
		}
		for _, path := range links {
			broken = append(broken, brokenLinkAt(r, path))
		}
	}
	return files, misses, broken, nil
}

// walkRootMisses is walkRoot that also returns the files the walk passes
// over that look meant as skill files (rootWalk.passOver), sorted, and
// the root's entries that are links to nothing (rootWalk.brokenEntry).
func walkRootMisses(r rootSpec) (found, misses, broken []string) {
	w := newRootWalk(r, nil)
	if w == nil {
		return nil, nil, nil
	}
	w.misses = []string{}
	w.run()
	slices.Sort(w.misses)
	return w.found, w.misses, w.broken
}

// brokenLinkAt is the BrokenLink of the entry at path of r's root.
func brokenLinkAt(r rootSpec, path string) BrokenLink {
	target, _ := os.Readlink(path)
	_, err := os.Stat(path)
	return BrokenLink{File: File{Path: path, Root: r.dir, RootLabel: r.label, Scope: r.scope, Folder: filepath.Base(path)},
		Target: target, Loops: errors.Is(err, syscall.ELOOP)}
}

// brokenEntry reports whether the entry name of d, a link that does not
// resolve and that the walk does not keep as a skill file, stands where
// a skill folder would: an entry of a root of bundles
// (.claude/skills/x -> ../../nowhere). The host finds no skill there and
// says nothing; the check says so, as DSH's broken-symlink does.
func (w *rootWalk) brokenEntry(d walkDir, name string) bool {
	return d.depth == 0 && !w.spec.flatFiles && !w.spec.commands && !w.spec.workflows && name != "SKILL.md"
}

// passOver reports whether the regular file name in d (at p, beside
// entries), which the walk does not take, looks meant as a skill file of
// a root of bundles: a SKILL.md spelled in another case in a folder
// without one (skill.md), or a flat <name>.md with a frontmatter directly
// in the root (.claude/skills/quick-fix.md). The check reports what each
// host that reads the root does with it, as DSH's rules do for DSH's
// roots; a README.md without a frontmatter is not a skill.
func (w *rootWalk) passOver(d walkDir, name, p string, entries []fs.DirEntry) bool {
	return passesOverFile(w.spec, d.depth, p, entries)
}

// passesOverFile is rootWalk.passOver for the regular file at p, depth
// folders below a root walked by spec, beside entries.
func passesOverFile(spec walkSpec, depth int, p string, entries []fs.DirEntry) bool {
	return passesOverName(spec, depth, filepath.Base(p),
		func() bool {
			return slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == "SKILL.md" })
		},
		func() bool { return startsFrontmatter(p) })
}

// passesOverName is the one rule of a passed-over file, named name, depth
// folders below a root walked by spec: skillMDBeside says whether its
// folder holds a SKILL.md (asked only of a skill.md), frontmatter whether
// its text opens with a "---" line (asked only of a flat .md file). The
// walk answers them from the disk, PassesOver from what its caller holds.
func passesOverName(spec walkSpec, depth int, name string, skillMDBeside, frontmatter func() bool) bool {
	if spec.flatFiles || spec.commands || spec.workflows {
		return false
	}
	if depth > 0 {
		return name != "SKILL.md" && strings.EqualFold(name, "SKILL.md") && !skillMDBeside()
	}
	return strings.HasSuffix(name, ".md") && !strings.EqualFold(name, "SKILL.md") && frontmatter()
}

// startsFrontmatter reports whether the file at p starts with a "---"
// line: its first bytes are all it reads.
func startsFrontmatter(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [5]byte
	n, _ := io.ReadFull(f, b[:])
	return OpensFrontmatter(b[:n])
}

// OpensFrontmatter reports whether text starts with a "---" line.
func OpensFrontmatter(text []byte) bool {
	return bytes.HasPrefix(text, []byte("---\n")) || bytes.HasPrefix(text, []byte("---\r\n"))
}

// What a host finds is a walk of the disk (its roots, links resolved,
// the files it passes over), and it does not depend on the bytes of the
// files it finds: those come from Options.ReadFile. A caller that builds
// many views of one tree whose buffers alone change (check --fix judges
// every tried fix by every host) walks it once per host with a Tree, and
// only parses the files again.

// Tree remembers each host's discovery of the tree one Options describe,
// for the Builds of that tree while the disk does not change: its folders,
// links and non-skill files (settings, plugin manifests) stay as they
// were, the skill files' bytes may change in buffers. The zero value is
// not usable: NewTree makes one. A nil *Tree remembers nothing.
type Tree struct {
	mu    sync.Mutex
	key   treeKey
	keyed bool
	found map[ID]treeFound
	// plugins holds the Codex plugin of each skill file (codexPluginName):
	// links resolved, manifests read up to the file system's root.
	plugins sync.Map
	// real holds each path with its links resolved (realPath).
	real sync.Map
}

// treeKey is what of Options decides where the hosts look: a Tree built
// for one environment never answers for another (Getenv, a function, is
// the caller's to keep).
type treeKey struct {
	cwd, project, home string
	dsh                string
	shipped            bool
}

// keyOf returns the treeKey of opts.
func keyOf(opts Options) treeKey {
	d := opts.DSH
	dsh := strings.Join(append([]string{d.Cwd, d.ProjectRoot, d.DSHHome, d.AgentsHome, d.BundledDir, d.HomeDir, strconv.FormatBool(d.NoDefaultRoots)}, d.CustomDirs...), "\x00")
	return treeKey{opts.Cwd, opts.ProjectRoot, opts.Home, dsh, opts.ShippedPlugins}
}

// treeFound is one host's discovery: its files (commands and workflows
// included) and the files its walk passes over.
type treeFound struct {
	files, misses []File
	broken        []BrokenLink
}

// NewTree returns an empty Tree.
func NewTree() *Tree { return &Tree{found: map[ID]treeFound{}} }

// discover is h.discover(ctx, opts, true, true) remembered in t: walked
// the first time, copied after.
func (t *Tree) discover(ctx context.Context, h *Host, opts Options) (files, misses []File, broken []BrokenLink, err error) {
	if t == nil {
		return h.discover(ctx, opts, true, true)
	}
	key := keyOf(opts)
	t.mu.Lock()
	if !t.keyed {
		t.key, t.keyed = key, true
	}
	got, ok := t.found[h.ID]
	same := t.key == key
	t.mu.Unlock()
	if !same {
		return h.discover(ctx, opts, true, true)
	}
	if !ok {
		if got.files, got.misses, got.broken, err = h.discover(ctx, opts, true, true); err != nil {
			return nil, nil, nil, err // a cancelled walk is not remembered
		}
		t.mu.Lock()
		t.found[h.ID] = got
		t.mu.Unlock()
	}
	return slices.Clone(got.files), slices.Clone(got.misses), slices.Clone(got.broken), nil
}

// codexPlugin returns the Codex plugin of the skill file at path: find's
// answer, remembered in t.
func (t *Tree) codexPlugin(path string, find func() codexManifest) codexManifest {
	if t == nil {
		return find()
	}
	if m, ok := t.plugins.Load(path); ok {
		return m.(codexManifest)
	}
	m := find()
	t.plugins.Store(path, m)
	return m
}

// realPath returns path with its symbolic links resolved, path itself
// when they do not resolve, remembered in t.
func (t *Tree) realPath(path string) string {
	if t != nil {
		if real, ok := t.real.Load(path); ok {
			return real.(string)
		}
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		real = path
	}
	if t != nil {
		t.real.Store(path, real)
	}
	return real
}
