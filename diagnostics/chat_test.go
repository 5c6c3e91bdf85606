package diagnostics

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

func TestChatRules(t *testing.T) {
	pdf := &skills.Skill{Definition: &skillfile.Definition{Name: "pdf-tools", Description: "d", Invocation: skillfile.Invocation{ModelInvocable: true, UserInvocable: true}}}
	quiet := &skills.Skill{Definition: &skillfile.Definition{Name: "quiet", Description: "d", Invocation: skillfile.Invocation{ModelInvocable: true}}}
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
		{"glued before, unknown name: a path, quiet", []ChatToken{{Name: "usr", Span: spans.Span{Start: 0, End: 4}, GlueBefore: true}}, nil},
		{"glued after, unknown name: reported", []ChatToken{{Name: "pdf-tool", Span: spans.Span{Start: 0, End: 9}, GlueAfter: true}}, []string{"chat-unknown-skill 0 Change to /pdf-tools"}},
		{"glued, not user-invocable: quiet", []ChatToken{{Name: "quiet", Span: spans.Span{Start: 0, End: 6}, GlueAfter: true}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Chat("/chat.md", tt.tokens, &skills.Snapshot{Registry: reg}, Options{}) {
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

// TestChatSaysWhatDSHDoes: a /name whose skill exists but DSH drops says so
// and why, with the dropped file's reason as a related place, not "no
// skill is named"; an unknown name at the end of a sentence ("/nope.") is
// reported like one with a space after it. Issue 25, point 5.
func TestChatSaysWhatDSHDoes(t *testing.T) {
	dir := t.TempDir()
	for path, src := range map[string]string{
		"summarize/SKILL.md": "---\nname: summarize\ndescription: Summarize text: produce bullets\n---\nBody.\n",
		"pdf/SKILL.md":       "---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody.\n",
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, path), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceProjectAgents, Rank: 200}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text := "Try /summarize, then /summarize and /nope. and /pdf"
	tok := func(at, name string, glued bool) ChatToken {
		start := strings.Index(text, at)
		return ChatToken{Name: name, Span: spans.Span{Start: start, End: start + 1 + len(name)}, GlueAfter: glued}
	}
	toks := []ChatToken{tok("/summarize,", "summarize", true), tok("/summarize and", "summarize", false), tok("/nope.", "nope", true), tok("/pdf", "pdf", false)}
	ds := Chat("/chat.md", toks, snap, Options{})
	var got []string
	for _, d := range ds {
		line := fmt.Sprintf("%s %s: %s", d.Code, text[d.Span.Start:d.Span.End], d.Message)
		for _, r := range d.Related {
			line += fmt.Sprintf(" | %s@%d %s", filepath.Base(filepath.Dir(r.Path)), r.Span.Start, r.Message)
		}
		got = append(got, line)
	}
	colon := strings.Index("---\nname: summarize\ndescription: Summarize text: produce bullets", "Summarize text")
	want := []string{
		fmt.Sprintf(`chat-unknown-skill /summarize: "summarize" exists, but DSH drops it (invalid YAML), so it leaves /summarize as plain text | summarize@%d why DSH drops summarize: the value of description holds ": " without quotes, so YAML reads it as a nested key; put the whole value in quotes: 'Summarize text: produce bullets'`, colon),
		fmt.Sprintf(`chat-unknown-skill /summarize: "summarize" exists, but DSH drops it (invalid YAML), so it leaves /summarize as plain text | summarize@%d why DSH drops summarize: the value of description holds ": " without quotes, so YAML reads it as a nested key; put the whole value in quotes: 'Summarize text: produce bullets'`, colon),
		`chat-unknown-skill /nope: no skill is named "nope", so DSH leaves /nope as plain text`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestChatSkillElsewhereMessage: the chat rule's words for a skill in a
// folder DSH does not read, from the Elsewhere lookup the server gives it.
func TestChatSkillElsewhereMessage(t *testing.T) {
	reg := skills.Resolve(nil, nil)
	opts := Options{Elsewhere: func(name string) []ElsewhereSkill {
		if name != "review" {
			return nil
		}
		return []ElsewhereSkill{{Path: "/p/.claude/skills/review/SKILL.md", Folder: ".claude/skills", Hosts: []string{"Claude Code", "Cursor"}}}
	}}
	ds := Chat("/chat.md", []ChatToken{{Name: "review", Span: spans.Span{Start: 0, End: 7}}, {Name: "nope", Span: spans.Span{Start: 8, End: 13}}}, &skills.Snapshot{Registry: reg}, opts)
	if len(ds) != 2 || ds[0].Message != `"review" is in .claude/skills, which DSH does not read (Claude Code, Cursor read it), so DSH leaves /review as plain text` ||
		len(ds[0].Related) != 1 || !strings.HasPrefix(ds[1].Message, `no skill is named "nope"`) {
		t.Errorf("got %+v", ds)
	}
}
