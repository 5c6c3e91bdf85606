package diagnostics

// FixDoc documents one kind of fix: the rule that offers it, its title as
// the editor shows it (with NAME, KEY or N for the parts that vary), and
// whether check --fix applies it. docs/diagnostics.md lists them; a test
// checks that every one has a golden archive in testdata/fixes (or, for
// suppression and chat fixes, a test of its own).
type FixDoc struct {
	Code  string
	Title string
	// Kind is "safe" (check --fix), "unsafe" (check --unsafe-fixes),
	// "suppression" (editor only), "chat" (editor only, edits the chat
	// buffer) or "editor" (an editor action that creates a file).
	Kind string
}

// FixDocs are every fix the rules offer.
var FixDocs = []FixDoc{
	{CodeYAMLUnquotedColon, "Quote the value", "safe"},
	{CodeYAMLSyntax, "Quote the value", "safe"},
	{CodeYAMLSyntax, "Add the closing quote", "safe"},
	{CodeYAMLSyntax, "Indent the continued line", "safe"},
	{CodeYAMLSyntax, "Use single quotes", "safe"},
	{CodeYAMLSyntax, "Double the backslashes", "safe"},
	{CodeYAMLSyntax, "Remove the indentation", "safe"},
	{CodeYAMLSyntax, "Indent with N spaces", "safe"},
	{CodeYAMLSyntax, "Remove the indentation", "unsafe"},
	{CodeYAMLSyntax, "Add a space after the colon", "safe"},
	{CodeYAMLTabIndent, "Indent with N spaces", "safe"},
	{CodeYAMLTabIndent, "Remove the tab", "safe"},
	{CodeYAMLMisread, "Quote the value", "safe"},
	{CodeYAMLMisread, "Indent with spaces", "safe"},
	{CodeLegacyInvocationKey, "Replace KEY with KEY", "safe"},
	{CodeKeyMisspelled, "Rename to KEY", "safe"},
	{CodeDescriptionMissing, "Rename to KEY", "safe"},
	{CodeNameMissing, "Rename to KEY", "safe"},
	{CodeNameInvalid, "Change the name to NAME", "safe"},
	{CodeNameMissing, "Add name: NAME", "safe"},
	{CodeNameNotString, "Quote the name", "safe"},
	{CodeFieldType, "Quote the value", "safe"},
	{CodeBOM, "Remove the byte-order mark", "safe"},
	{CodeHiddenTagText, "Remove the invisible characters", "safe"},
	{CodeBidiControl, "Remove the invisible characters", "safe"},
	{CodeZeroWidth, "Remove the invisible characters", "safe"},
	{CodeVariationHidden, "Remove the invisible characters", "safe"},
	{CodeControlCharacter, "Remove the invisible characters", "safe"},
	{CodePrivateUse, "Remove the private-use characters", "unsafe"},
	{CodeSideEffectInvocable, "Add disable-model-invocation: true", "unsafe"},
	{CodeFrontmatterMissing, "Remove the byte-order mark", "safe"},
	{CodeSuppressionUnused, "Remove the unused suppression comment", "safe"},
	{CodeSuppressionInvalid, "Remove the unused suppression comment", "safe"},
	{CodeSuppressionInvalid, "Remove CODE from the suppression comment", "safe"},
	{CodeSuppressionUnused, "Remove CODE from the suppression comment", "safe"},
	{CodePlaceholderUnknown, "Change to NAME", "safe"},
	{CodeNameInvalid, "Change the name to the folder name NAME", "unsafe"},
	{CodeNameFolderMismatch, "Rename the folder NAME to NAME", "unsafe"},
	{CodeNameFolderMismatch, "Change the name to the folder name NAME", "unsafe"},
	{CodeDescriptionMissing, "Add a placeholder description", "unsafe"},
	{CodeDescriptionTruncated, "Shorten the description to its first N characters, ending at a word", "unsafe"},
	{CodeDescriptionTooLong, "Shorten the description to its first N characters, ending at a word", "unsafe"},
	{CodeUnknownKey, "Move KEY under metadata", "unsafe"},
	{CodeYAMLMisread, "Quote the value", "unsafe"},
	{CodeYAMLMisread, "Indent the ---", "unsafe"},
	{CodeYAMLMisread, "Make it a list", "unsafe"},
	{"(any but drops)", "Suppress CODE on line N", "suppression"},
	{"(any but drops)", "Suppress CODE in this file", "suppression"},
	{CodeChatUnknownSkill, "Change to /NAME", "chat"},
	{CodeChatUnknownSkill, "Create skill NAME in .agents/skills", "editor"},
	{CodeBodyTooLong, "Move the section TITLE into references/SLUG.md", "editor"},
}
