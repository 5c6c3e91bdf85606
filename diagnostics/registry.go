package diagnostics

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
)

// Rules about the registry: which of several same-name skills DSH uses.

// The codes of the registry rules.
const (
	CodeSkillShadowed = "skill-shadowed"
	CodeSkillShadows  = "skill-shadows"
)

var registryRules = []*Rule{
	{Code: CodeSkillShadowed, Severity: SeverityWarning, Summary: "another skill with the same name wins",
		Doc:  "DSH keeps one skill per name: the lowest rank wins (project .dsh 100, project .agents 200, custom 300, user .dsh 400, user .agents 500, bundled 600), then the earlier root, then the entry that comes first in the root's localeCompare order. This skill loses and is ignored. Within one root or between custom roots of the same rank this is an error (an accidental duplicate); across ranks it is a warning (an override).",
		File: checkShadowed},
	{Code: CodeSkillShadows, Severity: SeverityInfo, Summary: "this skill overrides others with the same name",
		Doc:  "This skill wins over one or more skills with the same name in lower-priority roots; those are ignored by DSH.",
		File: checkShadows},
}

// checkShadowed tells a losing skill who wins and why.
func checkShadowed(p *Pass) {
	sk := p.Snap.SkillAt(p.File.Path)
	if sk == nil {
		return
	}
	w := p.Snap.Registry.ShadowOf(sk)
	if w == nil {
		return
	}
	why := fmt.Sprintf("its %s root has rank %d, which beats %s (rank %d)", w.Source, w.Rank, sk.Source, sk.Rank)
	duplicate := false
	switch {
	case w.Rank == sk.Rank && w.RootIndex == sk.RootIndex:
		why, duplicate = "it comes first in this root (entries are visited in localeCompare order of their names)", true
	case w.Rank == sk.Rank:
		why, duplicate = "it is in an earlier "+string(w.Source)+" root", true
	case w.Source == skills.SourceRuntime:
		why = "a runtime registration (rank 250) wins"
	}
	d := p.Report(nameSpan(p.File), fmt.Sprintf("DSH ignores this skill: %q is also defined by %s, which wins because %s", sk.Name, describe(w), why))
	if duplicate && d.Severity != SeverityOff {
		d.Severity = SeverityError // an accidental duplicate, not an override
	}
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
	d := p.Report(nameSpan(p.File), fmt.Sprintf("this skill shadows %s", strings.Join(names, ", ")))
	d.Related = related
}

// describe names a skill's file and root for messages.
func describe(s *skills.Skill) string {
	if s.Path == "" {
		return fmt.Sprintf("the %s skill (rank %d)", s.Source, s.Rank)
	}
	return fmt.Sprintf("%s (%s, rank %d)", s.Path, s.Source, s.Rank)
}

// nameSpan returns the span of a file's name value, or its first line.
func nameSpan(f *skills.File) skills.Span {
	if f.Frontmatter != nil {
		if n := f.Frontmatter.Field("name"); n != nil {
			return n.ValueSpan
		}
		return f.Frontmatter.OpenSpan
	}
	return skills.Span{}
}
