package lsp

import (
	"bytes"
	"testing"

	"go.lsp.dev/protocol"
)

// TestDecodedParamsOwned pins what docs/server.md, Handler chain says of go.lsp.dev/protocol
// v1.0.1: the params a server decodes (and the results of its calls to the
// client) own their strings, so handlers may keep them. Each case decodes,
// overwrites the input bytes, and compares. The one type found to alias its
// input, []CommandOrCodeAction, is a client-side result (see ownedResults).
func TestDecodedParamsOwned(t *testing.T) {
	cases := []struct {
		name string
		data string
		v    func() any
	}{
		{"codeAction", `{"title":"Create skill brand-new","kind":"quickfix"}`, func() any { var x protocol.CodeAction; return &x }},
		{"command", `{"title":"Create skill brand-new","command":"Create skill brand-new"}`, func() any { var x protocol.Command; return &x }},
		{"codeLens", `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"data":"Create skill brand-new"}`, func() any { var x protocol.CodeLens; return &x }},
		{"documentLink", `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"data":"Create skill brand-new"}`, func() any { var x protocol.DocumentLink; return &x }},
		{"didOpen", `{"textDocument":{"uri":"file:///a/b.md","languageId":"markdown","version":1,"text":"Create skill brand-new"}}`, func() any { var x protocol.DidOpenTextDocumentParams; return &x }},
		{"didChange", `{"textDocument":{"uri":"file:///a/b.md","version":2},"contentChanges":[{"text":"Create skill brand-new"}]}`, func() any { var x protocol.DidChangeTextDocumentParams; return &x }},
		{"didChangeConfig", `{"settings":{"skillLs":{"projectRoot":"Create skill brand-new"}}}`, func() any { var x protocol.DidChangeConfigurationParams; return &x }},
		{"configResult", `[{"projectRoot":"Create skill brand-new"}]`, func() any { var x []protocol.LSPAny; return &x }},
		{"executeCommand", `{"command":"skillLs.x","arguments":["Create skill brand-new"]}`, func() any { var x protocol.ExecuteCommandParams; return &x }},
		{"initialize", `{"rootUri":"file:///Create skill brand-new","initializationOptions":{"a":"Create skill brand-new"},"workspaceFolders":[{"uri":"file:///Create skill brand-new","name":"Create skill brand-new"}]}`, func() any { var x protocol.InitializeParams; return &x }},
		{"watched", `{"changes":[{"uri":"file:///Create skill brand-new","type":1}]}`, func() any { var x protocol.DidChangeWatchedFilesParams; return &x }},
		{"codeActionParams", `{"textDocument":{"uri":"file:///a"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":"Create skill brand-new","code":"Create skill brand-new","data":{"k":"Create skill brand-new"}}]}}`, func() any { var x protocol.CodeActionParams; return &x }},
		{"showMessageResult", `{"title":"Create skill brand-new"}`, func() any { var x protocol.MessageActionItem; return &x }},
		{"completionItem", `{"label":"Create skill brand-new","data":{"k":"Create skill brand-new"}}`, func() any { var x protocol.CompletionItem; return &x }},
		{"renameParams", `{"textDocument":{"uri":"file:///a"},"position":{"line":0,"character":0},"newName":"Create skill brand-new"}`, func() any { var x protocol.RenameParams; return &x }},
	}
	for _, c := range cases {
		data := []byte(c.data)
		v := c.v()
		if err := protocol.Unmarshal(data, v); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		before := encoded(v)
		for {
			i := bytes.Index(data, []byte("Create skill brand-new"))
			if i < 0 {
				break
			}
			copy(data[i:], "XXXXXXXXXXXXXXXXXXXXXX")
		}
		after := encoded(v)
		if before != after {
			t.Errorf("%s aliases input:\n before %s\n after  %s", c.name, before, after)
		}
	}
}

// encoded is v's wire form, for comparing before and after.
func encoded(v any) string {
	b, _ := protocol.Marshal(v)
	return string(b)
}
