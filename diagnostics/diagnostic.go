// Package diagnostics holds skill-ls's rules: each has a stable kebab-case
// code, a default severity and a one-paragraph doc. Run applies them to a
// snapshot and returns diagnostics with byte spans; the CLI formats them and
// the language server converts them to LSP.
package diagnostics

import (
	"github.com/skill-ls/skill-ls/skills"
)

// Severity orders diagnostics like LSP does: lower is more severe.
type Severity int

// The severities.
const (
	SeverityError   Severity = 1
	SeverityWarning Severity = 2
	SeverityInfo    Severity = 3
	SeverityHint    Severity = 4
)

// String returns "error", "warning", "info" or "hint".
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	}
	return "hint"
}

// Related points at another place that explains a diagnostic, such as the
// skill that wins over a shadowed one.
type Related struct {
	Path    string
	Span    skills.Span
	Message string
}

// Edit replaces Span in the file at Path with NewText.
type Edit struct {
	Path    string
	Span    skills.Span
	NewText string
}

// Fix is a quick fix: a titled set of edits the user may apply.
type Fix struct {
	Title string
	Edits []Edit
	// Preferred marks the fix an editor may apply automatically.
	Preferred bool
}

// Diagnostic is one problem at a byte span of a file.
type Diagnostic struct {
	Path     string
	Span     skills.Span
	Severity Severity
	Code     string
	Message  string
	Related  []Related
	Fixes    []Fix
}

// Profile selects which advice is enforced.
type Profile string

// The rule profiles.
const (
	// ProfileDSH reports what the DeepSeek Harness drops as errors and
	// everything else as advice.
	ProfileDSH Profile = "dsh"
	// ProfileAgentSkills enforces the agentskills.io specification strictly:
	// its limits become errors and unknown keys are reported.
	ProfileAgentSkills Profile = "agentskills"
)

// ParseProfile returns the profile named s.
func ParseProfile(s string) (Profile, bool) {
	switch Profile(s) {
	case ProfileDSH, "":
		return ProfileDSH, true
	case ProfileAgentSkills:
		return ProfileAgentSkills, true
	}
	return "", false
}

// Options configure a diagnostics run.
type Options struct {
	// Profile is the rule profile (default dsh).
	Profile Profile
	// MaxDescription is the catalog description cap (default 500).
	MaxDescription int
}

func (o Options) maxDescription() int {
	if o.MaxDescription < 3 {
		return 500
	}
	return o.MaxDescription
}

func (o Options) strict() bool { return o.Profile == ProfileAgentSkills }
