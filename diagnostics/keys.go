package diagnostics

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spelling"
)

// Rules about frontmatter keys DSH ignores: wrong types, misspellings, and
// keys the agentskills.io specification does not define.

// The codes of the key rules.
const (
	CodeFieldIgnored         = string(problem.FieldIgnored)
	CodeKeyMisspelled        = "key-misspelled"
	CodeUnknownKey           = "unknown-key"
	CodeCompatibilityTooLong = "compatibility-too-long"
	CodeFieldType            = "field-type"
)

var keyRules = []*Rule{
	{Code: CodeFieldIgnored, Severity: SeverityWarning, Summary: "DSH ignores this value",
		Doc: "`whenToUse` must be a non-empty string and `metadata` a mapping; other values are silently omitted by DSH.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			what := "a mapping"
			if fd.Key == "whenToUse" {
				what = "a non-empty string"
			}
			switch {
			case p.dshReads():
				p.Report(fd.Span, fmt.Sprintf("DSH ignores %s unless it is %s", fd.Key, what))
			case fd.Key == "metadata":
				p.Report(fd.Span, "metadata is not a mapping, as the agentskills.io spec requires")
			} // whenToUse is DSH's key: the hosts that read the file ignore it anyway
		}},
	{Code: CodeKeyMisspelled, Severity: SeverityWarning, Summary: "a key DSH does not read, close to one it reads",
		Doc:  "DSH reads keys by exact, case-sensitive spelling. A key that is one of DSH's (under the agentskills profile, one of the specification's too) written in another case (`Name`), with `_`, `-` or nothing between its words (`when_to_use`, `disable_model_invocation`, `allowedTools`), or with a letter missing, doubled, swapped or wrong (`descripton`, `disable-model-invocaiton`, `licence`; one such letter for a key of 4 letters or less, two up to 12, three beyond) is ignored, and the skill behaves as if the key were absent. The message says what stays as it was (a misspelled `disable-model-invocation: true` leaves the skill model-invocable). A misspelled `name` or `description` is reported by `name-missing` or `description-missing` instead, at the key, since it is why DSH drops the skill. On a file DSH does not read (.claude/skills), the keys compared are those the hosts that read it read and the specification's (Claude Code's `when_to_use` and `allowed-tools`, ...), and the message names those hosts (Claude Code and Cursor ignore the key allowed_tools). On a file DSH reads that another host reads through a link (`.claude/skills/tdd` to `.agents/skills/tdd`) and whose key that host reads (Claude Code's `when_to_use`), the message names the link and says to add DSH's key beside it, since renaming it would take it from that host: the quick fix (safe, `check --fix` applies it) adds a copy of the field under DSH's key right after it. Elsewhere the quick fix renames the key.",
		File: checkMisspelled},
	{Code: CodeUnknownKey, Severity: SeverityOff, Summary: "a key the agentskills.io spec does not define",
		Doc:  "Reported only under the agentskills profile, as an error, as the specification's reference validator does: the specification allows `name`, `description`, `license`, `compatibility`, `metadata` and `allowed-tools`, and puts everything else under `metadata`. DSH's own keys (`whenToUse`, `disable-model-invocation`, `user-invocable`) are reported too, since other harnesses ignore them. The quick fix (unsafe: hosts that read the key stop seeing it) moves the key under `metadata`.",
		File: checkUnknownKeys},
	{Code: CodeFieldType, Severity: SeverityOff, Summary: "a key the agentskills.io spec types differently",
		Doc:  "Reported only under the agentskills profile: `license`, `compatibility` and `allowed-tools` must be strings, and `metadata` a mapping from string keys to string values (write `version: \"1.0\"`, not `version: 1.0`; flatten a nested mapping into keys of `metadata`, and write a list as one string). DSH ignores these keys. The quick fix quotes a number or a boolean.",
		File: checkFieldTypes},
	{Code: CodeCompatibilityTooLong, Severity: SeverityWarning, Summary: "compatibility longer than 500 characters",
		Doc: "The agentskills.io specification limits `compatibility` to 500 characters. DSH ignores the key.",
		File: func(p *Pass) {
			if !p.fields() {
				return
			}
			if comp := p.File.Frontmatter.Field("compatibility"); comp != nil && comp.Value.Kind == dshyaml.KindString {
				if n := utf8.RuneCountInString(comp.Value.Str); n > 500 {
					p.Report(comp.ValueSpan, fmt.Sprintf("compatibility is %s characters; the agentskills.io spec allows at most 500", jstext.Count(n)))
				}
			}
		}},
}

// dshKey reports whether DSH reads the key (skills' key table says which).
func dshKey(key string) bool {
	d, ok := skillfile.LookupKeyDoc(key)
	return ok && d.DSH
}

// agentSkillsKey reports whether the agentskills.io specification defines
// the key.
func agentSkillsKey(key string) bool {
	d, ok := skillfile.LookupKeyDoc(key)
	return ok && d.AgentSkills
}

// ignoredKey reports whether DSH reads neither this key nor treats it as a
// legacy spelling.
func ignoredKey(key string) bool {
	return !dshKey(key) && skillfile.LegacyKeyReplacement(key) == ""
}

// readKey reports whether DSH or the pass's profile reads the key (the
// agentskills profile reads the agentskills.io keys too).
func (p *Pass) readKey(key string) bool {
	if !p.dshReads() {
		return agentSkillsKey(key) || slices.Contains(readerKeys(p.readers()), key)
	}
	return dshKey(key) || skillfile.LegacyKeyReplacement(key) != "" || (p.opts.profile() == ProfileAgentSkills && agentSkillsKey(key))
}

// misspelledAs returns the key DSH or the pass's profile reads that an
// ignored key of the pass's frontmatter probably means, or "" when it
// means none or that key is present too.
func (p *Pass) misspelledAs(key string) string {
	if p.readKey(key) {
		return ""
	}
	want := ""
	if p.dshReads() {
		want = misspelling(key, p.opts.profile() == ProfileAgentSkills)
	} else {
		want = misspellingAmong(key, append(readerKeys(p.readers()), specKeys()...))
	}
	if want != "" && p.File.Frontmatter.Field(want) == nil {
		return want
	}
	return ""
}

// titleRenameTo is the title of the fix below (FixDocs lists it).
const titleRenameTo = "Rename to KEY"

func checkMisspelled(p *Pass) {
	if !p.fields() {
		return
	}
	for _, fld := range p.File.Frontmatter.Fields() {
		want := p.misspelledAs(fld.Key)
		if want == "" || p.reportsMissing(want) || want == "name" && !p.dshReads() && p.nameFactMerged() {
			continue
		}
		who := "DSH ignores"
		switch names := readersOf(p.readers(), want); {
		case !p.dshReads() && len(names) > 0:
			who = hosts.JoinNames(names) + verbFor(names, " ignores", " ignore")
		case !p.dshReads() || !dshKey(want):
			who = "the agentskills.io spec does not define"
		}
		msg := fmt.Sprintf("%s the key %q%s; did you mean %q?", who, fld.Key, ignoredEffect(want, fld.Value), want)
		fix := Fix{Title: fixTitle(titleRenameTo, want), Preferred: true, Edits: []Edit{p.Edit(fld.KeySpan, want)}}
		if link, names := p.linkedReaders(fld.Key); link != "" {
			who := hosts.JoinNames(names)
			msg += fmt.Sprintf(" %s %s this file through %s and %s %s: add %s beside it (renaming it would take it from %s)", who, verbFor(names, "reads", "read"), link, verbFor(names, "reads", "read"), fld.Key, want, who)
			fix = addBeside(p, fld, want)
		}
		p.Report(fld.KeySpan, msg, fix)
	}
}

// reportsMissing reports whether the rule for a missing required key
// (name, description) runs and so words a misspelling of it itself, as the
// reason DSH drops the skill.
func (p *Pass) reportsMissing(key string) bool {
	code := map[string]string{"name": CodeNameMissing, "description": CodeDescriptionMissing}[key]
	r := p.lookup(code)
	return r != nil && p.runs(r)
}

// ignoredEffect says what a misspelled invocation flag leaves as it was,
// for a value that would have changed it.
func ignoredEffect(want string, v dshyaml.Value) string {
	b, ok := dshyaml.LenientBool(v)
	switch {
	case want == "disable-model-invocation" && ok && b:
		return ", so the model can still load the skill"
	case want == "user-invocable" && ok && !b:
		return ", so users can still invoke the skill with /name"
	}
	return ""
}

// reportMisspelledRequired reports a missing required key (name,
// description) that a misspelled key of the frontmatter holds, at that
// key, with the safe fix that renames it: one finding, since the typo is
// why DSH drops the skill. It reports nothing and returns false when no
// key is close.
func reportMisspelledRequired(p *Pass, key string) bool {
	fld := p.misspelledKey(key)
	if fld == nil {
		return false
	}
	p.Report(fld.KeySpan, fmt.Sprintf("%sthere is no %s: key, and DSH reads keys spelled exactly so: rename %q to %s", dropPrefix, key, fld.Key, key),
		Fix{Title: fixTitle(titleRenameTo, key), Preferred: true, Edits: []Edit{p.Edit(fld.KeySpan, key)}})
	return true
}

// misspelledKey returns the field of the pass's frontmatter that is a
// misspelling of key, or nil.
func (p *Pass) misspelledKey(key string) *dshyaml.Field {
	if !p.fields() {
		return nil
	}
	fields := p.File.Frontmatter.Fields()
	for i, fld := range fields {
		if p.misspelledAs(fld.Key) == key {
			return &fields[i]
		}
	}
	return nil
}

func checkUnknownKeys(p *Pass) {
	if !p.fields() {
		return
	}
	fm := p.File.Frontmatter
	for i, fld := range fm.Fields() {
		if ignoredKey(fld.Key) && p.misspelledAs(fld.Key) == "" && !agentSkillsKey(fld.Key) {
			var fixes []Fix
			if fix, ok := moveUnderMetadata(p, i); ok {
				fixes = append(fixes, fix)
			}
			p.Report(fld.KeySpan, fmt.Sprintf("the agentskills.io spec does not define the key %q; move it under metadata:", fld.Key), fixes...)
		}
	}
	for _, key := range []string{"whenToUse", "disable-model-invocation", "user-invocable"} {
		if fld := fm.Field(key); fld != nil {
			who := "DSH reads it; other harnesses ignore it"
			if !p.dshReads() {
				who = "no host that reads this file reads it"
				if names := readersOf(p.readers(), key); len(names) > 0 {
					who = hosts.JoinNames(names) + verbFor(names, " reads", " read") + " it"
				}
			}
			p.Report(fld.KeySpan, fmt.Sprintf("the agentskills.io spec does not define the key %q (%s)", key, who))
		}
	}
}

// keyAliases are short forms authors write for a key.
var keyAliases = map[string]string{"desc": "description"}

// misspelling returns the key that key probably means: a key DSH reads
// (with strict, the agentskills.io keys too) spelled with another case,
// with _, - or a space between its words or none, or with a letter
// missing, doubled, swapped or wrong (one for a key of 4 letters or less,
// two up to 12, three beyond); "" when none is that close.
func misspelling(key string, strict bool) string {
	k := spelling.Fold(key)
	if want, ok := keyAliases[k]; ok {
		return want
	}
	best, bestDist := "", 0
	for _, t := range keyTargets() {
		if !t.DSH && !(strict && t.AgentSkills) {
			continue
		}
		if dist := spelling.Distance(k, t.folded, t.limit+1); dist <= t.limit && (best == "" || dist < bestDist) {
			best, bestDist = t.Key, dist
		}
	}
	return best
}

// misspellingAmong is misspelling for a file DSH does not read: the key
// of keys (those its readers read, and the agentskills.io spec's) that
// key probably means, by the same measure; "" when none is that close.
func misspellingAmong(key string, keys []string) string {
	k := spelling.Fold(key)
	if want, ok := keyAliases[k]; ok {
		return want
	}
	best, bestDist := "", 0
	for _, want := range keys {
		t := newKeyTarget(skillfile.KeyDoc{Key: want})
		if dist := spelling.Distance(k, t.folded, t.limit+1); dist <= t.limit && (best == "" || dist < bestDist) {
			best, bestDist = want, dist
		}
	}
	return best
}

// specKeys returns the keys the agentskills.io spec defines.
func specKeys() []string {
	var out []string
	for d := range skillfile.AllKeyDocs() {
		if d.AgentSkills {
			out = append(out, d.Key)
		}
	}
	return out
}

// keyTarget is a key misspelling may suggest, folded (spelling.Fold), with
// the edit distance up to which a key is taken for it.
type keyTarget struct {
	skillfile.KeyDoc
	folded string
	limit  int
}

// keyTargets are the documented keys as misspelling compares them, made
// once: every unknown key of every file is compared with each.
var keyTargets = sync.OnceValue(func() []keyTarget {
	var out []keyTarget
	for d := range skillfile.AllKeyDocs() {
		out = append(out, newKeyTarget(d))
	}
	return out
})

// newKeyTarget folds d's key and sets how far a key may be from it.
func newKeyTarget(d skillfile.KeyDoc) keyTarget {
	t := keyTarget{KeyDoc: d, folded: spelling.Fold(d.Key), limit: 3}
	switch {
	case len(t.folded) <= 4:
		t.limit = 1
	case len(t.folded) <= 12:
		t.limit = 2
	}
	return t
}

// checkFieldTypes reports the agentskills.io keys whose values have the
// wrong type.
func checkFieldTypes(p *Pass) {
	if !p.fields() {
		return
	}
	fm := p.File.Frontmatter
	for _, key := range []string{"license", "compatibility", "allowed-tools"} {
		if fld := fm.Field(key); fld != nil && fld.Value.Kind != dshyaml.KindString {
			msg := fmt.Sprintf("the agentskills.io spec wants %s to be a string, not %s", key, kindPhrase(fld.Value.Kind))
			if key == "allowed-tools" && fld.Value.Kind == dshyaml.KindSeq {
				msg += "; write the tools in one string, separated by spaces"
			}
			p.Report(fld.ValueSpan.OrKey(fld.KeySpan), msg)
		}
	}
	m := fm.Field("metadata")
	if m == nil {
		return
	}
	if m.Value.Kind != dshyaml.KindMap {
		p.Report(m.ValueSpan.OrKey(m.KeySpan), "the agentskills.io spec wants metadata to be a mapping of keys to string values, not "+kindPhrase(m.Value.Kind))
		return
	}
	for _, e := range m.Entries {
		if e.Value.Kind == dshyaml.KindString {
			continue
		}
		var fixes []Fix
		advice := "put it in quotes"
		switch e.Value.Kind {
		case dshyaml.KindMap:
			advice = "flatten it into keys of metadata with string values, or quote the whole value as one string"
		case dshyaml.KindSeq:
			advice = fmt.Sprintf("join the items into one quoted string: %s: %s", e.Key, joinedItems(p.Text(e.ValueSpan)))
		case dshyaml.KindNull:
			// Quoting would turn "no value" into the text null or ~.
			advice = fmt.Sprintf("write a string after %s:, or remove the key", e.Key)
		default:
			if e.ValueSpan.Len() > 0 {
				fixes = []Fix{{Title: titleQuoteValue, Preferred: true, Edits: []Edit{p.Edit(e.ValueSpan, quoteYAML(p.Text(e.ValueSpan)))}}}
			}
		}
		p.Report(e.ValueSpan.OrKey(e.KeySpan), fmt.Sprintf("the agentskills.io spec wants metadata values to be strings, but %s is %s; %s", e.Key, kindPhrase(e.Value.Kind), advice), fixes...)
	}
}

// joinedItems returns, for the text of a flow list of plain items
// ("[pdf, forms]"), its items as one quoted string ('pdf, forms'); for
// other lists, an example.
func joinedItems(list string) string {
	inner, ok := strings.CutPrefix(strings.TrimSpace(list), "[")
	inner, ok2 := strings.CutSuffix(inner, "]")
	if !ok || !ok2 || strings.TrimSpace(inner) == "" || strings.ContainsAny(inner, "[]{}'\"\n#&*!|>%@`") {
		return "'a, b'"
	}
	items := strings.Split(inner, ",")
	for i, it := range items {
		items[i] = strings.TrimSpace(it)
	}
	return quoteYAML(strings.Join(items, ", "))
}

// kindPhrase names a YAML type with its article ("a number"); null is
// "an empty value (null)".
func kindPhrase(k dshyaml.Kind) string {
	if k == dshyaml.KindNull {
		return "an empty value (null)"
	}
	return "a " + k.String()
}
