package lsp

import (
	"context"
	"fmt"
	"slices"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// keyReadersHover is the hover on a frontmatter key of a file DSH does
// not read, in the terms of the hosts that read it (hosts.Matrix.Readers):
// which of them read the key, which ignore it. "when_to_use: DSH ignores
// this key" was the hover in .claude/skills, where Claude Code reads it.
// It is "" when no selected host reads the file.
func (s *server) keyReadersHover(ctx context.Context, t *target, key string) string {
	readers := t.st.LensHosts(s.matrixFor(ctx, t.st, t.path), t.path)
	readers = slices.DeleteFunc(slices.Clone(readers), func(h *hosts.Host) bool { return h.ID == hosts.DSH })
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
