package diagnostics

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills"
)

// Rules about frontmatter keys DSH ignores: wrong types, misspellings, and
// keys the agentskills.io specification does not define.

// The codes of the key rules.
const (
	CodeFieldIgnored         = string(skills.CodeFieldIgnored)
	CodeKeyMisspelled        = "key-misspelled"
	CodeUnknownKey           = "unknown-key"
	CodeCompatibilityTooLong = "compatibility-too-long"
)

var keyRules = []*Rule{
	{Code: CodeFieldIgnored, Severity: SeverityWarning, Summary: "DSH ignores this value",
		Doc: "`whenToUse` must be a non-empty string and `metadata` a mapping; other values are silently omitted by DSH.",
		Finding: func(p *Pass, fd skills.Finding) {
			what := "a mapping"
			if fd.Key == "whenToUse" {
				what = "a non-empty string"
			}
			p.Report(fd.Span, fmt.Sprintf("DSH ignores %s unless it is %s", fd.Key, what))
		}},
	{Code: CodeKeyMisspelled, Severity: SeverityWarning, Summary: "a key DSH does not read, close to one it does",
		Doc:  "DSH reads keys by exact, case-sensitive spelling. `when_to_use`, `disable_model_invocation`, `Name` and similar keys are ignored. The quick fix renames the key.",
		File: checkMisspelled},
	{Code: CodeUnknownKey, Severity: SeverityOff, Summary: "a key the agentskills.io spec does not define",
		Doc:  "Reported only under the agentskills profile: the specification allows `name`, `description`, `license`, `compatibility`, `metadata` and `allowed-tools`. DSH's own keys (`whenToUse`, `disable-model-invocation`, `user-invocable`) are reported too, since other harnesses ignore them.",
		File: checkUnknownKeys},
	{Code: CodeCompatibilityTooLong, Severity: SeverityWarning, Summary: "compatibility longer than 500 characters",
		Doc: "The agentskills.io specification limits `compatibility` to 500 characters. DSH ignores the key.",
		File: func(p *Pass) {
			if !p.fields() {
				return
			}
			if comp := p.File.Frontmatter.Field("compatibility"); comp != nil && comp.Value.Kind == skills.KindString {
				if n := utf8.RuneCountInString(comp.Value.Str); n > 500 {
					p.Report(comp.ValueSpan, fmt.Sprintf("compatibility is %d characters; the agentskills.io spec allows at most 500", n))
				}
			}
		}},
}

// dshKeys are the keys DSH reads.
var dshKeys = map[string]bool{"name": true, "description": true, "whenToUse": true, "metadata": true, "disable-model-invocation": true, "user-invocable": true}

// agentSkillsKeys are the keys of the agentskills.io specification.
var agentSkillsKeys = map[string]bool{"name": true, "description": true, "license": true, "compatibility": true, "metadata": true, "allowed-tools": true}

// ignoredKey reports whether DSH reads neither this key nor treats it as a
// legacy spelling.
func ignoredKey(key string) bool {
	return !dshKeys[key] && skills.LegacyKeyReplacement(key) == ""
}

// misspelledAs returns the DSH key an ignored key of fm probably means, or
// "" when it means none or that key is present too.
func misspelledAs(fm *skills.Frontmatter, key string) string {
	if want := misspelling(key); want != "" && fm.Field(want) == nil {
		return want
	}
	return ""
}

func checkMisspelled(p *Pass) {
	if !p.fields() {
		return
	}
	fm := p.File.Frontmatter
	for _, fld := range fm.Fields {
		if !ignoredKey(fld.Key) {
			continue
		}
		if want := misspelledAs(fm, fld.Key); want != "" {
			p.Report(fld.KeySpan, fmt.Sprintf("DSH ignores the key %q; did you mean %q?", fld.Key, want),
				Fix{Title: "Rename to " + want, Preferred: true, Edits: []Edit{p.Edit(fld.KeySpan, want)}})
		}
	}
}

func checkUnknownKeys(p *Pass) {
	if !p.fields() {
		return
	}
	fm := p.File.Frontmatter
	for _, fld := range fm.Fields {
		if ignoredKey(fld.Key) && misspelledAs(fm, fld.Key) == "" && !agentSkillsKeys[fld.Key] {
			p.Report(fld.KeySpan, fmt.Sprintf("the agentskills.io spec does not define the key %q", fld.Key))
		}
	}
	for _, key := range []string{"whenToUse", "disable-model-invocation", "user-invocable"} {
		if fld := fm.Field(key); fld != nil {
			p.Report(fld.KeySpan, fmt.Sprintf("the agentskills.io spec does not define the key %q (DSH reads it; other harnesses ignore it)", key))
		}
	}
}

var keySeparators = strings.NewReplacer("-", "", "_", "", " ", "")

// misspelling returns the DSH key that key probably means, or "".
func misspelling(key string) string {
	switch keySeparators.Replace(strings.ToLower(key)) {
	case "name":
		return "name"
	case "description", "desc":
		return "description"
	case "whentouse":
		return "whenToUse"
	case "disablemodelinvocation":
		return "disable-model-invocation"
	case "userinvocable":
		return "user-invocable"
	}
	return ""
}
