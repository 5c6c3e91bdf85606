package diagnostics

import (
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Security rules about markup a Markdown preview hides: comments, hidden
// HTML, reference definitions with a title, padding; and links whose URL
// would carry data out.

// The codes of the hidden-markup rules.
const (
	CodeHiddenComment      = "hidden-comment"
	CodeHiddenHTML         = "hidden-html"
	CodeHiddenLinkDef      = "hidden-link-definition"
	CodeHiddenInstructions = "hidden-instructions"
	CodeWhitespacePadding  = "whitespace-padding"
	CodeLinkExfiltration   = "link-exfiltration"
)

var securityMarkupRules = []*Rule{
	{Code: CodeHiddenComment, Category: CategorySecurity, Severity: SeverityInfo, Summary: "an HTML comment the model reads and a preview hides",
		Doc:  "DSH passes the body to the model as it is, HTML comments included, while every Markdown preview hides them. So it does the other markup an HTML parser drops: processing instructions (`<?…?>`), declarations (`<!…>`) and CDATA sections, inline or as HTML blocks, and comments inside an HTML block (`<div>` then `<!-- … -->`). A `<!--` never closed that starts an HTML block hides everything after it (CommonMark runs the block to the end of the document); one inside a block hides the rest of the block. The message quotes what the model reads. A comment that reads as instructions to the model or names secrets, credentials or tools is `hidden-instructions` instead. Not reported: suppression comments (`<!-- skill-ls-disable … -->`; their words other than codes can be `hidden-instructions`), markup in code, an unclosed `<!--` inside a paragraph (it shows as text)." + securityDocTail,
		File: hiddenMarkupRule(skillfile.HiddenComment, false)},
	{Code: CodeHiddenHTML, Category: CategorySecurity, Severity: SeverityInfo, Summary: "HTML a preview hides (closed <details>, display:none, hidden)",
		Doc:  "An element styled `display:none` or `visibility:hidden`, one with the `hidden` attribute, a `<details>` without `open` (only its summary shows until a click), and `<template>`, `<style>` and `<script>` (a browser never shows their content; GitHub drops them with it) hide their text from a reviewer; the model reads it. Markup inside code spans and fenced code is text and not reported. Text that reads as instructions is `hidden-instructions`." + securityDocTail,
		File: hiddenMarkupRule(skillfile.HiddenHTML, false)},
	{Code: CodeHiddenLinkDef, Category: CategorySecurity, Severity: SeverityInfo, Summary: "a link reference definition whose title a preview hides",
		Doc:  "A link reference definition (`[label]: url \"title\"`, and the comment idiom `[//]: # (text)`) renders as nothing; its title is text only the model reads. Definitions without a title are not reported. A title that reads as instructions is `hidden-instructions`." + securityDocTail,
		File: hiddenMarkupRule(skillfile.HiddenRefDef, false)},
	{Code: CodeHiddenInstructions, Category: CategorySecurity, Severity: SeverityWarning, Summary: "hidden text that reads as instructions or names secrets",
		Doc: "The text of an HTML comment (or other markup a renderer drops), a hidden HTML element or a reference definition's title that a preview hides reads as instructions to the model (\"ignore the previous\", \"you must\", \"do not tell the user\", \"run\", \"send\"), or names secrets, credentials or tools (a password, a token, `.env`, `~/.ssh`, `curl`, Bash). A suppression comment is read too, all but its rule codes: the model reads its reason (`-- …`), and any word that is no code, as it reads any comment. Instructions a reviewer cannot see are the shape of a prompt injection; write them in the visible body." + securityDocTail,
		File: func(p *Pass) {
			for _, kind := range []skillfile.HiddenKind{skillfile.HiddenComment, skillfile.HiddenHTML, skillfile.HiddenRefDef} {
				hiddenMarkup(p, kind, true)
			}
			directiveInstructions(p)
		}},
	{Code: CodeWhitespacePadding, Category: CategorySecurity, Severity: SeverityWarning, Summary: "padding that pushes text out of view",
		Doc: fmt.Sprintf("A run of %d blank lines or more before more text, or of spaces and tabs %d columns wide or more before text on a line (a tab counts 4), pushes that text below or beside what a reviewer looks at; the model reads it as any other. In the description, which a listing shows on one line, a run of blank characters (spaces, tabs, no-break spaces, the other Unicode spaces) %d columns wide or more between text does the same; the catalog collapses it, so the model reads the text after it. Trailing blank lines are not reported (DSH trims them), nor is the indentation of a description's lines.", 10, 100, 40) + securityDocTail,
		File: func(p *Pass) {
			for _, h := range p.File.Hidden() {
				if h.Kind == skillfile.HiddenPadding {
					p.Report(h.Span, paddingMessage(h))
				}
			}
		}},
	{Code: CodeLinkExfiltration, Category: CategorySecurity, Severity: SeverityWarning, Summary: "a link or image URL that would carry data out",
		Doc:  "A Markdown image or link whose URL holds `$VAR`, `${…}` or `$(…)` asks for a value (an environment variable, a command's output) to be put into a URL: an image a client renders fetches it at once, sending the value to that server. This is the shape of data exfiltration through rendered Markdown. Relative links and URLs without such a placeholder are not reported." + securityDocTail,
		File: checkExfiltration},
}

// paddingMessage words one run of padding: blank lines, spaces and tabs
// before text (their width in columns when tabs make it more than their
// number), blank characters inside the description.
func paddingMessage(h skillfile.Hidden) string {
	switch h.Text {
	case "spaces":
		what := fmt.Sprintf("%d spaces or tabs", h.Span.End-h.Span.Start)
		if h.Count != h.Span.End-h.Span.Start {
			what += fmt.Sprintf(" (%d columns)", h.Count)
		}
		return what + " push the text after them out of a reviewer's view; the model reads it"
	case "description":
		return fmt.Sprintf("%d columns of blank characters in the description push the text after them out of a one-line listing; the catalog collapses them and the model reads that text", h.Count)
	}
	return fmt.Sprintf("%d blank lines push the text after them out of a reviewer's view; the model reads it", h.Count)
}

// hiddenMarkupRule returns the File check that reports the hidden markup
// of kind whose text does (instructions) or does not read as instructions.
func hiddenMarkupRule(kind skillfile.HiddenKind, instructions bool) func(p *Pass) {
	return func(p *Pass) { hiddenMarkup(p, kind, instructions) }
}

// hiddenMarkup reports the file's hidden markup of kind whose text reads
// as instructions (or does not, when instructions is false).
func hiddenMarkup(p *Pass, kind skillfile.HiddenKind, instructions bool) {
	for _, h := range p.File.Hidden() {
		if h.Kind != kind {
			continue
		}
		why := instructionSign(h.Text)
		if (why != "") != instructions {
			continue
		}
		what := hiddenMarkupWhat[kind]
		if kind == skillfile.HiddenComment {
			what = markupWords[h.Form] // an unclosed comment, a <?…?> and a CDATA read differently
		}
		msg := fmt.Sprintf("a Markdown preview hides %s; the model reads: %q", what, h.Text)
		if instructions {
			msg = fmt.Sprintf("a Markdown preview hides %s, which %s; the model reads: %q", what, why, h.Text)
		}
		p.Report(h.Span, msg)
	}
}

// directiveInstructions reports the suppression comments of the body
// whose words other than codes read as instructions: the model reads the
// comment whole, so its reason could carry what a plain comment would be
// reported for. The frontmatter's comments never reach the model.
func directiveInstructions(p *Pass) {
	for _, d := range p.File.Directives() {
		if d.Frontmatter {
			continue
		}
		if why := instructionSign(directiveProse(p, d)); why != "" {
			p.Report(d.Span, fmt.Sprintf("a Markdown preview hides this suppression comment, which %s; the model reads: %q", why, d.Text))
		}
	}
}

// directiveProse returns the words of a suppression comment after its
// kind (skill-ls-disable…) that are no rule's code: its reason and any
// other word, in a kind skill-ls knows or not.
func directiveProse(p *Pass, d skillfile.Directive) string {
	fields := strings.Fields(strings.ReplaceAll(d.Text, ",", " "))
	var words []string
	for i, w := range fields {
		if i > 0 && p.lookup(w) == nil {
			words = append(words, w)
		}
	}
	return strings.Join(words, " ") + " "
}

// markupWords name each form of markup a renderer drops, for a message.
var markupWords = map[skillfile.MarkupForm]string{
	skillfile.FormComment:     "this HTML comment",
	skillfile.FormUnclosed:    "everything from this unclosed HTML comment on",
	skillfile.FormInstruction: "this processing instruction",
	skillfile.FormDeclaration: "this markup declaration",
	skillfile.FormCDATA:       "this CDATA section",
}

// instructionWords are the signs that hidden text addresses the model or
// names what an attacker wants: imperatives aimed at the model, secrets,
// credentials and tools. Each is matched in lower case, as a word start.
var instructionWords = []struct{ word, why string }{
	{"ignore ", "reads as instructions"}, {"disregard", "reads as instructions"}, {"you must", "reads as instructions"},
	{"you are ", "reads as instructions"}, {"you should", "reads as instructions"}, {"do not tell", "reads as instructions"},
	{"don't tell", "reads as instructions"}, {"do not mention", "reads as instructions"}, {"without telling", "reads as instructions"},
	{"never tell", "reads as instructions"}, {"never mention", "reads as instructions"}, {"secretly", "reads as instructions"},
	{"silently", "reads as instructions"}, {"instead of", "reads as instructions"}, {"always ", "reads as instructions"},
	{"assistant", "addresses the model"}, {"system prompt", "addresses the model"}, {"the model", "addresses the model"},
	{"run ", "asks for a command"}, {"execute", "asks for a command"}, {"send ", "asks to send data"}, {"upload", "asks to send data"},
	{"exfiltrat", "asks to send data"}, {"curl", "names a tool"}, {"wget", "names a tool"}, {"bash", "names a tool"},
	{"shell", "names a tool"}, {"powershell", "names a tool"}, {"webfetch", "names a tool"},
	{"password", "names secrets"}, {"passwd", "names secrets"}, {"secret", "names secrets"}, {"token", "names secrets"},
	{"api key", "names secrets"}, {"api_key", "names secrets"}, {"apikey", "names secrets"}, {"credential", "names credentials"},
	{".env", "names secrets"}, {".ssh", "names secrets"}, {"id_rsa", "names secrets"}, {"private key", "names secrets"},
	{"aws_", "names credentials"}, {".aws/", "names credentials"}, {"keychain", "names credentials"},
}

// instructionSign returns why text reads as instructions to the model (a
// phrase for the message), or "".
func instructionSign(text string) string {
	lower := strings.ToLower(text)
	for _, w := range instructionWords {
		for i := strings.Index(lower, w.word); i >= 0; {
			if i == 0 || !isWordByte(lower[i-1]) || w.word[0] == '.' {
				return fmt.Sprintf("%s (%q)", w.why, strings.TrimSpace(w.word))
			}
			j := strings.Index(lower[i+1:], w.word)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return ""
}

// isWordByte reports whether b is a lower-case letter, a digit or '_'.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_'
}

// checkExfiltration reports the body's links and images whose URL holds
// a shell placeholder ($VAR, ${…}, $(…)).
func checkExfiltration(p *Pass) {
	for _, l := range p.File.Outline.Links() {
		if !strings.Contains(l.Dest, "://") || !hasPlaceholder(l.Dest) {
			continue
		}
		what := "this link's URL"
		if l.Image {
			what = "this image's URL (fetched as soon as the image renders)"
		}
		p.Report(l.Span, fmt.Sprintf("%s carries a placeholder (%s) that would put a value into the request to %s", what, placeholder(l.Dest), host(l.Dest)))
	}
}

// hasPlaceholder reports whether s holds $NAME, ${…} or $(…).
func hasPlaceholder(s string) bool { return placeholder(s) != "" }

// placeholder returns the first $NAME, ${ or $( of s, or "".
func placeholder(s string) string {
	for i := strings.IndexByte(s, '$'); i >= 0 && i+1 < len(s); {
		c := s[i+1]
		switch {
		case c == '{' || c == '(':
			close := map[byte]byte{'{': '}', '(': ')'}[c]
			if j := strings.IndexByte(s[i:], close); j > 0 && j < 60 {
				return s[i : i+j+1]
			}
			return s[i : i+2]
		case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i + 1
			for j < len(s) && (isWordByte(s[j]) || s[j] >= 'A' && s[j] <= 'Z') {
				j++
			}
			return s[i:j]
		}
		k := strings.IndexByte(s[i+1:], '$')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return ""
}

// host returns the host of an absolute URL (the text after :// up to the
// next /, ? or #).
func host(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}
