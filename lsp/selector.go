package lsp

// selector.go: which documents an editor offers the server, published by
// the server so that no editor keeps its own list. A document may be the
// server's when its language id is one of Languages or its file name
// matches one of FileNames; skill-ls.documentInfo then says what it is.
// The rules are a superset: the server alone decides (a .md file is a
// skill file only in a root, which the client does not know).

import (
	"github.com/skill-ls/skill-ls/lsp/session"

	"slices"

	"github.com/skill-ls/skill-ls/skills/evalfile"
)

// DocumentSelector says which documents may be skill files, chat buffers
// or eval files under some settings (docs/server.md, "Which documents an
// editor offers").
type DocumentSelector struct {
	// Languages are the language ids (Neovim filetypes) of the documents
	// that may be the server's: the skill language and the chat languages.
	Languages []string `json:"languages"`
	// FileNames are patterns of the file names (base names, the syntax of
	// chatPatterns) that may be the server's: Markdown files, the chat
	// patterns and the eval files' names.
	FileNames []string `json:"fileNames"`
}

// SelectorFor returns the document selector under the settings object
// settings (the initializationOptions an editor sends; empty for none),
// and the problems of settings (a bad value keeps its default).
func SelectorFor(settings []byte) (DocumentSelector, []string) {
	s, problems := session.ParseSettings(session.DefaultSettings(), settings, false, "")
	return selectorOf(&s), problems
}

// selectorOf is the document selector under s.
func selectorOf(s *session.Settings) DocumentSelector {
	return DocumentSelector{
		Languages: slices.Concat([]string{"skill"}, s.ChatLanguages),
		// A skill file is SKILL.md or, in a root, a .md file of any case.
		FileNames: slices.Concat([]string{"*.[mM][dD]"}, s.ChatPatterns, evalfile.Names()),
	}
}
