package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/spans"
	"github.com/skill-ls/skill-ls/skills/spelling"
)

// Rules the other skill linters have that an author wants too: allowed
// tools the body never uses and placeholders no host substitutes (as
// claude-code-lint reports them), and a body too long for progressive
// disclosure (as skill-check does). DSH itself ignores allowed-tools and
// substitutes nothing; these speak for the hosts that do, and for the
// model's context.

// The codes of the peer rules.
const (
	CodeAllowedToolUnused   = "allowed-tool-unused"
	CodePlaceholderUnknown  = "placeholder-unknown"
	CodeBodyTooLong         = "body-too-long"
	bodyLineLimit           = 500
	placeholderSubstitution = "Claude Code substitutes $ARGUMENTS (and $ARGUMENTS[N], $N), ${CLAUDE_SKILL_DIR} and ${CLAUDE_SESSION_ID} in a skill's body"
)

// knownPlaceholders are the names Claude Code substitutes in a body.
var knownPlaceholders = []string{"ARGUMENTS", "CLAUDE_SKILL_DIR", "CLAUDE_SESSION_ID", "CLAUDE_PLUGIN_ROOT"}

var peerRules = []*Rule{
	{Code: CodeAllowedToolUnused, Severity: SeverityInfo, Summary: "allowed-tools grants a tool the body never mentions",
		Doc:  "`allowed-tools` lets the host run the tools it names without asking (Claude Code; DSH ignores the key). An entry the body never mentions (neither the tool, nor the command of a `Bash(cmd:*)` entry) is a permission the instructions do not use: remove it, or say in the body when to use it. claude-code-lint reports the same.",
		File: checkAllowedTools},
	{Code: CodePlaceholderUnknown, Severity: SeverityWarning, Summary: "a $NAME placeholder no host substitutes",
		Doc:  placeholderSubstitution + ". A placeholder close to one of those (`$ARGUMENT`, `${CLAUDE_SKIL_DIR}`) or another `$CLAUDE_…` name is left as written, so the model reads the placeholder instead of the value. Shell variables such as `$HOME` are not reported. The safe fix spells the name it is close to. claude-code-lint reports the same.",
		File: checkPlaceholders},
	{Code: CodeBodyTooLong, Severity: SeverityWarning, Summary: "the body is too long for progressive disclosure",
		Doc:  "The whole body enters the model's context when the skill loads. The agentskills.io specification advises a SKILL.md body under 500 lines, with detailed material in files under `references/` that the body links to, which the model reads only when it needs them. skill-check reports the same. The editor offers to move the longest section (a heading of level 2 or deeper) into `references/<section>.md`, a file it creates, leaving the heading and a link in its place; `check --fix` creates no files, so it does not.",
		File: checkBodyLength},
}

// checkBodyLength reports a body over bodyLineLimit lines, at its first
// line.
func checkBodyLength(p *Pass) {
	f := p.File
	if f.BodyLines <= bodyLineLimit || f.Drop != nil {
		return
	}
	at := spans.Span{Start: f.ContentSpan.Start, End: f.ContentSpan.Start}
	p.Report(at, fmt.Sprintf("the body is %s lines; the model reads all of it when the skill loads, and the agentskills.io spec advises under %d: move detailed sections into files under references/ and link them, so the model reads them only when needed", jstext.Count(int(f.BodyLines)), bodyLineLimit))
}

// titleChangePlaceholder is the title of the fix below (FixDocs lists it).
const titleChangePlaceholder = "Change to NAME"

// checkPlaceholders reports each placeholder that is close to one Claude
// Code substitutes, or names another CLAUDE_ one, with a fix to the name
// it is close to.
func checkPlaceholders(p *Pass) {
	for _, ph := range p.File.Placeholders() {
		if slices.Contains(knownPlaceholders, ph.Name) {
			continue
		}
		near := nearestPlaceholder(ph.Name)
		if near == "" && !strings.HasPrefix(ph.Name, "CLAUDE_") {
			continue
		}
		msg := fmt.Sprintf("no host substitutes $%s, so the model reads it as written; %s", ph.Name, placeholderSubstitution)
		if near == "" {
			p.Report(ph.Span, msg)
			continue
		}
		token := p.Text(ph.Span)
		fixed := strings.Replace(token, ph.Name, near, 1)
		p.Report(ph.Span, fmt.Sprintf("%s; did you mean %s?", msg, fixed),
			Fix{Title: fixTitle(titleChangePlaceholder, fixed), Preferred: true, Edits: []Edit{p.Edit(ph.Span, fixed)}})
	}
}

// nearestPlaceholder returns the known placeholder within two edits of
// name, or "".
func nearestPlaceholder(name string) string {
	for _, k := range knownPlaceholders {
		if spelling.Distance(name, k, 3) <= 2 {
			return k
		}
	}
	return ""
}
