package diagnostics

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/overlap"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/scaffold"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The description-overlap rule: two skills whose descriptions would both
// match the same request, the most reported reason a skill never triggers.
// The score is a word overlap anyone can redo by hand (see the rule's Doc),
// and the pairs are found through an inverted index of the distinctive
// words, so a large tree compares only the pairs that share one.

// CodeDescriptionOverlap is the code of the rule.
const CodeDescriptionOverlap = "description-overlap"

// The rule's constants of the messages, documented in its Doc (the
// score's are overlap's).
const (
	// overlapMaxReports bounds the overlaps reported on one skill.
	overlapMaxReports = 3
	// overlapMaxWords bounds the shared words a message lists.
	overlapMaxWords = 8
)

var overlapRules = []*Rule{
	{Code: CodeDescriptionOverlap, Severity: SeverityWarning, Whole: true, Summary: "two skills' descriptions would match the same requests",
		Doc: "The model picks a skill by matching the request against the names and descriptions in the catalog. When two skills are described with mostly the same words, a request worded like either can pick the other, and one of them seems never to trigger. " +
			"skill-ls compares the skills the catalog offers (one per name, the one DSH uses; not those with `disable-model-invocation: true`, nor those whose description is still the placeholder of `skill-ls new`; files DSH cannot read are left out). " +
			"**Words**: the name (split at `-` and `_`) and the description, lower-cased and split into runs of letters and digits; runs of digits only, single letters and common words are dropped (English function words such as *the*, *and*, *with*, and the words every description uses such as *use*, *when*, *user*, *skill*, *asks*); a plural `s`/`es`, `ies` → `y`, `ing`, `ed` and a final `e` are removed, so *reviews*, *reviewing* and *reviewed* are one word. " +
			"**Weight**: a word counts ln(1 + N / max(1, n − 1)), where N is the number of skills compared and n how many of them use the word: a word only this skill, or only the two skills compared, uses counts ln(1 + N), and a word every skill uses counts about ln 2. " +
			"**Score**: the weight of the words both descriptions hold, divided by the geometric mean of the weights of each one's words, √(Wa × Wb) (the cosine of the two weighted word sets): 1 when both hold the same words, lower as either holds words of its own. " +
			"Two skills overlap when the score is at least 0.6 and they share at least 4 words. The message lists the shared words, most distinctive first, and the related location is the other description; at most 3 overlaps are reported per skill. " +
			"To find pairs quickly, skill-ls compares only skills that share a word used by at most max(64, 2% of N) skills, and never more than 200 (so the work grows with N, not N², in very large trees); a pair that shares only words more common than that is not reported. " +
			"Fix it by saying in each description what only that skill does (its inputs, its outputs, the words a user would type for it), or merge the two skills.",
		File: checkOverlap},
}

// overlapIndex builds the description index once per Run and, for a
// whole Run, finds every skill's overlaps at once.
func (rs *runState) overlapIndex() *overlap.Index {
	rs.overlapOnce.Do(func() {
		var list []overlap.Skill
		for _, f := range offeredSkills(rs.snap) {
			list = append(list, overlap.Skill{Path: f.Path, Name: f.Def.Name, Description: f.Def.Description})
		}
		rs.overlap = overlap.Build(list, rs.pace.workers())
		if rs.whole {
			rs.overlap.FindAll(rs.ctx)
			if len(rs.opts.EvalFiles) == 0 {
				rs.overlap.KeepMatchedOnly() // no eval asks Nearest
			}
		}
	})
	return rs.overlap
}

// offeredSkills returns the files of snap whose skill the catalog offers
// the model, in path order: the named skills (namedSkills) without
// disable-model-invocation, with a description that is not the
// placeholder of skill-ls new (description-placeholder's).
func offeredSkills(snap *skills.Snapshot) []*skillfile.File {
	return namedSkills(snap, func(f *skillfile.File) bool {
		// A Def is read from a description field (define): no need to
		// look for it, which reads a lean file's fields again.
		return f.Def.Invocation.ModelInvocable && f.Frontmatter != nil &&
			!strings.Contains(f.Def.Description, scaffold.DescriptionPlaceholder)
	})
}

// namedSkills returns the files of snap with a skill that keep accepts
// and that hold the skill of their name, in path order: the registry
// winners with a file, and the files outside the roots (.claude/skills,
// opened as check opens the files only other hosts read) whose name no
// other accepted file took.
func namedSkills(snap *skills.Snapshot, keep func(*skillfile.File) bool) []*skillfile.File {
	// A winner's name is taken by the winner alone; taken holds the other
	// names (files outside the roots) once a file took them.
	taken := map[string]bool{}
	var out []*skillfile.File
	for _, f := range snap.Files() {
		d := f.Def
		if d == nil || !keep(f) {
			continue
		}
		if w := snap.Registry.Winner(d.Name); w != nil {
			if w.Path != f.Path {
				continue
			}
		} else if taken[d.Name] {
			continue
		} else {
			taken[d.Name] = true
		}
		out = append(out, f)
	}
	return out
}

// checkOverlap reports the skills whose descriptions overlap this one's.
func checkOverlap(p *Pass) {
	idx := p.run.overlapIndex()
	ms := idx.Matches(p.File.Path)
	if len(ms) == 0 {
		return
	}
	at := p.File.Frontmatter.Field("description").ValueSpan
	for k, m := range ms {
		if k == overlapMaxReports {
			break
		}
		words := idx.Shared(p.File.Path, m)
		more := ""
		if len(words) > overlapMaxWords {
			more = fmt.Sprintf(" and %d more", len(words)-overlapMaxWords)
			words = words[:overlapMaxWords]
		}
		msg := fmt.Sprintf("this description and that of %q share the words %s%s (overlap %.2f, warned from %.2f): a request that uses them may pick either skill; say what only this one does",
			m.Name, strings.Join(words, ", "), more, m.Score, overlap.Threshold)
		if k == overlapMaxReports-1 && len(ms) > overlapMaxReports {
			msg += fmt.Sprintf(" (%d more skills overlap it)", len(ms)-overlapMaxReports)
		}
		d := p.Report(at, msg)
		var span spans.Span
		if f := p.Snap.File(m.Path); f != nil {
			span = f.Frontmatter.Field("description").ValueSpan
		}
		d.Related = []Related{{Path: m.Path, Span: span, Message: "the description of " + m.Name}}
	}
}
