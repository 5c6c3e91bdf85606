package lsp

import (
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// diskChatRefs returns the `/name` tokens naming name in the chat files of
// the workspace folders that are not open (open ones are read from their
// buffers).
func diskChatRefs(st *snapshot, name string) []nameRef {
	want := func(p string) bool { return st.docs.At(p) == nil && st.settings.isChat("", p) }
	var out []nameRef
	for _, cf := range discovery.FindChatFiles(st.folders, want) {
		idx := spans.NewLineIndex(cf.Src)
		for _, sp := range render.NameRefs(string(cf.Src), name) {
			out = append(out, nameRef{path: cf.Path, idx: idx, span: sp})
		}
	}
	return out
}

// chatDiagnostics checks the `/name` tokens of a chat buffer, and the names
// glued to punctuation that DSH ignores.
func chatDiagnostics(snap *skills.Snapshot, d *document, opts diagnostics.Options) []diagnostics.Diagnostic {
	text := string(d.text)
	cands := render.GestureCandidates(text)
	toks := make([]diagnostics.ChatToken, 0, len(cands))
	for _, c := range cands {
		if strings.HasPrefix(text[c.Start:], "/skill:") {
			continue // the /skill:name form, below: not a /skill glued to ':'
		}
		toks = append(toks, diagnostics.ChatToken{Name: c.Name, Span: spans.Span{Start: c.Start, End: c.End}, GlueBefore: c.GlueBefore, GlueAfter: c.GlueAfter})
	}
	// The /skill:name form the completion offers names the skill after
	// "skill:" (docs/dsh.md §9), so it is checked as that name.
	for _, tok := range render.TUITokens(text) {
		toks = append(toks, diagnostics.ChatToken{Name: tok.Name, Span: spans.Span{Start: tok.Start, End: tok.End}, Sigil: "/skill:"})
	}
	seen := map[string]bool{"/": true}
	for _, h := range opts.Hosts {
		if sigil := h.Invocation.Sigil; sigil != "" && !seen[sigil] {
			seen[sigil] = true
			for _, tok := range render.SigilTokens(string(d.text), sigil[0]) {
				toks = append(toks, diagnostics.ChatToken{Name: tok.Name, Span: spans.Span{Start: tok.Start, End: tok.End}, Host: h.Name, Sigil: sigil})
			}
		}
	}
	return diagnostics.Chat(d.key, toks, snap, opts)
}
