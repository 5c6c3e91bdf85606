package lsp

// snapshot.go: the open documents and the immutable snapshot of the editor
// state that every handler reads.

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// document is an open editor buffer: a skill file, a chat buffer or any
// other Markdown. A change replaces it; nothing in it is mutated.
type document struct {
	uri        uri.URI // as the client sent it (used when publishing)
	key        string  // docKey(uri): the cleaned path for file URIs
	languageID string
	version    int32
	text       []byte
	chat       bool                   // a chat buffer under the settings it was classified with
	parsed     func() *skillfile.File // the buffer parsed on its own, once
}

func newDocument(u uri.URI, languageID string, version int32, text []byte, settings *Settings) *document {
	key := docKey(u)
	d := &document{uri: u, key: key, languageID: languageID, version: version, text: text}
	d.chat = settings.isChat(languageID, key)
	d.parsed = sync.OnceValue(func() *skillfile.File { return skillfile.Parse(key, text, skillfile.ReadFS) })
	return d
}

// withText returns the next version of d.
func (d *document) withText(version int32, text []byte, settings *Settings) *document {
	return newDocument(d.uri, d.languageID, version, text, settings)
}

// snapshot is the editor state a handler reads, taken once under the
// session lock: the open documents, the settings and folders, and each
// view's skills snapshot. Nothing reachable from it changes.
type snapshot struct {
	docs     skills.Table[*document] // open documents by key (never mutated)
	settings Settings
	folders  []string
	views    []viewSnapshot // in folder order; nil before initialized
	set      *viewSet       // the views' set; nil before initialized
	loaded   bool           // the set's initial discovery is done
}

// viewSnapshot is one view's folder and skills snapshot, with the rule
// options of its settings and config file.
type viewSnapshot struct {
	folder string
	skills *skills.Snapshot
	opts   diagnostics.Options
	config viewConfig
}

// started reports that initialized arrived (the views exist).
func (st *snapshot) started() bool { return len(st.views) > 0 }

// doc returns the open document with this key, or nil.
func (st *snapshot) doc(key string) *document { return st.docs.At(key) }

// openDocs returns the open documents sorted by key.
func (st *snapshot) openDocs() []*document { return sortedDocs(st.docs) }

func sortedDocs(docs skills.Table[*document]) []*document {
	out := make([]*document, 0, docs.Len())
	for _, d := range docs.All() {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b *document) int { return strings.Compare(a.key, b.key) })
	return out
}

// uriFor returns the URI of a path (or document key): the client's own URI
// when the document is open, else the file URI.
func (st *snapshot) uriFor(path string) uri.URI {
	if d := st.docs.At(path); d != nil {
		return d.uri
	}
	return pathURI(path)
}

// viewFor returns the skills snapshot of the view whose folder holds path
// (the deepest), else of the first view; an empty snapshot before
// initialized.
func (st *snapshot) viewFor(path string) *skills.Snapshot {
	if len(st.views) == 0 {
		return emptySnapshot()
	}
	best := 0
	bestLen := -1
	for i, v := range st.views {
		if v.folder != "" && discovery.Within(path, v.folder) && len(v.folder) > bestLen {
			best, bestLen = i, len(v.folder)
		}
	}
	return st.views[best].skills
}

// viewIndex returns the index of the view that owns path: the first that
// knows the file, else the one whose folder holds it (the deepest), else
// the first; -1 before initialized.
func (st *snapshot) viewIndex(path string) int {
	for i, v := range st.views {
		if v.skills.File(path) != nil {
			return i
		}
	}
	snap := st.viewFor(path)
	return slices.IndexFunc(st.views, func(v viewSnapshot) bool { return v.skills == snap })
}

// ownerOf returns the skills snapshot of the first view that knows the
// file at path, else viewFor(path).
func (st *snapshot) ownerOf(path string) *skills.Snapshot {
	if i := st.viewIndex(path); i >= 0 {
		return st.views[i].skills
	}
	return emptySnapshot()
}

// bufferFile returns the parsed skill file of an open document: the view's
// file when the view holds this very buffer, else the buffer parsed on its
// own. They differ before the initial discovery ends (the views replay the
// buffers then) and for Markdown no view holds (a README, notes).
func (st *snapshot) bufferFile(d *document, snap *skills.Snapshot) *skillfile.File {
	if f := snap.File(d.key); f != nil && snap.SameBytes(f, d.text) {
		return f
	}
	return d.parsed()
}

// optionsFor are the rule options of the view that holds path (its
// settings laid over its project's config file).
func (st *snapshot) optionsFor(path string) diagnostics.Options {
	if i := st.viewIndex(path); i >= 0 {
		return st.views[i].opts
	}
	return st.settings.diagOptions(nil)
}

// lineIndexOf returns the line index of a file the snapshot knows without
// it being a skill file (a config file), else an empty one.
func (st *snapshot) lineIndexOf(path string) *spans.LineIndex {
	for _, v := range st.views {
		if v.config.path == path {
			return spans.NewLineIndex(v.config.src)
		}
	}
	return spans.NewLineIndex(nil)
}

// emptySnapshot is the snapshot of a workspace with no roots.
func emptySnapshot() *skills.Snapshot {
	return skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot()
}

// relPath returns path relative to the deepest workspace folder holding it,
// else path itself: paths in messages and hovers read as in the CLI.
func (st *snapshot) relPath(path string) string {
	best := ""
	for _, f := range st.folders {
		if f != "" && discovery.Within(path, f) && len(f) > len(best) {
			best = f
		}
	}
	if best == "" || best == path {
		return path
	}
	return strings.TrimPrefix(path[len(best):], string(filepath.Separator))
}

// relMsg shortens the absolute paths inside the workspace folders that a
// message names, deepest folder first.
func (st *snapshot) relMsg(msg string) string {
	folders := slices.Clone(st.folders)
	slices.SortFunc(folders, func(a, b string) int { return len(b) - len(a) })
	for _, f := range folders {
		if f != "" && filepath.Dir(f) != f {
			msg = strings.ReplaceAll(msg, f+string(filepath.Separator), "")
		}
	}
	return msg
}

// isSkillPath reports whether the document at path (opened, or to be
// opened, with languageID) is a skill file of these views.
func (st *snapshot) isSkillPath(path, languageID string) bool {
	var dirs []string
	for _, v := range st.views {
		for _, r := range v.skills.Roots {
			dirs = append(dirs, r.Root.Dir)
		}
	}
	return isSkillPath(path, languageID, dirs)
}

// readsAsFS reports whether DSH reads the skill file at path as text the
// way it reads most roots (skills.ReadFS): true unless path lies in a root
// read another way (the bundled root).
func (st *snapshot) readsAsFS(path string) bool {
	for _, v := range st.views {
		for _, r := range v.skills.Roots {
			if r.Root.Mode != skillfile.ReadFS && discovery.Within(path, r.Root.Dir) {
				return false
			}
		}
	}
	return true
}
