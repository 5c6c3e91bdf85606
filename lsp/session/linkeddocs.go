package session

// linkeddocs.go: a buffer an editor opened by the real path of a skill
// file that the hosts find through a symbolic link (Neovim turns
// `:edit .claude/skills/tdd/SKILL.md` into the link's target) is answered
// as that file: the document is keyed by the linked path, so the views,
// the pass and the handlers see the file `check` reports on, and what is
// published for it goes to the URI the editor opened (URIFor). Finding the
// link walks the hosts' folders, so OpenDoc only starts it (mayBeLinked
// reads no disk) and the walk runs on a goroutine of its own (findLinks);
// the buffer waits out of the views, published nowhere, until linkDoc.

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// linkWalk is a walk OpenDoc asked for: the buffer opened as uri, whose
// key is path, in the views of the set current then; walk numbers it
// (Document.walk).
type linkWalk struct {
	uri   uri.URI
	path  string
	views []viewSnapshot
	walk  uint64
}

// mayBeLinked reports, reading no disk, whether the buffer at path with
// text may be a skill file the views' hosts find through a link, which
// only a walk tells (linkedAs): a Markdown buffer that opens a frontmatter
// (text) below none of the views' roots and hosts' folders. A README, or
// a file the views reach by its own path, costs no walk.
func mayBeLinked(views []viewSnapshot, path string, text []byte) bool {
	if !filepath.IsAbs(path) || !strings.EqualFold(filepath.Ext(path), ".md") || !hosts.OpensFrontmatter(text) {
		return false
	}
	walk := false
	for _, v := range views {
		if v.skills.UnderRoot(path) || v.passRoots.Holds(path) {
			return false
		}
		walk = walk || v.opts.HostEnv.Cwd != ""
	}
	return walk
}

// linkedAs returns the paths by which the hosts of views (DSH among them)
// find the skill file whose real path is path, through symbolic links,
// sorted; none when path is itself a file of a host's folders. The
// document is keyed by the first; the others are published nowhere while
// it is open (see Snapshot.linkedAway). It walks the hosts' folders:
// findLinks runs it off the read loop, outside any lock.
func linkedAs(ctx context.Context, views []viewSnapshot, path string) []string {
	var found []string
	for _, v := range views {
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

// findLinks runs the walk w on a goroutine of the session's own and ends
// it with linkDoc, linked or not: the read loop that opened the buffer
// does not wait for it. The walk belongs to the buffer, not to the view
// set (a settings change meanwhile does not cut it short).
func (s *Session) findLinks(w linkWalk) {
	s.wg.Go(func() {
		m := linkDoc{uri: w.uri, walk: w.walk}
		if found := linkedAs(s.bg, w.views, w.path); len(found) > 0 {
			m.as, m.links = found[0], found[1:]
			m.skillMDBeside = hosts.ReadSkillMDBeside(m.as)
		}
		apply := func() { _ = s.Modify(m) } // linkDoc fails never
		if s.LinkWalked != nil {
			s.LinkWalked(w.path, apply)
			return
		}
		apply()
	})
}

// linkDoc ends the walk OpenDoc started for the buffer opened as uri: it
// is answered as as, the first linked path found (none: its own path),
// with its file's other linked paths, and enters the views. walk is the
// walk's number: the answer of a walk for a buffer closed since, opened
// again and walked again, is stale (the disk may have changed).
type linkDoc struct {
	uri   uri.URI
	walk  uint64
	as    string
	links []string
	// skillMDBeside is as's, read by findLinks (OpenDoc.prepare read
	// the real path's).
	skillMDBeside bool
}

func (m linkDoc) apply(s *Session, fx *effects) error {
	d := s.docs.At(DocKey(m.uri))
	if d == nil || !d.linking || d.walk != m.walk {
		return nil // closed meanwhile, or opened again (walked again, or not)
	}
	nd := d.withText(d.Version, d.Text, &s.settings)
	if m.as != "" {
		nd = newDocument(d.uri, m.as, d.LanguageID, d.Version, d.Text, &s.settings)
		nd.links, nd.skillMDBeside = m.links, m.skillMDBeside
	}
	nd.linking = false
	s.setDocLocked(nd)
	s.syncDocLocked(nd, skills.ChangeOpen, fx)
	return nil
}

// linkedAway reports whether path is another path of an open document's
// file (linkDoc): Neovim shows the diagnostics of every path of one
// file on its one buffer, so publishing them would replace the
// document's own.
func (st *Snapshot) linkedAway(path string) bool {
	d := st.Docs.At(path)
	return d != nil && d.Key != path && DocKey(d.uri) != path
}

// KeyOf returns the key of the document the editor opened as u: the
// linked path of a buffer opened by its real path (linkDoc), else
// DocKey(u). Handlers resolve a request's URI with it.
func (st *Snapshot) KeyOf(u uri.URI) string {
	key := DocKey(u)
	if d := st.Docs.At(key); d != nil {
		return d.Key
	}
	return key
}
