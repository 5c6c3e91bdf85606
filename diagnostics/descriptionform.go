package diagnostics

import (
	"fmt"
	"regexp"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/jstext"
)

// Rules about a description's form that DSH does not enforce and other
// tools do: a description too short to say when to use the skill, and XML
// tags, which Claude's skill upload refuses in a description. Both are off
// in the dsh profile and warnings under agentskills, where the peer
// linters (claude-code-lint) report them.

// The codes of the description-form rules.
const (
	CodeDescriptionTooShort = "description-too-short"
	CodeDescriptionXMLTag   = "description-xml-tag"
	descriptionMinLength    = 10
)

// xmlTag matches an opening, closing or empty XML tag: <notes>, </b>, <br/>.
var xmlTag = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9_.:-]*(\s[^<>]*)?/?>`)

var descriptionFormRules = []*Rule{
	{Code: CodeDescriptionTooShort, Severity: SeverityOff, Summary: "a description too short to say when to use the skill",
		Doc: fmt.Sprintf("The model decides from the name and description alone whether to load a skill. A description of fewer than %d characters (after whitespace is collapsed, as the catalog shows it) cannot say what the skill does and when to use it. Off in the dsh profile; a warning under agentskills, as claude-code-lint reports it.", descriptionMinLength),
		File: func(p *Pass) {
			desc := loadedDescription(p)
			if desc == nil {
				return
			}
			text, _ := jstext.Collapse(desc.Value.Str)
			if n := utf8.RuneCountInString(text); n > 0 && n < descriptionMinLength {
				p.Report(desc.ValueSpan, fmt.Sprintf("the description is %d %s: too short to tell the model what the skill does and when to use it", n, plural(n, "character", "characters")))
			}
		}},
	{Code: CodeDescriptionXMLTag, Severity: SeverityOff, Summary: "an XML tag in the description",
		Doc: "Claude's skill upload refuses a description that holds an XML tag (`<notes>`, `</b>`), and a host that wraps its catalog in tags of its own may read one as the end of its frame. DSH escapes `<` in its catalog. Write the words without angle brackets. Off in the dsh profile; a warning under agentskills, as claude-code-lint reports it.",
		File: func(p *Pass) {
			desc := loadedDescription(p)
			if desc == nil {
				return
			}
			if tag := xmlTag.FindString(desc.Value.Str); tag != "" {
				p.Report(desc.ValueSpan, fmt.Sprintf("the description holds the XML tag %s, which Claude's skill upload refuses; write it without angle brackets", tag))
			}
		}},
}
