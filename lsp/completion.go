package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// maxCompletionItems bounds a completion reply; the list is marked
// incomplete so the client asks again as the user types.
const maxCompletionItems = 100

// discoveryWait bounds how long a chat completion that arrives before the
// initial discovery ends waits for it.
const discoveryWait = 10 * time.Millisecond

// Completion handles textDocument/completion: /name in chat buffers, keys, values and link paths in skill files.
func (s *server) Completion(ctx context.Context, p *protocol.CompletionParams) (protocol.CompletionResult, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	if !t.chat() {
		return skillFileCompletion(t), nil
	}
	if !t.st.Loaded && t.st.Started() {
		// The skills are not known yet: wait a little for them, else say
		// the list is incomplete, so that the editor asks again as the
		// user types instead of taking an empty list as final.
		timer := time.NewTimer(discoveryWait)
		defer timer.Stop()
		select {
		case <-t.st.Discovered():
			if t, err = s.target(p.TextDocument.URI, &p.Position); err != nil {
				return nil, err
			}
		case <-timer.C:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	res := s.chatCompletion(ctx, t) // nil when the cursor is on no token
	if list, ok := res.(*protocol.CompletionList); ok && !t.st.Loaded {
		list.IsIncomplete = true
	}
	return res, nil
}

// chatCompletion completes `/name`, `$name` and `/skill:name` with every
// skill the chat's hosts load (chatSkillsOf) that a user can invoke with
// the token's sigil, one item per name, filtered by what is typed,
// replacing the whole token.
func (s *server) chatCompletion(ctx context.Context, t *target) protocol.CompletionResult {
	tok, ok := render.TokenAtWith(string(t.text), t.off, strings.Join(t.st.InvocationSigils(t.path), ""))
	if !ok {
		return nil
	}
	maxLen := t.st.Settings.CatalogDescriptionMaxLength
	prefix := string(tok.Sigil)
	if tok.TUI {
		prefix = "/skill:"
	}
	rng := t.rng(spans.Span{Start: tok.Start, End: tok.End})
	all := s.chatSkillsFor(ctx, t)
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	// sortText puts the names that start with what was typed first, then
	// those that only contain it, each group by name: clients that sort by
	// sortText (VS Code, Neovim 0.11) keep the order this list is built in.
	// An item is made for the names offered alone (at most
	// maxCompletionItems), not for every skill.
	add := func(name, group string) bool {
		cs := all.Lookup(name)
		loaders := sigilHosts(cs, prefix)
		if len(loaders) == 0 || !cs.UserInvocable() {
			return true
		}
		if len(list.Items) == maxCompletionItems {
			list.IsIncomplete = true
			return false
		}
		list.Items = append(list.Items, chatItem(cs, loaders, prefix+cs.Name, group, maxLen, rng))
		return true
	}
	// Prefix matches first (names are in order from the prefix on)...
	for name := range all.NamesFrom(tok.Prefix) {
		if !strings.HasPrefix(name, tok.Prefix) || !add(name, "0") {
			break
		}
	}
	if tok.Prefix == "" || list.IsIncomplete {
		return list
	}
	// ...then the other names that contain it.
	for name := range all.NamesFrom("") {
		if !strings.HasPrefix(name, tok.Prefix) && strings.Contains(name, tok.Prefix) && !add(name, "1") {
			break
		}
	}
	return list
}

// sigilHosts returns the hosts of cs whose chat starts an invocation with
// sigil: "/skill:" is DSH's alone (its historical TUI, docs/dsh.md §9).
func sigilHosts(cs *session.ChatSkill, sigil string) []*hosts.Host {
	var out []*hosts.Host
	for _, h := range cs.Hosts {
		if sigil == "/skill:" && h.ID == hosts.DSH || sigil != "/skill:" && h.Invocation.Sigil == sigil {
			out = append(out, h)
		}
	}
	return out
}

// chatItem is the completion item of cs, whose token is label; its detail
// names the hosts that load it (DSH with the skill's source).
func chatItem(cs *session.ChatSkill, loaders []*hosts.Host, label, group string, maxLen int, rng protocol.Range) protocol.CompletionItem {
	names := hosts.Names(loaders)
	for i, h := range loaders {
		if h.ID == hosts.DSH && cs.DSH != nil {
			names[i] = "DSH (" + string(cs.DSH.Source) + ")"
		}
	}
	detail := strings.Join(names, ", ")
	if cs.DSH != nil && !cs.DSH.Invocation.ModelInvocable {
		detail += " · user-only"
	}
	// The label is the whole token ("/name") and there is no filterText:
	// VS Code and Neovim 0.11+ filter the typed "/na" against the label,
	// Neovim 0.7-0.9 start the completion at the textEdit's column only
	// when an item has no filterText, and eglot matches the symbol at
	// point ("/na": "/" is a symbol character there) against insertText.
	// insertText is the whole token too, for clients that ignore textEdit
	// and replace the word at point. The documentation is plain text: the
	// description is the author's, and rendered as Markdown it could show
	// a remote image.
	return protocol.CompletionItem{
		Label:         label,
		Kind:          protocol.CompletionItemKindFunction,
		Detail:        protocol.NewOptional(detail),
		Documentation: plainText(render.CatalogDescription(cs.Description(), maxLen)),
		SortText:      protocol.NewOptional(group + cs.Name),
		InsertText:    protocol.NewOptional(label),
		TextEdit:      &protocol.TextEdit{Range: rng, NewText: label},
	}
}

// skillFileCompletion completes frontmatter keys and values and relative
// link paths in the body.
func skillFileCompletion(t *target) protocol.CompletionResult {
	lineNo, _ := t.idx.Position(t.off)
	lineStart, _ := t.idx.LineSpan(lineNo)
	before := string(t.text[lineStart:t.off])
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	if !inFrontmatter(t.file, t.off) {
		linkCompletion(t, before, list)
		return list
	}
	key, rest, hasColon := strings.Cut(before, ":")
	if !hasColon {
		if strings.HasPrefix(before, " ") || strings.HasPrefix(before, "\t") {
			return list // nested: not a top-level key
		}
		keyCompletion(t, key, t.rng(spans.Span{Start: lineStart, End: t.off}), list)
		return list
	}
	valueCompletion(t, strings.TrimSpace(key), strings.TrimLeft(rest, " "), list)
	return list
}

// keyCompletion offers the frontmatter keys not yet present (and typed,
// the key on this line), those of the profile first-class.
func keyCompletion(t *target, typed string, rng protocol.Range, list *protocol.CompletionList) {
	profile := t.st.Settings.Profile
	for _, kd := range skillfile.KeyDocs() {
		if t.file.Frontmatter.Field(kd.Key) != nil && kd.Key != typed {
			continue
		}
		if !kd.DSH && profile != "agentskills" && !kd.AgentSkills {
			continue
		}
		detail := "DSH"
		if !kd.DSH {
			detail = "agentskills.io (DSH ignores it)"
		}
		list.Items = append(list.Items, protocol.CompletionItem{
			Label:         kd.Key,
			Kind:          protocol.CompletionItemKindProperty,
			Detail:        protocol.NewOptional(detail),
			Documentation: markdownContent(kd.Doc),
			TextEdit:      &protocol.TextEdit{Range: rng, NewText: kd.Key + ": "},
		})
	}
}

// valueCompletion offers the values of key: true and false for booleans,
// the folder's name for name. typed is the value typed so far.
func valueCompletion(t *target, key, typed string, list *protocol.CompletionList) {
	rng := t.rng(spans.Span{Start: t.off - len(typed), End: t.off})
	value := func(v, doc string) {
		list.Items = append(list.Items, protocol.CompletionItem{
			Label: v, Kind: protocol.CompletionItemKindValue, Detail: protocol.NewOptional(doc),
			TextEdit: &protocol.TextEdit{Range: rng, NewText: v},
		})
	}
	if kd, ok := skillfile.LookupKeyDoc(key); ok && kd.Bool {
		value("true", "boolean")
		value("false", "boolean")
	}
	if key == "name" {
		if n := folderName(t.file.Path); n != "" {
			value(n, "the folder name")
		}
	}
}

// linkCompletion offers the entries of the folder typed after "](" in the
// body (a relative link path).
func linkCompletion(t *target, before string, list *protocol.CompletionList) {
	i := strings.LastIndex(before, "](")
	if i < 0 || strings.ContainsAny(before[i+2:], ") ") {
		return
	}
	typed := before[i+2:]
	dirPart, _ := splitLast(typed)
	dir := filepath.Join(filepath.Dir(t.file.Path), filepath.FromSlash(dirPart))
	rng := t.rng(spans.Span{Start: t.off - len(typed) + len(dirPart), End: t.off})
	entries := discovery.ListLinkDir(dir, maxCompletionItems+1)
	for _, de := range entries {
		kind := protocol.CompletionItemKindFile
		insert := de.Name
		if de.Dir {
			kind, insert = protocol.CompletionItemKindFolder, de.Name+"/"
		}
		if len(list.Items) == maxCompletionItems {
			list.IsIncomplete = true
			break
		}
		list.Items = append(list.Items, protocol.CompletionItem{Label: insert, Kind: kind, TextEdit: &protocol.TextEdit{Range: rng, NewText: insert}})
	}
}

// splitLast splits a slash path after its last '/': ("a/b/c" → "a/b/", "c").
func splitLast(p string) (dir, base string) {
	i := strings.LastIndex(p, "/")
	return p[:i+1], p[i+1:]
}

// folderName is the name a skill file's folder suggests: the bundle folder
// for SKILL.md, the file name without .md for a flat skill; "" if it is not
// a valid skill name.
func folderName(path string) string {
	n := strings.TrimSuffix(filepath.Base(path), ".md")
	if filepath.Base(path) == "SKILL.md" {
		n = filepath.Base(filepath.Dir(path))
	}
	if !skillfile.IsSkillName(n) {
		return ""
	}
	return n
}
