package session

import (
	"errors"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Which documents are chat buffers is decided here and nowhere else: the
// editors send the server their buffers (or ask skill-ls.documentInfo) and
// take its answer, so no client interprets a chat pattern itself.
//
// A chat pattern is matched against a file's base name, in the syntax of
// Go's path.Match: `*` is any run of characters, `?` any one character,
// `[abc]`, `[a-z]` and `[^a-z]` a class of characters, and `\` takes the
// next character as it is. Matching is case-sensitive. A pattern cannot
// name folders: one holding a `/` (or a `\`-separated folder on Windows)
// would never match a base name, so it is refused with the reason.

// defaultChatLanguages are the language ids treated as chat buffers when the
// client sets none: skill-ls's own, then the filetypes of popular Neovim and
// VS Code chat plugins. The editors' manifests carry the same list
// (TestEditorChatDefaults).
func defaultChatLanguages() []string {
	return []string{"skill-chat", "codecompanion", "Avante", "AvanteInput", "copilot-chat", "gp", "chatgpt-input", "dsh-chat"}
}

// defaultChatPatterns are the chat patterns used when the client sets none.
func defaultChatPatterns() []string {
	return []string{"*.chat.md", "*.chat", "*.skill-chat"}
}

// checkChatPattern says why p is not a chat pattern, or returns nil.
func checkChatPattern(p string) error {
	switch {
	case strings.TrimSpace(p) == "":
		return errors.New("the pattern is empty")
	case strings.Contains(p, "/"):
		return errors.New(`it holds a "/": chat patterns match file names, not folders (write "*.chat.md", not "chats/*.md")`)
	}
	if _, err := path.Match(p, ""); err != nil {
		return errors.New(`it is malformed (an unclosed "[" or a trailing "\")`)
	}
	return nil
}

// chatPatternMatches reports whether the base name of file (a path, or an
// untitled document's name) matches one of the chat patterns.
func chatPatternMatches(patterns []string, file string) bool {
	base := filepath.Base(file)
	return slices.ContainsFunc(patterns, func(p string) bool {
		ok, _ := path.Match(p, base)
		return ok
	})
}
