package hosts

import "testing"

// TestClaudeSkillOf checks the names Claude Code 2.1.332's Skill tool
// runs a skill by (the host suite's probe): the folder first, then the
// frontmatter name, exact case only, and the release's own skill over a
// frontmatter name that is its name.
func TestClaudeSkillOf(t *testing.T) {
	y := &entry{name: "y", called: "X"}
	clash := &entry{name: "clash", called: "pr-review"}
	review := &entry{name: "pr-review"}
	taken := &entry{name: "taken", called: "simplify"}
	winners := []*entry{clash, review, taken, y}
	for _, tt := range []struct {
		name    string
		fold    bool
		want    *entry
		wantOwn bool
	}{
		{name: "y", want: y},
		{name: "X", want: y},
		{name: "x"},
		{name: "x", fold: true, want: y},
		{name: "pr-review", want: review},
		{name: "simplify", want: taken, wantOwn: true},
		{name: "nosuch"},
	} {
		got, own := claudeSkillOf(winners, tt.name, tt.fold)
		if got != tt.want || own != tt.wantOwn {
			t.Errorf("%q (fold %v): %v, %v; want %v, %v", tt.name, tt.fold, got, own, tt.want, tt.wantOwn)
		}
	}
}
