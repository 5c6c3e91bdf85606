package session

// changes.go: the modifications session.modify applies, one type per kind
// of change. Each apply runs under the session lock.

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// OpenDoc is didOpen: the buffer is recorded and, for a skill file, laid
// over the disk in every view. A buffer that may be the real path of a
// file the hosts find through a link waits for the walk that tells
// (linkeddocs.go) before it enters the views.
type OpenDoc struct {
	URI        uri.URI
	LanguageID string
	Version    int32
	Text       []byte
	// skillMDBeside is read by prepare, before the session lock.
	skillMDBeside bool
}

func (m OpenDoc) apply(s *Session, fx *effects) error {
	key := DocKey(m.URI)
	d := newDocument(m.URI, key, m.LanguageID, m.Version, m.Text, &s.settings)
	d.skillMDBeside = m.skillMDBeside
	if s.views != nil && !d.Chat && s.docs.At(key) == nil {
		if views := snapshotFrom(&shared{}, s.views).views; mayBeLinked(views, key, m.Text) {
			s.walks++
			d.linking, d.walk = true, s.walks
			fx.links = append(fx.links, linkWalk{uri: m.URI, path: key, views: views, walk: d.walk})
		}
	}
	s.setDocLocked(d)
	s.syncDocLocked(d, skills.ChangeOpen, fx)
	return nil
}

// EditDoc is didChange: the whole new text, or ranged edits (full sync is
// advertised; ranged edits are tolerated anyway).
type EditDoc struct {
	URI     uri.URI
	Version int32
	Changes []protocol.TextDocumentContentChangeEvent
}

func (m EditDoc) apply(s *Session, fx *effects) error {
	d := s.docs.At(DocKey(m.URI))
	if d == nil {
		return fmt.Errorf("didChange for a document that is not open: %s", m.URI)
	}
	// A version below the document's is a stale change: ignored. An equal
	// one is applied: Neovim 0.7 can send a change at the version of the
	// didOpen it sent when it attached the buffer again.
	if m.Version < d.Version && d.Version != 0 {
		return fmt.Errorf("didChange %s: version %d is below the document's %d: ignored", m.URI, m.Version, d.Version)
	}
	text := d.Text
	for _, c := range m.Changes {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			text = applyPartial(text, c)
		}
	}
	nd := d.withText(m.Version, text, &s.settings)
	s.setDocLocked(nd)
	s.syncDocLocked(nd, skills.ChangeEdit, fx)
	return nil
}

// applyPartial applies one ranged change (UTF-16 positions) to text.
func applyPartial(text []byte, c *protocol.TextDocumentContentChangePartial) []byte {
	sp := RangeSpan(spans.NewLineIndex(text), c.Range)
	out := make([]byte, 0, len(text)-sp.Len()+len(c.Text))
	out = append(out, text[:sp.Start]...)
	out = append(out, c.Text...)
	return append(out, text[sp.End:]...)
}

// SaveDoc is didSave: the watcher sees the disk, so only a chat buffer is
// diagnosed again.
type SaveDoc struct{ URI uri.URI }

func (m SaveDoc) apply(s *Session, fx *effects) error {
	if d := s.docs.At(DocKey(m.URI)); d != nil && d.Chat && s.views != nil {
		fx.dirty = append(fx.dirty, d.Key)
	}
	return nil
}

// CloseDoc is didClose: the buffer goes and the disk counts again.
type CloseDoc struct{ URI uri.URI }

func (m CloseDoc) apply(s *Session, fx *effects) error {
	key := DocKey(m.URI)
	d := s.docs.At(key)
	if d == nil {
		return nil
	}
	var gone []string
	for _, k := range append([]string{key, d.Key}, d.links...) {
		if s.docs.At(k) == d { // not a buffer opened since by that path
			gone = append(gone, k)
		}
	}
	s.docs = s.docs.With(nil, gone)
	s.syncDocLocked(d, skills.ChangeClose, fx)
	fx.dirty = append(fx.dirty, d.links...) // published again
	return nil
}

// setDocLocked records d. The documents are a persistent table, so
// that a didOpen or didClose costs the same however many are open (an
// editor's session restore opens thousands).
// A buffer answered as a linked path (linkDoc) is found by the key of
// its own URI too, and by its file's other linked paths (linkedAway).
func (s *Session) setDocLocked(d *Document) {
	set := map[string]*Document{d.Key: d}
	if own := DocKey(d.uri); own != d.Key {
		set[own] = d
	}
	for _, l := range d.links {
		set[l] = d // linkedAway
	}
	s.docs = s.docs.With(set, nil)
}

// syncDocLocked carries a document change to the views: a chat buffer is
// diagnosed (or cleared when closed); a skill file becomes an overlay
// change of every view once the initial discovery is done (before, the
// discovery replays the open buffers when it ends).
func (s *Session) syncDocLocked(d *Document, kind skills.ChangeKind, fx *effects) {
	set := s.views
	if set == nil || d.linking {
		return // a linking buffer enters the views with linkDoc
	}
	if d.Chat {
		if kind == skills.ChangeClose {
			fx.clear = append(fx.clear, d.uri)
		} else {
			fx.dirty = append(fx.dirty, d.Key)
		}
		return
	}
	if IsEvalPath(d.Key) {
		// Checked by the pass with its bundle; the fast path publishes
		// the open buffer's own findings.
		fx.dirty = append(fx.dirty, d.Key)
		fx.full = true
		return
	}
	if !set.isLoaded() {
		// The discovery replays the buffer when it ends; until then the
		// scheduler may publish the file's own diagnostics (publishEarly).
		fx.dirty = append(fx.dirty, d.Key)
		return
	}
	if !s.isSkillDocLocked(d) {
		return
	}
	c := skills.Change{Kind: kind, Path: d.Key, Version: d.Version, Text: d.Text}
	if kind == skills.ChangeClose {
		c.Text = nil
	}
	for _, v := range set.views {
		v.ws.Apply(set.ctx, c)
	}
	fx.dirty = append(fx.dirty, d.Key)
	fx.full = true
}

// DiskChanged is a batch of disk changes from one view's watcher (its
// project folder's own change settled: configChanged), or from
// workspace/didChangeWatchedFiles (view nil: every view). The views read
// the disk once the session lock is released.
type DiskChanged struct {
	view          *view
	Changes       []skills.Change
	configChanged bool
}

func (m DiskChanged) apply(s *Session, fx *effects) error {
	set := s.views
	if set == nil || (m.view != nil && !slices.Contains(set.views, m.view)) {
		return nil // none yet, or the watcher of a replaced set
	}
	if m.configChanged || slices.ContainsFunc(m.Changes, func(c skills.Change) bool { return isConfigPath(c.Path) }) {
		// A .skill-ls.yaml changed: read it again with everything it
		// decides (roots, grades), as a settings change does.
		s.rebuildLocked(fx)
		return nil
	}
	views := set.views
	if m.view != nil {
		views = []*view{m.view}
		if len(m.Changes) == 0 {
			return nil
		}
	}
	if !set.isLoaded() {
		for _, v := range views {
			set.pending[v] = append(set.pending[v], m.Changes...)
		}
		return nil
	}
	for _, v := range views {
		fx.disk = append(fx.disk, diskWork{set: set, view: v, changes: m.Changes})
	}
	return nil
}

// viewsLoaded ends the initial discovery of set: its views take the open
// skill buffers and the disk changes seen meanwhile, and every open
// document and the whole workspace are due for diagnostics.
type viewsLoaded struct{ set *viewSet }

func (m viewsLoaded) apply(s *Session, fx *effects) error {
	set := m.set
	// Closed once the views hold the buffers: a reader that sees them
	// loaded (snapshotOf) must see the buffers too, or the loop would
	// publish the disk's file over an open one.
	defer close(set.loaded)
	if set != s.views {
		return nil // replaced while it loaded
	}
	var changes []skills.Change
	for _, d := range sortedDocs(s.docs) {
		if d.Chat {
			fx.dirty = append(fx.dirty, d.Key)
			continue
		}
		if s.isSkillDocLocked(d) {
			changes = append(changes, skills.Change{Kind: skills.ChangeEdit, Path: d.Key, Version: d.Version, Text: d.Text})
			fx.dirty = append(fx.dirty, d.Key)
		}
	}
	for _, v := range set.views {
		if len(changes) > 0 {
			v.ws.Apply(set.ctx, changes...) // buffers: parsed from their text
		}
		if cs := set.pending[v]; len(cs) > 0 {
			fx.disk = append(fx.disk, diskWork{set: set, view: v, changes: cs})
		}
	}
	set.pending = nil
	fx.full = true
	return nil
}

// Configure sets the settings (when non-nil) and the folders (when
// non-nil): initialize and didChangeConfiguration. Before initialized
// they apply at once; after, they apply with the views built from them
// (rebuildLocked), and open documents are classified again (chat or not).
type Configure struct {
	Settings *Settings
	Folders  []string
}

func (m Configure) apply(s *Session, fx *effects) error {
	if s.started && m.same(s.want) {
		// Editors send their settings again right after initialized
		// (Neovim does): the same settings and folders would only start
		// the discovery over.
		return nil
	}
	if m.Settings != nil {
		s.want.settings, s.want.newSettings = *m.Settings, true
	}
	if m.Folders != nil {
		s.want.folders = m.Folders
	}
	if !s.started {
		s.installInputsLocked(s.want)
		return nil
	}
	s.rebuildLocked(fx)
	return nil
}

// same reports whether m asks for the settings and folders already wanted.
func (m Configure) same(want viewInputs) bool {
	return (m.Settings == nil || reflect.DeepEqual(*m.Settings, want.settings)) &&
		(m.Folders == nil || slices.Equal(m.Folders, want.folders))
}

// FoldersChanged is didChangeWorkspaceFolders: each folder is a cwd for
// discovery.
type FoldersChanged struct{ Added, Removed []string }

func (m FoldersChanged) apply(s *Session, fx *effects) error {
	folders := slices.Clone(s.want.folders)
	for _, p := range m.Removed {
		folders = slices.DeleteFunc(folders, func(x string) bool { return x == p })
	}
	for _, p := range m.Added {
		if !slices.Contains(folders, p) {
			folders = append(folders, p)
		}
	}
	s.want.folders = folders
	if !s.started {
		s.installInputsLocked(s.want)
		return nil
	}
	s.rebuildLocked(fx)
	return nil
}

// StartViews is initialized: the views are built and discovery starts.
type StartViews struct{}

func (StartViews) apply(s *Session, fx *effects) error {
	s.started = true
	s.rebuildLocked(fx)
	return nil
}

// settleFolderChange drops the change of the view's project folder itself
// from a batch of its watcher. The watcher sends one when it starts
// watching the folder (to see the config file), to catch up with what
// happened there before; applied, it would list every root inside the
// folder again, at startup, while the user types. It is kept when a root
// inside the folder appeared or went meanwhile (or the folder itself did);
// configChanged reports that the config file is not the one the view read.
func (v *view) settleFolderChange(changes []skills.Change) (out []skills.Change, configChanged bool) {
	dir := v.config.dir
	i := slices.IndexFunc(changes, func(c skills.Change) bool { return dir != "" && filepath.Clean(c.Path) == dir })
	if i < 0 {
		return changes, false
	}
	if path := config.Find(dir); path != v.config.path {
		return changes, true
	} else if path != "" {
		var src []byte // as loadViewConfig reads it
		if parsed, _ := config.Read(path); parsed != nil {
			src = parsed.Src
		}
		if !bytes.Equal(src, v.config.src) {
			return changes, true
		}
	}
	for _, rs := range v.ws.Snapshot().Roots {
		if discovery.Within(dir, rs.Root.Dir) {
			return changes, false // the folder is in a root: an entry may have changed
		}
		if discovery.Within(rs.Root.Dir, dir) && rs.Stale() {
			return changes, false // a root inside the folder appeared or went
		}
	}
	return slices.Delete(slices.Clone(changes), i, i+1), false
}
