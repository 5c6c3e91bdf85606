package diagnostics

import (
	"fmt"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about the Markdown body: text that breaks the frame the model
// receives, and relative links.

// The codes of the body rules.
const (
	CodeBodyBreaksFrame = "body-breaks-frame"
	CodeLinkMissing     = "link-missing"
	CodeLinkOutside     = "link-outside-skill"
	CodeBodyUnparsed    = "markdown-too-complex"
)

var bodyRules = []*Rule{
	{Code: CodeBodyBreaksFrame, Severity: SeverityWarning, Summary: "the body would break the <skill_content> frame",
		Doc:  "DSH never escapes the skill body. A literal `</skill_instructions>` or `</skill_content>` in it closes the frame early in what the model receives, so the rest of the body reads as if it came from outside the skill. Rephrase or put the text in a referenced file.",
		File: checkFrame},
	{Code: CodeLinkMissing, Severity: SeverityWarning, Summary: "a relative link points at a missing file",
		Doc: "The model resolves relative paths against the skill's base directory (the bundle folder, or the root for flat skills). This link's target, inside this skill or inside another discovered skill, does not exist there.",
		File: func(p *Pass) {
			for _, l := range bodyLinks(p) {
				if (l.Inside || l.Skill != "") && !l.Exists {
					p.Report(l.Span, fmt.Sprintf("%s does not exist (resolved against %s)", l.Dest, l.Base))
				}
			}
		}},
	{Code: CodeLinkOutside, Severity: SeverityWarning, Summary: "a relative link leaves the skill folder",
		Doc: "The link resolves outside the skill's base directory and outside every other discovered skill. Skills are copied and installed as folders; a path outside them will not travel with the skill. A link into another skill of the same roots (`../other-skill/SKILL.md`) is a skill reference and is not reported. skill-ls only stats link targets, it never reads them.",
		File: func(p *Pass) {
			for _, l := range bodyLinks(p) {
				if !l.Inside && l.Skill == "" {
					p.Report(l.Span, fmt.Sprintf("%s resolves to %s, outside the skill folder %s", l.Dest, l.Target(), l.Base))
				}
			}
		}},
	{Code: CodeBodyUnparsed, Severity: SeverityWarning, Summary: "skill-ls did not parse the body's Markdown",
		Doc: "skill-ls bounds what it parses so that no file can cost it seconds or gigabytes: a body over 4 MiB is not scanned, and a body the line scanner cannot read goes to the CommonMark parser only when it is at most 256 KiB, holds at most 8,192 `[`, at most 1,024 `](` or `<` left unclosed on their line, and nests block quotes at most 64 deep. Such a body's links and HTML comments were not checked; DSH still loads the skill and the model reads the whole body. The message says which bound the body passed. No public skill comes near these bounds: they mean generated or hostile text.",
		File: func(p *Pass) {
			if why := p.File.Outline.Unread; why != "" {
				p.Report(spans.Span{Start: p.File.BodySpan.Start, End: p.File.BodySpan.Start}, "skill-ls did not parse this body's Markdown: "+why+"; its links and HTML comments were not checked")
			}
		}},
}

func checkFrame(p *Pass) {
	f := p.File
	if f.Frontmatter.State != skillfile.FrontmatterOK {
		return
	}
	for _, sp := range f.FrameClosers {
		tag := "</skill_content>"
		if sp.Len() == len("</skill_instructions>") {
			tag = "</skill_instructions>"
		}
		p.Report(sp, fmt.Sprintf("DSH does not escape the body: this %s closes the frame of the <skill_content> block the model receives, so the text after it no longer reads as part of the skill", tag))
	}
}

// bodyLinks returns the local links of the pass's file, with the facts the
// engine recorded about their targets (made once per pass, and not kept in
// a transient snapshot).
func bodyLinks(p *Pass) []skills.LinkFact {
	if p.File.Frontmatter.State != skillfile.FrontmatterOK {
		return nil
	}
	return p.Snap.Links(p.File.Path)
}
