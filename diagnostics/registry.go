package diagnostics

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about the registry: which of several same-name skills DSH uses.

// The codes of the registry rules.
const (
	CodeSkillShadowed  = "skill-shadowed"
	CodeSkillDuplicate = "skill-duplicate"
	CodeSkillShadows   = "skill-shadows"
)

var registryRules = []*Rule{
	{Code: CodeSkillShadowed, Severity: SeverityWarning, Summary: "a same-name skill in a better-ranked root wins",
		Doc:  "DSH keeps one skill per name, and the lowest rank wins: project .dsh 100, project .agents 200, runtime 250, custom 300, user .dsh 400, user .agents 500, bundled 600. This skill is in a worse-ranked root, so DSH ignores it. That is usually a deliberate override (a project skill replacing a user one); remove or rename this copy if it is not.",
		File: func(p *Pass) { checkLoser(p, false) }},
	{Code: CodeSkillDuplicate, Severity: SeverityError, Summary: "a same-name skill in a root of the same rank wins",
		Doc:  "Two skills with the same name sit in one root (or in two custom roots, which share rank 300). DSH keeps the one that comes first (entries are visited in localeCompare order of their names; earlier custom roots first) and ignores this one. This is almost always an accident: rename one of them.",
		File: func(p *Pass) { checkLoser(p, true) }},
	{Code: CodeSkillShadows, Severity: SeverityInfo, Summary: "this skill overrides others with the same name",
		Doc:  "This skill wins over one or more skills with the same name in worse-ranked roots; DSH ignores those.",
		File: checkShadows},
}

// checkLoser tells a losing skill who wins and why: an override from a
// better rank (duplicate false), or a duplicate within one rank.
func checkLoser(p *Pass, duplicate bool) {
	sk := p.Snap.SkillAt(p.File.Path)
	if sk == nil {
		return
	}
	w := p.Snap.Registry.ShadowOf(sk)
	if w == nil || (w.Rank == sk.Rank) != duplicate {
		return
	}
	var why string
	switch {
	case w.Rank == sk.Rank && w.RootIndex == sk.RootIndex:
		why = "it comes first in this root (entries are read in name order); rename one of them"
	case w.Rank == sk.Rank:
		why = "its " + string(w.Source) + " root comes first; rename one of them"
	case w.Source == discovery.SourceRuntime:
		why = "a runtime registration (rank 250) wins"
	default:
		why = fmt.Sprintf("the lower rank wins (%s %d beats %s %d)", w.Source, w.Rank, sk.Source, sk.Rank)
	}
	d := p.Report(nameSpan(p.File), fmt.Sprintf("DSH ignores this skill: %q is also defined in %s, which wins because %s", sk.Name, where(w), why))
	if w.File != nil {
		d.Related = []Related{{Path: w.Path, Span: nameSpan(w.File), Message: "the winning " + sk.Name}}
	}
}

// checkShadows tells a winning skill what it shadows.
func checkShadows(p *Pass) {
	sk := p.Snap.SkillAt(p.File.Path)
	if sk == nil || p.Snap.Registry.ShadowOf(sk) != nil {
		return
	}
	all := p.Snap.Registry.All(sk.Name)
	if len(all) < 2 {
		return
	}
	var related []Related
	var names []string
	for _, l := range all[1:] {
		if l.File == nil {
			continue
		}
		related = append(related, Related{Path: l.Path, Span: nameSpan(l.File), Message: "shadowed " + sk.Name})
		names = append(names, describe(l))
	}
	d := p.Report(nameSpan(p.File), fmt.Sprintf("this skill wins over %s; DSH ignores %s", strings.Join(names, ", "), plural(len(names), "it", "them")))
	d.Related = related
}

// where names a skill's file for messages (or its source, for a runtime
// skill).
func where(s *skills.Skill) string {
	if s.Path == "" {
		return fmt.Sprintf("the %s registration", s.Source)
	}
	return s.Path
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// describe names a skill's file and root for messages.
func describe(s *skills.Skill) string {
	if s.Path == "" {
		return fmt.Sprintf("the %s skill (rank %d)", s.Source, s.Rank)
	}
	return fmt.Sprintf("%s (%s, rank %d)", s.Path, s.Source, s.Rank)
}

// nameSpan returns the span of a file's name value, or its first line.
func nameSpan(f *skillfile.File) spans.Span {
	if f.Frontmatter != nil {
		if n := f.Frontmatter.Field("name"); n != nil {
			return n.ValueSpan
		}
		return f.Frontmatter.OpenSpan
	}
	return spans.Span{}
}
