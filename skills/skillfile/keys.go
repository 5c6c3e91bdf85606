package skillfile

import "iter"

// KeyDoc documents a frontmatter key for hover and completion.
type KeyDoc struct {
	// Key is the exact spelling.
	Key string
	// Doc is Markdown.
	Doc string
	// Bool reports a boolean flag (lenient booleans in DSH).
	Bool bool
	// DSH reports that DSH reads the key.
	DSH bool
	// AgentSkills reports that the agentskills.io spec defines the key.
	AgentSkills bool
}

// KeyDocs are the frontmatter keys DSH or the agentskills.io spec define.
var keyDocs = []KeyDoc{
	{Key: "name", DSH: true, AgentSkills: true, Doc: "The skill's identity: `^[a-z0-9]+(?:-[a-z0-9]+)*$` (lowercase kebab-case). Required: without a valid name DSH drops the skill. Users invoke it as `/name`. The agentskills.io spec also wants it equal to the bundle folder's name and at most 64 characters."},
	{Key: "description", DSH: true, AgentSkills: true, Doc: "What the skill does and when to use it: the only text the model sees in the catalog before loading the skill. Required, a non-empty string. The catalog collapses whitespace and cuts it at `catalogDescriptionMaxLength` (default 500) UTF-16 units."},
	{Key: "disable-model-invocation", Bool: true, DSH: true, Doc: "`true` hides the skill from the catalog and the `skill` tool; users can still invoke it with `/name`. Accepts YAML booleans, 1/0 and true/yes/on/false/no/off strings; anything else drops the skill."},
	{Key: "user-invocable", Bool: true, DSH: true, Doc: "`false` makes `/name` plain prose for this skill (the model can still load it). Same accepted values as `disable-model-invocation`."},
	{Key: "whenToUse", DSH: true, Doc: "Optional extra guidance kept in DSH's registry; never shown to the model. Must be a non-empty string or DSH ignores it."},
	{Key: "metadata", DSH: true, AgentSkills: true, Doc: "A mapping of extra properties (agentskills.io). DSH records that it is present; other values are ignored."},
	{Key: "license", AgentSkills: true, Doc: "The skill's license (agentskills.io). DSH ignores it."},
	{Key: "compatibility", AgentSkills: true, Doc: "Environment requirements, at most 500 characters (agentskills.io). DSH ignores it."},
	{Key: "allowed-tools", AgentSkills: true, Doc: "Tools the skill may use without asking (agentskills.io, experimental). DSH ignores it."},
}

// KeyDocs returns the documented frontmatter keys, DSH's first.
func KeyDocs() []KeyDoc { return append([]KeyDoc(nil), keyDocs...) }

// AllKeyDocs yields the documented frontmatter keys, DSH's first, copying
// none of the list: the diagnostics walk it for every unknown key of a
// file, and a file may hold 45,000.
func AllKeyDocs() iter.Seq[KeyDoc] {
	return func(yield func(KeyDoc) bool) {
		for _, d := range keyDocs {
			if !yield(d) {
				return
			}
		}
	}
}

// LookupKeyDoc returns the documentation of a key; ok is false for a key
// neither DSH nor the agentskills.io spec defines. It returns a copy and
// allocates nothing (the diagnostics ask it for every key of every file).
func LookupKeyDoc(key string) (doc KeyDoc, ok bool) {
	for i := range keyDocs {
		if keyDocs[i].Key == key {
			return keyDocs[i], true
		}
	}
	return KeyDoc{}, false
}
