package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Security rules about what a host runs or grants when a skill loads: the
// !`command` lines Claude Code runs, allowed-tools entries wider than a
// skill needs, and skills with side effects the model may start alone.

// The codes of the grant rules.
const (
	CodeHostCommand          = "host-command"
	CodeAllowedToolsUnscoped = "allowed-tools-unscoped"
	CodeSideEffectInvocable  = "side-effect-model-invocable"
)

// sideEffectWords are the words of a skill name that say it changes
// something outside the conversation.
var sideEffectWords = []string{"deploy", "publish", "release", "delete", "drop", "push", "destroy", "purge"}

var securityGrantRules = []*Rule{
	{Code: CodeHostCommand, Category: CategorySecurity, Severity: SeverityWarning, Summary: "a !`command` a host runs when the model loads the skill",
		Doc:  "Claude Code runs each !`command` of a skill's body when the skill loads and puts its output in the text the model reads, before anyone reviews the command's effect; a skill the model may invoke on its own runs it whenever the model decides. Reported only when the skill is model-invocable (no `disable-model-invocation: true`). A `!` inside a word (`Hello!`) or a code span without the `!` is not reported." + securityDocTail,
		File: checkHostCommands},
	{Code: CodeAllowedToolsUnscoped, Category: CategorySecurity, Severity: SeverityWarning, Summary: "allowed-tools grants a shell or every tool, unscoped",
		Doc:  "`allowed-tools` lists the tools a host lets the skill use without asking. `Bash` (or `Bash(*)`, `Shell`, `PowerShell`) alone grants every command; `*`, or a name ending in `*` (`mcp__*`), grants every tool of the pattern. Scope the grant to the commands the skill needs (`Bash(git status:*)`, `Bash(npm test)`)." + securityDocTail,
		File: checkUnscopedTools},
	{Code: CodeSideEffectInvocable, Category: CategorySecurity, Severity: SeverityInfo, Summary: "a skill named for side effects the model may start alone",
		Doc:  "A skill whose name says it changes the world (deploy, publish, release, delete, drop, push, destroy, purge) is model-invocable: the model may run it whenever a conversation seems to call for it. `disable-model-invocation: true` leaves it to the user's `/name`. The quick fix (unsafe: the model stops invoking it) adds that key." + securityDocTail,
		File: checkSideEffects},
}

// modelInvocable reports whether the pass's skill is valid and the model
// may invoke it on its own.
func modelInvocable(p *Pass) bool {
	return p.File.Def != nil && p.File.Def.Invocation.ModelInvocable
}

func checkHostCommands(p *Pass) {
	if !modelInvocable(p) {
		return
	}
	for _, h := range p.File.Hidden() {
		if h.Kind == skillfile.HiddenHostCommand {
			p.Report(h.Span, fmt.Sprintf("a host that runs !`…` (Claude Code) runs %q when the model loads this skill, which it may do on its own", h.Text))
		}
	}
}

// checkUnscopedTools reports the unscoped entries of allowed-tools, a
// string or a list (split as the peer rule splits them: toolEntries).
func checkUnscopedTools(p *Pass) {
	if !p.fields() {
		return
	}
	fld := p.File.Frontmatter.Field("allowed-tools")
	if fld == nil || fld.ValueSpan.Len() == 0 || (fld.Value.Kind != dshyaml.KindString && fld.Value.Kind != dshyaml.KindSeq) {
		return
	}
	region := fld.ValueSpan
	text := fld.Value.Str // a plain scalar is its source text: no read
	if fld.Value.Kind == dshyaml.KindSeq || !fld.Value.Plain {
		region = valueRegion(p, fld.ValueSpan) // a list spans its lines
		text = p.Text(region)
	}
	for _, e := range toolEntries(text, region.Start) {
		if why := unscopedTool(e.text); why != "" {
			p.Report(e.span, fmt.Sprintf("allowed-tools grants %s without asking: %s", e.text, why))
		}
	}
}

// unscopedTool says why an allowed-tools entry grants too much, or "".
func unscopedTool(name string) string {
	base, arg, scoped := strings.Cut(name, "(")
	arg = strings.TrimSuffix(arg, ")")
	switch {
	case name == "*":
		return "every tool"
	case strings.HasSuffix(base, "*"):
		return "every tool whose name starts with " + strings.TrimSuffix(base, "*")
	case base == "Bash" || base == "Shell" || base == "PowerShell":
		if !scoped || strings.Trim(arg, "*: ") == "" {
			return "any command at all; scope it to the commands the skill runs (" + base + "(git status:*))"
		}
	}
	return ""
}

// aboutWords are the words of a name that say the skill writes or reads
// about an action rather than doing it (release-notes, deploy-checklist).
var aboutWords = []string{"notes", "note", "docs", "doc", "guide", "checklist", "changelog", "review", "plan", "planning", "log", "logs", "history", "summary", "status", "template", "policy", "explainer"}

// sideEffectWord returns the side-effect word that starts or ends the
// name (deploy-prod, npm-publish), or "" for none or for a name about the
// action (release-notes).
func sideEffectWord(name string) string {
	if !slices.ContainsFunc(sideEffectWords, func(w string) bool { return strings.Contains(name, w) }) {
		return "" // most names: no split
	}
	words := strings.Split(name, "-")
	word := ""
	for _, w := range []string{words[0], words[len(words)-1]} {
		for _, s := range sideEffectWords {
			if w == s || w == s+"s" || w == s+"er" {
				word = s
			}
		}
	}
	for _, w := range words {
		if slices.Contains(aboutWords, w) {
			return ""
		}
	}
	return word
}

// titleDisableModelInvocation is the title of the fix below (FixDocs lists it).
const titleDisableModelInvocation = "Add disable-model-invocation: true"

// checkSideEffects reports a model-invocable skill whose name has a side
// effect word, with the fix that leaves it to the user.
func checkSideEffects(p *Pass) {
	if !modelInvocable(p) || !p.fields() {
		return
	}
	name := p.File.Frontmatter.Field("name")
	if name == nil {
		return
	}
	word := sideEffectWord(p.File.Def.Name)
	if word == "" {
		return
	}
	fix := Fix{Title: titleDisableModelInvocation, Unsafe: true}
	if dmi := p.File.Frontmatter.Field("disable-model-invocation"); dmi != nil && dmi.ValueSpan.Len() > 0 {
		fix.Edits = []Edit{p.Edit(dmi.ValueSpan, "true")}
	} else {
		at := p.File.Frontmatter.CloseSpan.Start
		fix.Edits = []Edit{p.Edit(spans.Span{Start: at, End: at}, "disable-model-invocation: true"+p.Newline())}
	}
	p.Report(name.ValueSpan.OrKey(name.KeySpan), fmt.Sprintf("the name says this skill has side effects (%s), and the model may invoke it on its own; disable-model-invocation: true leaves it to the user", word), fix)
}
