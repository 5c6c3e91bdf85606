package diagnostics

import (
	"fmt"

	"github.com/skill-ls/skill-ls/skills"
)

// ChatToken is a `/name` token of a chat buffer: the name and the span of
// the whole token, slash included. render.GestureTokens finds them.
type ChatToken struct {
	Name string
	Span skills.Span
}

// The codes of the chat rules.
const (
	CodeChatUnknownSkill     = "chat-unknown-skill"
	CodeChatNotUserInvocable = "chat-not-user-invocable"
)

var chatRules = []*Rule{
	{Code: CodeChatUnknownSkill, Severity: SeverityWarning, Summary: "a /name token names no skill",
		Doc:  "In a chat buffer, `/name` injects the skill's instructions only when a skill of that name exists; otherwise DSH leaves the text as plain prose. The message suggests the closest name.",
		Chat: checkUnknownSkill},
	{Code: CodeChatNotUserInvocable, Severity: SeverityWarning, Summary: "a /name token names a skill users cannot invoke",
		Doc:  "The skill has `user-invocable: false`, so DSH treats `/name` as plain prose and injects nothing.",
		Chat: checkNotUserInvocable},
}

// ChatPass is what a chat rule's check sees: one chat buffer's path and the
// registry its /name tokens resolve against.
type ChatPass struct {
	Path     string
	Registry *skills.Registry
	opts     Options
	rule     *Rule
	out      []Diagnostic
}

// Report adds a diagnostic of the running rule at span of the chat buffer.
func (p *ChatPass) Report(span skills.Span, msg string, fixes ...Fix) *Diagnostic {
	p.out = append(p.out, Diagnostic{Path: p.Path, Span: span, Severity: p.opts.Grade(p.Path, p.rule), Code: p.rule.Code, Message: msg, Fixes: fixes})
	return &p.out[len(p.out)-1]
}

// Chat reports the /name tokens of a chat buffer at path that DSH would
// leave as plain prose: names of no skill (with the closest name as a
// suggestion and a fix) and skills with user-invocable: false.
func Chat(path string, tokens []ChatToken, reg *skills.Registry, opts Options) []Diagnostic {
	p := &ChatPass{Path: path, Registry: reg, opts: opts}
	for _, r := range table().sorted {
		if r.Chat == nil || opts.Grade(path, r) == SeverityOff {
			continue
		}
		p.rule = r
		for _, t := range tokens {
			r.Chat(p, t)
		}
	}
	Sort(p.out)
	return p.out
}

func checkUnknownSkill(p *ChatPass, t ChatToken) {
	if p.Registry.Lookup(t.Name) != nil {
		return
	}
	d := p.Report(t.Span, fmt.Sprintf("no skill is named %q, so DSH leaves /%s as plain text", t.Name, t.Name))
	if best := Closest(t.Name, p.Registry); best != "" {
		d.Message += fmt.Sprintf("; did you mean /%s?", best)
		d.Fixes = []Fix{{Title: "Change to /" + best, Preferred: true, Edits: []Edit{{Path: p.Path, Span: t.Span, NewText: "/" + best}}}}
	}
}

func checkNotUserInvocable(p *ChatPass, t ChatToken) {
	s := p.Registry.Lookup(t.Name)
	if s == nil || s.Invocation.UserInvocable {
		return
	}
	d := p.Report(t.Span, fmt.Sprintf("%q has user-invocable: false, so DSH leaves /%s as plain text and injects nothing", t.Name, t.Name))
	if s.File != nil {
		if f := s.File.Frontmatter.Field("user-invocable"); f != nil {
			d.Related = []Related{{Path: s.Path, Span: f.ValueSpan, Message: "user-invocable: false"}}
		}
	}
}

// Closest returns the user-invocable skill name nearest to name by edit
// distance, or "" when none is close enough to be a likely typo.
func Closest(name string, reg *skills.Registry) string {
	best, bestDist := "", len(name)/3+2
	for _, s := range reg.Winners {
		if !s.Invocation.UserInvocable {
			continue
		}
		if d := editDistance(name, s.Name, bestDist); d < bestDist {
			best, bestDist = s.Name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, capped at limit.
func editDistance(a, b string, limit int) int {
	if abs(len(a)-len(b)) >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
