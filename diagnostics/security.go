package diagnostics

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Security rules about characters: what the model reads in a skill file
// but a reviewer does not see in a rendered view or a diff. The parser
// records the hidden text (skillfile.Hidden); these rules word it. Rows of
// the security category; docs/security.md says what each catches, its
// false-positive boundary and its OWASP Agentic Skills Top 10 entry.

// The codes of the invisible-character rules.
const (
	CodeHiddenTagText    = "hidden-tag-text"
	CodeBidiControl      = "bidi-control"
	CodeZeroWidth        = "zero-width-character"
	CodeVariationHidden  = "variation-selector"
	CodePrivateUse       = "private-use-character"
	CodeControlCharacter = "control-character"
)

// securityDocTail ends the doc of every security rule.
const securityDocTail = " A security rule (`--security`, `select: [security]`): see [security.md](security.md)."

var securityCharRules = []*Rule{
	{Code: CodeHiddenTagText, Category: CategorySecurity, Severity: SeverityError, Summary: "invisible Unicode tag characters spell hidden text",
		Doc:  "Unicode tag characters (U+E0000–U+E007F) mirror ASCII and show as nothing in an editor, a rendered preview and a diff, but a model reads them as the letters they encode: an instruction can hide inside an innocent sentence. The message decodes the hidden text. Emoji subdivision flags (🏴 followed by tags and the cancel tag: England, Scotland, Wales) are not reported. The quick fix (safe) removes the characters." + securityDocTail,
		File: hiddenCharRule(skillfile.HiddenTag)},
	{Code: CodeBidiControl, Category: CategorySecurity, Severity: SeverityError, Summary: "bidi controls reorder how the text displays",
		Doc:  "Bidi embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) make text display in another order than the model reads it (the \"Trojan Source\" attack): a reviewer reads one instruction, the model another. Right-to-left text needs none of them (Arabic and Hebrew display right to left by themselves). The quick fix (safe) removes them." + securityDocTail,
		File: hiddenCharRule(skillfile.HiddenBidi)},
	{Code: CodeZeroWidth, Category: CategorySecurity, Severity: SeverityWarning, Summary: "zero-width characters the reader cannot see",
		Doc:  "Zero-width and blank characters (ZWSP, ZWNJ, ZWJ, word joiner, invisible operators, a byte-order mark inside the text, Hangul fillers, the soft hyphen U+00AD, the combining grapheme joiner U+034F, the Khmer inherent vowels U+17B4–U+17B5, Mongolian variation selectors, the deprecated format controls U+206A–U+206F, the interlinear annotation marks U+FFF9–U+FFFB, the other default-ignorable code points, and direction marks outside right-to-left lines: LRM, RLM and the Arabic letter mark U+061C on a line with no right-to-left letter) are invisible in a preview and split or disguise words: a name that looks like another, a keyword a filter does not match, a payload encoded in their pattern. Not reported: ZWJ inside emoji sequences (👩‍💻), ZWJ, ZWNJ, ZWSP and the grapheme joiner between letters or marks of scripts that use them (Persian, Indic, Thai, Hebrew), a Mongolian variation selector after a Mongolian letter, direction marks on a line holding an Arabic or Hebrew letter. The quick fix (safe) removes them." + securityDocTail,
		File: hiddenCharRule(skillfile.HiddenZeroWidth)},
	{Code: CodeVariationHidden, Category: CategorySecurity, Severity: SeverityWarning, Summary: "variation selectors that select nothing",
		Doc:  "Variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF) choose a glyph for the character before them and are invisible. One after an emoji, a keycap or a symbol (❤️, 1️⃣) or after an ideograph is text and not reported; a run of them, or one after a Latin letter, selects nothing and can carry bytes invisibly (a known way to smuggle data after an emoji). The quick fix (safe) removes them." + securityDocTail,
		File: hiddenCharRule(skillfile.HiddenVariation)},
	{Code: CodePrivateUse, Category: CategorySecurity, Severity: SeverityWarning, Summary: "private-use characters with no agreed meaning",
		Doc:  "Private-use characters (U+E000–U+F8FF, planes 15 and 16) have no agreed glyph or meaning: an editor shows a box or an icon font's glyph, and what a model makes of them is unknown. They are a place to hide encoded data. The quick fix (unsafe: an icon font's glyph goes too) removes them." + securityDocTail,
		File: hiddenCharRule(skillfile.HiddenPrivateUse)},
	{Code: CodeControlCharacter, Category: CategorySecurity, Severity: SeverityWarning, Summary: "control characters or terminal escape sequences",
		Doc: "C0 and C1 control characters (other than tab, line feed and carriage return) and terminal escape sequences (ESC [ … m) do not show in a preview; printed in a terminal (`cat`, a diff, a log) an escape sequence can erase, recolour or rewrite what the reviewer sees, while the model reads it all. The quick fix (safe) removes them." + securityDocTail,
		File: func(p *Pass) {
			hiddenChars(p, skillfile.HiddenControl)
			hiddenChars(p, skillfile.HiddenEscape)
		}},
}

// hiddenCharRule returns the File check that reports the pass's hidden
// characters of one kind.
func hiddenCharRule(kind skillfile.HiddenKind) func(p *Pass) {
	return func(p *Pass) { hiddenChars(p, kind) }
}

// The titles of the fixes below (FixDocs lists them).
const (
	titleRemoveInvisible  = "Remove the invisible characters"
	titleRemovePrivateUse = "Remove the private-use characters"
)

// hiddenChars reports each run of the file's hidden characters of kind,
// with the fix that removes it.
func hiddenChars(p *Pass, kind skillfile.HiddenKind) {
	for _, h := range p.File.Hidden() {
		if h.Kind != kind {
			continue
		}
		fix := Fix{Title: titleRemoveInvisible, Preferred: true, Edits: []Edit{p.Edit(h.Span, "")}}
		if kind == skillfile.HiddenPrivateUse {
			fix.Title, fix.Preferred, fix.Unsafe = titleRemovePrivateUse, false, true
		}
		p.Report(h.Span, hiddenCharMessage(h), fix)
	}
	if name := skillFolderName(p.File.Path); name != "" {
		for _, h := range skillfile.HiddenInName(name) {
			if h.Kind == kind {
				p.Report(spans.Span{}, fmt.Sprintf("the folder name %q holds %s", name, hiddenCharMessage(h)))
			}
		}
	}
}

// skillFolderName returns the name a skill's folder (a bundle's) or file
// (a flat NAME.md) shows it under in a file tree, a listing and the base
// directory line the model reads.
func skillFolderName(path string) string {
	base := filepath.Base(path)
	if strings.EqualFold(base, "SKILL.md") {
		return filepath.Base(filepath.Dir(path))
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// HiddenCode returns the code of the rule that reports hidden characters
// of kind, "" for hidden markup (a comment, padding), which the markup
// rules report. TestHiddenCode holds it to the rule table.
func HiddenCode(kind skillfile.HiddenKind) string {
	switch kind {
	case skillfile.HiddenTag:
		return CodeHiddenTagText
	case skillfile.HiddenBidi:
		return CodeBidiControl
	case skillfile.HiddenZeroWidth:
		return CodeZeroWidth
	case skillfile.HiddenVariation:
		return CodeVariationHidden
	case skillfile.HiddenPrivateUse:
		return CodePrivateUse
	case skillfile.HiddenControl, skillfile.HiddenEscape:
		return CodeControlCharacter
	}
	return ""
}

// hiddenCharMessage words one run of hidden characters.
func hiddenCharMessage(h skillfile.Hidden) string {
	switch h.Kind {
	case skillfile.HiddenTag:
		return fmt.Sprintf("%s invisible Unicode tag %s spell %q: the model reads this text, a reviewer sees nothing", countWord(h.Count), plural(h.Count, "character", "characters"), h.Text)
	case skillfile.HiddenBidi:
		return fmt.Sprintf("%s bidi %s: the text displays in another order than the model reads it", countWord(h.Count), plural(h.Count, "control", "controls"))
	case skillfile.HiddenZeroWidth:
		return fmt.Sprintf("%s zero-width or blank %s: invisible to a reviewer, read by the model", countWord(h.Count), plural(h.Count, "character", "characters"))
	case skillfile.HiddenVariation:
		return fmt.Sprintf("%s variation %s no variant: invisible, and able to carry hidden bytes", countWord(h.Count), plural(h.Count, "selector that selects", "selectors that select"))
	case skillfile.HiddenPrivateUse:
		return fmt.Sprintf("%s private-use %s: no agreed glyph or meaning", countWord(h.Count), plural(h.Count, "character", "characters"))
	case skillfile.HiddenEscape:
		return "a terminal escape sequence: printed in a terminal it can hide or rewrite what a reviewer sees"
	}
	return fmt.Sprintf("%s control %s: invisible in a preview, read by the model", countWord(h.Count), plural(h.Count, "character", "characters"))
}

// countWord is a count for the start of a message: "one", or the number.
func countWord(n int) string {
	if n == 1 {
		return "one"
	}
	return fmt.Sprint(n)
}

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
