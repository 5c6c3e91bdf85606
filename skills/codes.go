package skills

// Code names a kind of problem the engine records: a reason DSH drops or
// degrades a skill file (a [Finding]), or a problem found while listing a
// root (a [Problem]). Every Code is also the code of the diagnostics rule
// that reports it, so one word names one problem everywhere: in the engine,
// in `skill-ls check` and `list --json`, in the editor and in
// docs/diagnostics.md.
type Code string

// Problems reading a skill file.
const (
	CodeBinaryFile     Code = "binary-file"     // a NUL byte in the first 8192 bytes
	CodeInvalidUTF8    Code = "invalid-utf8"    // not UTF-8 text
	CodeUnreadableFile Code = "unreadable-file" // permission or I/O error
	CodeFileTooLarge   Code = "file-too-large"  // larger than MaxFileSize; not read
)

// Problems of the frontmatter block and its YAML.
const (
	CodeFrontmatterMissing  Code = "frontmatter-missing"     // the first line is not exactly ---
	CodeFrontmatterUnclosed Code = "frontmatter-unclosed"    // no closing --- line
	CodeFrontmatterNotMap   Code = "frontmatter-not-mapping" // empty, only comments, a scalar or a list
	CodeYAMLSyntax          Code = "yaml-syntax"             // any other YAML syntax error
	CodeYAMLUnquotedColon   Code = "yaml-unquoted-colon"     // a plain value holding ": "
	CodeYAMLDuplicateKey    Code = "yaml-duplicate-key"      // a mapping key appears twice
	CodeYAMLTabIndent       Code = "yaml-tab-indent"         // a tab used as indentation
	CodeYAMLTooComplex      Code = "yaml-too-complex"        // skill-ls's nesting or alias limits
)

// Problems of the keys DSH reads.
const (
	CodeNameMissing          Code = "name-missing"
	CodeNameNotString        Code = "name-not-string"
	CodeNameEmpty            Code = "name-empty"
	CodeNameInvalid          Code = "name-invalid" // fails ^[a-z0-9]+(?:-[a-z0-9]+)*$
	CodeDescriptionMissing   Code = "description-missing"
	CodeDescriptionNotString Code = "description-not-string"
	CodeDescriptionEmpty     Code = "description-empty"
	CodeLegacyInvocationKey  Code = "legacy-invocation-key"  // disableModelInvocation, modelInvocable, userInvocable
	CodeInvocationNotBoolean Code = "invocation-not-boolean" // not a lenient boolean
	CodeFieldIgnored         Code = "field-ignored"          // whenToUse or metadata of the wrong type: DSH omits it
)

// Problems found while listing a root.
const (
	CodeRootNotDirectory Code = "root-not-directory" // a root path that is a file
	CodeRootUnreadable   Code = "root-unreadable"    // permission or I/O error listing a root
	CodeBrokenSymlink    Code = "broken-symlink"     // an entry whose link target is missing or loops
	CodeNotRegularFile   Code = "not-regular-file"   // SKILL.md or x.md that is a directory, FIFO or device
	CodeSkillMDCase      Code = "skill-md-case"      // a bundle holds skill.md or Skill.md but no SKILL.md
	CodeTooManyEntries   Code = "too-many-entries"   // a root with more entries than MaxRootEntries
	CodeProviderFailed   Code = "provider-failed"    // DSH's listing throws: no catalog is published
)

// Drops reports whether a finding of this code leaves the skill file out
// of the registry. For every such code but two, DSH drops the file; for
// file-too-large and yaml-too-complex, skill-ls refuses to read or decode
// what DSH would, so it cannot tell what DSH loads and leaves the file out.
func (c Code) Drops() bool {
	switch c {
	case CodeBinaryFile, CodeInvalidUTF8, CodeUnreadableFile, CodeFileTooLarge,
		CodeFrontmatterMissing, CodeFrontmatterUnclosed, CodeFrontmatterNotMap,
		CodeYAMLSyntax, CodeYAMLUnquotedColon, CodeYAMLDuplicateKey, CodeYAMLTabIndent, CodeYAMLTooComplex,
		CodeNameMissing, CodeNameNotString, CodeNameEmpty, CodeNameInvalid,
		CodeDescriptionMissing, CodeDescriptionNotString, CodeDescriptionEmpty,
		CodeLegacyInvocationKey, CodeInvocationNotBoolean:
		return true
	}
	return false
}

// Finding is one reason DSH drops or degrades a skill file: what (Code),
// where (Span, bytes into the file) and the frontmatter key involved, if
// any. Parse records every finding of a file, not only the one DSH logs; the
// diagnostics package words them and offers fixes.
type Finding struct {
	Code Code
	Span Span
	Key  string
}
