package diagnostics

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
)

// TestPeerRules: what claude-code-lint and skill-check find that an
// author wants, in real-looking files: allowed-tools entries the body
// never mentions, placeholders no host substitutes (with the fix to the
// name meant), and a body over 500 lines. Issue 25, point 13.
func TestPeerRules(t *testing.T) {
	const path = "/work/.claude/skills/review/SKILL.md"
	long := strings.Repeat("Check the next file and note what changed.\n", 520)
	tests := []struct {
		name, src string
		want      []string // code, the reported text and the first fix's title
	}{
		{"every allowed tool used", "---\nname: review\ndescription: Reviews a diff.\nallowed-tools: Read, Grep, Bash(git diff:*)\n---\nRead the diff with git diff, grep for TODOs.\n", nil},
		{"tools the body never uses", "---\nname: review\ndescription: Reviews a diff.\nallowed-tools: Read, WebFetch, Bash(docker run:*)\n---\nRead the diff and comment on it.\n",
			[]string{"allowed-tool-unused WebFetch", "allowed-tool-unused Bash(docker run:*)"}},
		{"a block list of tools", "---\nname: review\ndescription: Reviews a diff.\nallowed-tools:\n  - Read\n  # the issue tracker\n  - mcp__github__create_issue\n---\nRead the diff.\n",
			[]string{"allowed-tool-unused mcp__github__create_issue"}},
		{"known placeholders and shell variables", "---\nname: review\ndescription: Reviews a diff.\n---\nReview $ARGUMENTS and $ARGUMENTS[0] and $1 with ${CLAUDE_SKILL_DIR}/check.sh; $HOME and $PATH are the shell's.\n", nil},
		{"misspelled placeholders", "---\nname: review\ndescription: Reviews a diff.\n---\nReview $ARGUMENT with ${CLAUDE_SKIL_DIR}/check.sh in ${CLAUDE_WORKDIR}.\n",
			[]string{"placeholder-unknown $ARGUMENT Change to $ARGUMENTS", "placeholder-unknown ${CLAUDE_SKIL_DIR} Change to ${CLAUDE_SKILL_DIR}", "placeholder-unknown ${CLAUDE_WORKDIR}"}},
		{"a body of 500 lines", "---\nname: review\ndescription: Reviews a diff.\n---\n" + strings.Repeat("x\n", 500), nil},
		{"a body over 500 lines", "---\nname: review\ndescription: Reviews a diff.\n---\n" + long, []string{"body-too-long "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := skills.NewWorkspace(nil, skills.LoadOptions{}).Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: path, Text: []byte(tt.src)})
			var got []string
			for _, d := range RunFile(snap, path, Options{}) {
				if !slices.Contains([]string{CodeAllowedToolUnused, CodePlaceholderUnknown, CodeBodyTooLong}, d.Code) {
					continue
				}
				line := fmt.Sprintf("%s %s", d.Code, tt.src[d.Span.Start:d.Span.End])
				if len(d.Fixes) > 0 {
					line += " " + d.Fixes[0].Title
				}
				got = append(got, line)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMentions holds the body search of allowed-tool-unused: whole words,
// ASCII letters in any case, the body read in place.
func TestMentions(t *testing.T) {
	tests := []struct {
		body, word string
		want       bool
	}{
		{"Run git diff first.", "git", true},
		{"Run GIT diff first.", "git", true},
		{"Use WebFetch.", "webfetch", true},
		{"Use webfetch.", "WebFetch", true},
		{"digit and gitlab", "git", false},
		{"XGit", "git", false},
		{"git_x", "git", false},
		{"(git)", "git", true},
		{"gi", "git", false},
		{"", "git", false},
		{"é git é", "git", true},
		{"Read", "", false},
		{"Use Ärger now.", "ärger", false}, // ASCII folding only: Ä is not ä
		{"Use Ärger now.", "Ärger", true},
		{"xÄrger", "Ärger", false},
	}
	for _, tt := range tests {
		if got := mentions([]byte(tt.body), tt.word); got != tt.want {
			t.Errorf("mentions(%q, %q) = %v, want %v", tt.body, tt.word, got, tt.want)
		}
	}
}
