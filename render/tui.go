package render

import (
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// tuiPrefix starts a historical TUI skill command.
const tuiPrefix = "/skill:"

// TUI notices (docs/dsh.md §9). They were shown to the user only and never reached
// the model.
const (
	// TUINoticeUsage is shown for a command with an empty name.
	TUINoticeUsage = "Usage: /skill:<name> [instructions]"
	// TUINoticeNoSkills is shown when the session has no skill registry.
	TUINoticeNoSkills = "Skills are not available in this session."
)

// TUINoticeUnknown returns the notice for a name the registry does not list:
// "Unknown skill: <name>".
func TUINoticeUnknown(name string) string {
	return "Unknown skill: " + name
}

// TUINoticeNotUserInvocable returns the notice for a skill that is not
// user-invocable: `Skill "<name>" is not available for user invocation.`.
func TUINoticeNotUserInvocable(name string) string {
	return `Skill "` + name + `" is not available for user invocation.`
}

// TUINoticeLoadFailed returns the notice for a skill that failed to load:
// `Skill "<name>" failed to load: <error chain>`.
func TUINoticeLoadFailed(name, errorChain string) string {
	return `Skill "` + name + `" failed to load: ` + errorChain
}

// ParseTUICommand parses a submission of the historical TUI command
// `/skill:<name> [instructions]` (docs/dsh.md §9). The submission is trimmed
// (JavaScript trim); isCommand reports whether it then starts with "/skill:".
// The name is everything after the prefix up to the first U+0020 (a tab or
// newline does not end it) and the instructions are everything after that
// space, trimmed. An empty name means the usage notice.
func ParseTUICommand(submission string) (name, instructions string, isCommand bool) {
	rest, ok := strings.CutPrefix(jstext.Trim(submission), tuiPrefix)
	if !ok {
		return "", "", false
	}
	name, instructions, _ = strings.Cut(rest, " ")
	return name, jstext.Trim(instructions), true
}

// TUIInvocation renders the user turn the historical TUI sent for
// `/skill:<name> [instructions]` (renderSkillInvocation, docs/dsh.md §9). Nothing is
// escaped:
//
//	<skill name="<name>">
//	<reference line>      only with a resource base
//	                      (empty line, only with a resource base)
//	<content>
//	</skill>
//
// followed by "\n\n" + instructions when instructions is not empty. The
// reference line is "References in this skill are relative to <path>." for
// a directory, the same with the URL for a url base, and the description
// itself for an opaque base. The result is model text; a nil s renders as
// "".
func TUIInvocation(s *skills.Skill, instructions string) string {
	if s == nil {
		return ""
	}
	lines := []string{`<skill name="` + s.Name + `">`}
	rb := s.ResourceBase
	switch rb.Kind {
	case skills.ResourceDirectory:
		lines = append(lines, "References in this skill are relative to "+rb.Path+".", "")
	case skills.ResourceURL:
		lines = append(lines, "References in this skill are relative to "+rb.URL+".", "")
	case skills.ResourceOpaque:
		lines = append(lines, rb.Description, "")
	}
	lines = append(lines, s.Content, "</skill>")
	text := strings.Join(lines, "\n")
	if instructions != "" {
		text += "\n\n" + instructions
	}
	return jstext.ModelText(text)
}

// TUI handles one submission as the historical TUI did (docs/dsh.md §9). It
// returns the model-visible user turn in text, or a user-only notice in
// notice, or two empty strings when the submission is not a `/skill:`
// command (it was then an ordinary message). The checks are: empty name
// (TUINoticeUsage), nil l (TUINoticeNoSkills), unknown name
// (TUINoticeUnknown) and a skill that is not user-invocable
// (TUINoticeNotUserInvocable). The name is not checked against the skill
// name grammar: an invalid name is simply unknown.
func TUI(l Lookup, submission string) (text, notice string) {
	name, instructions, ok := ParseTUICommand(submission)
	switch {
	case !ok:
		return "", ""
	case name == "":
		return "", TUINoticeUsage
	case l == nil:
		return "", TUINoticeNoSkills
	}
	s := l.Lookup(name)
	switch {
	case s == nil:
		return "", TUINoticeUnknown(name)
	case !s.Invocation.UserInvocable:
		return "", TUINoticeNotUserInvocable(name)
	}
	return TUIInvocation(s, instructions), ""
}

// TUITokens returns the `/skill:name` tokens of text, the form the chat
// completion offers (TokenAtWith): "/skill:" at the start of the text or
// after JavaScript whitespace, a name in the skill-name grammar, then
// JavaScript whitespace or the end of the text. A token's Name is the name
// after "skill:"; Start is at the '/', End after the name.
func TUITokens(text string) []Token {
	var out []Token
	for at := 0; ; {
		i := strings.Index(text[at:], tuiPrefix)
		if i < 0 {
			return out
		}
		start := at + i
		end := start + len(tuiPrefix)
		for end < len(text) && isNameByte(text[end]) {
			end++
		}
		at = end
		if before, ok := sideOf(text, start, true); !ok || before {
			continue
		}
		if after, ok := sideOf(text, end, false); !ok || after {
			continue
		}
		if name := text[start+len(tuiPrefix) : end]; skillfile.IsSkillName(name) {
			out = append(out, Token{Name: name, Start: start, End: end})
		}
	}
}
