package skillfile

import (
	"bytes"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// The markup of a body that a Markdown preview hides from a reviewer but
// the model reads as it is: HTML comments, hidden HTML elements, link
// reference definitions with a title, padding (padding.go), and the
// !`command` lines a host runs. Each search starts with a vectorised byte
// search, so a body without the markup costs a few passes of bytes.Index.

// hiddenMarkup returns the hidden markup of f's body, whose bytes are in
// src, in source order by kind.
func hiddenMarkup(f *File, src []byte) []Hidden {
	body := src[f.BodySpan.Start:f.BodySpan.End]
	base := f.BodySpan.Start
	// The fenced code blocks, found on first use: most bodies have no
	// candidate markup to look up in them.
	var fenced []spans.Span
	done := false
	code := func() []spans.Span {
		if !done {
			fenced, done = fencedCode(body), true
		}
		return fenced
	}
	var out []Hidden
	out = append(out, hiddenComments(f, src)...)
	if bytes.IndexByte(body, '<') >= 0 {
		out = append(out, hiddenElements(body, base, code)...)
	}
	if bytes.Contains(body, []byte("]:")) {
		out = append(out, refDefTitles(body, base, code)...)
	}
	out = append(out, padding(body, base)...)
	if bytes.Contains(body, []byte("!`")) {
		out = append(out, hostCommands(body, base)...)
	}
	if len(out) > maxHidden {
		out = out[:maxHidden]
	}
	return out
}

// hiddenComments returns the body's HTML comments that are not
// suppression comments, and the other markup a renderer drops unseen
// (Outline.Unrendered()), with their text.
func hiddenComments(f *File, src []byte) []Hidden {
	var out []Hidden
	for _, sp := range f.Outline.Comments() {
		if f.isDirective(sp) {
			continue
		}
		inner := strings.TrimSuffix(strings.TrimPrefix(string(src[sp.Start:sp.End]), "<!--"), "-->")
		out = append(out, Hidden{Kind: HiddenComment, Span: sp, Count: 1, Text: clip(inner)})
	}
	for _, sp := range f.Outline.Unrendered() {
		form, inner := markupForm(string(src[sp.Start:sp.End]))
		out = append(out, Hidden{Kind: HiddenComment, Span: sp, Count: 1, Text: clip(inner), Form: form})
	}
	return out
}

// markupForm returns the form of the dropped markup raw (no closed
// comment) and its text inside the delimiters.
func markupForm(raw string) (MarkupForm, string) {
	for _, d := range []struct {
		form        MarkupForm
		open, close string
	}{
		{FormUnclosed, "<!--", ""}, {FormInstruction, "<?", "?>"}, {FormCDATA, "<![CDATA[", "]]>"}, {FormDeclaration, "<!", ">"},
	} {
		if rest, ok := strings.CutPrefix(raw, d.open); ok {
			return d.form, strings.TrimSuffix(rest, d.close)
		}
	}
	return FormDeclaration, raw
}

// isDirective reports whether sp is one of f's suppression comments.
func (f *File) isDirective(sp spans.Span) bool {
	for _, d := range f.Directives() {
		if d.Span == sp {
			return true
		}
	}
	return false
}

// clip returns s with its whitespace collapsed, cut to maxHiddenText bytes
// (at a character boundary).
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= maxHiddenText {
		return s
	}
	cut := maxHiddenText
	for cut > 0 && s[cut]&0xc0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// fencedCode returns the spans of body (body offsets) inside fenced code
// blocks (``` or ~~~ lines), where markup is text the preview shows.
func fencedCode(body []byte) []spans.Span {
	if !bytes.Contains(body, []byte("```")) && !bytes.Contains(body, []byte("~~~")) {
		return nil
	}
	var out []spans.Span
	open, fence := -1, ""
	for off := 0; off < len(body); {
		end := lineEnd(body, off)
		line := strings.TrimLeft(string(body[off:end]), " ")
		switch {
		case open < 0 && (strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~")):
			open, fence = off, line[:3]
		case open >= 0 && strings.HasPrefix(line, fence):
			out = append(out, spans.Span{Start: open, End: end})
			open = -1
		}
		off = end + 1
	}
	if open >= 0 {
		out = append(out, spans.Span{Start: open, End: len(body)})
	}
	return out
}

// inSpans reports whether offset i is inside one of ss.
func inSpans(ss []spans.Span, i int) bool {
	for _, s := range ss {
		if i >= s.Start && i < s.End {
			return true
		}
	}
	return false
}

// lineEnd returns the offset of the \n ending the line at off (len(b) on
// the last line).
func lineEnd(b []byte, off int) int {
	if i := bytes.IndexByte(b[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(b)
}

// inCodeSpan reports whether offset i of body is inside a `code span` of
// its line: an odd number of backticks before it on the line.
func inCodeSpan(body []byte, i int) bool {
	start := bytes.LastIndexByte(body[:i], '\n') + 1
	return bytes.Count(body[start:i], []byte("`"))%2 == 1
}

// hiddenElements returns the opening tags of the HTML elements a preview
// hides: <details> without open (its summary shows, the rest waits for a
// click), an element styled display:none or visibility:hidden, an element
// with the hidden attribute, and the elements whose content never shows
// (unshownElements). Text is the element's text up to its closing tag.
func hiddenElements(body []byte, base int, code func() []spans.Span) []Hidden {
	var out []Hidden
	gt := -1 // the first '>' after the last '<' looked at: found once for all the '<' before it
	for off := 0; len(out) < maxHidden; {
		i := bytes.IndexByte(body[off:], '<')
		if i < 0 {
			break
		}
		at := off + i
		off = at + 1
		if at+1 >= len(body) || !isASCIILetter(body[at+1]) {
			continue
		}
		if gt < at {
			g := bytes.IndexByte(body[at:], '>')
			if g < 0 {
				break // no tag closes after this
			}
			gt = at + g
		}
		end := gt - at
		if end > maxShortTag {
			// A long tag (padded attributes) is read once; of the '<' inside
			// it, only the last can start a tag of its own that ends there.
			off = gt + 1
			if j := bytes.LastIndexByte(body[at+1:gt], '<'); j >= 0 {
				off = at + 1 + j
			}
			if end > maxTag {
				continue
			}
		}
		raw := bytes.ToLower(body[at+1 : at+end])
		if !hasAnyPrefix(raw, "details", "template", "style", "script") &&
			!bytes.Contains(raw, []byte("hidden")) && !bytes.Contains(raw, []byte("display")) && !bytes.Contains(raw, []byte("visibility")) {
			continue // the cheap test: most tags hide nothing
		}
		tag := string(raw)
		name, attrs := tag, ""
		if k := strings.IndexAny(tag, " \t\r\n/"); k >= 0 {
			name, attrs = tag[:k], tag[k:] // a tab or a line break ends the name as a space does
		}
		if !hidesElement(name, attrs) || inSpans(code(), at) || inCodeSpan(body, at) {
			continue
		}
		text := body[at+end+1:]
		if close := bytes.Index(bytes.ToLower(text[:min(len(text), 4096)]), []byte("</"+name)); close >= 0 {
			text = text[:close]
		}
		out = append(out, Hidden{Kind: HiddenHTML, Span: spans.Span{Start: base + at, End: base + at + end + 1}, Count: 1, Text: "<" + name + ">" + clip(string(text[:min(len(text), 4096)]))})
		off = max(off, at+end+1)
	}
	return out
}

// maxShortTag is the length up to which every '<' of a tag is looked at
// as a tag of its own; maxTag bounds a tag read at all (padded attributes
// do not hide an element, a megabyte of them is no tag a body needs).
const (
	maxShortTag = 1024
	maxTag      = 64 << 10
)

// hidesElement reports whether an element with the lower-cased name and
// attributes is hidden in a rendered view.
func hidesElement(name, attrs string) bool {
	if name == "details" && !hasAttr(attrs, "open") || unshownElements[name] {
		return true
	}
	squeezed := strings.Join(strings.Fields(attrs), "")
	return strings.Contains(squeezed, "display:none") || strings.Contains(squeezed, "visibility:hidden") || hasAttr(attrs, "hidden")
}

// hasAnyPrefix reports whether b starts with one of the prefixes.
func hasAnyPrefix(b []byte, prefixes ...string) bool {
	for _, p := range prefixes {
		if bytes.HasPrefix(b, []byte(p)) {
			return true
		}
	}
	return false
}

// unshownElements are the elements whose content a rendered view never
// shows: a browser does not display <template>, <style> and <script>,
// and GitHub's sanitizer drops them with their text.
var unshownElements = map[string]bool{"template": true, "style": true, "script": true}

// hasAttr reports whether the attribute list names the attribute (as a
// word: hidden, hidden="", not data-hidden).
func hasAttr(attrs, name string) bool {
	for f := range strings.FieldsFuncSeq(attrs, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '/' }) {
		if k, _, _ := strings.Cut(f, "="); k == name {
			return true
		}
	}
	return false
}

func isASCIILetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// refDefTitles returns the link reference definitions whose title carries
// text ([x]: url "title", and the comment idiom [//]: # (text)): nothing
// of them shows in a preview.
func refDefTitles(body []byte, base int, code func() []spans.Span) []Hidden {
	var out []Hidden
	for from := 0; len(out) < maxHidden; {
		i := bytes.Index(body[from:], []byte("]:"))
		if i < 0 {
			break
		}
		off := bytes.LastIndexByte(body[:from+i], '\n') + 1
		end := lineEnd(body, from+i)
		from = end
		line := string(body[off:end])
		if title, ok := refDefTitle(line); ok && !inSpans(code(), off) {
			out = append(out, Hidden{Kind: HiddenRefDef, Span: spans.Span{Start: base + off, End: base + off + len(strings.TrimRight(line, "\r"))}, Count: 1, Text: clip(title)})
		}
	}
	return out
}

// refDefTitle returns the title of a one-line link reference definition
// (up to 3 spaces, [label]: destination, then a title in "", ” or ()).
func refDefTitle(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || !strings.HasPrefix(t, "[") {
		return "", false
	}
	_, rest, ok := strings.Cut(t, "]:")
	if !ok {
		return "", false
	}
	fields := strings.SplitN(strings.TrimSpace(rest), " ", 2)
	if len(fields) < 2 {
		return "", false
	}
	title := strings.TrimSpace(fields[1])
	if len(title) < 2 {
		return "", false
	}
	open, close := title[0], title[len(title)-1]
	if !(open == '"' && close == '"' || open == '\'' && close == '\'' || open == '(' && close == ')') {
		return "", false
	}
	inner := strings.TrimSpace(title[1 : len(title)-1])
	return inner, inner != ""
}

// hostCommands returns the !`command` injections of the body: a host
// that supports them (Claude Code) runs the command when it loads the
// skill and puts its output in the text the model reads. The ! starts a
// line or follows a space or an opening bracket.
func hostCommands(body []byte, base int) []Hidden {
	var out []Hidden
	for off := 0; len(out) < maxHidden; {
		i := bytes.Index(body[off:], []byte("!`"))
		if i < 0 {
			break
		}
		at := off + i
		off = at + 2
		if at > 0 && !strings.ContainsRune(" \t\n([", rune(body[at-1])) {
			continue
		}
		rest := body[at+2 : lineEnd(body, at)]
		close := bytes.IndexByte(rest, '`')
		if close <= 0 {
			continue
		}
		out = append(out, Hidden{Kind: HiddenHostCommand, Span: spans.Span{Start: base + at, End: base + at + 3 + close}, Count: 1, Text: clip(string(rest[:close]))})
		off = at + 3 + close
	}
	return out
}
