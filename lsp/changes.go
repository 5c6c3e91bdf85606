package lsp

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

// openDoc is didOpen: the buffer is recorded and, for a skill file, laid
// over the disk in every view.
type openDoc struct {
	uri        uri.URI
	languageID string
	version    int32
	text       []byte
}

func (m openDoc) apply(s *session, fx *effects) error {
	d := newDocument(m.uri, m.languageID, m.version, m.text, &s.settings)
	s.setDocLocked(d)
	s.syncDocLocked(d, skills.ChangeOpen, fx)
	return nil
}

// editDoc is didChange: the whole new text, or ranged edits (full sync is
// advertised; ranged edits are tolerated anyway).
type editDoc struct {
	uri     uri.URI
	version int32
	changes []protocol.TextDocumentContentChangeEvent
}

func (m editDoc) apply(s *session, fx *effects) error {
	d := s.docs.At(docKey(m.uri))
	if d == nil {
		return fmt.Errorf("didChange for a document that is not open: %s", m.uri)
	}
	// A version below the document's is a stale change: ignored. An equal
	// one is applied: Neovim 0.7 can send a change at the version of the
	// didOpen it sent when it attached the buffer again.
	if m.version < d.version && d.version != 0 {
		return fmt.Errorf("didChange %s: version %d is below the document's %d: ignored", m.uri, m.version, d.version)
	}
	text := d.text
	for _, c := range m.changes {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			text = applyPartial(text, c)
		}
	}
	nd := d.withText(m.version, text, &s.settings)
	s.setDocLocked(nd)
	s.syncDocLocked(nd, skills.ChangeEdit, fx)
	return nil
}

// applyPartial applies one ranged change (UTF-16 positions) to text.
func applyPartial(text []byte, c *protocol.TextDocumentContentChangePartial) []byte {
	sp := rangeSpan(spans.NewLineIndex(text), c.Range)
	out := make([]byte, 0, len(text)-sp.Len()+len(c.Text))
	out = append(out, text[:sp.Start]...)
	out = append(out, c.Text...)
	return append(out, text[sp.End:]...)
}

// saveDoc is didSave: the watcher sees the disk, so only a chat buffer is
// diagnosed again.
type saveDoc struct{ uri uri.URI }

func (m saveDoc) apply(s *session, fx *effects) error {
	if d := s.docs.At(docKey(m.uri)); d != nil && d.chat && s.views != nil {
		fx.dirty = append(fx.dirty, d.key)
	}
	return nil
}

// closeDoc is didClose: the buffer goes and the disk counts again.
type closeDoc struct{ uri uri.URI }

func (m closeDoc) apply(s *session, fx *effects) error {
	key := docKey(m.uri)
	d := s.docs.At(key)
	if d == nil {
		return nil
	}
	s.docs = s.docs.With(nil, []string{key})
	s.syncDocLocked(d, skills.ChangeClose, fx)
	return nil
}

// setDocLocked records d. The documents are a persistent table, so
// that a didOpen or didClose costs the same however many are open (an
// editor's session restore opens thousands).
func (s *session) setDocLocked(d *document) {
	s.docs = s.docs.With(map[string]*document{d.key: d}, nil)
}

// syncDocLocked carries a document change to the views: a chat buffer is
// diagnosed (or cleared when closed); a skill file becomes an overlay
// change of every view once the initial discovery is done (before, the
// discovery replays the open buffers when it ends).
func (s *session) syncDocLocked(d *document, kind skills.ChangeKind, fx *effects) {
	set := s.views
	if set == nil {
		return
	}
	if d.chat {
		if kind == skills.ChangeClose {
			fx.clear = append(fx.clear, d.uri)
		} else {
			fx.dirty = append(fx.dirty, d.key)
		}
		return
	}
	if isEvalPath(d.key) {
		// Checked by the pass with its bundle; the fast path publishes
		// the open buffer's own findings.
		fx.dirty = append(fx.dirty, d.key)
		fx.full = true
		return
	}
	if !set.isLoaded.Load() {
		// The discovery replays the buffer when it ends; until then the
		// scheduler may publish the file's own diagnostics (publishEarly).
		fx.dirty = append(fx.dirty, d.key)
		return
	}
	if !s.isSkillDocLocked(d) {
		return
	}
	c := skills.Change{Kind: kind, Path: d.key, Version: d.version, Text: d.text}
	if kind == skills.ChangeClose {
		c.Text = nil
	}
	for _, v := range set.views {
		v.ws.Apply(set.ctx, c)
	}
	fx.dirty = append(fx.dirty, d.key)
	fx.full = true
}

// diskChanged is a batch of disk changes from one view's watcher (its
// project folder's own change settled: configChanged), or from
// workspace/didChangeWatchedFiles (view nil: every view). The views read
// the disk once the session lock is released.
type diskChanged struct {
	view          *view
	changes       []skills.Change
	configChanged bool
}

func (m diskChanged) apply(s *session, fx *effects) error {
	set := s.views
	if set == nil || (m.view != nil && !slices.Contains(set.views, m.view)) {
		return nil // none yet, or the watcher of a replaced set
	}
	if m.configChanged || slices.ContainsFunc(m.changes, func(c skills.Change) bool { return isConfigPath(c.Path) }) {
		// A .skill-ls.yaml changed: read it again with everything it
		// decides (roots, grades), as a settings change does.
		s.rebuildLocked(fx)
		return nil
	}
	views := set.views
	if m.view != nil {
		views = []*view{m.view}
		if len(m.changes) == 0 {
			return nil
		}
	}
	if !set.isLoaded.Load() {
		for _, v := range views {
			set.pending[v] = append(set.pending[v], m.changes...)
		}
		return nil
	}
	for _, v := range views {
		fx.disk = append(fx.disk, diskWork{set: set, view: v, changes: m.changes})
	}
	return nil
}

// viewsLoaded ends the initial discovery of set: its views take the open
// skill buffers and the disk changes seen meanwhile, and every open
// document and the whole workspace are due for diagnostics.
type viewsLoaded struct{ set *viewSet }

func (m viewsLoaded) apply(s *session, fx *effects) error {
	set := m.set
	// Stored once the views hold the buffers: a reader that sees them
	// loaded (snapshotOf) must see the buffers too, or the loop would
	// publish the disk's file over an open one.
	defer set.isLoaded.Store(true)
	if set != s.views {
		return nil // replaced while it loaded
	}
	var changes []skills.Change
	for _, d := range sortedDocs(s.docs) {
		if d.chat {
			fx.dirty = append(fx.dirty, d.key)
			continue
		}
		if s.isSkillDocLocked(d) {
			changes = append(changes, skills.Change{Kind: skills.ChangeEdit, Path: d.key, Version: d.version, Text: d.text})
			fx.dirty = append(fx.dirty, d.key)
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

// configure sets the settings (when non-nil) and the folders (when
// non-nil): initialize and didChangeConfiguration. Before initialized
// they apply at once; after, they apply with the views built from them
// (rebuildLocked), and open documents are classified again (chat or not).
type configure struct {
	settings *Settings
	folders  []string
}

func (m configure) apply(s *session, fx *effects) error {
	if s.started && m.same(s.want) {
		// Editors send their settings again right after initialized
		// (Neovim does): the same settings and folders would only start
		// the discovery over.
		return nil
	}
	if m.settings != nil {
		s.want.settings, s.want.newSettings = *m.settings, true
	}
	if m.folders != nil {
		s.want.folders = m.folders
	}
	if !s.started {
		s.installInputsLocked(s.want)
		return nil
	}
	s.rebuildLocked(fx)
	return nil
}

// same reports whether m asks for the settings and folders already wanted.
func (m configure) same(want viewInputs) bool {
	return (m.settings == nil || reflect.DeepEqual(*m.settings, want.settings)) &&
		(m.folders == nil || slices.Equal(m.folders, want.folders))
}

// foldersChanged is didChangeWorkspaceFolders: each folder is a cwd for
// discovery.
type foldersChanged struct{ added, removed []string }

func (m foldersChanged) apply(s *session, fx *effects) error {
	folders := slices.Clone(s.want.folders)
	for _, p := range m.removed {
		folders = slices.DeleteFunc(folders, func(x string) bool { return x == p })
	}
	for _, p := range m.added {
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

// startViews is initialized: the views are built and discovery starts.
type startViews struct{}

func (startViews) apply(s *session, fx *effects) error {
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
