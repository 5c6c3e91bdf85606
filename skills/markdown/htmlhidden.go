package markdown

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/spans"
	"github.com/yuin/goldmark/ast"
)

// The markup of HTML a rendered view drops without a trace: comments,
// processing instructions, declarations and CDATA sections, in HTML blocks
// and inline. CommonMark passes them through as raw HTML and an HTML
// parser shows nothing of them; the model reads them as text.

// htmlBlockMarkup returns the closed comments of an HTML block and the
// other markup in it a renderer drops (Outline.Unrendered()): every <!-- …
// -->, <? … ?>, <!…> and <![CDATA[ … ]]> between its first line and the
// line that closes it. A comment left open hides the rest of the block
// (of the document, for a block that starts with it: CommonMark's type 2
// runs to the end when no --> closes it). The raw text of <script>,
// <style> and <textarea> (type 1 blocks other than <pre>) holds no
// markup: the hidden-element rule reports the first two whole, and the
// third shows its text.
func htmlBlockMarkup(body []byte, base int, n *ast.HTMLBlock) (comments, unrendered []spans.Span) {
	lines := n.Lines()
	if lines.Len() == 0 {
		return nil, nil
	}
	start, stop := lines.At(0).Start, lines.At(lines.Len()-1).Stop
	if n.HasClosure() {
		stop = max(stop, n.ClosureLine.Stop)
	}
	if n.HTMLBlockType == ast.HTMLBlockType1 && !hasPrefixFold(body[start:stop], "<pre") {
		return nil, nil
	}
	return htmlMarkup(body[start:stop], base+start)
}

// htmlMarkup returns the closed comments and the other dropped markup of
// region, whose offset in the file is base.
func htmlMarkup(region []byte, base int) (comments, unrendered []spans.Span) {
	for off := 0; ; {
		i := bytes.IndexByte(region[off:], '<')
		if i < 0 {
			return comments, unrendered
		}
		at := off + i
		end, closed, ok := droppedEnd(region[at:])
		if !ok {
			off = at + 1
			continue
		}
		sp := spans.Span{Start: base + at, End: base + at + end}
		if closed && bytes.HasPrefix(region[at:], []byte("<!--")) {
			comments = append(comments, sp)
		} else {
			unrendered = append(unrendered, sp)
		}
		off = at + end
	}
}

// droppedEnd returns the length of the dropped markup that starts b (at a
// <): a comment up to -->, a processing instruction up to ?>, a CDATA
// section up to ]]>, a declaration (<! and a letter) up to >. One left
// open runs to the end of b (closed false), as an HTML parser reads it,
// and ends the search: no close follows (so the search stays linear
// however many openings b holds). ok is false when b starts none.
func droppedEnd(b []byte) (end int, closed, ok bool) {
	switch {
	case bytes.HasPrefix(b, []byte("<!--")):
		return closeOrEnd(b, 4, "-->")
	case bytes.HasPrefix(b, []byte("<?")):
		return closeOrEnd(b, 2, "?>")
	case bytes.HasPrefix(b, []byte("<![CDATA[")):
		return closeOrEnd(b, 9, "]]>")
	case len(b) > 2 && b[1] == '!' && isASCIILetter(b[2]):
		return closeOrEnd(b, 2, ">")
	}
	return 0, false, false
}

// closeOrEnd returns the end of the markup that starts b and whose
// opening is from bytes long: after the first close after the opening,
// or the end of b's last line when there is none.
func closeOrEnd(b []byte, from int, close string) (end int, closed, ok bool) {
	if j := bytes.Index(b[from:], []byte(close)); j >= 0 {
		return from + j + len(close), true, true
	}
	return len(bytes.TrimRight(b, "\r\n")), false, true
}

// rawHTMLMarkup classifies an inline raw HTML node of goldmark: a comment,
// other dropped markup (a processing instruction, a declaration, a CDATA
// section; CommonMark's inline forms are always closed), or a tag (ok
// false).
func rawHTMLMarkup(body []byte, base int, n *ast.RawHTML) (sp spans.Span, comment, ok bool) {
	if n.Segments.Len() == 0 {
		return spans.Span{}, false, false
	}
	first, last := n.Segments.At(0), n.Segments.At(n.Segments.Len()-1)
	sp = spans.Span{Start: base + first.Start, End: base + last.Stop}
	raw := body[first.Start:]
	if bytes.HasPrefix(raw, []byte("<!--")) {
		return sp, true, true
	}
	return sp, false, bytes.HasPrefix(raw, []byte("<?")) || bytes.HasPrefix(raw, []byte("<!"))
}

// hasPrefixFold reports whether b starts with the lower-case ASCII
// prefix, in any case.
func hasPrefixFold(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && bytes.EqualFold(b[:len(prefix)], []byte(prefix))
}
