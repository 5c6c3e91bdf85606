package diagnostics

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/overlap"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The rules of a skill's eval files (evalfile): their shape, and what
// they say about the skill. The caller reads the files (the CLI with
// discovery.ReadEvalFiles) and RunEvalFiles words them.

// The codes of the eval-file rules; the first three are evalfile's.
const (
	CodeEvalInvalidJSON   = evalfile.CodeInvalidJSON
	CodeEvalWrongType     = evalfile.CodeWrongType
	CodeEvalUnknownKey    = evalfile.CodeUnknownKey
	CodeEvalSkillName     = "eval-skill-name"
	CodeEvalTooFewQueries = "eval-too-few-queries"
	CodeEvalDuplicate     = "eval-duplicate-query"
	CodeEvalMissingFile   = "eval-missing-file"
)

// MinQueriesPerKind is how many should-trigger and should-not-trigger
// queries a trigger-query file wants at least: with fewer, one query moves
// recall or precision by more than 20 points (agentskills.io asks for
// about 20 in all, half of each).
const MinQueriesPerKind = 5

const evalDocTail = " Eval files are `evals/eval_queries.json` (or `evals/trigger-queries.json`) and `evals/evals.json` in a bundle's folder; docs/evals.md describes them and `skill-ls eval` runs the trigger queries."

var evalRules = []*Rule{
	{Code: CodeEvalInvalidJSON, Severity: SeverityError, Summary: "an eval file is not JSON",
		Doc:  "The file does not parse as JSON (a trailing comma, a comment, a string never closed, bytes that are not UTF-8): skill-creator's scripts and `skill-ls eval` cannot read it. The finding is where the parse stops." + evalDocTail,
		Eval: evalProblems(CodeEvalInvalidJSON)},
	{Code: CodeEvalWrongType, Severity: SeverityError, Summary: "a value of an eval file has the wrong type or is missing",
		Doc:  "A trigger query is `{\"query\": string, \"should_trigger\": boolean, \"split\"?: \"train\"|\"validation\"}` in a top-level array; evals.json is `{\"skill_name\": string, \"evals\": [{\"id\", \"prompt\", \"expected_output\", \"files\"?, \"assertions\"|\"expectations\"?}]}`. A query of the wrong shape is left out of `skill-ls eval`." + evalDocTail,
		Eval: evalProblems(CodeEvalWrongType)},
	{Code: CodeEvalUnknownKey, Severity: SeverityWarning, Summary: "an eval file has a key no tool reads",
		Doc:  "A key that neither skill-creator nor agentskills.io reads, most often a misspelling (`should_triger`, `expected`): its value is ignored." + evalDocTail,
		Eval: evalProblems(CodeEvalUnknownKey)},
	{Code: CodeEvalSkillName, Severity: SeverityError, Summary: "evals.json names another skill",
		Doc:  "`skill_name` is not the name of the skill whose folder holds the file: the evals were copied from another skill, or the skill was renamed." + evalDocTail,
		Eval: checkEvalSkillName},
	{Code: CodeEvalTooFewQueries, Severity: SeverityWarning, Summary: "too few trigger queries of one kind",
		Doc:  fmt.Sprintf("A trigger-query file wants at least %d queries that should trigger the skill and %d near misses that should not: with fewer, one query moves recall or precision by more than 20 points, and a description tuned on them over-fits. agentskills.io's guide asks for about 20 in all.", MinQueriesPerKind, MinQueriesPerKind) + evalDocTail,
		Eval: checkEvalQueryCounts},
	{Code: CodeEvalDuplicate, Severity: SeverityWarning, Summary: "a trigger query appears twice",
		Doc:  "The same query (ignoring case and spaces at the ends) is listed twice, so it counts twice in recall or precision; listed with opposite `should_trigger` values, one of them always fails. The related location is the first." + evalDocTail,
		Eval: checkEvalDuplicates},
	{Code: CodeEvalMissingFile, Severity: SeverityError, Summary: "an eval names a file that is not in the skill",
		Doc:  "A path of an eval's `files` does not exist in the skill's folder, or points outside it (absolute, or through `..`): the eval cannot be run as written. Paths are relative to the skill's folder (`evals/files/report.pdf`)." + evalDocTail,
		Eval: checkEvalFiles},
}

// EvalInput is one eval file to check (Options.EvalFiles): the file as
// read, the skill file of the bundle that holds it, and which of its
// cases' files exist.
type EvalInput struct {
	File  *evalfile.File
	Skill *skillfile.File
	// Exists reports whether a path (absolute) exists; the caller stats.
	Exists func(path string) bool
}

// EvalPass is what an eval-file rule sees.
type EvalPass struct {
	Snap *skills.Snapshot
	In   EvalInput
	// SkillFindings are the run's diagnostics of the skill file (for the
	// pre-check: whether its description reaches the model whole).
	SkillFindings []Diagnostic
	rule          *Rule
	sev           Severity
	run           *runState // the facts of the snapshot (the overlap index)
	out           []Diagnostic
}

// Report adds a diagnostic of the running rule at span of the eval file.
func (p *EvalPass) Report(span spans.Span, msg string) *Diagnostic {
	p.out = append(p.out, Diagnostic{Path: p.In.File.Path, Span: span, Severity: p.sev, Code: p.rule.Code, Message: msg})
	return &p.out[len(p.out)-1]
}

// evalDiagnostics checks the run's eval files (Options.EvalFiles) after
// its skill files, whose diagnostics ds are, with the facts the rules
// built (one overlap index for both).
func (rs *runState) evalDiagnostics(ds []Diagnostic) []Diagnostic {
	bySkill := map[string][]Diagnostic{}
	for _, e := range rs.opts.EvalFiles {
		bySkill[e.Skill.Path] = nil
	}
	for _, d := range ds {
		if found, ok := bySkill[d.Path]; ok {
			bySkill[d.Path] = append(found, d)
		}
	}
	var out []Diagnostic
	for _, e := range rs.opts.EvalFiles {
		if rs.opts.Ignored(e.File.Path) {
			continue
		}
		for _, r := range table().sorted {
			if r.Eval == nil {
				continue
			}
			sev := rs.opts.Grade(e.File.Path, r)
			if sev == SeverityOff || rs.opts.Quick && r.Whole {
				continue
			}
			p := &EvalPass{Snap: rs.snap, In: e, SkillFindings: bySkill[e.Skill.Path], rule: r, sev: sev, run: rs}
			r.Eval(p)
			out = append(out, p.out...)
		}
	}
	return out
}

// evalProblems reports evalfile's problems of the code.
func evalProblems(code string) func(p *EvalPass) {
	return func(p *EvalPass) {
		for _, pr := range p.In.File.Problems {
			if pr.Code == code {
				p.Report(pr.Span, pr.Message)
			}
		}
	}
}

func checkEvalSkillName(p *EvalPass) {
	f := p.In.File
	if f.Kind != evalfile.Cases || f.SkillNameSpan == (spans.Span{}) || p.In.Skill == nil || p.In.Skill.Def == nil {
		return
	}
	if name := p.In.Skill.Def.Name; f.SkillName != name {
		d := p.Report(f.SkillNameSpan, fmt.Sprintf("skill_name is %s, but this is the folder of the skill %s", strconv.Quote(f.SkillName), strconv.Quote(name)))
		d.Related = []Related{{Path: p.In.Skill.Path, Message: "the skill"}}
	}
}

func checkEvalQueryCounts(p *EvalPass) {
	f := p.In.File
	if f.Kind != evalfile.TriggerQueries || f.Root == nil || f.Root.Kind != evalfile.Array {
		return
	}
	yes := 0
	for _, q := range f.Queries {
		if q.ShouldTrigger {
			yes++
		}
	}
	no := len(f.Queries) - yes
	at := spans.Span{Start: f.Root.Span.Start, End: f.Root.Span.Start + 1}
	if yes < MinQueriesPerKind {
		p.Report(at, fmt.Sprintf("%d %s should trigger the skill; write at least %d (requests a user would make for it)", yes, plural(yes, "query", "queries"), MinQueriesPerKind))
	}
	if no < MinQueriesPerKind {
		p.Report(at, fmt.Sprintf("%d %s should not trigger the skill; write at least %d near misses (requests that share its words but need another skill)", no, plural(no, "query", "queries"), MinQueriesPerKind))
	}
}

func checkEvalDuplicates(p *EvalPass) {
	first := map[string]evalfile.Query{}
	for _, q := range p.In.File.Queries {
		key := strings.ToLower(strings.TrimSpace(q.Text))
		prev, seen := first[key]
		if !seen {
			first[key] = q
			continue
		}
		msg := "this query is listed twice"
		if prev.ShouldTrigger != q.ShouldTrigger {
			msg = "this query is listed twice, once to trigger the skill and once not: one of them always fails"
		}
		d := p.Report(q.Span, msg)
		d.Related = []Related{{Path: p.In.File.Path, Span: prev.Span, Message: "the first"}}
	}
}

func checkEvalFiles(p *EvalPass) {
	f := p.In.File
	if f.Kind != evalfile.Cases || p.In.Exists == nil {
		return
	}
	dir := filepath.Dir(filepath.Dir(f.Path)) // the skill's folder: evals/..
	for _, c := range f.Cases {
		for _, ref := range c.Files {
			rel := filepath.FromSlash(ref.Path)
			switch {
			case filepath.IsAbs(rel) || !filepath.IsLocal(rel):
				p.Report(ref.Span, fmt.Sprintf("%s is outside the skill's folder: eval files are relative to it", strconv.Quote(ref.Path)))
			case !p.In.Exists(filepath.Join(dir, rel)):
				p.Report(ref.Span, fmt.Sprintf("%s does not exist in the skill's folder", strconv.Quote(ref.Path)))
			}
		}
	}
}

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

// EvalFilesOf returns the eval files of the bundles of snap whose skill
// file keep accepts, parsed, for Options.EvalFiles: read gives the eval
// files of a bundle's folder (the CLI reads the disk with
// discovery.ReadBundleEvals; the language server lays its open buffers
// over it), exists answers eval-missing-file. The CLI and the language
// server build their inputs here, so both check the same files.
func EvalFilesOf(snap *skills.Snapshot, keep func(path string) bool, read func(dir string) []discovery.BundleFile, exists func(path string) bool) []EvalInput {
	var out []EvalInput
	for _, f := range snap.Files() {
		if filepath.Base(f.Path) != "SKILL.md" || !keep(f.Path) {
			continue
		}
		for _, bf := range read(filepath.Dir(f.Path)) {
			ef := evalfile.Parse(bf.Path, bf.Head, bf.Size > int64(len(bf.Head)))
			out = append(out, EvalInput{File: ef, Skill: f, Exists: exists})
		}
	}
	return out
}

// EvalBundleSkill returns the path of the skill file of the bundle that
// holds the eval file at path (<bundle>/evals/NAME.json), or "" when path
// is not an eval file.
func EvalBundleSkill(path string) string {
	if evalfile.KindOf(path) == evalfile.NotEval {
		return ""
	}
	return filepath.Join(filepath.Dir(filepath.Dir(path)), "SKILL.md")
}

// RunEvalFile returns the diagnostics of one eval file, as a Run with it
// in Options.EvalFiles gives them, less what needs the skill file's own
// findings or every skill (the Whole rules) when opts.Quick: the language
// server's fast path for an edited eval file.
func RunEvalFile(snap *skills.Snapshot, in EvalInput, opts Options) []Diagnostic {
	opts.EvalFiles = []EvalInput{in}
	rs := newRunState(context.Background(), snap, opts)
	var skillFindings []Diagnostic
	if !opts.Quick && in.Skill != nil {
		skillFindings = RunFile(snap, in.Skill.Path, opts)
	}
	out := rs.evalDiagnostics(skillFindings)
	Sort(out)
	return out
}
