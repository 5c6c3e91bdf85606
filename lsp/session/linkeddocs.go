package session

// linkeddocs.go: a buffer an editor opened by the real path of a skill
// file that the hosts find through a symbolic link (Neovim turns
// `:edit .claude/skills/tdd/SKILL.md` into the link's target) is answered
// as that file: the document is keyed by the linked path, so the views,
// the pass and the handlers see the file `check` reports on, and what is
// published for it goes to the URI the editor opened (URIFor).

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// LinkedAs returns the paths by which the views' hosts (DSH among them)
// find the skill file whose real path is path, through symbolic links,
// sorted; none when path is itself a file of the views' roots or of a
// host's folders. The document is keyed by the first; the others are
// published nowhere while it is open (see Snapshot.linkedAway). It walks
// the hosts' folders, outside any lock, and only for a Markdown buffer
// that opens a frontmatter (text) below none of the views' roots and
// hosts' folders: a README, or a file opened in the editor before the
// discovery ended, costs no walk.
func (st *Snapshot) LinkedAs(ctx context.Context, path string, text []byte) []string {
	if !filepath.IsAbs(path) || !strings.EqualFold(filepath.Ext(path), ".md") || !hosts.OpensFrontmatter(text) {
		return nil
	}
	var found []string
	for _, v := range st.views {
		if v.skills.UnderRoot(path) || v.passRoots.Holds(path) {
			return nil // reached by this path: no walk of every host on the read loop
		}
		if v.opts.HostEnv.Cwd == "" {
			continue
		}
		list := v.opts.Hosts
		if dsh := hosts.Lookup(string(hosts.DSH)); !slices.Contains(list, dsh) {
			list = append(slices.Clone(list), dsh)
		}
		for _, h := range list {
			files, err := h.Discover(ctx, v.opts.HostEnv)
			if err != nil {
				return nil
			}
			for _, f := range files {
				if f.Path == path {
					return nil
				}
				if discovery.RealPath(f.Path) == path {
					found = append(found, f.Path)
				}
			}
		}
	}
	slices.Sort(found)
	return slices.Compact(found)
}

// linkedAway reports whether path is another path of an open document's
// file (OpenDoc.Links): Neovim shows the diagnostics of every path of one
// file on its one buffer, so publishing them would replace the
// document's own.
func (st *Snapshot) linkedAway(path string) bool {
	d := st.Docs.At(path)
	return d != nil && d.Key != path && DocKey(d.uri) != path
}

// KeyOf returns the key of the document the editor opened as u: the
// linked path of a buffer opened by its real path (LinkedAs), else
// DocKey(u). Handlers resolve a request's URI with it.
func (st *Snapshot) KeyOf(u uri.URI) string {
	key := DocKey(u)
	if d := st.Docs.At(key); d != nil {
		return d.Key
	}
	return key
}

// SameFilePaths returns the paths of m's rows, other than path, that are
// path's file by another path (links resolved): the .claude/skills link
// to a bundle whose real folder is in DSH's roots. Their readers read
// this file too.
func SameFilePaths(m *hosts.Matrix, path string) []string {
	if m == nil {
		return nil
	}
	real := discovery.RealPath(path)
	var out []string
	for _, r := range m.Rows {
		if r.Path != path && discovery.RealPath(r.Path) == real {
			out = append(out, r.Path)
		}
	}
	return out
}
