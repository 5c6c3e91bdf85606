package diagnostics

import (
	"cmp"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Rule is one row of the rule table: a stable code, its default severity,
// its documentation, and the check that reports it. A rule's check is a pure
// function of the snapshot: it reads the file, its findings, the registry
// and the link facts, never the disk.
//
// A rule reports through one or more of its check fields:
//   - Finding words a [skills.Finding] whose code is the rule's code (the
//     engine decided the problem; the rule says it and offers fixes);
//   - File looks at any skill file whose bytes could be read;
//   - Discovery words the discovery problems ([skills.Problem]) whose code
//     is the rule's (AsRecorded keeps the engine's message);
//   - Chat looks at one /name token of a chat buffer;
//   - Suppression looks at one suppression comment of a skill file after
//     the file's other rules ran (which of its codes hid a diagnostic).
//   - Workspace looks at the snapshot as a whole, once per Run (a host's
//     catalog budget).
//   - Eval looks at one eval file of a skill (RunEvalFiles).
type Rule struct {
	// Code is the stable kebab-case id.
	Code string
	// Summary is a one-line description; Doc the one-paragraph documentation.
	Summary string
	// Short names the problem in two or three words, for one line of an
	// editor ("invalid YAML"); rules that drop a skill have one.
	Short string
	Doc   string
	// Drops reports that DSH ignores the skill when this rule fires (what
	// leaves a file out of skill-ls's registry is problem.Code.LeavesOut).
	Drops bool
	// Severity is the default severity, used by profiles that do not grade
	// the rule. SeverityOff means the rule runs only where a profile grades it.
	Severity Severity
	// Category groups rules a user selects together (--select, the
	// config's select and rules keys): CategorySecurity, or "" for the
	// rules about how DSH reads a skill.
	Category string
	// Verbose marks a rule whose findings only say what skill-ls could not
	// confirm about a host: off unless Options.Verbose (check --verbose,
	// the verbose setting) or the config grades it.
	Verbose bool
	// Whole marks a rule that needs facts about every file of the snapshot
	// (an index of all descriptions, the hosts' verdicts): a Quick run
	// leaves it out.
	Whole bool

	Finding     func(p *Pass, fd skillfile.Finding)
	File        func(p *Pass)
	Discovery   func(pr discovery.Problem) string
	Chat        func(p *ChatPass, t ChatToken)
	Suppression func(p *Pass, u DirectiveUse)
	Workspace   func(p *WorkspacePass)
	Eval        func(p *EvalPass)
}

// Unsuppressible reports that no suppression comment hides the rule's
// diagnostics: the rule reports a problem that makes DSH (Drops) or a
// selected host (host-drops) ignore the skill, which a comment does not
// change, so hiding it would let check pass on a skill that never loads.
func (r *Rule) Unsuppressible() bool { return r.Drops || r.Code == CodeHostDrops }

// CategorySecurity is the category of the rules that report what the model
// reads but a reviewer does not see (hidden text, disguised instructions,
// risky grants): docs/security.md.
const CategorySecurity = "security"

// Categories returns the rule categories a user may select by name.
func Categories() []string { return []string{CategorySecurity} }

// IsCategory reports whether name is a rule category.
func IsCategory(name string) bool { return slices.Contains(Categories(), name) }

// Selects reports whether the selector sel (a rule code or a category)
// names r.
func (r *Rule) Selects(sel string) bool { return sel == r.Code || (sel != "" && sel == r.Category) }

// AsRecorded is the Discovery check that reports a discovery problem with
// the message the engine recorded.
func AsRecorded(pr discovery.Problem) string { return pr.Message }

// DocsBase is where the diagnostic docs page lives; DocURL appends an anchor.
const DocsBase = "https://github.com/skill-ls/skill-ls/blob/main/docs/diagnostics.md"

// DocURL returns the documentation link of a code.
func DocURL(code string) string { return DocsBase + "#" + code }

// ruleTable is every rule, sorted by code, with an index by code.
type ruleTable struct {
	sorted []*Rule
	byCode map[string]*Rule
	urls   map[string]string // DocURL of each code
}

// table builds the rule table once from the topic files' rows.
var table = sync.OnceValue(func() ruleTable {
	rows := slices.Concat(readingRules, frontmatterRules, nameRules, descriptionRules,
		invocationRules, keyRules, registryRules, bodyRules, descriptionFormRules, securityCharRules, securityMarkupRules, securityGrantRules, securityBundleRules, securityNameRules, discoveryRules, chatRules, suppressionRules, securitySuppressionRules,
		hostRules, overlapRules, yamlMisreadRules, peerRules, evalRules, evalStaticRules, pluginRules, settingsRules)
	slices.SortFunc(rows, func(a, b *Rule) int { return cmp.Compare(a.Code, b.Code) })
	t := ruleTable{sorted: rows, byCode: make(map[string]*Rule, len(rows)), urls: make(map[string]string, len(rows))}
	for _, r := range rows {
		t.byCode[r.Code] = r
		t.urls[r.Code] = DocURL(r.Code)
	}
	return t
})

// Rules returns every rule, sorted by code.
func Rules() []*Rule { return slices.Clone(table().sorted) }

// RuleURL returns DocURL(code) when a rule has the code (made once: every
// published diagnostic links its code's documentation); ok is false for a
// code no rule has.
func RuleURL(code string) (url string, ok bool) {
	url, ok = table().urls[code]
	return url, ok
}

// Lookup returns the rule with the code, or nil.
func Lookup(code string) *Rule { return table().byCode[code] }
