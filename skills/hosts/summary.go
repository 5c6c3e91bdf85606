package hosts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// Text for editors: the matrix row of one skill file as a code lens line
// and a hover, a host's budget in a few words, and the token that invokes a
// skill by hand in a host's chat.

// Row returns the matrix row of the file at path, one of Rows or Missed.
func (m *Matrix) Row(path string) (Row, bool) {
	for _, rows := range [][]Row{m.Rows, m.Missed} {
		if i, ok := slices.BinarySearchFunc(rows, path, func(r Row, p string) int { return strings.Compare(r.Path, p) }); ok {
			return rows[i], true
		}
	}
	return Row{}, false
}

// Summary says in one line what the hosts (all of the matrix's when only
// is empty) do with the file at path, for a code lens or the first line of
// a hover: "loads in DSH, Codex and OpenCode · dropped by Goose · not read
// by Claude Code and Cursor". It is "" for a file no host discovers.
func (m *Matrix) Summary(path string, only ...*Host) string {
	row, ok := m.Row(path)
	if !ok {
		return ""
	}
	groups := map[Status][]string{}
	for _, h := range m.pick(only) {
		v := row.Verdicts[h.ID]
		groups[v.Status] = append(groups[v.Status], h.Name)
	}
	var parts []string
	for _, g := range []struct {
		status Status
		words  string
	}{{Loads, "loads in "}, {Dropped, "dropped by "}, {Shadowed, "shadowed in "}, {NotDiscovered, "not read by "}} {
		if names := groups[g.status]; len(names) > 0 {
			parts = append(parts, g.words+JoinNames(names))
		}
	}
	return strings.Join(parts, " · ")
}

// Hover is Markdown for an editor's hover on a skill's name: the summary,
// then one line per host that does not simply load the file (or loads it
// with a note), naming the release its rule was read from.
func (m *Matrix) Hover(path string, only ...*Host) string {
	row, ok := m.Row(path)
	if !ok {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Hosts**: %s\n", m.Summary(path, only...))
	if names := pluginNamed(row, m.pick(only)); names != "" {
		fmt.Fprintf(&b, "\n**Named** %s\n", names)
	}
	for _, h := range m.pick(only) {
		v := row.Verdicts[h.ID]
		if len(v.Notes) == 0 {
			continue
		}
		msg := v.Message()
		if rest, ok := strings.CutPrefix(msg, h.Name+" "); ok {
			msg = rest
		}
		fmt.Fprintf(&b, "\n- **%s** (%s): %s", h.Name, h.Release, msg)
	}
	return b.String()
}

// pluginNamed says the names the hosts among that load the file of row
// give it after a plugin ("`toolkit:lint-fix` in Claude Code"), for the
// hosts no note of whose already says it (Codex's plugin-namespace).
func pluginNamed(row Row, among []*Host) string {
	var names []string
	by := map[string][]*Host{}
	for _, h := range among {
		v := row.Verdicts[h.ID]
		if v.Status != Loads || !strings.Contains(v.Name, ":") || slices.ContainsFunc(v.Notes, func(n Note) bool { return n.Code == "plugin-namespace" }) {
			continue
		}
		if by[v.Name] == nil {
			names = append(names, v.Name)
		}
		by[v.Name] = append(by[v.Name], h)
	}
	var parts []string
	for _, n := range names {
		parts = append(parts, "`"+n+"` in "+JoinNames(Names(by[n])))
	}
	return strings.Join(parts, "; ")
}

// pick returns only, or every host of the matrix.
func (m *Matrix) pick(only []*Host) []*Host {
	if len(only) == 0 {
		return m.Hosts
	}
	return only
}

// String gives the budget in a few words, for a status bar or a summary:
// "812 of 8,000 characters", "9,812 of 8,000 characters, over", "2,300
// characters, no budget".
func (b Budget) String() string {
	if b.Limit == 0 {
		return fmt.Sprintf("%s %s, no budget", jstext.Count(b.Used), b.Unit)
	}
	s := fmt.Sprintf("%s of %s %s", jstext.Count(b.Used), jstext.Count(b.Limit), b.Unit)
	if b.Over {
		s += ", over"
	}
	return s
}

// Token returns what a user types in the host's chat to invoke the skill
// name by hand: "/pdf" in most hosts, "$pdf" in Codex.
func (i Invocation) Token(name string) string { return i.Sigil + name }

// JoinNames joins host names as messages list them: "a, b and c".
func JoinNames(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
