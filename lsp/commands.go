package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"

	"github.com/skill-ls/skill-ls/lsp/session"
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
	// KindOnly (documentInfo) asks only for the kind, which needs no
	// discovery: the answer comes at once, without the catalog.
	KindOnly bool `json:"kindOnly"`
}

// ExecuteCommand runs the preview commands of docs/server.md. Previews
// must see the whole workspace: they wait for the initial discovery.
func (s *server) ExecuteCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	var args commandArgs
	if len(p.Arguments) > 0 && len(p.Arguments[0]) > 0 && string(p.Arguments[0]) != "null" {
		if err := json.Unmarshal(p.Arguments[0], &args); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("%s: bad argument: %v", p.Command, err))
		}
	}
	if p.Command == cmdDocumentInfo && args.KindOnly {
		return documentKindOnly(s.sess.Snapshot(), args)
	}
	st, err := s.sess.LoadedSnapshot(ctx)
	if err != nil {
		return nil, err
	}
	if p.Command == cmdDocumentInfo {
		return s.runDocumentInfo(ctx, st, args)
	}
	var path string
	if args.URI != "" {
		path = st.KeyOf(args.URI)
	}
	snap := st.ViewFor(path) // the first view's for no path
	switch p.Command {
	case cmdPreviewCatalog:
		return previewCatalog(st, snap, args)
	case cmdPreviewSkill:
		return s.previewSkill(ctx, st, snap, args, path)
	case cmdPreviewInvocation:
		return previewInvocation(st, snap, args, path)
	case cmdListSkills:
		return session.MustAny(s.listSkills(ctx, st, snap, path)), nil
	case cmdListTable:
		return runListTable(ctx, st, snap, path), nil
	case cmdSkillAt:
		return runSkillAt(st, snap, args)
	}
	return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "unknown command: "+p.Command)
}

// previewCatalog renders the catalog step of snap.
func previewCatalog(st *session.Snapshot, snap *skills.Snapshot, args commandArgs) (protocol.LSPAny, error) {
	if snap.Registry.Incomplete != "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InternalError, "DSH publishes no catalog: "+snap.Registry.Incomplete)
	}
	maxLen := st.Settings.CatalogDescriptionMaxLength
	if args.MaxDescription != 0 {
		if err := render.ValidateMaxLength(args.MaxDescription); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error())
		}
		maxLen = args.MaxDescription
	}
	entries := render.Entries(snap.Registry.Winners(), maxLen)
	text, _ := render.CatalogStep(entries, nil, args.Replacement, render.CatalogOptions{V1: args.V1 || st.Settings.CatalogVersion == "v1"})
	return previewText(text), nil
}

// previewSkill renders the skill tool's answer for a name, or for the
// skill file at the uri.
func (s *server) previewSkill(ctx context.Context, st *session.Snapshot, snap *skills.Snapshot, args commandArgs, path string) (protocol.LSPAny, error) {
	toolArgs := map[string]any{}
	if args.Name == nil && args.Position != nil && path != "" {
		name, err := chatNameAt(st, args.URI, *args.Position)
		if err != nil {
			return nil, err
		}
		if name != "" {
			args.Name = &name
		} else if d := st.Doc(path); d != nil && d.Chat {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "no /name token at the cursor")
		}
	}
	switch {
	case args.Name != nil && path != "" && snap.Registry.Lookup(*args.Name) == nil:
		// A chat's /name of a skill only another of its hosts loads
		// (Claude Code's): that host's preview of that skill's file.
		if t, err := targetIn(st, args.URI, nil); err == nil && t.chat() {
			if cs := s.chatSkillsFor(ctx, t).Lookup(*args.Name); cs != nil {
				return s.hostPreview(ctx, st, cs.Path)
			}
		}
		toolArgs["name"] = *args.Name
	case args.Name != nil:
		toolArgs["name"] = *args.Name
	case path != "" && !snap.InRoots(path):
		// DSH never reads the file: a DSH skill of the same name is
		// another file, never this one's preview.
		return s.hostPreview(ctx, st, path)
	case path != "":
		t, err := targetIn(st, args.URI, nil)
		if err != nil {
			return nil, err
		}
		if t.file == nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "not a skill file: "+string(args.URI))
		}
		if name, ok := fileSkillName(t.file); ok {
			toolArgs["name"] = name
		}
	default:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdPreviewSkill+": give a name or a uri")
	}
	lookup := render.Skills(snap)
	out := render.SkillTool(lookup, toolArgs)
	if err := previewErr(lookup); err != nil {
		return nil, err
	}
	return previewText(out), nil
}

// previewErr is the error of a preview whose skill's body could not be
// read back (its file changed on disk: a new snapshot is on its way).
func previewErr(l *render.SnapshotSkills) error {
	if err := l.Err(); err != nil {
		return jsonrpc2.NewError(jsonrpc2.Code(protocol.LSPErrorCodesContentModified), fmt.Sprintf("%v; preview again in a moment", err))
	}
	return nil
}

// previewInvocation renders what a message (the text, or the open buffer
// at the uri) becomes when sent.
func previewInvocation(st *session.Snapshot, snap *skills.Snapshot, args commandArgs, path string) (protocol.LSPAny, error) {
	var text string
	switch {
	case args.Text != nil:
		text = *args.Text
	case args.URI != "" && args.Position != nil:
		line, err := lineAt(st, args.URI, *args.Position)
		if err != nil {
			return nil, err
		}
		text = line
	case args.URI != "":
		d := st.Doc(path)
		if d == nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "document not open: "+string(args.URI))
		}
		text = string(d.Text)
	default:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdPreviewInvocation+": give a text or a uri")
	}
	lookup := render.Skills(snap)
	var out string
	if _, _, isTUI := render.ParseTUICommand(text); isTUI {
		var notice string
		if out, notice = render.TUI(lookup, text); out == "" {
			out = notice
		}
	} else {
		out = strings.Join(render.Gesture(lookup, []string{text}), "\n\n")
	}
	if err := previewErr(lookup); err != nil {
		return nil, err
	}
	return previewText(out), nil
}

// previewText is a preview's answer: the model text, byte for byte, then,
// when it holds characters a reader cannot see, a note that marks them
// (render.HiddenNote), outside the model text.
func previewText(model string) protocol.LSPAny {
	return session.MustAny(model + render.HiddenNote(model, diagnostics.HiddenCode))
}
