package diagnostics

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// TestHiddenInFolderName: a bundle folder's name reaches a reviewer (a
// file tree, a listing, a host that names the skill after its folder) as
// much as the text does: "re<ZWSP>view" passes for "review", and a bidi
// override makes "<RLO>txt.exe" show as "exe.txt". A vetting run called
// both clean.
func TestHiddenInFolderName(t *testing.T) {
	tests := []struct {
		folder string
		want   []string
	}{
		{"re\u200bview", []string{`warning zero-width-character: the folder name "re\u200bview"`}},
		{"\u202etxt.exe", []string{`error bidi-control: the folder name "\u202etxt.exe"`}},
		{"r\U000E0041eview", []string{`error hidden-tag-text: the folder name "r\U000e0041eview"`}},
		{"review", nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.folder), func(t *testing.T) {
			f := skillfile.Parse("/p/.agents/skills/"+tt.folder+"/SKILL.md", []byte("---\nname: review\ndescription: Reviews code.\n---\nBody.\n"), skillfile.ReadFS)
			snap := skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot()
			var got []string
			for _, d := range CheckFile(snap, f, Options{Vetting: true, Rules: RuleConfig{Select: []string{CategorySecurity}}}) {
				msg, _, _ := strings.Cut(d.Message, " holds")
				got = append(got, fmt.Sprintf("%s %s: %s", d.Severity, d.Code, msg))
				if len(d.Fixes) > 0 {
					t.Errorf("%s offers a fix that edits the text: %v", d.Code, d.Fixes)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}
