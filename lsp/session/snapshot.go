package session

// snapshot.go: the open documents and the immutable snapshot of the editor
// state that every handler reads.

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Document is an open editor buffer: a skill file, a chat buffer or any
// other Markdown. A change replaces it; nothing in it is mutated.
type Document struct {
	uri        uri.URI // as the client sent it (used when publishing)
	Key        string  // DocKey(uri), or the linked path a buffer opened by its real path is answered as (linkeddocs.go)
	LanguageID string
	Version    int32
	Text       []byte
	Chat       bool                    // a chat buffer under the settings it was classified with
	links      []string                // the file's other linked paths (linkDoc)
	linking    bool                    // opened by a path that a walk for links to it decides (linkDoc): out of the views until then
	walk       uint64                  // the number of that walk: another's answer is stale
	alone      func() *skills.Snapshot // the buffer in a workspace of its own, once (bufferAlone)
	// skillMDBeside: its folder held a SKILL.md when it was opened
	// (OpenDoc.prepare), for passedOver.
	skillMDBeside bool
}

// newDocument returns the document the editor opened as u, keyed by key:
// DocKey(u), or the linked path of a buffer opened by its real path
// (linkDoc).
func newDocument(u uri.URI, key, languageID string, version int32, text []byte, settings *Settings) *Document {
	d := &Document{uri: u, Key: key, LanguageID: languageID, Version: version, Text: text}
	d.Chat = settings.IsChat(languageID, key)
	d.alone = sync.OnceValue(func() *skills.Snapshot { return bufferAlone(d) })
	return d
}

// bufferAlone returns d's buffer parsed on its own (see bufferAlone), made
// once per document (a Document built as a literal, in tests, parses it
// each time).
func (d *Document) bufferAlone() *skills.Snapshot {
	if d.alone == nil {
		return bufferAlone(d)
	}
	return d.alone()
}

// bufferAlone returns the snapshot of a workspace with no roots that holds
// only d: the buffer parsed on its own, by the one parse path of an editor
// buffer (Workspace.Apply, as the views parse it), for the handlers when no
// view holds this very buffer (BufferFile) and for the diagnostics of an
// open file before the discovery ends (EarlyDiagnostics). An editor change
// reads no file, so no context can cut it short.
func bufferAlone(d *Document) *skills.Snapshot {
	return skills.NewWorkspace(nil, skills.LoadOptions{}).Apply(context.Background(),
		skills.Change{Kind: skills.ChangeOpen, Path: d.Key, Version: d.Version, Text: d.Text})
}

// withText returns the next version of d.
func (d *Document) withText(version int32, text []byte, settings *Settings) *Document {
	nd := newDocument(d.uri, d.Key, d.LanguageID, version, text, settings)
	nd.links, nd.linking, nd.walk = d.links, d.linking, d.walk
	nd.skillMDBeside = d.skillMDBeside
	return nd
}

// Snapshot is the editor state a handler reads, taken without a lock
// from what modify published: the open documents, the settings and
// folders, and each view's skills snapshot. It holds values only: nothing
// reachable from it changes, and it does not reach the view set (its
// watchers, scheduler, pending changes). Two things it holds are signals,
// not state: the set's context, done when the set is replaced, and the
// channel closed when its discovery ends (Discovered); and each view's
// memo is a cache of values made from skills snapshots (viewMemo).
type Snapshot struct {
	Docs     skills.Table[*Document] // open documents by key (never mutated)
	Settings Settings
	Folders  []string
	views    []viewSnapshot // in folder order; nil before initialized
	Loaded   bool           // the set's initial discovery was done when the snapshot was taken

	ctx        context.Context // the set's; nil before initialized
	discovered chan struct{}   // the set's loaded; nil before initialized
}

// viewSnapshot is one view's folder and skills snapshot, with the rule
// options of its settings and config file.
type viewSnapshot struct {
	folder string
	skills *skills.Snapshot
	opts   diagnostics.Options
	config viewConfig
	memo   *viewMemo
	// passRoots are the roots of the view's hosts (passedOver).
	passRoots hosts.PassOverRoots
}

// Discovered returns a channel closed when the initial discovery of the
// snapshot's views ends (nil before initialized: it never closes); a
// handler that needs the skills waits on it and takes a new snapshot.
func (st *Snapshot) Discovered() <-chan struct{} { return st.discovered }

// Started reports that initialized arrived (the views exist).
func (st *Snapshot) Started() bool { return len(st.views) > 0 }

// Doc returns the open document with this key, or nil.
func (st *Snapshot) Doc(key string) *Document { return st.Docs.At(key) }

// OpenDocs returns the open documents sorted by key.
func (st *Snapshot) OpenDocs() []*Document { return sortedDocs(st.Docs) }

func sortedDocs(docs skills.Table[*Document]) []*Document {
	out := make([]*Document, 0, docs.Len())
	for k, d := range docs.All() {
		if k == d.Key { // not the entry of a linked buffer's real path
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b *Document) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// URIFor returns the URI of a path (or document key): the client's own URI
// when the document is open, else the file URI.
func (st *Snapshot) URIFor(path string) uri.URI {
	if d := st.Docs.At(path); d != nil && !st.linkedAway(path) {
		return d.uri
	}
	return PathURI(path)
}

// ViewFor returns the skills snapshot of the view whose folder holds path
// (the deepest), else of the first view; an empty snapshot before
// initialized.
func (st *Snapshot) ViewFor(path string) *skills.Snapshot {
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
func (st *Snapshot) viewIndex(path string) int {
	for i, v := range st.views {
		if v.skills.File(path) != nil {
			return i
		}
	}
	snap := st.ViewFor(path)
	return slices.IndexFunc(st.views, func(v viewSnapshot) bool { return v.skills == snap })
}

// OwnerOf returns the skills snapshot of the first view that knows the
// file at path, else viewFor(path).
func (st *Snapshot) OwnerOf(path string) *skills.Snapshot {
	if i := st.viewIndex(path); i >= 0 {
		return st.views[i].skills
	}
	return emptySnapshot()
}

// BufferFile returns the parsed skill file of an open document: the view's
// file when the view holds this very buffer, else the buffer parsed on its
// own. They differ before the initial discovery ends (the views replay the
// buffers then) and for Markdown no view holds (a README, notes).
func (st *Snapshot) BufferFile(d *Document, snap *skills.Snapshot) *skillfile.File {
	if f := snap.File(d.Key); f != nil && snap.SameBytes(f, d.Text) {
		return f
	}
	return d.bufferAlone().File(d.Key)
}

// OptionsFor are the rule options of the view that holds path (its
// settings laid over its project's config file).
func (st *Snapshot) OptionsFor(path string) diagnostics.Options {
	if i := st.viewIndex(path); i >= 0 {
		o := st.views[i].opts
		o.Buffer = st.isBuffer
		return o
	}
	return st.Settings.diagOptions(nil)
}

// isBuffer reports whether path is the key of an open skill file's
// buffer (diagnostics.Options.Buffer): not a chat, not another path of a
// buffer answered as its linked path.
func (st *Snapshot) isBuffer(path string) bool {
	d := st.Docs.At(path)
	return d != nil && d.Key == path && !d.Chat
}

// lineIndexOf returns the line index of a file the snapshot knows without
// it being a skill file (a config file), else an empty one.
func (st *Snapshot) lineIndexOf(path string) *spans.LineIndex {
	for _, v := range st.views {
		if v.config.path == path {
			return spans.NewLineIndex(v.config.src)
		}
	}
	return pluginLineIndex(st, path)
}

// emptySnapshot is the snapshot of a workspace with no roots.
func emptySnapshot() *skills.Snapshot {
	return skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot()
}

// ProjectDir returns the project folder of the view that owns path (where
// its .skill-ls.yaml is or would be), "" when there is none.
func (st *Snapshot) ProjectDir(path string) string {
	if i := st.viewIndex(path); i >= 0 {
		return st.views[i].config.dir
	}
	return ""
}

// RelPath returns path relative to the deepest workspace folder holding it,
// else path itself: paths in messages and hovers read as in the CLI.
func (st *Snapshot) RelPath(path string) string {
	best := ""
	for _, f := range st.Folders {
		if f != "" && discovery.Within(path, f) && len(f) > len(best) {
			best = f
		}
	}
	if best == "" || best == path {
		return path
	}
	return strings.TrimPrefix(path[len(best):], string(filepath.Separator))
}

// RelMsg shortens the absolute paths inside the workspace folders that a
// message names, deepest folder first.
func (st *Snapshot) RelMsg(msg string) string {
	folders := slices.Clone(st.Folders)
	slices.SortFunc(folders, func(a, b string) int { return len(b) - len(a) })
	for _, f := range folders {
		if f != "" && filepath.Dir(f) != f {
			msg = strings.ReplaceAll(msg, f+string(filepath.Separator), "")
		}
	}
	return msg
}

// IsSkillPath reports whether the document at path (opened, or to be
// opened, with languageID) is a skill file of these views.
func (st *Snapshot) IsSkillPath(path, languageID string) bool {
	var dirs []string
	for _, v := range st.views {
		for _, r := range v.skills.Roots {
			dirs = append(dirs, r.Root.Dir)
		}
	}
	if isSkillPath(path, languageID, dirs) {
		return true
	}
	facts, read := hosts.PassOverFacts{}, false
	if d := st.Doc(path); d != nil {
		facts, read = d.passFacts(), true
	}
	return slices.ContainsFunc(st.views, func(v viewSnapshot) bool {
		if !read && len(v.passRoots) > 0 && filepath.IsAbs(path) {
			facts, read = hosts.ReadPassOverFacts(path), true // a file not open: its disk, on the handler's goroutine
		}
		return passedOver(path, facts, v.passRoots)
	})
}

// readsAsFS reports whether DSH reads the skill file at path as text the
// way it reads most roots (skills.ReadFS): true unless path lies in a root
// read another way (the bundled root).
func (st *Snapshot) readsAsFS(path string) bool {
	for _, v := range st.views {
		for _, r := range v.skills.Roots {
			if r.Root.Mode != skillfile.ReadFS && discovery.Within(path, r.Root.Dir) {
				return false
			}
		}
	}
	return true
}
