package diagnostics

import (
	"fmt"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

func TestChatRules(t *testing.T) {
	pdf := &skills.Skill{Name: "pdf-tools", Description: "d", Invocation: skillfile.Invocation{ModelInvocable: true, UserInvocable: true}}
	quiet := &skills.Skill{Name: "quiet", Description: "d", Invocation: skillfile.Invocation{ModelInvocable: true}}
	reg := skills.Resolve([]*skills.Skill{pdf, quiet}, nil)
	tests := []struct {
		name   string
		tokens []ChatToken
		want   []string
	}{
		{"known", []ChatToken{{Name: "pdf-tools", Span: spans.Span{Start: 0, End: 10}}}, nil},
		{"typo", []ChatToken{{Name: "pdf-tool", Span: spans.Span{Start: 3, End: 12}}}, []string{"chat-unknown-skill 3 Change to /pdf-tools"}},
		{"unknown", []ChatToken{{Name: "zzzzzzzz", Span: spans.Span{Start: 0, End: 9}}}, []string{"chat-unknown-skill 0 "}},
		{"not user-invocable", []ChatToken{{Name: "quiet", Span: spans.Span{Start: 5, End: 11}}}, []string{"chat-not-user-invocable 5 "}},
		{"glued after", []ChatToken{{Name: "pdf-tools", Span: spans.Span{Start: 4, End: 14}, GlueAfter: true}}, []string{"chat-token-glued 4 Separate /pdf-tools with spaces"}},
		{"glued, unknown name: quiet", []ChatToken{{Name: "usr", Span: spans.Span{Start: 0, End: 4}, GlueBefore: true}}, nil},
		{"glued, not user-invocable: quiet", []ChatToken{{Name: "quiet", Span: spans.Span{Start: 0, End: 6}, GlueAfter: true}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Chat("/chat.md", tt.tokens, reg, Options{}) {
				fix := ""
				if len(d.Fixes) > 0 {
					fix = d.Fixes[0].Title
				}
				got = append(got, fmt.Sprintf("%s %d %s", d.Code, d.Span.Start, fix))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
