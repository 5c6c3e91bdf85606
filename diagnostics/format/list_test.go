package format

import (
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/render"
)

// TestListLines: each row of the list is one line, however hostile the
// names and paths of its skills, and names its file byte for byte with the
// place of the problem; headings and the table's header name none.
func TestListLines(t *testing.T) {
	hostile := "/w/.agents/skills/x\nlua os.exit()--/SKILL.md"
	rep := render.Report{
		Skills: []render.ReportSkill{
			{Name: "pdf", Source: "project-agents", Rank: 200, Path: "/w/.agents/skills/pdf/SKILL.md", ModelInvocable: true, UserInvocable: true},
			{Name: "evil\u202e\x1b[8m", Source: "project-agents", Rank: 200, Path: hostile, UserInvocable: true},
		},
		Dropped: []render.ReportDropped{{Path: "/w/.agents/skills/bad/SKILL.md", Reason: "invalid YAML\nnext", Line: 3, Column: 14}},
	}
	lines := ListLines(rep, "/w")
	for _, c := range []struct {
		prefix string
		path   string
		line   int
		col    int
	}{
		{"NAME  ", "", 0, 0},
		{"pdf ", "/w/.agents/skills/pdf/SKILL.md", 1, 1},
		{`evil\342\200\256\033[8m `, hostile, 1, 1},
		{"", "", 0, 0},
		{"Dropped (DSH ignores these files):", "", 0, 0},
		{`.agents/skills/bad/SKILL.md:3:14: invalid YAML\nnext`, "/w/.agents/skills/bad/SKILL.md", 3, 14},
	} {
		i := len(lines)
		for j, ln := range lines {
			if strings.HasPrefix(ln.Text, c.prefix) && string(ln.Path) == c.path {
				i = j
				break
			}
		}
		if i == len(lines) {
			t.Errorf("no line %q naming %q in\n%s", c.prefix, c.path, ListText(lines))
			continue
		}
		if lines[i].Line != c.line || lines[i].Column != c.col || strings.ContainsAny(lines[i].Text, "\n\x1b\u202e") {
			t.Errorf("line %q = %+v, want place %d:%d on one escaped line", c.prefix, lines[i], c.line, c.col)
		}
	}
	if n := strings.Count(ListText(lines), "\n"); n != len(lines) {
		t.Errorf("ListText has %d line breaks for %d lines", n, len(lines))
	}
}
