package render

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"

	"github.com/skill-ls/skill-ls/skills"
)

// DefaultMaxLength is DSH's default catalogDescriptionMaxLength (docs/dsh.md §6.1).
const DefaultMaxLength = 500

// MinMaxLength is the smallest catalogDescriptionMaxLength DSH accepts.
const MinMaxLength = 3

// errMaxLength is DSH's exact setup error for a bad cap (docs/dsh.md §6.1).
var errMaxLength = errors.New("tool-skill: catalogDescriptionMaxLength must be an integer greater than or equal to 3")

// ValidateMaxLength checks a catalogDescriptionMaxLength value. It returns
// DSH's exact error, "tool-skill: catalogDescriptionMaxLength must be an
// integer greater than or equal to 3", when n is below 3.
func ValidateMaxLength(n int) error {
	if n < MinMaxLength {
		return errMaxLength
	}
	return nil
}

// Entry is one catalog entry: a skill name and its normalized, truncated,
// unescaped description (the result of jstext.Shorten). It is also the
// shape of the entries DSH records in a published catalog.
type Entry struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// Entries builds the catalog entries of list, which must already hold the
// registry winners sorted by name (UTF-16 code-unit order, docs/dsh.md §3.5): it
// keeps the model-invocable skills, in order, with their descriptions passed
// through jstext.Shorten(description, max). nil skills are skipped.
func Entries(list []*skills.Skill, max int) []Entry {
	entries := make([]Entry, 0, len(list))
	for _, s := range list {
		if s == nil || !s.Invocation.ModelInvocable {
			continue
		}
		entries = append(entries, Entry{Name: s.Name, Description: jstext.Shorten(s.Description, max)})
	}
	return entries
}

// CatalogOptions selects a catalog template.
type CatalogOptions struct {
	// Replacement selects the replacement template ("The available skill
	// catalog changed...", or the tombstone when there are no entries)
	// instead of the initial one.
	Replacement bool
	// V1 selects the wording DSH used before 2026-08-08, which lacks the
	// final "A user may ... invoke a skill directly" line.
	V1 bool
}

// Catalog template lines (docs/dsh.md §6.2).
const (
	catalogOpen         = "<system-reminder>"
	catalogClose        = "</system-reminder>"
	catalogListOpen     = "<available_skills>"
	catalogListClose    = "</available_skills>"
	catalogInitialIntro = "A skill is a reusable set of task-specific instructions. The following skills are available in this session:"
	catalogReplaceIntro = "The available skill catalog changed. This complete catalog replaces every earlier available-skills list in this session:"
	catalogInitialGuide = "If the user names a skill, or the task clearly matches a skill's description, call the `skill` tool with the exact skill name before taking task actions. Load all applicable skills, then follow their full instructions. This catalog contains summaries only; do not infer or follow a skill's instructions until it has been loaded."
	catalogReplaceGuide = "Use only names in this replacement catalog. If the user names a listed skill, or the task clearly matches its description, call the `skill` tool with the exact name before acting."
	catalogTombstone    = "No skills are currently available through the `skill` tool. Do not use names from earlier skill catalogs."
	catalogUserAlso     = "A user may also invoke a skill directly; its <skill_content> block then appears in this conversation. Follow it, and do not call the `skill` tool again for that skill."
	catalogUserStill    = "A user may still invoke a skill directly; its <skill_content> block then appears in this conversation. Follow it, and do not call the `skill` tool for it."
)

// catalogLine returns the catalog line of one entry, before ModelText:
// "- `<name>`: <escapeText(description)>" (jstext.CatalogLine).
func catalogLine(e Entry) string {
	return jstext.CatalogLine(e.Name, e.Description)
}

// CatalogDescription returns a skill's description as the catalog shows it
// to the model, before escaping: whitespace collapsed and cut at max
// (jstext.Shorten), as text (jstext.ModelText). Editors show it beside a
// skill's name.
func CatalogDescription(description string, max int) string {
	return jstext.ModelText(jstext.Shorten(description, max))
}

// CatalogLine returns, as the model receives it, the catalog line of a skill
// named name whose raw frontmatter description is description, with the
// description cap max: "- `<name>`: <description>", shortened and escaped
// exactly as in Catalog.
func CatalogLine(name, description string, max int) string {
	return jstext.ModelText(catalogLine(Entry{Name: name, Description: jstext.Shorten(description, max)}))
}

// Catalog renders the session catalog message text for entries (already
// built by Entries) with the template opts selects
// (docs/dsh.md §6.2): the initial catalog, or, with opts.Replacement, the
// replacement catalog, which becomes the "tombstone" wording when entries is
// empty. An initial catalog with no entries keeps the initial wording with an
// empty list. The lines are joined with "\n", there is no trailing newline,
// and the result is model text (ModelText).
func Catalog(entries []Entry, opts CatalogOptions) string {
	lines := make([]string, 0, len(entries)+10)
	lines = append(lines, catalogOpen)
	if opts.Replacement {
		lines = append(lines, catalogReplaceIntro)
	} else {
		lines = append(lines, catalogInitialIntro)
	}
	lines = append(lines, "", catalogListOpen)
	for _, e := range entries {
		lines = append(lines, catalogLine(e))
	}
	lines = append(lines, catalogListClose, "")
	switch {
	case !opts.Replacement:
		lines = append(lines, catalogInitialGuide)
		if !opts.V1 {
			lines = append(lines, catalogUserAlso)
		}
	case len(entries) == 0:
		lines = append(lines, catalogTombstone)
		if !opts.V1 {
			lines = append(lines, catalogUserStill)
		}
	default:
		lines = append(lines, catalogReplaceGuide)
		if !opts.V1 {
			lines = append(lines, catalogUserAlso)
		}
	}
	lines = append(lines, catalogClose)
	return jstext.ModelText(strings.Join(lines, "\n"))
}

// digestInput returns the string DSH hashes for entries: one
// JSON.stringify([name, description]) per entry, joined with "\n".
func digestInput(entries []Entry) string {
	parts := make([]string, len(entries))
	for i, e := range entries {
		parts[i] = jstext.JSONArray(e.Name, e.Description)
	}
	return strings.Join(parts, "\n")
}

// Digest returns DSH's catalog digest of entries (docs/dsh.md §6.4): the lowercase
// hex SHA-256 of the UTF-8 bytes of JSON.stringify([name, description]) for
// each entry, joined with "\n". The JSON encoding is JavaScript's, not
// encoding/json's: "<", ">", "&", U+2028 and U+2029 are not escaped, and a
// stored lone surrogate is hashed as its escape (for example \ud83d). The
// empty list hashes the empty string.
func Digest(entries []Entry) string {
	sum := sha256.Sum256([]byte(digestInput(entries)))
	return hex.EncodeToString(sum[:])
}

// CatalogStep makes DSH's per-step catalog decision (docs/dsh.md §6.3) and renders
// the message when one is due.
//
// entries are the current catalog entries. prior are the entries of the
// newest published catalog that is still visible in the session; pass nil
// when none is visible (a non-nil empty slice is a visible empty catalog, a
// tombstone). published reports whether any catalog was ever published in
// the session.
//
// Nothing is emitted when prior is visible and has the same digest as
// entries, or when nothing was ever published and entries is empty.
// Otherwise the replacement template is emitted when published, else the
// initial one; opts.Replacement is ignored and opts.V1 selects the wording.
func CatalogStep(entries, prior []Entry, published bool, opts CatalogOptions) (text string, emit bool) {
	if prior != nil && Digest(prior) == Digest(entries) {
		return "", false
	}
	if !published && len(entries) == 0 {
		return "", false
	}
	opts.Replacement = published
	return Catalog(entries, opts), true
}

// NoCatalogReason says why DSH publishes no initial catalog for a registry
// with no model-invocable skill (docs/dsh.md §6.3): there is no skill at all, or
// every one has disable-model-invocation: true. It is not model text.
func NoCatalogReason(reg *skills.Registry) string {
	n := 0
	if reg != nil {
		n = reg.WinnerCount()
	}
	if n == 0 {
		return "DSH publishes no catalog: no skill was found, so the model is told nothing about skills"
	}
	if n == 1 {
		return "DSH publishes no catalog: the only skill is not model-invocable (it has disable-model-invocation: true), so the model is told nothing about skills; users can still invoke it with /name"
	}
	return fmt.Sprintf("DSH publishes no catalog: none of the %d skills is model-invocable (each has disable-model-invocation: true), so the model is told nothing about skills; users can still invoke them with /name", n)
}
