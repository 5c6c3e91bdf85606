package diagnostics

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/spelling"
)

// The config file (.skill-ls.yaml): skills.ParseConfig reads its shape;
// CompileConfig checks what only the rules know (profiles, rule codes, host
// ids) and turns it into run options. The CLI and the language server use
// the same two calls; flags and editor settings a user sets win over it.

// RuleConfig is the part of the config file that grades rules by path: a
// severity per rule code for every file, overrides for the files some globs
// match, and files not to check at all.
type RuleConfig struct {
	// Dir is the folder the globs are relative to (the config file's).
	Dir string
	// Rules re-grade rules over the profile, by code or by category (a
	// code's grade wins over its category's).
	Rules map[string]Severity
	// Select, when not empty, limits the run to the rules it names, by
	// code or category (check --select, the config's select key): the
	// others are off whatever their grade.
	Select []string
	// Overrides re-grade rules for the files they match; a later one wins.
	Overrides []Override
	// Ignore names skill files that are not checked (and never fixed).
	Ignore []*config.Glob
}

// Override re-grades rules for the skill files its globs match.
type Override struct {
	Files []*config.Glob
	Rules map[string]Severity
}

// Config is a compiled config file. Unset keys are zero.
type Config struct {
	// Path is the config file.
	Path string
	// Profile is the profile: key (nil when unset).
	Profile *Profile
	// Hosts are the hosts: ids (checked against skills/hosts; "all" is
	// every current host).
	Hosts []string
	// MaxDescription is the maxDescription: key (0 when unset).
	MaxDescription int
	// Roots are the extra skill roots, absolute (like --custom-dir).
	Roots []string
	// Rules are the rules, overrides and ignore keys.
	Rules RuleConfig
}

// CompileConfig checks a parsed config file against the rule table, the
// profiles and the host profiles, and returns it compiled. Every unknown
// profile, rule code or host is an error at its position; the rest of the
// file still applies.
func CompileConfig(c *config.Config) (*Config, []config.Error) {
	out := &Config{Path: c.Path, Roots: c.RootDirs(), Rules: RuleConfig{Dir: c.Dir}}
	var errs []config.Error
	if c.Profile != nil {
		if p, ok := LookupProfile(c.Profile.Value); ok && c.Profile.Value != "" {
			out.Profile = p
		} else {
			errs = append(errs, c.Errorf(c.Profile.Span, "unknown profile %q; the profiles are %s", c.Profile.Value, strings.Join(ProfileNames(), ", ")))
		}
	}
	for _, h := range c.Hosts {
		if h.Value != "all" && hosts.Lookup(h.Value) == nil {
			errs = append(errs, c.Errorf(h.Span, "unknown host %q; the hosts are %s (or all)", h.Value, strings.Join(HostIDs(), ", ")))
			continue
		}
		out.Hosts = append(out.Hosts, h.Value)
	}
	if c.MaxDescription != nil {
		out.MaxDescription = c.MaxDescription.Value
	}
	out.Rules.Rules, errs = compileRules(c, c.Rules, errs)
	for _, sel := range c.Select {
		if msg := CheckSelector(sel.Value); msg != "" {
			errs = append(errs, c.Errorf(sel.Span, "%s", msg))
			continue
		}
		out.Rules.Select = append(out.Rules.Select, sel.Value)
	}
	for _, o := range c.Overrides {
		var ov Override
		for _, g := range o.Files {
			ov.Files = append(ov.Files, g.Glob)
		}
		ov.Rules, errs = compileRules(c, o.Rules, errs)
		out.Rules.Overrides = append(out.Rules.Overrides, ov)
	}
	for _, g := range c.Ignore {
		out.Rules.Ignore = append(out.Rules.Ignore, g.Glob)
	}
	return out, errs
}

// compileRules checks rule codes and maps severities.
func compileRules(c *config.Config, rules []config.Rule, errs []config.Error) (map[string]Severity, []config.Error) {
	if len(rules) == 0 {
		return nil, errs
	}
	out := map[string]Severity{}
	for _, r := range rules {
		if msg := CheckSelector(r.Code.Value); msg != "" {
			errs = append(errs, c.Errorf(r.Code.Span, "%s", msg))
			continue
		}
		out[r.Code.Value] = severityNamed(r.Severity.Value)
	}
	return out, errs
}

// CheckSelector returns "" when sel names a rule (its code) or a category,
// else the error to report, with the nearest code when one is close.
func CheckSelector(sel string) string {
	if Lookup(sel) != nil || IsCategory(sel) {
		return ""
	}
	for _, c := range Categories() {
		if spelling.Distance(sel, c, 3) < 3 {
			return fmt.Sprintf("unknown rule %q; did you mean the category %q?", sel, c)
		}
	}
	if near := closestCode(sel, Rules()); near != "" {
		return fmt.Sprintf("unknown rule %q; did you mean %q?", sel, near)
	}
	return fmt.Sprintf("unknown rule %q (docs/diagnostics.md lists the codes; the categories are %s)", sel, strings.Join(Categories(), ", "))
}

// severityNamed maps a config severity (skills.ConfigSeverities) to a
// Severity.
func severityNamed(s string) Severity {
	switch s {
	case "error":
		return SeverityError
	case "warning":
		return SeverityWarning
	case "info":
		return SeverityInfo
	case "hint":
		return SeverityHint
	}
	return SeverityOff
}

// closestCode returns the rule code nearest to code by edit distance, or
// "" when none is close.
func closestCode(code string, rules []*Rule) string {
	best, bestDist := "", len(code)/3+2
	for _, r := range rules {
		if d := spelling.Distance(code, r.Code, bestDist); d < bestDist {
			best, bestDist = r.Code, d
		}
	}
	return best
}

// HostIDs returns the ids of every host profile.
func HostIDs() []string {
	var out []string
	for _, h := range hosts.All() {
		out = append(out, string(h.ID))
	}
	return out
}

// grader returns the grade of each rule for the file at path (see Grade),
// worked out once for every rule of the table: a pass asks for nearly
// every rule's grade, and a whole Run without overrides shares one grader.
func (o Options) grader(path string) func(*Rule) Severity {
	matched := o.overrides(path)
	rules := table().sorted
	grades := make(map[*Rule]Severity, len(rules))
	for _, r := range rules {
		grades[r] = o.gradeWith(matched, r)
	}
	return func(r *Rule) Severity { return grades[r] }
}

// overrides returns the rules of every override whose globs match the
// file at path, in order.
func (o *Options) overrides(path string) []map[string]Severity {
	rc := &o.Rules
	if len(rc.Overrides) == 0 {
		return nil
	}
	var matched []map[string]Severity
	rel := relSlash(rc.Dir, path)
	for _, ov := range rc.Overrides {
		if len(ov.Rules) > 0 && slices.ContainsFunc(ov.Files, func(g *config.Glob) bool { return g.Match(rel) }) {
			matched = append(matched, ov.Rules)
		}
	}
	return matched
}

// gradeWith returns r's grade: off when the config selects other rules,
// else the profile's (with the hosts' downgrade, see Options.grade), then
// the config's rules, then each of the matched overrides' rules.
func (o *Options) gradeWith(matched []map[string]Severity, r *Rule) Severity {
	rc := &o.Rules
	if o.Vetting && slices.Contains(vettingBlinds, r.Code) {
		if s, ok := rc.Rules[r.Code]; ok && s == SeverityOff {
			return SeverityOff // the user's own --ignore
		}
		return SeverityError
	}
	if len(rc.Select) > 0 && !slices.ContainsFunc(rc.Select, r.Selects) {
		return SeverityOff
	}
	g := regrade(rc.Rules, r, o.grade(r))
	for _, m := range matched {
		g = regrade(m, r, g)
	}
	return g
}

// vettingBlinds are the rules that say skill-ls did not read or search a
// skill file DSH loads whole. A vetting run (Options.Vetting) runs them
// whatever it selects, as errors: padding a skill past skill-ls's limits
// must fail the check that vets it, not pass it unread.
var vettingBlinds = []string{CodeFileTooLarge, CodeYAMLTooComplex, CodeBodyUnparsed}

// regrade returns r's grade in m, by code, else by category, else g.
func regrade(m map[string]Severity, r *Rule, g Severity) Severity {
	if s, ok := m[r.Code]; ok {
		return s
	}
	if s, ok := m[r.Category]; ok && r.Category != "" {
		return s
	}
	return g
}

// Grade returns the severity of rule r for the skill file at path under
// the options: the profile's grade, re-graded by the config's rules and by
// the overrides that match the path. SeverityOff means r does not run there.
func (o Options) Grade(path string, r *Rule) Severity { return o.gradeWith(o.overrides(path), r) }

// Ignored reports whether the config's ignore globs skip the file at path.
func (o Options) Ignored(path string) bool {
	if len(o.Rules.Ignore) == 0 {
		return false
	}
	rel := relSlash(o.Rules.Dir, path)
	return slices.ContainsFunc(o.Rules.Ignore, func(g *config.Glob) bool { return g.Match(rel) })
}

// relSlash returns path relative to dir with slashes ("../" when outside
// or when dir is empty).
func relSlash(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if dir == "" || err != nil {
		return "../"
	}
	return filepath.ToSlash(rel)
}
