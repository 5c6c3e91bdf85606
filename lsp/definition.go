package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// Definition jumps from a `/name` token in a chat buffer to the skill file
// (or the file DSH drops that would define it: at its name: line when
// readable, else at its start; else the file of another of the chat's
// hosts that loads the name), and from a relative link in a skill file
// to its target.
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
		if sk := t.snap.Registry.Lookup(tok.Name); sk != nil && sk.Path != "" {
			return protocol.LocationSlice{fileLocation(t.st, t.snap, sk.Path)}, nil
		}
		// A name only files DSH drops would define: the first of them, the
		// file to mend (the hover and the diagnostic on the token say why).
		if dropped := diagnostics.DroppedNamed(t.snap.Registry, tok.Name); len(dropped) > 0 {
			return protocol.LocationSlice{fileLocation(t.st, t.snap, dropped[0].Path)}, nil
		}
		// A skill another of the chat's hosts loads (Claude Code's).
		if cs := s.chatSkillsFor(ctx, t).Lookup(tok.Name); cs != nil {
			return protocol.LocationSlice{fileLocation(t.st, t.snap, cs.Path)}, nil
		}
		return nil, nil
	}
	if l := t.linkFact(); l != nil {
		if !l.Exists {
			return nil, nil
		}
		if l.Skill == l.Target() && !l.Inside {
			return protocol.LocationSlice{fileLocation(t.st, t.snap, l.Target())}, nil // another skill: its name
		}
		return protocol.LocationSlice{{URI: session.PathURI(l.Target())}}, nil
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
