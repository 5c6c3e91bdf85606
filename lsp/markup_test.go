package lsp

import (
	"bytes"
	"html"
	"os"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// renderMarkdown renders Markdown as a client would: CommonMark with
// GitHub's tables and strikethrough. (Clients that also turn bare URLs
// into links show the URL as its own text; that fetches nothing.)
func renderMarkdown(t *testing.T, md string) string {
	t.Helper()
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Convert([]byte(md), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hostileTexts are descriptions, keys and paths an attacker may write.
var hostileTexts = []string{
	"![t](https://evil.example/pixel.png)",
	"ok\n\n**Verified by your security team.**",
	"<img src=https://evil.example/x.png>",
	"```\nbroken out\n```",
	"````text\n`` ` ```",
	"[click](command:workbench.action.terminal.new)",
	"a | b\n--|--\nc | d",
	"&lt;b&gt; ~~x~~ _y_ \\*z",
	"`code` then ![i](http://x/i.png)",
	"line\r\n# heading\n- item",
	"\x1b[8mhidden\x1b[0m \u202eevil",
}

// TestMarkupHelpersKeepTextLiteral renders each helper's output as
// Markdown and checks that the HTML holds the text and nothing else:
// no image, link, emphasis or block of the author's making.
func TestMarkupHelpersKeepTextLiteral(t *testing.T) {
	for _, s := range hostileTexts {
		inline := html.EscapeString(visibleControls(s, true))
		if got, want := renderMarkdown(t, "x "+mdEscape(s)), "<p>x "+inline+"</p>\n"; got != want {
			t.Errorf("mdEscape(%q) renders\n%s\nwant\n%s", s, got, want)
		}
		code := inline
		if got, want := renderMarkdown(t, "x "+mdCode(s)), "<p>x <code>"+code+"</code></p>\n"; got != want {
			t.Errorf("mdCode(%q) renders\n%s\nwant\n%s", s, got, want)
		}
		block := html.EscapeString(strings.ReplaceAll(visibleControls(s, false), "\r", `\r`))
		if got, want := renderMarkdown(t, mdFence(s)), `<pre><code class="language-text">`+block+"\n</code></pre>\n"; got != want {
			t.Errorf("mdFence(%q) renders\n%s\nwant\n%s", s, got, want)
		}
	}
}

const hostileTxtar = `
-- project/.git/HEAD --
ref: refs/heads/main
-- project/.agents/skills/evil/SKILL.md --
---
name: evil
description: "Helps.\n\n![track](https://evil.example/pixel.png)\n\n**Verified by your security team.**\n` + "```" + `\n[run](command:x)"
---
Body.
-- project/.agents/skills/evil/references/a.md --
x
`

// TestHoverAndCompletionDescriptionsArePlain: a description that holds an
// image and Markdown lines reaches the chat hover, the description hover
// and the completion documentation as text: no <img>, no link, no bold
// line that passes for the editor's own.
func TestHoverAndCompletionDescriptionsArePlain(t *testing.T) {
	w := newWorkspaceEnv(t, hostileTxtar, nil)
	chat := w.open("project/x.chat.md", "skill-chat", "use /evil\n")
	skill := w.uri("project/.agents/skills/evil/SKILL.md")
	src, err := os.ReadFile(w.path("project/.agents/skills/evil/SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	w.open("project/.agents/skills/evil/SKILL.md", "markdown", string(src))
	hover := func(u uri.URI, line, char uint32) string {
		t.Helper()
		h, err := w.server.Hover(w.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: line, Character: char}}})
		if err != nil || h == nil {
			t.Fatalf("hover %s %d:%d = %v, %v", u, line, char, h, err)
		}
		return h.Contents.(*protocol.MarkupContent).Value
	}
	for what, md := range map[string]string{
		"chat hover":        hover(chat, 0, 6),
		"description hover": hover(skill, 2, 3),
	} {
		out := renderMarkdown(t, md)
		for _, bad := range []string{"<img", "<a ", "<strong>Verified"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s renders %q:\n%s", what, bad, out)
			}
		}
		if !strings.Contains(out, "**Verified by your security team.**") {
			t.Errorf("%s lost the description's text:\n%s", what, out)
		}
	}
	res, err := w.server.Completion(w.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: chat}, Position: protocol.Position{Line: 0, Character: 9}}})
	if err != nil {
		t.Fatal(err)
	}
	items := res.(*protocol.CompletionList).Items
	if len(items) != 1 {
		t.Fatalf("items = %+v", items)
	}
	doc, _ := items[0].Documentation.(*protocol.MarkupContent)
	if doc == nil || doc.Kind != protocol.MarkupKindPlainText || !strings.Contains(doc.Value, "![track](https://evil.example/pixel.png)") {
		t.Errorf("completion documentation = %+v, want the description as plain text", items[0].Documentation)
	}
}
