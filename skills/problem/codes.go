// Package problem names the problems the engine records, one word per
// problem: a reason DSH drops or degrades a skill file, or a problem found
// while listing a root.
package problem

// Code names a kind of problem the engine records: a reason DSH drops or
// degrades a skill file (a skillfile.Finding), or a problem found while
// listing a root (a discovery.Problem). Every Code is also the code of the diagnostics rule
// that reports it, so one word names one problem everywhere: in the engine,
// in `skill-ls check` and `list --json`, in the editor and in
// docs/diagnostics.md.
type Code string

// Problems reading a skill file.
const (
	BinaryFile     Code = "binary-file"     // a NUL byte in the first 8192 bytes
	InvalidUTF8    Code = "invalid-utf8"    // not UTF-8 text
	UnreadableFile Code = "unreadable-file" // permission or I/O error
	FileTooLarge   Code = "file-too-large"  // larger than MaxFileSize; not read
)

// Problems of the frontmatter block and its YAML.
const (
	FrontmatterMissing  Code = "frontmatter-missing"     // the first line is not exactly ---
	FrontmatterUnclosed Code = "frontmatter-unclosed"    // no closing --- line
	FrontmatterNotMap   Code = "frontmatter-not-mapping" // empty, only comments, a scalar or a list
	YAMLSyntax          Code = "yaml-syntax"             // any other YAML syntax error
	YAMLUnquotedColon   Code = "yaml-unquoted-colon"     // a plain value holding ": "
	YAMLDuplicateKey    Code = "yaml-duplicate-key"      // a mapping key appears twice
	YAMLTabIndent       Code = "yaml-tab-indent"         // a tab used as indentation
	YAMLTooComplex      Code = "yaml-too-complex"        // skill-ls's nesting or alias limits
)

// Problems of the keys DSH reads.
const (
	NameMissing          Code = "name-missing"
	NameNotString        Code = "name-not-string"
	NameEmpty            Code = "name-empty"
	NameInvalid          Code = "name-invalid" // fails ^[a-z0-9]+(?:-[a-z0-9]+)*$
	DescriptionMissing   Code = "description-missing"
	DescriptionNotString Code = "description-not-string"
	DescriptionEmpty     Code = "description-empty"
	LegacyInvocationKey  Code = "legacy-invocation-key"  // disableModelInvocation, modelInvocable, userInvocable
	InvocationNotBoolean Code = "invocation-not-boolean" // not a lenient boolean
	FieldIgnored         Code = "field-ignored"          // whenToUse or metadata of the wrong type: DSH omits it
)

// Problems found while listing a root.
const (
	RootNotDirectory Code = "root-not-directory" // a root path that is a file
	RootUnreadable   Code = "root-unreadable"    // permission or I/O error listing a root
	BrokenSymlink    Code = "broken-symlink"     // an entry whose link target is missing or loops
	NotRegularFile   Code = "not-regular-file"   // SKILL.md or x.md that is a directory, FIFO or device
	SkillMDCase      Code = "skill-md-case"      // a bundle holds skill.md or Skill.md but no SKILL.md
	TooManyEntries   Code = "too-many-entries"   // a root with more entries than MaxRootEntries
	ProviderFailed   Code = "provider-failed"    // DSH's listing throws: no catalog is published
)

// LeavesOut reports whether a finding of this code leaves the skill file
// out of the registry. For every such code but two, DSH drops the file (the
// rule's Drops says that); for file-too-large and yaml-too-complex,
// skill-ls refuses to read or decode what DSH would, so it cannot tell what
// DSH loads and leaves the file out.
func (c Code) LeavesOut() bool {
	switch c {
	case BinaryFile, InvalidUTF8, UnreadableFile, FileTooLarge,
		FrontmatterMissing, FrontmatterUnclosed, FrontmatterNotMap,
		YAMLSyntax, YAMLUnquotedColon, YAMLDuplicateKey, YAMLTabIndent, YAMLTooComplex,
		NameMissing, NameNotString, NameEmpty, NameInvalid,
		DescriptionMissing, DescriptionNotString, DescriptionEmpty,
		LegacyInvocationKey, InvocationNotBoolean:
		return true
	}
	return false
}

// Unread reports whether a problem of this code is skill-ls's own limit
// rather than DSH's verdict: skill-ls did not read (file-too-large) or
// decode (yaml-too-complex) a file that DSH would load, or did not look at
// a root's entries past MaxRootEntries (too-many-entries), so what
// skill-ls shows of the skills (list, render) lacks them.
func (c Code) Unread() bool { return c == FileTooLarge || c == YAMLTooComplex || c == TooManyEntries }
