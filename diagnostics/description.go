package diagnostics

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/scaffold"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about the description: whether DSH accepts it, and what the catalog
// makes of it.

// The codes of the description rules.
const (
	CodeDescriptionMissing   = string(problem.DescriptionMissing)
	CodeDescriptionNotString = string(problem.DescriptionNotString)
	CodeDescriptionEmpty     = string(problem.DescriptionEmpty)
	CodeDescriptionBlank     = "description-blank"
	CodeDescriptionTruncated = "description-truncated"
	CodeDescriptionTooLong   = "description-too-long"
	CodeDescriptionTODO      = "description-placeholder"
)

// titleAddPlaceholder is the title of the unsafe fix of description-missing
// below (FixDocs lists it).
const titleAddPlaceholder = "Add a placeholder description"

var descriptionRules = []*Rule{
	{Code: CodeDescriptionMissing, Short: "no description", Severity: SeverityError, Drops: true, Summary: "no description key",
		Doc: "Every skill needs a `description`: it is the text the model sees in the catalog to decide when to load the skill. Without it DSH drops the skill with `frontmatter requires name and description`. When a key close to it is there (`descripton`, `Description`, `desc`), the message points at that key and the quick fix (safe) renames it; otherwise it points at the frontmatter's opening `---`, and the quick fix (unsafe) adds the placeholder description of `skill-ls new`, which `description-placeholder` reports until it is replaced.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			if reportMisspelledRequired(p, "description") {
				return
			}
			// Unsafe: the stub is a placeholder the catalog would show (and
			// description-placeholder flags until it is replaced).
			at := p.File.Frontmatter.CloseSpan.Start
			stub := Fix{Title: titleAddPlaceholder, Unsafe: true, Edits: []Edit{p.Edit(spans.Span{Start: at, End: at}, "description: "+dshyaml.Scalar(scaffold.DescriptionPlaceholder)+p.Newline())}}
			p.Report(fd.Span, dropPrefix+"there is no description: key; add one that says what the skill does and when to use it", stub)
		}},
	{Code: CodeDescriptionNotString, Short: "description not text", Severity: SeverityError, Drops: true, Summary: "description is not a string",
		Doc: "`description` must be a YAML string; a number, boolean, null, list or mapping drops the skill. Quote the value or use a block scalar.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			p.Report(fd.Span, dropPrefix+notText(p, p.File.Frontmatter.Field("description")))
		}},
	{Code: CodeDescriptionEmpty, Short: "empty description", Severity: SeverityError, Drops: true, Summary: "description is empty",
		Doc: "An empty `description` drops the skill with `frontmatter requires name and description`.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			p.Report(fd.Span, dropPrefix+"description is empty; say what the skill does and when to use it")
		}},
	{Code: CodeDescriptionBlank, Severity: SeverityWarning, Summary: "description is only whitespace",
		Doc: "A quoted description made only of whitespace is accepted by DSH, but the catalog then shows an empty description, so the model has nothing to match the skill against.",
		File: func(p *Pass) {
			if desc := loadedDescription(p); desc != nil {
				if _, units := jstext.Collapse(desc.Value.Str); units == 0 {
					p.Report(desc.ValueSpan, "the description is only whitespace, so the catalog shows nothing for this skill; say what it does and when to use it")
				}
			}
		}},
	{Code: CodeDescriptionTruncated, Severity: SeverityWarning, Summary: "the description is cut in the catalog",
		Doc:  "The catalog shows at most `catalogDescriptionMaxLength` (default 500) UTF-16 code units of a description, after collapsing whitespace; a longer one is cut to the cap less 3 units plus `...`. The message (which counts characters as UTF-16 units) shows exactly what the model receives. Put the words that decide when to use the skill first. The quick fix (unsafe: the words after the cut are lost) shortens the description to the cap, ending at a word, with no `...`. A description over 1,024 characters is reported once, by description-too-long, which says both.",
		File: checkTruncated},
	{Code: CodeDescriptionTODO, Severity: SeverityWarning, Summary: "the description is still the placeholder of skill-ls new",
		Doc: "`skill-ls new` writes a placeholder description for the author to replace. The model decides whether to load a skill from its name and description alone, so replace it with what the skill does and when to use it.",
		File: func(p *Pass) {
			if desc := loadedDescription(p); desc != nil && strings.Contains(desc.Value.Str, scaffold.DescriptionPlaceholder) {
				p.Report(desc.ValueSpan, "the description is still the placeholder that skill-ls new wrote; replace it with what the skill does and when to use it")
			}
		}},
	{Code: CodeDescriptionTooLong, Severity: SeverityWarning, Summary: "description longer than 1,024 characters",
		Doc:  "The agentskills.io specification limits descriptions to 1,024 characters. DSH has no limit, but its catalog shows only the first 500 UTF-16 units: the message says that too (description-truncated is then not reported at the same place), and the quick fix (unsafe) shortens the description to what the catalog shows whole, ending at a word.",
		File: checkTooLong},
}

// tooLong returns the length of the description of the pass's file when
// it is over the agentskills.io limit of 1,024 characters, else 0.
func tooLong(p *Pass) (*dshyaml.Field, int) {
	if !p.fields() {
		return nil, 0
	}
	desc := p.File.Frontmatter.Field("description")
	if desc == nil || desc.Value.Kind != dshyaml.KindString {
		return nil, 0
	}
	if n := utf8.RuneCountInString(desc.Value.Str); n > 1024 {
		return desc, n
	}
	return nil, 0
}

// checkTooLong reports a description over the specification's limit, and
// the catalog's cut of it, in one message.
func checkTooLong(p *Pass) {
	desc, n := tooLong(p)
	if desc == nil {
		return
	}
	msg := fmt.Sprintf("the description is %s characters; the agentskills.io spec allows at most 1,024", jstext.Count(n))
	var fixes []Fix
	if p.File.Def != nil && p.File.Def.Invocation.ModelInvocable && p.dshReads() {
		max := p.opts.maxDescription()
		if cut, _ := jstext.IsShortened(p.File.Def.Description, max); cut {
			msg += fmt.Sprintf(", and DSH's catalog shows only its first %s characters followed by \"...\"", jstext.Count(max-3))
			fixes = append(fixes, shortenFix(p, desc, max))
		}
	}
	p.Report(desc.ValueSpan, msg, fixes...)
}

// loadedDescription returns the description field of a skill DSH loads.
func loadedDescription(p *Pass) *dshyaml.Field {
	if p.File.Def == nil {
		return nil
	}
	return p.File.Frontmatter.Field("description")
}

// checkTruncated shows the cut text of a catalog description over the cap.
func checkTruncated(p *Pass) {
	desc := loadedDescription(p)
	if desc == nil || !p.File.Def.Invocation.ModelInvocable || !p.dshReads() {
		return // another host's cut is host-truncated's
	}
	if long, _ := tooLong(p); long != nil && p.runs(p.lookup(CodeDescriptionTooLong)) {
		return // description-too-long says it, at the same place
	}
	max := p.opts.maxDescription()
	if cut, units := jstext.IsShortened(p.File.Def.Description, max); cut {
		shown := jstext.ModelText(jstext.Shorten(p.File.Def.Description, max))
		p.Report(desc.ValueSpan, fmt.Sprintf("the description is %s characters once its whitespace is collapsed, and the catalog shows at most %s, so the model sees: %s", jstext.Count(units), jstext.Count(max), shown),
			shortenFix(p, desc, max))
	}
}

// titleShorten is the title of the fix below (FixDocs lists it).
const titleShorten = "Shorten the description to its first N characters, ending at a word"

// shortenFix is the unsafe fix that shortens a description so that the
// catalog shows it whole: whitespace collapsed, cut to at most max units at
// the end of a word (a cut inside a surrogate pair drops the lone half: the
// file must stay UTF-8), without the "..." the catalog would add.
func shortenFix(p *Pass, desc *dshyaml.Field, max int) Fix {
	collapsed, _ := jstext.Collapse(p.File.Def.Description)
	kept := strings.ToValidUTF8(jstext.Substring(collapsed, max), "")
	if rest := collapsed[len(kept):]; rest != "" && !strings.HasPrefix(rest, " ") {
		if i := strings.LastIndexByte(kept, ' '); i > 0 {
			kept = kept[:i]
		}
	}
	kept = strings.TrimRight(kept, " ,;:-–—")
	return Fix{
		Title:  fixTitle(titleShorten, jstext.Count(jstext.Len(kept))),
		Unsafe: true,
		Edits:  []Edit{p.Edit(desc.ValueSpan, dshyaml.Scalar(kept))},
	}
}
