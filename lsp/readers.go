package lsp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// keyReadersHover is the hover on a frontmatter key of a file DSH does
// not read, in the terms of the hosts that read it (hosts.Matrix.Readers):
// which of them read the key, which ignore it. "when_to_use: DSH ignores
// this key" was the hover in .claude/skills, where Claude Code reads it.
// It is "" when no selected host reads the file.
func (s *server) keyReadersHover(ctx context.Context, t *target, key string) string {
	readers := withoutDSH(t.st.LensHosts(s.matrixFor(ctx, t.st, t.path), t.path))
	if len(readers) == 0 {
		return ""
	}
	var read, ignore []string
	for _, h := range readers {
		if slices.Contains(h.Keys(), key) {
			read = append(read, h.Name)
		} else {
			ignore = append(ignore, h.Name)
		}
	}
	text := fmt.Sprintf("**%s**", mdEscape(key))
	if len(read) > 0 {
		text += ": read by " + hosts.JoinNames(read)
	}
	if len(ignore) > 0 {
		sep := "; "
		if len(read) == 0 {
			sep = ": "
		}
		text += sep + "ignored by " + hosts.JoinNames(ignore)
	}
	text += "."
	if kd, ok := skillfile.LookupKeyDoc(key); ok && kd.AgentSkills {
		text += "\n\nThe agentskills.io specification defines this key."
	}
	return text
}

// descriptionReadersHover is the hover on the description of a file DSH
// does not read: what the listing of each host that reads it shows, after
// that host's own cut and escaping (hosts.Result.ListingText), hosts that
// show the same text named together. DSH's catalog line and its cut
// were the hover in .claude/skills, where DSH reads nothing. It is ""
// when no selected host reads the file.
func (s *server) descriptionReadersHover(ctx context.Context, t *target) string {
	m := s.matrixFor(ctx, t.st, t.path)
	readers := withoutDSH(t.st.LensHosts(m, t.path))
	if len(readers) == 0 {
		return ""
	}
	var texts []string
	byText := map[string][]string{}
	var unlisted []string
	for _, h := range readers {
		res := m.Results[h.ID]
		text, listed := "", false
		if res != nil {
			text, listed = res.ListingText(t.path)
		}
		if !listed {
			unlisted = append(unlisted, h.Name)
			continue
		}
		if _, ok := byText[text]; !ok {
			texts = append(texts, text)
		}
		byText[text] = append(byText[text], h.Name)
	}
	var b strings.Builder
	b.WriteString("**description**: the text each host that reads this file lists.\n\n")
	for _, text := range texts {
		fmt.Fprintf(&b, "%s (%s characters):\n\n%s\n\n", mdEscape(hosts.JoinNames(byText[text])), jstext.Count(utf8.RuneCountInString(text)), mdFence(text))
	}
	if len(unlisted) > 0 {
		fmt.Fprintf(&b, "Not in the listing of %s.\n", mdEscape(hosts.JoinNames(unlisted)))
	}
	return b.String()
}

// withoutDSH returns the hosts of hs other than DSH (a copy): the readers
// a hover or a list line speaks for beside DSH's own words.
func withoutDSH(hs []*hosts.Host) []*hosts.Host {
	return slices.DeleteFunc(slices.Clone(hs), func(h *hosts.Host) bool { return h.ID == hosts.DSH })
}

// linkedKeyReaders is the part of the hover on a key of a file in DSH's
// roots that other hosts read through links (.claude/skills/tdd a link to
// the bundle): which of them read the key, by which path. "DSH ignores
// when_to_use" alone hid that Claude Code reads it. "" for no such host.
func (s *server) linkedKeyReaders(ctx context.Context, t *target, key string) string {
	m := s.matrixFor(ctx, t.st, t.path)
	var b strings.Builder
	for _, p := range t.st.SameFilePaths(ctx, t.path, s.matrixBuilder()) {
		var read, ignore []string
		for _, h := range withoutDSH(t.st.LensHosts(m, p)) {
			if slices.Contains(h.Keys(), key) {
				read = append(read, h.Name)
			} else {
				ignore = append(ignore, h.Name)
			}
		}
		if len(read)+len(ignore) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n\nThrough %s (a link to this file):", mdCode(t.st.RelPath(p)))
		if len(read) > 0 {
			b.WriteString(" read by " + hosts.JoinNames(read))
		}
		if len(ignore) > 0 {
			if len(read) > 0 {
				b.WriteString(";")
			}
			b.WriteString(" ignored by " + hosts.JoinNames(ignore))
		}
		b.WriteString(".")
	}
	return b.String()
}

// dshIgnores reports a frontmatter key DSH neither knows nor names as
// legacy: the hover says "DSH ignores this key" (skillFileHover).
func dshIgnores(key string) bool {
	_, known := skillfile.LookupKeyDoc(key)
	return !known && skillfile.LegacyKeyReplacement(key) == ""
}
