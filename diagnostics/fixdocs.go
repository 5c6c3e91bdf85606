package diagnostics

import (
	"slices"
	"strings"
)

// FixDoc documents one kind of fix: the rule that offers it, its title as
// the editor shows it (with NAME, KEY or N for the parts that vary: the
// title* constant beside the code that makes the fix, which fixTitle
// fills), and whether check --fix applies it. docs/diagnostics.md lists them; a test
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
	{CodeYAMLUnquotedColon, titleQuoteValue, "safe"},
	{CodeYAMLSyntax, titleQuoteValue, "safe"},
	{CodeYAMLSyntax, titleAddClosingQuote, "safe"},
	{CodeYAMLSyntax, titleIndentContinued, "safe"},
	{CodeYAMLSyntax, titleUseSingleQuotes, "safe"},
	{CodeYAMLSyntax, titleDoubleBackslashes, "safe"},
	{CodeYAMLSyntax, titleRemoveIndentation, "safe"},
	{CodeYAMLSyntax, titleIndentWith, "safe"},
	{CodeYAMLSyntax, titleRemoveIndentation, "unsafe"},
	{CodeYAMLSyntax, titleSpaceAfterColon, "safe"},
	{CodeYAMLTabIndent, titleIndentWith, "safe"},
	{CodeYAMLTabIndent, titleRemoveTab, "safe"},
	{CodeYAMLMisread, titleQuoteValue, "safe"},
	{CodeYAMLMisread, titleIndentWithSpaces, "safe"},
	{CodeLegacyInvocationKey, titleReplaceKey, "safe"},
	{CodeKeyMisspelled, titleRenameTo, "safe"},
	{CodeKeyMisspelled, titleAddBeside, "safe"},
	{CodeDescriptionMissing, titleRenameTo, "safe"},
	{CodeNameMissing, titleRenameTo, "safe"},
	{CodeNameInvalid, titleChangeName, "safe"},
	{CodeNameMissing, titleAddName, "safe"},
	{CodeNameNotString, titleQuoteName, "safe"},
	{CodeFieldType, titleQuoteValue, "safe"},
	{CodeBOM, titleRemoveBOM, "safe"},
	{CodeHiddenTagText, titleRemoveInvisible, "safe"},
	{CodeBidiControl, titleRemoveInvisible, "safe"},
	{CodeZeroWidth, titleRemoveInvisible, "safe"},
	{CodeVariationHidden, titleRemoveInvisible, "safe"},
	{CodeControlCharacter, titleRemoveInvisible, "safe"},
	{CodePrivateUse, titleRemovePrivateUse, "unsafe"},
	{CodeSideEffectInvocable, titleDisableModelInvocation, "unsafe"},
	{CodeFrontmatterMissing, titleRemoveBOM, "safe"},
	{CodeSuppressionUnused, titleRemoveUnused, "safe"},
	{CodeSuppressionInvalid, titleRemoveUnused, "safe"},
	{CodeSuppressionInvalid, titleRemoveCode, "safe"},
	{CodeSuppressionUnused, titleRemoveCode, "safe"},
	{CodePlaceholderUnknown, titleChangePlaceholder, "safe"},
	{CodeNameInvalid, titleChangeToFolder, "unsafe"},
	{CodeNameFolderMismatch, titleRenameFolder, "unsafe"},
	{CodeNameFolderMismatch, titleChangeToFolder, "unsafe"},
	{CodeDescriptionMissing, titleAddPlaceholder, "unsafe"},
	{CodeDescriptionTruncated, titleShorten, "unsafe"},
	{CodeDescriptionTooLong, titleShorten, "unsafe"},
	{CodeUnknownKey, titleMoveUnderMetadata, "unsafe"},
	{CodeYAMLMisread, titleQuoteValue, "unsafe"},
	{CodeYAMLMisread, titleIndentClose, "unsafe"},
	{CodeYAMLMisread, titleMakeList, "unsafe"},
	{"(any but drops)", titleSuppressLine, "suppression"},
	{"(any but drops)", titleSuppressFile, "suppression"},
	{CodeChatUnknownSkill, titleChangeToSkill, "chat"},
	// The editor actions: lsp/codeaction.go makes them.
	{CodeChatUnknownSkill, "Create skill NAME in .agents/skills", "editor"},
	{CodeBodyTooLong, "Move the section TITLE into references/SLUG.md", "editor"},
}

// placeholders are the words of a title template that stand for the parts
// that vary: fixTitle fills them, docs/diagnostics.md shows them.
var placeholders = []string{"NAME", "KEY", "CODE", "N", "TITLE", "SLUG"}

// fixTitle fills the template of a fix's title (a title* constant beside
// the fix, also listed in FixDocs): each placeholder word, in order, takes
// the next of parts. A placeholder is a run of capitals with no letter on
// either side, so a part is never read as one.
func fixTitle(template string, parts ...string) string {
	var b strings.Builder
	for i := 0; i < len(template); {
		j := i
		for j < len(template) && 'A' <= template[j] && template[j] <= 'Z' {
			j++
		}
		word := template[i:j]
		if j > i && len(parts) > 0 && !letterAt(template, i-1) && !letterAt(template, j) && slices.Contains(placeholders, word) {
			b.WriteString(parts[0])
			parts = parts[1:]
			i = j
			continue
		}
		if j == i {
			j++
		}
		b.WriteString(template[i:j])
		i = j
	}
	return b.String()
}

// letterAt reports whether s[i] is an ASCII letter (false outside s).
func letterAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i] | 0x20
	return 'a' <= c && c <= 'z'
}
