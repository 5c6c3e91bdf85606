package render

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"

	"github.com/skill-ls/skill-ls/skills"
)

// Resource lines of <skill_content> (docs/dsh.md §7.3).
const (
	directoryLine     = "Base directory for this skill: "
	directoryGuidance = "Resolve relative paths mentioned by this skill against the base directory before using them. Load referenced resources only as needed."
	urlLine           = "Base URL for this skill: "
	urlGuidance       = "Resolve relative URLs mentioned by this skill against the base URL before using them. Load referenced resources only as needed."
	opaqueLine        = "Resources for this skill: "
	providerLine      = "Resources for this skill are managed by provider \""
	loadGuidance      = "Load referenced resources only as needed."
)

// resourceLines returns the two lines inside <skill_resources> for s.
func resourceLines(s *skills.Skill) (string, string) {
	rb := s.ResourceBase
	switch rb.Kind {
	case skills.ResourceDirectory:
		return directoryLine + jstext.EscapeText(rb.Path), directoryGuidance
	case skills.ResourceURL:
		return urlLine + jstext.EscapeText(rb.URL), urlGuidance
	case skills.ResourceOpaque:
		return opaqueLine + jstext.EscapeText(rb.Description), loadGuidance
	}
	return providerLine + jstext.EscapeText(s.Provider) + "\".", loadGuidance
}

// SkillContent renders DSH's <skill_content> block for s (renderSkillContent,
// docs/dsh.md §7.3), which is both the `skill` tool result and the `/name` gesture
// injection. The name is escaped with EscapeAttr, the resource values (path,
// URL, opaque description, provider label) with EscapeText, and the content
// is emitted verbatim. A resource kind other than directory, url or opaque
// renders as "no resource base" (the provider line). The result is model
// text; a nil s renders as "".
func SkillContent(s *skills.Skill) string {
	if s == nil {
		return ""
	}
	line1, line2 := resourceLines(s)
	return jstext.ModelText(strings.Join([]string{
		`<skill_content name="` + jstext.EscapeAttr(s.Name) + `">`,
		"<skill_resources>",
		line1,
		line2,
		"</skill_resources>",
		"",
		"<skill_instructions>",
		s.Content,
		"</skill_instructions>",
		"</skill_content>",
	}, "\n"))
}

// Lookup finds a skill by name the way DSH's registry does for the agent:
// it returns the winning skill, freshly loaded (its current invocation
// policy and content), or nil when no valid skill has that name.
type Lookup interface {
	Lookup(name string) *skills.Skill
}

// LookupFunc adapts a function to the Lookup interface.
type LookupFunc func(name string) *skills.Skill

// Lookup calls f(name).
func (f LookupFunc) Lookup(name string) *skills.Skill { return f(name) }

// SnapshotSkills is the Lookup of a snapshot's registry whose skills hold
// their Content, read from their files as they are looked up.
type SnapshotSkills struct {
	snap *skills.Snapshot
	err  error
}

// Skills returns the Lookup of snap's registry.
func Skills(snap *skills.Snapshot) *SnapshotSkills { return &SnapshotSkills{snap: snap} }

// Lookup returns the winner named name with its Content, or nil. A skill
// whose body cannot be read (its file changed on disk since the snapshot)
// is not found, and Err says why.
func (l *SnapshotSkills) Lookup(name string) *skills.Skill {
	sk := l.snap.Registry.Lookup(name)
	if sk == nil {
		return nil
	}
	s, err := l.snap.WithContent(sk)
	if err != nil {
		if l.err == nil {
			l.err = fmt.Errorf("%s: %w", sk.Path, err)
		}
		return nil
	}
	return s
}

// Err returns the first failure to read a skill's body.
func (l *SnapshotSkills) Err() error { return l.err }

// Messages of the `skill` tool (docs/dsh.md §7.2). Each reaches the model as
// "Error: " + message.
const (
	toolErrorPrefix        = "Error: "
	toolErrMissingArgument = `invalid arguments: missing required property "name"`
	toolErrNotString       = `invalid arguments: "name" must be a string`
)

// SkillTool executes DSH's `skill` tool (docs/dsh.md §7.2) with the decoded call
// arguments args and returns the exact tool result text: the SkillContent
// block of the named skill, or one of these errors (the name is not
// escaped):
//
//	Error: invalid arguments: missing required property "name"
//	Error: invalid arguments: "name" must be a string
//	Error: invalid skill name "<name>"
//	Error: skill "<name>" is unknown or no longer available
//	Error: skill "<name>" is not available for model invocation
//
// A present but null name counts as "must be a string". A nil l knows no
// skill.
func SkillTool(l Lookup, args map[string]any) string {
	v, ok := args["name"]
	if !ok {
		return toolErrorPrefix + toolErrMissingArgument
	}
	name, ok := v.(string)
	if !ok {
		return toolErrorPrefix + toolErrNotString
	}
	if !skillfile.IsSkillName(name) {
		return jstext.ModelText(toolErrorPrefix + `invalid skill name "` + name + `"`)
	}
	var s *skills.Skill
	if l != nil {
		s = l.Lookup(name)
	}
	if s == nil {
		return toolErrorPrefix + `skill "` + name + `" is unknown or no longer available`
	}
	if !s.Invocation.ModelInvocable {
		return toolErrorPrefix + `skill "` + name + `" is not available for model invocation`
	}
	return SkillContent(s)
}
