package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

// commandArgs is the union of the commands' argument objects.
type commandArgs struct {
	URI            uri.URI `json:"uri"`
	Replacement    bool    `json:"replacement"`
	V1             bool    `json:"v1"`
	MaxDescription int     `json:"maxDescription"`
	Name           *string `json:"name"`
	Text           *string `json:"text"`
	// Position (with URI) is a place in an open document: previewSkill
	// previews the /name token there, previewInvocation the line there.
	Position *protocol.Position `json:"position"`
	// LanguageID (documentInfo) is the language id the client would open
	// a document that is not open with.
	LanguageID string `json:"languageId"`
}

// ExecuteCommand runs the preview commands of docs/server.md.
func (s *server) ExecuteCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	var args commandArgs
	if len(p.Arguments) > 0 && len(p.Arguments[0]) > 0 && string(p.Arguments[0]) != "null" {
		if err := json.Unmarshal(p.Arguments[0], &args); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s: bad argument: %v", p.Command, err))
		}
	}
	e := s.engine()
	if e == nil {
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
	}
	// Previews must see the whole workspace: wait for the initial discovery.
	select {
	case <-e.loaded:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-e.ctx.Done(): // discovery was cancelled: shutdown or new settings
		return nil, fmt.Errorf("skill discovery was cancelled (shutdown or new settings): %w", protocol.ErrContentModified)
	}
	if p.Command == cmdDocumentInfo {
		return s.runDocumentInfo(e, args)
	}
	var path string
	if args.URI != "" {
		path = docKey(args.URI)
	}
	snap := e.snapshots()[0]
	if path != "" {
		snap = e.viewFor(path).ws.Snapshot()
	}
	lookup := render.LookupFunc(snap.Registry.Lookup)
	switch p.Command {
	case cmdPreviewCatalog:
		if snap.Registry.Incomplete != "" {
			return nil, jsonrpc2.NewError(jsonrpc2.InternalError, "DSH publishes no catalog: "+snap.Registry.Incomplete)
		}
		maxLen := e.settings.CatalogDescriptionMaxLength
		if args.MaxDescription != 0 {
			if err := render.ValidateMaxLength(args.MaxDescription); err != nil {
				return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
			}
			maxLen = args.MaxDescription
		}
		entries := render.Entries(snap.Registry.Winners, maxLen)
		text, _ := render.CatalogStep(entries, nil, args.Replacement, render.CatalogOptions{V1: args.V1 || e.settings.CatalogVersion == "v1"})
		return mustAny(text), nil
	case cmdPreviewSkill:
		toolArgs := map[string]any{}
		if args.Name == nil && args.Position != nil && path != "" {
			name, err := s.chatNameAt(args.URI, *args.Position)
			if err != nil {
				return nil, err
			}
			if name != "" {
				args.Name = &name
			} else if d := s.docByKey(path); d != nil && d.chat {
				return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no /name token at the cursor")
			}
		}
		switch {
		case args.Name != nil:
			toolArgs["name"] = *args.Name
		case path != "":
			t, err := s.target(args.URI, nil)
			if err != nil {
				return nil, err
			}
			if t.file == nil {
				return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "not a skill file: "+string(args.URI))
			}
			if t.file.Def != nil {
				toolArgs["name"] = t.file.Def.Name
			} else if fld := t.file.Frontmatter.Field("name"); fld != nil && fld.Value.Kind == skills.KindString {
				toolArgs["name"] = fld.Value.Str
			}
		default:
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdPreviewSkill+": give a name or a uri")
		}
		return mustAny(render.SkillTool(lookup, toolArgs)), nil
	case cmdPreviewInvocation:
		var text string
		switch {
		case args.Text != nil:
			text = *args.Text
		case args.URI != "" && args.Position != nil:
			line, err := s.lineAt(args.URI, *args.Position)
			if err != nil {
				return nil, err
			}
			text = line
		case args.URI != "":
			d := s.docByKey(path)
			if d == nil {
				return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "document not open: "+string(args.URI))
			}
			text = string(d.text)
		default:
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdPreviewInvocation+": give a text or a uri")
		}
		if _, _, isTUI := render.ParseTUICommand(text); isTUI {
			out, notice := render.TUI(lookup, text)
			if out == "" {
				out = notice
			}
			return mustAny(out), nil
		}
		return mustAny(strings.Join(render.Gesture(lookup, []string{text}), "\n\n")), nil
	case cmdListSkills:
		return mustAny(render.NewReport(snap)), nil
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "unknown command: "+p.Command)
}
