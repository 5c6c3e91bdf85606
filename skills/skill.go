package skills

import (
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// ResourceKind says how a skill's resources are located (docs/dsh.md §7.3).
type ResourceKind string

// The resource base kinds. ResourceNone means the skill has no resource base
// and the provider name is shown instead.
const (
	ResourceNone      ResourceKind = ""
	ResourceDirectory ResourceKind = "directory"
	ResourceURL       ResourceKind = "url"
	ResourceOpaque    ResourceKind = "opaque"
)

// ResourceBase is where a skill's relative references resolve. Exactly one of
// Path, URL and Description is meaningful, chosen by Kind.
type ResourceBase struct {
	Kind        ResourceKind `json:"kind"`
	Path        string       `json:"path,omitempty"`
	URL         string       `json:"url,omitempty"`
	Description string       `json:"description,omitempty"`
}

// Skill is one valid skill definition as DSH's registry holds it: the
// summary fields plus the trimmed body. A Skill is immutable once built.
type Skill struct {
	// Definition holds the frontmatter fields the skill is made of (Name,
	// Description, WhenToUse, HasMetadata, Invocation); a skill from a
	// file shares its file's (File.Def): a workspace keeps a Skill for
	// every valid file, and copies of the five took a fifth of it.
	*skillfile.Definition
	// Source and Rank identify the root the skill came from.
	Source discovery.Source
	Rank   int
	// RootIndex is the position of the root in the discovery order; it breaks
	// ties between roots of the same rank (custom roots).
	RootIndex int
	// EntryIndex is the order of the entry within its root.
	EntryIndex int
	// Provider is the provider name ("filesystem" for files on disk).
	Provider string
	// ResourceBase is the base for relative references.
	ResourceBase ResourceBase
	// Path is the skill file's path ("" for runtime skills).
	Path string
	// Content is the body after the frontmatter, JavaScript-trimmed, for
	// a runtime skill; a skill from a file holds none (ask
	// Snapshot.WithContent).
	Content string
	// File is the parsed file the skill came from (nil for runtime skills).
	File *skillfile.File
}
