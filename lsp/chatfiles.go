package lsp

import (
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// diskChatRefs returns the `/name` tokens naming name in the chat files of
// the workspace folders that are not open (open ones are read from their
// buffers).
func diskChatRefs(st *session.Snapshot, name string) []nameRef {
	want := func(p string) bool { return st.Docs.At(p) == nil && st.Settings.IsChat("", p) }
	var out []nameRef
	for _, cf := range discovery.FindChatFiles(st.Folders, want) {
		idx := spans.NewLineIndex(cf.Src)
		for _, sp := range render.NameRefs(string(cf.Src), name) {
			out = append(out, nameRef{path: cf.Path, idx: idx, span: sp})
		}
	}
	return out
}
