package hosts

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

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
}

// NewTree returns an empty Tree.
func NewTree() *Tree { return &Tree{found: map[ID]treeFound{}} }

// discover is h.discover(ctx, opts, true, true) remembered in t: walked
// the first time, copied after.
func (t *Tree) discover(ctx context.Context, h *Host, opts Options) (files, misses []File, err error) {
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
		if got.files, got.misses, err = h.discover(ctx, opts, true, true); err != nil {
			return nil, nil, err // a cancelled walk is not remembered
		}
		t.mu.Lock()
		t.found[h.ID] = got
		t.mu.Unlock()
	}
	return slices.Clone(got.files), slices.Clone(got.misses), nil
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
