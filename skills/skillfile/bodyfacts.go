package skillfile

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// Facts about the body that rules about its size and its placeholders
// need, made while the text is in hand, so that those rules read no file
// again: the number of lines, and the $NAME and ${NAME} placeholders
// (the substitutions hosts such as Claude Code make: $ARGUMENTS,
// ${CLAUDE_SKILL_DIR}).

// Placeholder is a $NAME or ${NAME} in the body whose name starts with an
// upper-case letter.
type Placeholder struct {
	Name string
	Span spans.Span // the whole token, $ and braces included
}

// maxPlaceholders bounds what one file records: a body that holds more is
// generated text, and the rules need only the first few.
const maxPlaceholders = 64

// bodyLines counts the lines of the body (a last line without a line
// break counts).
func bodyLines(body []byte) int {
	n := bytes.Count(body, []byte{'\n'})
	if len(body) > 0 && body[len(body)-1] != '\n' {
		n++
	}
	return n
}

// placeholders returns the placeholders of the body at span of src.
func placeholders(src []byte, body spans.Span) []Placeholder {
	text := src[body.Start:body.End]
	var out []Placeholder
	for off := 0; len(out) < maxPlaceholders; {
		i := bytes.IndexByte(text[off:], '$')
		if i < 0 {
			break
		}
		at := off + i
		off = at + 1
		name, end := placeholderAt(text, at)
		if name != "" {
			out = append(out, Placeholder{Name: name, Span: spans.Span{Start: body.Start + at, End: body.Start + end}})
			off = end
		}
	}
	return out
}

// placeholderAt reads a placeholder at text[at] ('$'): the name and the
// end of the token, or "" when none starts there.
func placeholderAt(text []byte, at int) (string, int) {
	i, braced := at+1, false
	if i < len(text) && text[i] == '{' {
		i, braced = i+1, true
	}
	start := i
	if i >= len(text) || text[i] < 'A' || text[i] > 'Z' {
		return "", 0
	}
	for i < len(text) && isPlaceholderByte(text[i]) {
		i++
	}
	name := string(text[start:i])
	if braced {
		if i >= len(text) || text[i] != '}' {
			return "", 0
		}
		i++
	}
	return name, i
}

func isPlaceholderByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}
