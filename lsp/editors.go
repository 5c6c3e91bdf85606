package lsp

// editors.go: what thin editor clients ask the server instead of deciding
// themselves: which documents are skill files or chat buffers
// (skill-ls.documentInfo), what a position in a chat buffer names, and the
// guard that keeps other Markdown out of every feature.

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/render"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// cmdDocumentInfo classifies a document and sums up the catalog it sees.
const cmdDocumentInfo = "skill-ls.documentInfo"

// Document kinds of skill-ls.documentInfo.
const (
	docKindSkill = "skill" // a skill file: SKILL.md, language id "skill", or a .md directly in a root
	docKindChat  = "chat"  // a chat buffer (chatLanguages, chatPatterns)
	docKindEval  = "eval"  // a bundle's eval file: evals/eval_queries.json, trigger-queries.json, evals.json
	docKindOther = "other" // anything else: skill-ls has nothing to say about it
)

// documentInfo is the result of skill-ls.documentInfo.
type documentInfo struct {
	// Kind is "skill", "chat" or "other".
	Kind string `json:"kind"`
	// Catalog sums up the catalog of the document's workspace folder.
	Catalog catalogInfo `json:"catalog"`
}

// catalogInfo sums up a catalog message.
type catalogInfo struct {
	// Skills is the number of skills listed in the catalog (the
	// model-invocable winners).
	Skills int `json:"skills"`
	// Characters is the catalog message's length in characters (Unicode
	// code points); 0 when DSH publishes no catalog message.
	Characters int `json:"characters"`
	// Note, set when DSH publishes no catalog, says why (it is not model
	// text: previews show it instead of an empty catalog).
	Note string `json:"note,omitempty"`
	// Hosts gives, with the hosts setting, each selected host's catalog
	// budget in a few words ("812 of 8,000 characters"), by host id.
	Hosts map[string]string `json:"hosts,omitempty"`
}

// documentKind classifies the document at path: an open buffer by what it
// was opened as, else by languageID (as the client would open it) and path.
func documentKind(st *session.Snapshot, path, languageID string) string {
	d := st.Doc(path)
	if d != nil {
		languageID = d.LanguageID
		if d.Chat {
			return docKindChat
		}
	} else if st.Settings.IsChat(languageID, path) {
		return docKindChat
	}
	if st.IsSkillPath(path, languageID) {
		return docKindSkill
	}
	if session.IsEvalPath(path) {
		return docKindEval
	}
	return docKindOther
}

// documentKindOnly answers skill-ls.documentInfo {uri, languageId?,
// kindOnly: true} from the current state, during discovery too: the roots
// are known from the start, so the kind is.
func documentKindOnly(st *session.Snapshot, args commandArgs) (protocol.LSPAny, error) {
	if !st.Started() {
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
	}
	if args.URI == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdDocumentInfo+": give a uri")
	}
	return session.MustAny(map[string]string{"kind": documentKind(st, session.DocKey(args.URI), args.LanguageID)}), nil
}

// runDocumentInfo answers skill-ls.documentInfo {uri, languageId?}.
func (s *server) runDocumentInfo(ctx context.Context, st *session.Snapshot, args commandArgs) (protocol.LSPAny, error) {
	if args.URI == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, cmdDocumentInfo+": give a uri")
	}
	path := st.KeyOf(args.URI)
	info := documentInfo{Kind: documentKind(st, path, args.LanguageID)}
	snap := st.ViewFor(path)
	if snap.Registry.Incomplete != "" {
		info.Catalog.Note = "DSH publishes no catalog: " + snap.Registry.Incomplete
		return session.MustAny(info), nil
	}
	entries := render.Entries(snap.Registry.Winners(), st.Settings.CatalogDescriptionMaxLength)
	text, _ := render.CatalogStep(entries, nil, false, render.CatalogOptions{V1: st.Settings.CatalogVersion == "v1"})
	info.Catalog = catalogInfo{Skills: len(entries), Characters: utf8.RuneCountInString(text), Hosts: s.hostBudgets(ctx, st, path)}
	if len(entries) == 0 {
		info.Catalog.Note = render.NoCatalogReason(snap.Registry)
	}
	return session.MustAny(info), nil
}

// chatNameAt returns the skill name of the `/name` or `/skill:name` token
// at pos in an open chat buffer, or "".
func chatNameAt(st *session.Snapshot, u uri.URI, pos protocol.Position) (string, error) {
	t, err := targetIn(st, u, &pos)
	if err != nil {
		return "", err
	}
	if !t.chat() {
		return "", nil
	}
	tok, ok := render.TokenAt(string(t.text), t.off)
	if !ok {
		return "", nil
	}
	return tok.Name, nil
}

// lineAt returns the line of an open document holding pos, without its
// line break.
func lineAt(st *session.Snapshot, u uri.URI, pos protocol.Position) (string, error) {
	t, err := targetIn(st, u, &pos)
	if err != nil {
		return "", err
	}
	line, _ := t.idx.Position(t.off)
	start, end := t.idx.LineSpan(line)
	return strings.TrimRight(string(t.text[start:end]), "\r\n"), nil
}

// documentMethods are the requests about one document whose answer is null
// for a document skill-ls has nothing to say about.
var documentMethods = map[string]bool{
	protocol.MethodTextDocumentCompletion:     true,
	protocol.MethodTextDocumentHover:          true,
	protocol.MethodTextDocumentDefinition:     true,
	protocol.MethodTextDocumentReferences:     true,
	protocol.MethodTextDocumentPrepareRename:  true,
	protocol.MethodTextDocumentRename:         true,
	protocol.MethodTextDocumentDocumentSymbol: true,
	protocol.MethodTextDocumentDocumentLink:   true,
	protocol.MethodTextDocumentCodeAction:     true,
	protocol.MethodTextDocumentCodeLens:       true,
	protocol.MethodTextDocumentInlayHint:      true,
}

// isForeignRequest reports whether a document request is about an open
// document that is neither a skill file nor a chat buffer (a README, notes):
// clients may send every Markdown buffer and let the server decide, and the
// answer for those is null. Documents that are not open keep the usual
// handling.
func (s *server) isForeignRequest(method string, params []byte) bool {
	if !documentMethods[method] {
		return false
	}
	var p struct {
		TextDocument struct {
			URI uri.URI `json:"uri"`
		} `json:"textDocument"`
	}
	if json.Unmarshal(params, &p) != nil || p.TextDocument.URI == "" {
		return false
	}
	st := s.sess.Snapshot()
	key := session.DocKey(p.TextDocument.URI)
	if !st.Started() || st.Doc(key) == nil || !filepath.IsAbs(key) {
		return false
	}
	return documentKind(st, key, "") == docKindOther
}
