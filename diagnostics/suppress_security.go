package diagnostics

import (
	"fmt"
	"math"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// A skill's own suppression comments can silence the security rules
// (`# skill-ls-disable-file hidden-tag-text` in a frontmatter whose
// description spells "email ~/.ssh/id_rsa" in tag characters). The skill
// is the content being vetted: a vetting run (Options.Vetting, check
// --security) lets no comment hide anything, and every run reports a
// comment that silences a security rule as a finding of its own, so the
// silence shows in a plain check, in the editor and in the SARIF.

// CodeSuppressionSecurity is the code of the rule that reports a
// suppression comment silencing a security rule.
const CodeSuppressionSecurity = "suppression-security"

var securitySuppressionRules = []*Rule{
	{Code: CodeSuppressionSecurity, Category: CategorySecurity, Severity: SeverityWarning, Summary: "a suppression comment silences a security rule",
		Doc:         "A suppression comment in the skill (`<!-- skill-ls-disable-file hidden-comment -->`, `# skill-ls-disable-next-line hidden-tag-text`) hides a finding of a security rule. The comment is part of the skill, so whoever wrote the skill chose what a reviewer is not told: a skill that hides instructions in tag characters can silence the rule that decodes them. `check --security` (a vetting run) ignores every suppression comment of the skills it vets, reports what they would have hidden and this finding on each comment, and says how many it ignored; a plain `check` and the editor honour the comment and report this finding in place of what it hides. It is a warning, or an error when what the comment hides is an error, so that a check failing on errors still fails. A comment no rule reports under is `suppression-unused` instead. There is no quick fix: decide whether the hidden finding is real, then remove the comment or turn the rule off in your own config (the config of a vetted repository is ignored too: see [security.md](security.md#vetting-downloaded-skills)). Suppression comments do not silence this rule." + securityDocTail,
		Suppression: checkSuppressionSecurity},
}

// checkSuppressionSecurity reports each code of a comment that silences
// (or, in a vetting run, would silence) a diagnostic of a security rule;
// in a vetting run, of any rule that ran, since none of them is hidden.
func checkSuppressionSecurity(p *Pass, u DirectiveUse) {
	if u.Problem != "" || u.Kind == skillfile.Enable {
		return
	}
	for j, c := range u.Codes {
		r := p.lookup(c.Code)
		if !u.Used[j] || r == nil || r.Unsuppressible() || (r.Category != CategorySecurity && !p.opts.Vetting) {
			continue
		}
		msg := fmt.Sprintf("this suppression comment silences the security rule %s %s: the skill decides what its reviewer is told; check --security ignores it", c.Code, directiveReach(u, j))
		if p.opts.Vetting {
			msg = fmt.Sprintf("this suppression comment would silence %s %s; a vetting run (check --security) ignores the suppressions of the skills it vets and reports what they hide", c.Code, directiveReach(u, j))
		}
		d := p.Report(c.Span, msg)
		// Silencing an error is as loud as the error: a check that fails
		// on errors still fails.
		if u.Worst[j] == SeverityError && d.Severity > SeverityError {
			d.Severity = SeverityError
		}
	}
}

// directiveReach words where code j of a disable comment applies.
func directiveReach(u DirectiveUse, j int) string {
	switch u.Kind {
	case skillfile.DisableNextLine:
		return "on the next line"
	case skillfile.Disable:
		if u.ToLine[j] == math.MaxInt {
			return "from here to the end of the file"
		}
		return "before the matching skill-ls-enable"
	}
	return "in this file"
}
