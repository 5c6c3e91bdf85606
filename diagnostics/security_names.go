package diagnostics

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// A skill name that imitates another: the security rule about names a
// reader takes for another skill's. Names are lower-case ASCII (the
// skill-name grammar), so the look-alikes are Latin ones.

// CodeNameConfusable is the code of the confusable-name rule.
const CodeNameConfusable = "name-confusable"

// confusables are the letter sequences a reader takes for others in a
// skill name, each with what it imitates: digits for letters, and letter
// pairs that draw as one letter in most fonts. The list is short on
// purpose: i and l, or 5 and s, are told apart in the fonts editors use.
var confusables = []struct{ seq, as string }{
	{"rn", "m"}, {"vv", "w"}, {"cl", "d"}, {"1", "l"}, {"0", "o"},
}

var securityNameRules = []*Rule{
	{Code: CodeNameConfusable, Category: CategorySecurity, Severity: SeverityWarning, Whole: true, Summary: "the name looks like another skill's name",
		Doc:  "Two skills whose names differ only by look-alikes (`rn` for `m`, `vv` for `w`, `cl` for `d`, `1` for `l`, `0` for `o`: `pdf-too1s` and `pdf-tools`, `deploy-rnain` and `deploy-main`) are taken one for the other by a reader choosing what to install or allow; an impersonating skill uses exactly this. Both are reported, each naming the other. Names that differ otherwise, and the same name in two roots (that is `skill-shadowed`), are not reported." + securityDocTail,
		File: checkConfusable},
}

// confusableSkeleton returns name with every look-alike replaced by what
// it imitates.
func confusableSkeleton(name string) string {
	for _, c := range confusables {
		if strings.Contains(name, c.seq) {
			name = strings.ReplaceAll(name, c.seq, c.as)
		}
	}
	return name
}

// confusableIndex maps each skeleton that more than one winning name (or
// name of a skill outside the roots, namedSkills) has to those names,
// made once per run. Winning names differ, so two share
// a skeleton only when one of them holds a look-alike (its skeleton is
// not the name itself): only the skeletons of those are grouped, and the
// thousands of other names cost a look-up in a small map.
func (rs *runState) confusableIndex() map[string][]string {
	rs.confusableOnce.Do(func() {
		var names, skeletons []string
		looks := map[string]bool{}
		add := func(name string) {
			sk := confusableSkeleton(name)
			names, skeletons = append(names, name), append(skeletons, sk)
			if sk != name {
				looks[sk] = true
			}
		}
		for s := range rs.snap.Registry.AllWinners() {
			add(s.Name)
		}
		// The skills outside DSH's roots that check opens (.claude/skills)
		// are read by their hosts under their names too.
		rs.confusableOutside = map[string]string{}
		for _, f := range namedSkills(rs.snap, func(*skillfile.File) bool { return true }) {
			if rs.snap.Registry.Winner(f.Def.Name) == nil {
				add(f.Def.Name)
				rs.confusableOutside[f.Def.Name] = f.Path
			}
		}
		all := map[string][]string{}
		for i, sk := range skeletons {
			if looks[sk] {
				all[sk] = append(all[sk], names[i])
			}
		}
		rs.confusable = map[string][]string{}
		for sk, names := range all {
			if len(names) > 1 {
				rs.confusable[sk] = names
			}
		}
	})
	return rs.confusable
}

// checkConfusable reports a skill whose name has the skeleton of another
// winning name, with a related location at the other skill's name.
func checkConfusable(p *Pass) {
	def := p.File.Def
	if def == nil || !p.fields() {
		return
	}
	for _, other := range p.run.confusableIndex()[confusableSkeleton(def.Name)] {
		if other == def.Name {
			continue
		}
		name := p.File.Frontmatter.Field("name")
		d := p.Report(name.ValueSpan.OrKey(name.KeySpan), fmt.Sprintf("the name %q looks like the name of another skill, %q: a reader may take one for the other", def.Name, other))
		path := p.run.confusableOutside[other]
		if s := p.Snap.Registry.Winner(other); s != nil {
			path = s.Path
		}
		if path != "" {
			d.Related = append(d.Related, Related{Path: path, Span: otherNameSpan(p, path), Message: "the skill named " + other})
		}
	}
}

// otherNameSpan returns the span of the name value of the skill file at
// path (empty when it has none).
func otherNameSpan(p *Pass, path string) spans.Span {
	if f := p.Snap.File(path); f != nil && f.Frontmatter != nil {
		if n := f.Frontmatter.Field("name"); n != nil {
			return n.ValueSpan.OrKey(n.KeySpan)
		}
	}
	return spans.Span{}
}
