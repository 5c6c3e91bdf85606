package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

// maxCompletionItems bounds a completion reply; the list is marked
// incomplete so the client asks again as the user types.
const maxCompletionItems = 100

// Completion handles textDocument/completion: /name in chat buffers, keys, values and link paths in skill files.
func (s *server) Completion(ctx context.Context, p *protocol.CompletionParams) (protocol.CompletionResult, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	if t.chat() {
		return s.chatCompletion(t), nil
	}
	return s.skillFileCompletion(t), nil
}

// chatCompletion completes `/name` and `/skill:name` with every skill a
// user can invoke, filtered by what is typed, replacing the whole token.
func (s *server) chatCompletion(t *target) protocol.CompletionResult {
	tok, ok := render.TokenAt(string(t.text), t.off)
	if !ok {
		return nil
	}
	s.mu.Lock()
	maxLen := s.settings.CatalogDescriptionMaxLength
	s.mu.Unlock()
	prefix := "/"
	if tok.TUI {
		prefix = "/skill:"
	}
	rng := t.rng(skills.Span{Start: tok.Start, End: tok.End})
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	add := func(sk *skills.Skill) bool {
		if len(list.Items) == maxCompletionItems {
			list.IsIncomplete = true
			return false
		}
		detail := string(sk.Source)
		if !sk.Invocation.ModelInvocable {
			detail += " · user-only"
		}
		// The label is the whole token ("/name") and there is no
		// filterText: VS Code and Neovim 0.11+ filter the typed "/na"
		// against the label, Neovim 0.7-0.9 start the completion at the
		// textEdit's column only when an item has no filterText, and
		// eglot matches the symbol at point ("/na": "/" is a symbol
		// character there) against insertText. insertText is the whole
		// token too, for clients that ignore textEdit and replace the
		// word at point.
		list.Items = append(list.Items, protocol.CompletionItem{
			Label:         prefix + sk.Name,
			Kind:          protocol.CompletionItemKindFunction,
			Detail:        protocol.NewOptional(detail),
			Documentation: markdown(render.ModelText(render.CatalogDescription(sk.Description, maxLen))),
			SortText:      protocol.NewOptional(sk.Name),
			InsertText:    protocol.NewOptional(prefix + sk.Name),
			TextEdit:      &protocol.TextEdit{Range: rng, NewText: prefix + sk.Name},
		})
		return true
	}
	winners := t.snap.Registry.Winners
	// Prefix matches first (Winners are sorted), then other substring matches.
	for _, sk := range winners {
		if sk.Invocation.UserInvocable && strings.HasPrefix(sk.Name, tok.Prefix) && !add(sk) {
			return list
		}
	}
	if tok.Prefix != "" {
		for _, sk := range winners {
			if sk.Invocation.UserInvocable && !strings.HasPrefix(sk.Name, tok.Prefix) && strings.Contains(sk.Name, tok.Prefix) && !add(sk) {
				return list
			}
		}
	}
	return list
}

// skillFileCompletion completes frontmatter keys and values and relative
// link paths in the body.
func (s *server) skillFileCompletion(t *target) protocol.CompletionResult {
	f := t.file
	lineNo, _ := t.idx.Position(t.off)
	lineStart, _ := t.idx.LineSpan(lineNo)
	before := string(t.text[lineStart:t.off])
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	if inFrontmatter(f, t.off) {
		key, rest, hasColon := strings.Cut(before, ":")
		if !hasColon {
			if strings.HasPrefix(before, " ") || strings.HasPrefix(before, "\t") {
				return list // nested: not a top-level key
			}
			s.mu.Lock()
			profile := s.settings.Profile
			s.mu.Unlock()
			rng := t.rng(skills.Span{Start: lineStart, End: t.off})
			for _, kd := range skills.KeyDocs() {
				if f.Frontmatter.Field(kd.Key) != nil && kd.Key != key {
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
					Documentation: markdown(kd.Doc),
					TextEdit:      &protocol.TextEdit{Range: rng, NewText: kd.Key + ": "},
				})
			}
			return list
		}
		key = strings.TrimSpace(key)
		typed := strings.TrimLeft(rest, " ")
		rng := t.rng(skills.Span{Start: t.off - len(typed), End: t.off})
		value := func(v, doc string) {
			list.Items = append(list.Items, protocol.CompletionItem{
				Label: v, Kind: protocol.CompletionItemKindValue, Detail: protocol.NewOptional(doc),
				TextEdit: &protocol.TextEdit{Range: rng, NewText: v},
			})
		}
		if kd := skills.LookupKeyDoc(key); kd != nil && kd.Bool {
			value("true", "boolean")
			value("false", "boolean")
		}
		if key == "name" {
			if n := folderName(f.Path); n != "" {
				value(n, "the folder name")
			}
		}
		return list
	}
	// Relative link paths: after "](" in the body.
	i := strings.LastIndex(before, "](")
	if i < 0 || strings.ContainsAny(before[i+2:], ") ") {
		return list
	}
	typed := before[i+2:]
	dirPart, _ := splitLast(typed)
	dir := filepath.Join(filepath.Dir(f.Path), filepath.FromSlash(dirPart))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return list
	}
	rng := t.rng(skills.Span{Start: t.off - len(typed) + len(dirPart), End: t.off})
	for _, de := range entries {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		kind := protocol.CompletionItemKindFile
		insert := name
		if de.IsDir() {
			kind, insert = protocol.CompletionItemKindFolder, name+"/"
		}
		if len(list.Items) == maxCompletionItems {
			list.IsIncomplete = true
			break
		}
		list.Items = append(list.Items, protocol.CompletionItem{Label: insert, Kind: kind, TextEdit: &protocol.TextEdit{Range: rng, NewText: insert}})
	}
	return list
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
	if !skills.IsSkillName(n) {
		return ""
	}
	return n
}
