// Package diagnostics holds skill-ls's rules: a table of rows (rule.go),
// each with a stable kebab-case code, a default severity, a one-paragraph doc
// and a check that is a pure function of a skills.Snapshot. The rows live in
// topic files (reading.go, frontmatter.go, naming.go, description.go,
// invocation.go, keys.go, registry.go, body.go, discovery.go, chat.go);
// profiles (profile.go) re-grade them. Run applies them and returns
// diagnostics with byte spans; the CLI formats them (format*.go) and the
// language server converts them to LSP.
package diagnostics

import (
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Severity orders diagnostics like LSP does: lower is more severe.
type Severity int

// The severities. SeverityOff is a rule's grade when it does not run.
const (
	SeverityOff     Severity = 0
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
	Span    spans.Span
	Message string
}

// Edit replaces Span in the file at Path with NewText.
type Edit struct {
	Path    string
	Span    spans.Span
	NewText string
}

// Rename moves a file or folder: From and To are absolute paths. In the
// language server it becomes a RenameFile operation of a workspace edit.
type Rename struct {
	From, To string
}

// Fix is a quick fix: a titled set of edits the user may apply, and the
// files or folders it renames.
//
// `skill-ls check --fix` applies the fixes that are neither Unsafe nor
// Suppression (one per diagnostic); --unsafe-fixes adds the Unsafe ones.
// A fix is safe when it keeps what the author meant and what the skill is
// (quoting a value, renaming a legacy or misspelled key, kebab-casing a
// name DSH rejects anyway); it is unsafe when it changes the skill's
// meaning or identity (a shortened description, a stub, a renamed folder,
// another name).
type Fix struct {
	Title string
	// Edits change the files; their spans refer to the files as checked.
	Edits []Edit
	// Renames move files or folders once the edits are applied (the edits
	// name the paths before the move).
	Renames []Rename
	// Preferred marks the fix an editor may apply automatically.
	Preferred bool
	// Unsafe marks a fix that changes meaning (a shortened description, a
	// renamed folder): never applied without the user asking for it.
	Unsafe bool
	// Suppression marks a fix that inserts a suppression comment for the
	// diagnostic: an editor offers it, check --fix never applies it.
	Suppression bool
}

// Diagnostic is one problem at a byte span of a file.
type Diagnostic struct {
	Path     string
	Span     spans.Span
	Severity Severity
	Code     string
	Message  string
	Related  []Related
	Fixes    []Fix
}

// FixLevel says which fixes FixAll applies.
type FixLevel int

// The fix levels of check --fix and --unsafe-fixes.
const (
	FixSafe   FixLevel = iota // fixes that are neither Unsafe nor Suppression
	FixUnsafe                 // the Unsafe ones too
)

// Applies reports whether check --fix at this level applies f. Suppression
// fixes never are; a fix that renames is applied only after every edit
// (FixAll's last step).
func (l FixLevel) Applies(f Fix) bool {
	return !f.Suppression && (!f.Unsafe || l == FixUnsafe)
}
