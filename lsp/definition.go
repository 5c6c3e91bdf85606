package lsp

import (
	"context"
	"os"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

// Definition jumps from a `/name` token in a chat buffer to the skill file,
// and from a relative link in a skill file to its target.
func (s *server) Definition(ctx context.Context, p *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	if t.chat() {
		tok, ok := render.TokenAt(string(t.text), t.off)
		if !ok {
			return nil, nil
		}
		sk := t.snap.Registry.Lookup(tok.Name)
		if sk == nil || sk.Path == "" {
			return nil, nil
		}
		return protocol.LocationSlice{fileLocation(t.st, t.snap, sk.Path)}, nil
	}
	if l := linkAt(t.file, t.off); l != nil {
		target, ok := skills.LinkTarget(filepath.Dir(t.file.Path), l.Dest)
		if !ok {
			return nil, nil
		}
		if _, err := os.Stat(target); err != nil {
			return nil, nil
		}
		return protocol.LocationSlice{{URI: pathURI(target)}}, nil
	}
	// On a shadowed skill's name: jump to the winner.
	if fld, onKey := fieldAt(t.file, t.off); fld != nil && fld.Key == "name" && !onKey {
		if sk := t.snap.SkillAt(t.path); sk != nil {
			if w := t.snap.Registry.ShadowOf(sk); w != nil && w.Path != "" {
				return protocol.LocationSlice{fileLocation(t.st, t.snap, w.Path)}, nil
			}
		}
	}
	return nil, nil
}
