package skills

import "github.com/skill-ls/skill-ls/skills/skillfile"

// Source is the label DSH gives the root a skill was found in.
type Source string

// The sources of the DeepSeek Harness, in rank order (spec §3.1).
const (
	SourceProjectDSH    Source = "project-dsh"
	SourceProjectAgents Source = "project-agents"
	SourceRuntime       Source = "runtime"
	SourceCustom        Source = "custom"
	SourceUserDSH       Source = "user-dsh"
	SourceUserAgents    Source = "user-agents"
	SourceBundled       Source = "bundled"
)

// Rank returns the DSH rank of a source: a lower rank wins a duplicate name.
func (s Source) Rank() int {
	switch s {
	case SourceProjectDSH:
		return 100
	case SourceProjectAgents:
		return 200
	case SourceRuntime:
		return 250
	case SourceCustom:
		return 300
	case SourceUserDSH:
		return 400
	case SourceUserAgents:
		return 500
	case SourceBundled:
		return 600
	}
	return 1000
}

// ResourceKind says how a skill's resources are located (spec §7.3).
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
	// Name is the frontmatter name; it always matches the skill-name grammar.
	Name string
	// Description is the raw frontmatter description (not normalized).
	Description string
	// WhenToUse is the optional camelCase whenToUse value; never model-visible.
	WhenToUse string
	// HasMetadata reports whether the frontmatter held a metadata mapping.
	HasMetadata bool
	// Invocation is the resolved policy.
	Invocation skillfile.Invocation
	// Source and Rank identify the root the skill came from.
	Source Source
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
