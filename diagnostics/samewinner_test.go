package diagnostics

import (
	"strings"
	"testing"
)

// TestSameWinner: host-shadowed findings whose hosts use one other file
// are one finding naming the hosts, each host's words a related location;
// a winner one host picks, another winner, or another code are left as
// they are.
func TestSameWinner(t *testing.T) {
	shadowed := func(host, winner, label string) hostFinding {
		return hostFinding{code: CodeHostShadowed, message: host + " uses " + label + " instead (its rule)", winner: winner, winnerLabel: label, by: host,
			related: []Related{{Path: winner, Message: "the x " + host + " uses"}}}
	}
	other := hostFinding{code: CodeHostChanges, message: "OpenCode loads one of the 2 skills"}
	tests := []struct {
		name  string
		in    []hostFinding
		want  []string // messages, in order
		lines []int    // related locations of each
	}{
		{"three hosts, one winner", []hostFinding{shadowed("GitHub Copilot", "/a", ".agents/x"), other, shadowed("Goose", "/a", ".agents/x"), shadowed("Cursor", "/a", ".agents/x")},
			[]string{"GitHub Copilot, Goose and Cursor use .agents/x instead", other.message}, []int{3, 0}},
		{"one host", []hostFinding{shadowed("Goose", "/a", ".agents/x")},
			[]string{"Goose uses .agents/x instead (its rule)"}, []int{1}},
		{"two winners", []hostFinding{shadowed("Goose", "/a", ".agents/x"), shadowed("Claude Code", "/b", "~/.claude/x")},
			[]string{"Goose uses .agents/x instead (its rule)", "Claude Code uses ~/.claude/x instead (its rule)"}, []int{1, 1}},
		// The label is the verdict's, not cut out of the message: a folder
		// whose name holds " instead" is named whole.
		{"a label holding \" instead\"", []hostFinding{shadowed("Goose", "/a", ".agents/x instead y"), shadowed("Cursor", "/a", ".agents/x instead y")},
			[]string{"Goose and Cursor use .agents/x instead y instead"}, []int{2}},
		{"a message of another shape", []hostFinding{shadowed("Goose", "/a", ".agents/x"), {code: CodeHostShadowed, message: "Cursor picks /a", winner: "/a", by: "Cursor"}},
			[]string{"Goose uses .agents/x instead (its rule)", "Cursor picks /a"}, []int{1, 0}},
	}
	for _, tt := range tests {
		got := sameWinner(tt.in)
		var msgs []string
		for _, hf := range got {
			msgs = append(msgs, hf.message)
		}
		if strings.Join(msgs, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: got %q, want %q", tt.name, msgs, tt.want)
			continue
		}
		for i, hf := range got {
			if len(hf.related) != tt.lines[i] {
				t.Errorf("%s: finding %d has %d related locations, want %d", tt.name, i, len(hf.related), tt.lines[i])
			}
		}
	}
}
