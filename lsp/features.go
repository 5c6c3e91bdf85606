package lsp

// features.go: the shared front half of every position request (document
// → snapshot → file → offset).

import (
	"fmt"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// target is what a request is about: one document at one offset, read from
// one snapshot of the session.
type target struct {
	st   *session.Snapshot // the state the handler reads
	snap *skills.Snapshot  // the view snapshot that holds the document
	doc  *session.Document // the open buffer, or nil
	uri  uri.URI
	path string
	text []byte
	idx  *spans.LineIndex
	off  int
	file *skillfile.File // the parsed skill file; nil for chat buffers
}

func (t *target) chat() bool { return t.doc != nil && t.doc.Chat }

func (t *target) rng(sp spans.Span) protocol.Range { return session.SpanRange(t.idx, sp) }

// target resolves u (and pos, if non-nil) in a snapshot of the session
// taken now.
func (s *server) target(u uri.URI, pos *protocol.Position) (*target, error) {
	return targetIn(s.sess.Snapshot(), u, pos)
}

// targetIn resolves u (and pos, if non-nil) in st. Unknown documents (not
// open and not a skill file in the roots) are an InvalidParams error.
func targetIn(st *session.Snapshot, u uri.URI, pos *protocol.Position) (*target, error) {
	key := st.KeyOf(u)
	t := &target{st: st, uri: u, path: key, doc: st.Doc(key)}
	if t.chat() {
		t.snap = st.ViewFor(key)
	} else {
		t.snap = st.OwnerOf(key)
	}
	switch f := t.snap.File(key); {
	case t.doc != nil:
		t.text = t.doc.Text
		if !t.doc.Chat {
			t.file = st.BufferFile(t.doc, t.snap)
		}
	case f != nil:
		t.file = f
	default:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("unknown document: %s", u))
	}
	if t.doc == nil {
		idx, err := t.snap.Text(t.file)
		if err != nil {
			return nil, contentModified(u, err)
		}
		t.idx, t.text = idx, idx.Src()
	} else {
		t.idx = spans.NewLineIndex(t.text)
	}
	if pos != nil {
		t.off = session.PositionOffset(t.idx, *pos)
	}
	return t, nil
}

// linkFact returns the snapshot's fact about the link at the target's
// offset, when the snapshot holds the file the target reads.
func (t *target) linkFact() *skills.LinkFact {
	if t.file == nil || t.snap.File(t.path) != t.file {
		return nil
	}
	return t.snap.LinkAt(t.path, t.off)
}

// contentModified is the error of a request whose file changed on disk
// since the snapshot it reads: the client asks again.
func contentModified(u uri.URI, err error) error {
	return jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesContentModified), fmt.Sprintf("%s: %v", u, err))
}

// fieldAt returns the frontmatter field whose key or value holds off.
func fieldAt(f *skillfile.File, off int) (fld *dshyaml.Field, onKey bool) {
	if f == nil || f.Frontmatter == nil {
		return nil, false
	}
	fields := f.Frontmatter.Fields()
	for i := range fields {
		x := &fields[i]
		if x.KeySpan.Contains(off) {
			return x, true
		}
		if x.ValueSpan.Contains(off) && x.ValueSpan.Len() > 0 {
			return x, false
		}
	}
	return nil, false
}

// inFrontmatter reports whether off is inside the YAML text.
func inFrontmatter(f *skillfile.File, off int) bool {
	return f != nil && f.Frontmatter != nil && f.Frontmatter.State == skillfile.FrontmatterOK &&
		off >= f.Frontmatter.YAMLSpan.Start && off <= f.Frontmatter.YAMLSpan.End
}

// linkAt returns the body link whose destination holds off.
func linkAt(f *skillfile.File, off int) *markdown.Link {
	if f == nil {
		return nil
	}
	for _, l := range f.Outline.Links() {
		if l.Span.Contains(off) {
			return &l
		}
	}
	return nil
}

func markdownContent(s string) *protocol.MarkupContent {
	return &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: s}
}

// fileLocation returns the location of a skill's definition: its name value
// in the skill file, else the file's start.
func fileLocation(st *session.Snapshot, snap *skills.Snapshot, path string) protocol.Location {
	loc := protocol.Location{URI: st.URIFor(path)}
	if f := snap.File(path); f != nil {
		if idx, err := snap.Text(f); err == nil && f.Frontmatter != nil {
			if fld := f.Frontmatter.Field("name"); fld != nil {
				loc.Range = session.SpanRange(idx, fld.ValueSpan)
			}
		}
	}
	return loc
}
