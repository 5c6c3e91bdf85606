package diagnostics

import (
	"fmt"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about who may invoke the skill: the invocation flags and their
// legacy spellings.

// The codes of the invocation rules.
const (
	CodeLegacyInvocationKey  = string(problem.LegacyInvocationKey)
	CodeInvocationNotBoolean = string(problem.InvocationNotBoolean)
	CodeSkillUnreachable     = "skill-unreachable"
)

var invocationRules = []*Rule{
	{Code: CodeLegacyInvocationKey, Short: "legacy invocation key", Severity: SeverityError, Drops: true, Summary: "a legacy camelCase invocation key",
		Doc:     "Since 2026-07-28 DSH rejects `disableModelInvocation`, `modelInvocable` and `userInvocable` outright, whatever their value, and drops the skill with `invalid invocation frontmatter`. Use `disable-model-invocation` and `user-invocable`. The quick fix rewrites the key (and inverts the value for `modelInvocable`).",
		Finding: reportLegacyKey},
	{Code: CodeInvocationNotBoolean, Short: "invocation flag not a boolean", Severity: SeverityError, Drops: true, Summary: "an invocation flag is not a boolean",
		Doc:     "`disable-model-invocation` and `user-invocable` accept YAML booleans, 1/0, and the strings true/yes/on/false/no/off in any case. Anything else (including an empty value, `2`, `maybe` or `\" true\"`) drops the skill with `must be a boolean`.",
		Finding: reportNotBoolean},
	{Code: CodeSkillUnreachable, Severity: SeverityWarning, Summary: "both invocation flags hide the skill",
		Doc:  "With `disable-model-invocation: true` and `user-invocable: false` the skill stays in the registry but appears on no surface: not in the catalog, refused by the `skill` tool, ignored by `/name`.",
		File: checkUnreachable},
}

// titleReplaceKey is the title of the fix below (FixDocs lists it).
const titleReplaceKey = "Replace KEY with KEY"

// reportLegacyKey reports a legacy camelCase invocation key with a rewrite
// fix.
func reportLegacyKey(p *Pass, fd skillfile.Finding) {
	fld := p.File.Frontmatter.Field(fd.Key)
	use := skillfile.LegacyKeyReplacement(fd.Key)
	fix := Fix{Title: fixTitle(titleReplaceKey, fd.Key, use), Preferred: true, Edits: []Edit{p.Edit(fld.KeySpan, use)}}
	if fd.Key == "modelInvocable" {
		// modelInvocable: true means disable-model-invocation: false.
		if b, ok := dshyaml.LenientBool(fld.Value); ok && fld.ValueSpan.Len() > 0 {
			fix.Edits = []Edit{p.Edit(spans.Span{Start: fld.KeySpan.Start, End: fld.ValueSpan.End}, fmt.Sprintf("%s: %t", use, !b))}
		}
	}
	msg := fmt.Sprintf("%s is an old spelling that DSH no longer accepts; write %s", fd.Key, use)
	if fd.Key == "modelInvocable" {
		msg += " with the opposite value"
	}
	p.Report(fd.Span, dropPrefix+msg, fix)
}

// reportNotBoolean reports an invocation flag DSH cannot read as a boolean,
// saying what it is instead.
func reportNotBoolean(p *Pass, fd skillfile.Finding) {
	v := p.File.Frontmatter.Field(fd.Key).Value
	shown := "a " + v.Kind.String()
	switch v.Kind {
	case dshyaml.KindNull:
		shown = "empty"
	case dshyaml.KindString:
		shown = fmt.Sprintf("the text %q", v.Str)
	case dshyaml.KindInt, dshyaml.KindFloat:
		shown = "the number " + v.Str
	}
	p.Report(fd.Span, dropPrefix+fmt.Sprintf("%s must be true or false, but it is %s", fd.Key, shown))
}

func checkUnreachable(p *Pass) {
	def := p.File.Def
	if def == nil || def.Invocation.ModelInvocable || def.Invocation.UserInvocable {
		return
	}
	fm := p.File.Frontmatter
	span := fm.Field("description").KeySpan
	if fld := fm.Field("user-invocable"); fld != nil {
		span = spans.Span{Start: fld.KeySpan.Start, End: fld.ValueSpan.End}
	}
	p.Report(span, "disable-model-invocation: true and user-invocable: false hide this skill from every surface: not in the catalog, refused by the skill tool, ignored by /name")
}
