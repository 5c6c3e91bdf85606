package diagnostics

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
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
