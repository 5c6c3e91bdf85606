package diagnostics

import (
	"fmt"
	"iter"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about the Markdown body: text that breaks the frame the model
// receives, and relative links.

// The codes of the body rules.
const (
	CodeBodyBreaksFrame   = "body-breaks-frame"
	CodeLinkMissing       = "link-missing"
	CodeLinkOutside       = "link-outside-skill"
	CodeLinkAnchorMissing = "link-anchor-missing"
	CodeBodyUnparsed      = "markdown-too-complex"
)

var bodyRules = []*Rule{
	{Code: CodeBodyBreaksFrame, Severity: SeverityWarning, Summary: "the body would break the <skill_content> frame",
		Doc:  "DSH never escapes the skill body. A literal `</skill_instructions>` or `</skill_content>` in it closes the frame early in what the model receives, so the rest of the body reads as if it came from outside the skill. Rephrase or put the text in a referenced file.",
		File: checkFrame},
	{Code: CodeLinkMissing, Severity: SeverityWarning, Summary: "a relative link points at a missing file",
		Doc: "The model resolves relative paths against the skill's base directory (the bundle folder, or the root for flat skills). This link's target, inside this skill or inside another discovered skill, does not exist there.",
		File: func(p *Pass) {
			for l := range bodyLinks(p) {
				if (l.Inside || l.Skill != "") && !l.Exists {
					p.Report(l.Span, fmt.Sprintf("%s does not exist (resolved against %s)", linkPath(l.Dest), l.Base))
				}
			}
		}},
	{Code: CodeLinkAnchorMissing, Severity: SeverityWarning, Summary: "a link's #anchor names no heading of its target",
		Doc:  "A link's `#anchor` (`#usage`, `reference.md#setup`) names a heading of the file it points to, as GitHub makes anchors of headings: lower-cased, punctuation other than `-` and `_` removed, spaces turned into `-`, and `-1`, `-2` … added to repeated ones. This link's target is there (a missing file is link-missing), but no heading of it has that anchor. skill-ls checks the anchors of the skill file itself and of other skill files; files that are not skills it only stats, never reads.",
		File: checkAnchors},
	{Code: CodeLinkOutside, Severity: SeverityWarning, Summary: "a relative link leaves the skill folder",
		Doc: "The link resolves outside the skill's base directory and outside every other discovered skill. Skills are copied and installed as folders; a path outside them will not travel with the skill. A link into another skill of the same roots (`../other-skill/SKILL.md`) is a skill reference and is not reported; so is, for a skill outside DSH's roots (another agent's folder such as `.claude/skills`, or a folder opened in the editor), a link into a skill beside it in that folder (a bundle holding a SKILL.md). skill-ls only stats link targets, it never reads them.",
		File: func(p *Pass) {
			for l := range bodyLinks(p) {
				if !l.Inside && l.Skill == "" {
					p.Report(l.Span, fmt.Sprintf("%s resolves to %s, outside the skill folder %s", linkPath(l.Dest), l.Target(), l.Base))
				}
			}
		}},
	{Code: CodeBodyUnparsed, Severity: SeverityWarning, Summary: "skill-ls did not parse the body's Markdown",
		Doc: "skill-ls bounds what it parses so that no file can cost it seconds or gigabytes: a body over 4 MiB is not scanned, and a body the line scanner cannot read goes to the CommonMark parser only when it is at most 256 KiB, holds at most 8,192 `[`, at most 1,024 `](` or `<` left unclosed on their line, and nests block quotes at most 64 deep; a body of more than 10,000 links is not checked either (each link costs a stat). Such a body's links and HTML comments were not checked; DSH still loads the skill and the model reads the whole body. The message says which bound the body passed. No public skill comes near these bounds: they mean generated or hostile text.",
		File: func(p *Pass) {
			if why := p.File.Outline.Unread(); why != "" {
				p.Report(spans.Span{Start: p.File.BodySpan.Start, End: p.File.BodySpan.Start}, "skill-ls did not parse this body's Markdown: "+why+"; its links and HTML comments were not checked")
			}
		}},
}

func checkFrame(p *Pass) {
	f := p.File
	if f.Frontmatter.State != skillfile.FrontmatterOK || !p.dshReads() {
		return // the frame is DSH's <skill_content> block
	}
	for _, sp := range f.FrameClosers() {
		tag := "</skill_content>"
		if sp.Len() == len("</skill_instructions>") {
			tag = "</skill_instructions>"
		}
		p.Report(sp, fmt.Sprintf("DSH does not escape the body: this %s closes the frame of the <skill_content> block the model receives, so the text after it no longer reads as part of the skill", tag))
	}
}

// bodyLinks yields the local links of the pass's file, with the facts the
// engine recorded about their targets.
func bodyLinks(p *Pass) iter.Seq[skills.LinkFact] {
	if p.File.Frontmatter.State != skillfile.FrontmatterOK {
		return func(func(skills.LinkFact) bool) {}
	}
	return p.Snap.EachLink(p.File.Path)
}

// linkPath is a link destination without its ?query and #anchor: the
// file it names.
func linkPath(dest string) string {
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		return dest[:i]
	}
	return dest
}

// checkAnchors reports the #anchors of the body's links that name no
// heading: of the file itself (#usage, SKILL.md#usage) or of another skill
// file of the snapshot (../pdf/SKILL.md#setup), whose headings skill-ls
// reads; a missing target is link-missing's.
func checkAnchors(p *Pass) {
	f := p.File
	if f.Frontmatter.State != skillfile.FrontmatterOK {
		return
	}
	var own map[string]bool // the file's own anchors, made on first use
	check := func(span spans.Span, dest, anchor string, target *skillfile.File) {
		var slugs map[string]bool
		switch {
		case target.Path == f.Path:
			if own == nil {
				own = headingSlugs(f, p.Src())
			}
			slugs = own
		default:
			idx, err := p.Snap.Text(target)
			if err != nil {
				return
			}
			slugs = headingSlugs(target, idx.Src())
		}
		if slugs[strings.ToLower(anchor)] {
			return
		}
		where := "this file"
		if target.Path != f.Path {
			where = linkPath(dest)
		}
		p.Report(span, fmt.Sprintf("no heading of %s has the anchor #%s", where, anchor))
	}
	for _, l := range f.Outline.Links() {
		if anchor, ok := strings.CutPrefix(l.Dest, "#"); ok && anchor != "" {
			check(l.Span, l.Dest, anchor, f)
		}
	}
	for l := range bodyLinks(p) {
		_, anchor, ok := strings.Cut(l.Dest, "#")
		if !ok || anchor == "" || !l.Exists {
			continue
		}
		if target := p.Snap.File(l.Target()); target != nil && target.Frontmatter != nil {
			check(l.Span, l.Dest, anchor, target)
		}
	}
}

// headingSlugs returns the anchors GitHub makes of the headings of f,
// whose bytes are src.
func headingSlugs(f *skillfile.File, src []byte) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, h := range f.Headings(src) {
		slug := headingSlug(h.Text)
		if n := seen[slug]; n > 0 {
			out[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// headingSlug is GitHub's anchor of a heading's text: lower case, letters,
// digits, - and _ kept, spaces turned into -, the rest removed.
func headingSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
