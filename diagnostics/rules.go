package diagnostics

import "slices"

// Rule describes one diagnostic code: its default severity, the severity
// under the agentskills profile, and its documentation.
type Rule struct {
	// Code is the stable kebab-case id.
	Code string
	// Severity is the default severity (profile dsh).
	Severity Severity
	// Strict is the severity under the agentskills profile (0 = same).
	Strict Severity
	// Drops reports that DSH ignores the skill when this rule fires.
	Drops bool
	// Summary is a one-line description.
	Summary string
	// Doc is the one-paragraph documentation.
	Doc string
}

// DocsBase is where the diagnostic docs page lives; DocURL appends an anchor.
const DocsBase = "https://github.com/skill-ls/skill-ls/blob/main/docs/diagnostics.md"

// DocURL returns the documentation link of a code.
func DocURL(code string) string { return DocsBase + "#" + code }

// Rules returns every rule, sorted by code.
func Rules() []*Rule {
	out := slices.Clone(allRules)
	slices.SortFunc(out, func(a, b *Rule) int {
		if a.Code < b.Code {
			return -1
		}
		if a.Code > b.Code {
			return 1
		}
		return 0
	})
	return out
}

// Lookup returns the rule with the code, or nil.
func Lookup(code string) *Rule {
	for _, r := range allRules {
		if r.Code == code {
			return r
		}
	}
	return nil
}

// The rule codes.
const (
	CodeBinaryFile           = "binary-file"
	CodeInvalidUTF8          = "invalid-utf8"
	CodeUnreadableFile       = "unreadable-file"
	CodeFileTooLarge         = "file-too-large"
	CodeFrontmatterMissing   = "frontmatter-missing"
	CodeFrontmatterUnclosed  = "frontmatter-unclosed"
	CodeFrontmatterNotMap    = "frontmatter-not-mapping"
	CodeYAMLSyntax           = "yaml-syntax"
	CodeYAMLUnquotedColon    = "yaml-unquoted-colon"
	CodeYAMLDuplicateKey     = "yaml-duplicate-key"
	CodeYAMLTabIndent        = "yaml-tab-indent"
	CodeYAMLTooComplex       = "yaml-too-complex"
	CodeNameMissing          = "name-missing"
	CodeNameNotString        = "name-not-string"
	CodeNameEmpty            = "name-empty"
	CodeNameInvalid          = "name-invalid"
	CodeDescriptionMissing   = "description-missing"
	CodeDescriptionNotString = "description-not-string"
	CodeDescriptionEmpty     = "description-empty"
	CodeDescriptionBlank     = "description-blank"
	CodeLegacyInvocationKey  = "legacy-invocation-key"
	CodeInvocationNotBoolean = "invocation-not-boolean"
	CodeBOM                  = "bom"
	CodeCRLF                 = "crlf"
	CodeDescriptionTruncated = "description-truncated"
	CodeSkillUnreachable     = "skill-unreachable"
	CodeSkillShadowed        = "skill-shadowed"
	CodeSkillShadows         = "skill-shadows"
	CodeBodyBreaksFrame      = "body-breaks-frame"
	CodeLinkMissing          = "link-missing"
	CodeLinkOutside          = "link-outside-skill"
	CodeNameFolderMismatch   = "name-folder-mismatch"
	CodeNameTooLong          = "name-too-long"
	CodeDescriptionTooLong   = "description-too-long"
	CodeCompatibilityTooLong = "compatibility-too-long"
	CodeUnknownKey           = "unknown-key"
	CodeFieldIgnored         = "field-ignored"
	CodeKeyMisspelled        = "key-misspelled"
	CodeRootNotDirectory     = "root-not-directory"
	CodeRootUnreadable       = "root-unreadable"
	CodeBrokenSymlink        = "broken-symlink"
	CodeNotRegularFile       = "not-regular-file"
	CodeSkillMDCase          = "skill-md-case"
	CodeTooManyEntries       = "too-many-entries"
	CodeProviderFailed       = "provider-failed"
	CodeOutsideRoots         = "outside-roots"
	CodeChatUnknownSkill     = "chat-unknown-skill"
	CodeChatNotUserInvocable = "chat-not-user-invocable"
)

var allRules = []*Rule{
	{Code: CodeBinaryFile, Severity: SeverityError, Drops: true, Summary: "the file holds a NUL byte",
		Doc: "DSH's text reader refuses a file with a NUL byte in its first 8192 bytes as binary, and drops the skill with `failed to read text file … binary file`. Save the skill as plain UTF-8 text."},
	{Code: CodeInvalidUTF8, Severity: SeverityError, Drops: true, Summary: "the file is not valid UTF-8",
		Doc: "DSH decodes skill files with a fatal UTF-8 decoder; any invalid byte sequence drops the skill with `failed to read text file … invalid UTF-8 text`. Re-save the file as UTF-8 (not Latin-1 or UTF-16)."},
	{Code: CodeUnreadableFile, Severity: SeverityError, Drops: true, Summary: "the file cannot be read",
		Doc: "The skill file exists but cannot be read (permissions, I/O error). DSH cannot load it either."},
	{Code: CodeFileTooLarge, Severity: SeverityError, Summary: "the file is larger than skill-ls reads",
		Doc: "skill-ls does not read skill files larger than 16 MiB, so it cannot check them. DSH would read the whole file and could put all of it into the model's context; keep skills small and move bulk material into referenced files."},
	{Code: CodeFrontmatterMissing, Severity: SeverityError, Drops: true, Summary: "no YAML frontmatter",
		Doc: "A skill file must start with a line that is exactly `---`, followed by YAML and a closing `---` line. Leading blank lines, spaces after `---`, `----`, or (in the bundled root) a byte-order mark mean DSH finds no frontmatter and drops the skill with `missing YAML frontmatter`."},
	{Code: CodeFrontmatterUnclosed, Severity: SeverityError, Drops: true, Summary: "the frontmatter has no closing ---",
		Doc: "The opening `---` is never closed by a line that is exactly `---` (no indentation, no trailing spaces; `...` does not close it). DSH drops the skill with `missing YAML frontmatter`."},
	{Code: CodeFrontmatterNotMap, Severity: SeverityError, Drops: true, Summary: "the frontmatter is not a YAML mapping",
		Doc: "The YAML between the delimiters is empty, only comments, a scalar or a list. DSH needs a mapping of keys to values and drops the skill with `missing YAML frontmatter`."},
	{Code: CodeYAMLSyntax, Severity: SeverityError, Drops: true, Summary: "the frontmatter is not valid YAML",
		Doc: "The frontmatter fails to parse as YAML 1.2; DSH drops the skill with `invalid YAML frontmatter`. The message gives the line and column."},
	{Code: CodeYAMLUnquotedColon, Severity: SeverityError, Drops: true, Summary: "an unquoted value holds \": \"",
		Doc: "The most common reason a skill vanishes: an unquoted value such as `description: Use when: the user asks` contains `: ` (or ends with `:`), which YAML reads as a nested mapping (\"Nested mappings are not allowed in compact mappings\"). DSH drops the skill. Quote the value or use a block scalar (`description: >-`). The quick fix quotes it."},
	{Code: CodeYAMLDuplicateKey, Severity: SeverityError, Drops: true, Summary: "a key appears twice",
		Doc: "YAML mappings must have unique keys (\"Map keys must be unique\"); DSH's parser rejects the frontmatter and drops the skill. Remove one of the two keys."},
	{Code: CodeYAMLTabIndent, Severity: SeverityError, Drops: true, Summary: "a tab is used as indentation",
		Doc: "YAML forbids tabs as indentation (\"Tabs are not allowed as indentation\"); DSH drops the skill. Indent with spaces."},
	{Code: CodeYAMLTooComplex, Severity: SeverityError, Summary: "the frontmatter nests or aliases too deeply",
		Doc: "The frontmatter exceeds skill-ls's safety limits (4 MiB of YAML, nesting depth 64, 100,000 nodes after alias expansion, as in a \"billion laughs\" document). skill-ls does not decode it; a skill header never needs this."},
	{Code: CodeNameMissing, Severity: SeverityError, Drops: true, Summary: "no name key",
		Doc: "Every skill needs a `name`; without it DSH drops the skill with `frontmatter requires name and description`. The name is the skill's identity in the catalog and in `/name` invocations."},
	{Code: CodeNameNotString, Severity: SeverityError, Drops: true, Summary: "name is not a string",
		Doc: "`name` must be a YAML string. Unquoted values such as `123`, `true` or `null` are typed as numbers, booleans or null by YAML 1.2, and DSH drops the skill with `frontmatter requires name and description`. Quote the value."},
	{Code: CodeNameEmpty, Severity: SeverityError, Drops: true, Summary: "name is empty",
		Doc: "An empty `name` drops the skill with `frontmatter requires name and description`."},
	{Code: CodeNameInvalid, Severity: SeverityError, Drops: true, Summary: "name is not kebab-case",
		Doc: "DSH accepts only names matching `^[a-z0-9]+(?:-[a-z0-9]+)*$`: lowercase ASCII letters and digits in groups joined by single hyphens. Uppercase, `_`, `.`, spaces, non-ASCII letters, a leading or trailing `-`, or `--` drop the skill with `invalid skill name`. The quick fixes make it kebab-case or use the folder name."},
	{Code: CodeDescriptionMissing, Severity: SeverityError, Drops: true, Summary: "no description key",
		Doc: "Every skill needs a `description`: it is the text the model sees in the catalog to decide when to load the skill. Without it DSH drops the skill with `frontmatter requires name and description`. The quick fix adds a stub."},
	{Code: CodeDescriptionNotString, Severity: SeverityError, Drops: true, Summary: "description is not a string",
		Doc: "`description` must be a YAML string; a number, boolean, null, list or mapping drops the skill. Quote the value or use a block scalar."},
	{Code: CodeDescriptionEmpty, Severity: SeverityError, Drops: true, Summary: "description is empty",
		Doc: "An empty `description` drops the skill with `frontmatter requires name and description`."},
	{Code: CodeDescriptionBlank, Severity: SeverityWarning, Summary: "description is only whitespace",
		Doc: "A quoted description made only of whitespace is accepted by DSH, but the catalog then shows an empty description, so the model has nothing to match the skill against."},
	{Code: CodeLegacyInvocationKey, Severity: SeverityError, Drops: true, Summary: "a legacy camelCase invocation key",
		Doc: "Since 2026-07-28 DSH rejects `disableModelInvocation`, `modelInvocable` and `userInvocable` outright, whatever their value, and drops the skill with `invalid invocation frontmatter`. Use `disable-model-invocation` and `user-invocable`. The quick fix rewrites the key (and inverts the value for `modelInvocable`)."},
	{Code: CodeInvocationNotBoolean, Severity: SeverityError, Drops: true, Summary: "an invocation flag is not a boolean",
		Doc: "`disable-model-invocation` and `user-invocable` accept YAML booleans, 1/0, and the strings true/yes/on/false/no/off in any case. Anything else (including an empty value, `2`, `maybe` or `\" true\"`) drops the skill with `must be a boolean`."},
	{Code: CodeBOM, Severity: SeverityInfo, Summary: "the file starts with a byte-order mark",
		Doc: "DSH's production reader strips one UTF-8 byte-order mark, so the skill loads. The bundled root is read without stripping it, and there the skill is dropped (reported as frontmatter-missing). Removing the BOM is safest."},
	{Code: CodeCRLF, Severity: SeverityHint, Summary: "the file uses CRLF line endings",
		Doc: "DSH parses CRLF files, but the body keeps its inner `\\r\\n` verbatim in the `<skill_content>` block the model receives."},
	{Code: CodeDescriptionTruncated, Severity: SeverityWarning, Summary: "the description is cut in the catalog",
		Doc: "The catalog shows at most `catalogDescriptionMaxLength` (default 500) UTF-16 code units of a description, after collapsing whitespace; a longer one is cut to the cap less 3 units plus `...`. The message shows exactly what the model receives. Put the words that decide when to use the skill first."},
	{Code: CodeSkillUnreachable, Severity: SeverityWarning, Summary: "both invocation flags hide the skill",
		Doc: "With `disable-model-invocation: true` and `user-invocable: false` the skill stays in the registry but appears on no surface: not in the catalog, refused by the `skill` tool, ignored by `/name`."},
	{Code: CodeSkillShadowed, Severity: SeverityWarning, Summary: "another skill with the same name wins",
		Doc: "DSH keeps one skill per name: the lowest rank wins (project .dsh 100, project .agents 200, custom 300, user .dsh 400, user .agents 500, bundled 600), then the earlier root, then the entry that comes first in the root's localeCompare order. This skill loses and is ignored. Within one root or between custom roots of the same rank this is an error (an accidental duplicate); across ranks it is a warning (an override)."},
	{Code: CodeSkillShadows, Severity: SeverityInfo, Summary: "this skill overrides others with the same name",
		Doc: "This skill wins over one or more skills with the same name in lower-priority roots; those are ignored by DSH."},
	{Code: CodeBodyBreaksFrame, Severity: SeverityWarning, Summary: "the body would break the <skill_content> frame",
		Doc: "DSH never escapes the skill body. A literal `</skill_instructions>` or `</skill_content>` in it closes the frame early in what the model receives, so the rest of the body reads as if it came from outside the skill. Rephrase or put the text in a referenced file."},
	{Code: CodeLinkMissing, Severity: SeverityWarning, Summary: "a relative link points at a missing file",
		Doc: "The model resolves relative paths against the skill's base directory (the bundle folder, or the root for flat skills). This link's target does not exist there."},
	{Code: CodeLinkOutside, Severity: SeverityWarning, Summary: "a relative link leaves the skill folder",
		Doc: "The link resolves outside the skill's base directory. Skills are copied and installed as folders; a path outside the folder will not travel with it. skill-ls only stats such targets, it never reads them."},
	{Code: CodeNameFolderMismatch, Severity: SeverityWarning, Strict: SeverityError, Summary: "the name differs from its folder",
		Doc: "DSH takes the name from the frontmatter and never compares it with the folder or file name, so this is advice only. The agentskills.io specification requires the name to equal the bundle folder's name."},
	{Code: CodeNameTooLong, Severity: SeverityWarning, Strict: SeverityError, Summary: "name longer than 64 characters",
		Doc: "DSH has no length limit, but the agentskills.io specification limits names to 64 characters."},
	{Code: CodeDescriptionTooLong, Severity: SeverityWarning, Strict: SeverityError, Summary: "description longer than 1024 characters",
		Doc: "The agentskills.io specification limits descriptions to 1024 characters (DSH has no limit, but its catalog shows only the first 500 UTF-16 units)."},
	{Code: CodeCompatibilityTooLong, Severity: SeverityWarning, Strict: SeverityError, Summary: "compatibility longer than 500 characters",
		Doc: "The agentskills.io specification limits `compatibility` to 500 characters. DSH ignores the key."},
	{Code: CodeUnknownKey, Severity: SeverityWarning, Summary: "a key the agentskills.io spec does not define",
		Doc: "Reported only under the agentskills profile: the specification allows `name`, `description`, `license`, `compatibility`, `metadata` and `allowed-tools`. DSH's own keys (`whenToUse`, `disable-model-invocation`, `user-invocable`) are reported too, since other harnesses ignore them."},
	{Code: CodeFieldIgnored, Severity: SeverityWarning, Summary: "DSH ignores this value",
		Doc: "`whenToUse` must be a non-empty string and `metadata` a mapping; other values are silently omitted by DSH."},
	{Code: CodeKeyMisspelled, Severity: SeverityWarning, Summary: "a key DSH does not read, close to one it does",
		Doc: "DSH reads keys by exact, case-sensitive spelling. `when_to_use`, `disable_model_invocation`, `Name` and similar keys are ignored. The quick fix renames the key."},
	{Code: CodeRootNotDirectory, Severity: SeverityWarning, Summary: "a skill root is a file",
		Doc: "A configured skill root exists but is not a directory; DSH treats it as empty."},
	{Code: CodeRootUnreadable, Severity: SeverityError, Summary: "a skill root cannot be listed",
		Doc: "Listing the root failed (permissions or I/O); none of its skills can load."},
	{Code: CodeBrokenSymlink, Severity: SeverityWarning, Summary: "a symbolic link in a root is broken",
		Doc: "DSH follows symbolic links in skill roots; a link whose target is missing or loops is skipped (`failed to follow symbolic link`)."},
	{Code: CodeNotRegularFile, Severity: SeverityWarning, Summary: "a skill file is not a regular file",
		Doc: "A SKILL.md that is a directory, or a .md entry that is a FIFO, socket or device, is skipped. skill-ls never opens such files for reading."},
	{Code: CodeSkillMDCase, Severity: SeverityError, Drops: true, Summary: "SKILL.md is spelled in another case",
		Doc: "DSH reads `<bundle>/SKILL.md` with exact case; `skill.md` or `Skill.md` is not found on case-sensitive file systems, so the bundle is not a skill. Rename the file to SKILL.md."},
	{Code: CodeProviderFailed, Severity: SeverityError, Summary: "DSH's whole listing fails: no catalog",
		Doc: "In the bundled root DSH reads files with Node's readFile, and a SKILL.md that is a directory throws EISDIR. That fails the provider's whole listing: DSH logs `skill provider \"filesystem\" skipped` and publishes no catalog at all for the step. Remove or rename the directory."},
	{Code: CodeTooManyEntries, Severity: SeverityWarning, Summary: "a root holds too many entries",
		Doc: "skill-ls examines at most 200,000 entries per root, in name order."},
	{Code: CodeOutsideRoots, Severity: SeverityInfo, Summary: "the file is not in a skill root",
		Doc: "DSH only loads direct entries of its skill roots: <root>/<dir>/SKILL.md and <root>/<name>.md. This open file is elsewhere (for example nested one level deeper), so DSH never sees it; skill-ls still checks it as a skill."},
	{Code: CodeChatUnknownSkill, Severity: SeverityWarning, Summary: "a /name token names no skill",
		Doc: "In a chat buffer, `/name` injects the skill's instructions only when a skill of that name exists; otherwise DSH leaves the text as plain prose. The message suggests the closest name."},
	{Code: CodeChatNotUserInvocable, Severity: SeverityWarning, Summary: "a /name token names a skill users cannot invoke",
		Doc: "The skill has `user-invocable: false`, so DSH treats `/name` as plain prose and injects nothing."},
}

// severity returns the rule's severity under opts.
func (r *Rule) severity(opts Options) Severity {
	if opts.strict() && r.Strict != 0 {
		return r.Strict
	}
	return r.Severity
}
