package lsp

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/lsp/session"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

// otherCopies is the part of a chat's /name hover on DSH's skill that
// names the other files the chat's other hosts load under that name
// (Claude Code's .claude/skills copy beside DSH's .agents/skills one),
// each with the text its hosts' listing shows; "" when every host loads
// DSH's file (by any path: links resolved).
func otherCopies(t *target, cs *session.ChatSkill) string {
	if cs.DSH == nil {
		return ""
	}
	dshReal := discovery.RealPath(cs.DSH.Path)
	var paths []string
	byPath := map[string][]session.ChatCopy{}
	for _, c := range cs.Copies {
		if c.Host.ID == hosts.DSH || discovery.RealPath(c.Path) == dshReal {
			continue
		}
		if _, ok := byPath[c.Path]; !ok {
			paths = append(paths, c.Path)
		}
		byPath[c.Path] = append(byPath[c.Path], c)
	}
	var b strings.Builder
	for _, p := range paths {
		var names []string
		for _, c := range byPath[p] {
			names = append(names, c.Host.Name)
		}
		verb := "loads"
		if len(names) > 1 {
			verb = "load"
		}
		fmt.Fprintf(&b, "\n\n%s %s another file: %s", mdEscape(hosts.JoinNames(names)), verb, mdCode(t.st.RelPath(p)))
		if text, listed := byPath[p][0].Listing(); listed && text != "" {
			b.WriteString("\n\n" + mdFence(jstext.ModelText(text)))
		}
	}
	return b.String()
}
