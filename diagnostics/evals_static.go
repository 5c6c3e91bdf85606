package diagnostics

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/overlap"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The static pre-check of trigger queries: what can be known before a run
// of `skill-ls eval` spends a model's time. Both are infos on the query
// file, from decisions other rules make: the catalog and host rules say
// whether the description reaches the model whole, the description
// overlap index which skill's description is nearest to a query.

// The codes of the pre-check rules.
const (
	CodeEvalDescriptionUnseen = "eval-description-unseen"
	CodeEvalNearerSkill       = "eval-nearer-skill"
)

const evalStaticTail = " A pre-check of `skill-ls eval`, with no model: an author sees a likely miss before spending a run." + evalDocTail

var evalStaticRules = []*Rule{
	{Code: CodeEvalDescriptionUnseen, Severity: SeverityInfo, Whole: true, Summary: "the model does not see the whole description the queries test",
		Doc:  "The skill's description does not reach the model whole, so its trigger queries test less than the file says: `disable-model-invocation: true` keeps it out of the catalog (every query that should trigger it fails), or the catalog or a selected host cuts it (description-truncated, host-truncated), leaves it out over its budget (host-over-budget) or skips the skill (host-drops, host-not-discovered). The related location is that finding." + evalStaticTail,
		Eval: checkEvalDescriptionUnseen},
	{Code: CodeEvalNearerSkill, Severity: SeverityInfo, Whole: true, Summary: "another skill's description is nearer to a query that should trigger this one",
		Doc:  "For a query that should trigger the skill, another skill the catalog lists has a description nearer to it, by the score of description-overlap (the weight of the shared words, rare words weighing more, over the weights of both texts): the model may well choose that skill. The message names the words each shares with the query; put the query's own words in this skill's description, or make the other's narrower." + evalStaticTail,
		Eval: checkEvalNearerSkill},
}

// unseenCodes are the skill-file findings that say the description does
// not reach a model whole.
var unseenCodes = []string{CodeDescriptionTruncated, CodeHostTruncated, CodeHostOverBudget, CodeHostDrops, CodeHostNotDiscovered}

func checkEvalDescriptionUnseen(p *EvalPass) {
	f, sk := p.In.File, p.In.Skill
	if f.Kind != evalfile.TriggerQueries || f.Root == nil || sk == nil || sk.Def == nil {
		return
	}
	at := spans.Span{Start: f.Root.Span.Start, End: f.Root.Span.Start + 1}
	if !sk.Def.Invocation.ModelInvocable {
		d := p.Report(at, "the skill has disable-model-invocation: true, so no model sees its description and no query can trigger it")
		d.Related = []Related{{Path: sk.Path, Message: "the skill"}}
		return
	}
	for _, d := range p.SkillFindings {
		if slices.Contains(unseenCodes, d.Code) {
			r := p.Report(at, "the model does not see the whole description: "+strings.TrimSuffix(d.Message, "."))
			r.Related = []Related{{Path: d.Path, Span: d.Span, Message: d.Code}}
		}
	}
}

func checkEvalNearerSkill(p *EvalPass) {
	f, sk := p.In.File, p.In.Skill
	if f.Kind != evalfile.TriggerQueries || sk == nil || sk.Def == nil || !sk.Def.Invocation.ModelInvocable {
		return
	}
	idx := p.run.overlapIndex()
	for _, q := range f.Queries {
		if !q.ShouldTrigger {
			continue
		}
		near := idx.Nearest(q.Text)
		if len(near) == 0 || near[0].Path == sk.Path {
			continue
		}
		own := "none of the query's words"
		if i := slices.IndexFunc(near, func(n overlap.Nearness) bool { return n.Path == sk.Path }); i >= 0 {
			if near[i].Score >= near[0].Score {
				continue // a tie: this skill is as near
			}
			own = quoteWords(near[i].Shared)
		}
		d := p.Report(q.Span, fmt.Sprintf("%s's description is nearer to this query (it shares %s; this skill's shares %s): the model may choose it", strconv.Quote(near[0].Name), quoteWords(near[0].Shared), own))
		d.Related = []Related{{Path: near[0].Path, Message: "the nearer skill"}}
	}
}

// quoteWords quotes the first few words of a list.
func quoteWords(ws []string) string {
	var q []string
	for i, w := range ws {
		if i == 4 {
			q = append(q, "…")
			break
		}
		q = append(q, strconv.Quote(w))
	}
	return strings.Join(q, ", ")
}
