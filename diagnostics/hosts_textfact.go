package diagnostics

import (
	"slices"

	"github.com/skill-ls/skill-ls/skills/hosts"
)

// A SKILL.md that is not text (a binary, a file saved as UTF-16 or
// Latin-1) in .claude/skills got one finding per host, each in its own
// words: three hosts' drops (a YAML error, "not valid UTF-8", "no
// frontmatter"), and Claude Code's notes and its description taken from
// the body. It is one fact: textFact makes them one finding that names
// the hosts that skip the skill and says what is wrong with the file,
// each host's words a related location.

// textFactCodes are the host rules whose findings on a file that is not
// text are about that: what each host makes of bytes it cannot read.
var textFactCodes = []string{CodeHostDrops, CodeHostChanges, CodeHostNote}

// textFact merges the hosts' findings on the pass's file when DSH's
// reader finds it is not text (binary-file, invalid-utf8): one finding at
// the first bad byte, host-drops when a host skips the skill. Fewer than
// two such findings are left as they are.
func textFact(p *Pass, found []hostFinding) []hostFinding {
	mistake, ok := notTextMistake(p)
	if !ok {
		return found
	}
	var skip, read []string
	var related []Related
	var out []hostFinding
	for _, hf := range found {
		if hf.host == "" || hf.absorbed || !slices.Contains(textFactCodes, hf.code) {
			out = append(out, hf)
			continue
		}
		names := &read
		if hf.code == CodeHostDrops {
			names = &skip
		}
		if !slices.Contains(*names, hf.host) {
			*names = append(*names, hf.host)
		}
		related = append(related, Related{Path: p.File.Path, Span: hf.span, Message: hf.message})
	}
	if len(related) < 2 {
		return found
	}
	read = slices.DeleteFunc(read, func(h string) bool { return slices.Contains(skip, h) })
	merged := hostFinding{code: CodeHostNote, span: p.File.Drop.Span, related: related}
	switch {
	case len(skip) > 0:
		merged.code = CodeHostDrops
		merged.message = hosts.JoinNames(skip) + verbFor(skip, " skips", " skip") + " this skill: " + mistake
	default:
		merged.message = hosts.JoinNames(read) + verbFor(read, " reads", " read") + " this skill from a file that is not text: " + mistake
	}
	return append([]hostFinding{merged}, out...)
}

// notTextMistake says, in no host's terms, why the pass's file is not
// text, when DSH's reader refuses it for that.
func notTextMistake(p *Pass) (string, bool) {
	if p.File.Drop == nil {
		return "", false
	}
	switch string(p.File.Drop.Code) {
	case CodeBinaryFile:
		return "the file holds a NUL byte (it is binary, or saved as UTF-16); save it as UTF-8 text", true
	case CodeInvalidUTF8:
		return "the file is not valid UTF-8 text (first bad byte here; it is saved as Latin-1 or another encoding); save it as UTF-8", true
	}
	return "", false
}
