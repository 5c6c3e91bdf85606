// Package markdown finds what a skill's Markdown body holds that tools point
// at: links and images, HTML comments and headings, with byte spans in the
// file, as CommonMark (goldmark) reads them.
package markdown

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/skill-ls/skill-ls/skills/spans"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Outline is what the Markdown body holds that tools point at: links and
// headings, with spans in the file. A skill file keeps the outline without
// headings (only a document outline asks for them). What few bodies hold
// sits behind one pointer: a workspace keeps an outline per skill file.
type Outline struct {
	// links are the body's links and images in one string
	// (linklist.go): NumLinks, Link and Links read them.
	links string
	more  *outlineMore
}

// outlineMore is the part of an outline most bodies have none of.
type outlineMore struct {
	headings []Heading
	// comments are the HTML comments (<!-- … -->) outside code: in HTML
	// blocks, and inline comments in text.
	comments []spans.Span
	// unrendered is the other markup outside code that an HTML renderer
	// drops unseen: a <!-- never closed (to the end of its HTML block),
	// processing instructions <? … ?>, declarations <!…> and CDATA
	// sections, in HTML blocks and inline (htmlhidden.go).
	unrendered []spans.Span
	// unread says why the body was not parsed (over a bound of budget.go,
	// or of MaxBytes); its outline is then empty.
	unread string
}

// newOutline returns the outline of links and the rest, holding a pointer
// only when the rest is not empty.
func newOutline(links string, more outlineMore) Outline {
	out := Outline{links: links}
	if len(more.headings)+len(more.comments)+len(more.unrendered) > 0 || more.unread != "" {
		kept := more // a copy, so that an outline without them allocates nothing
		out.more = &kept
	}
	return out
}

// unreadOutline is the empty outline of a body not parsed, and why.
func unreadOutline(why string) Outline { return newOutline("", outlineMore{unread: why}) }

// Headings returns the body's headings (none in a skill file's outline).
func (o Outline) Headings() []Heading {
	if o.more == nil {
		return nil
	}
	return o.more.headings
}

// Comments returns the HTML comments (<!-- … -->) outside code: in HTML
// blocks, and inline comments in text.
func (o Outline) Comments() []spans.Span {
	if o.more == nil {
		return nil
	}
	return o.more.comments
}

// Unrendered returns the other markup outside code that an HTML renderer
// drops unseen: a <!-- never closed (to the end of its HTML block),
// processing instructions <? … ?>, declarations <!…> and CDATA sections,
// in HTML blocks and inline (htmlhidden.go).
func (o Outline) Unrendered() []spans.Span {
	if o.more == nil {
		return nil
	}
	return o.more.unrendered
}

// Unread says why the body was not parsed (over a bound of budget.go, or
// of MaxBytes); its outline is then empty. "" when it was.
func (o Outline) Unread() string {
	if o.more == nil {
		return ""
	}
	return o.more.unread
}

// WithoutHeadings returns o without its headings.
func (o Outline) WithoutHeadings() Outline {
	if o.more == nil {
		return o
	}
	more := *o.more
	more.headings = nil
	return newOutline(o.links, more)
}

// MaxBytes bounds the body size that is scanned for links at all.
const MaxBytes = 4 << 20

// commonMark is the goldmark parser and the slots of its large parses.
type commonMark struct {
	md goldmark.Markdown
	// large holds a token for each parse of a body over largeBody bytes
	// under way: their memory (up to about 100 MB each, see budget.go)
	// adds up, so a tree of hostile files costs two of them at a time,
	// however many files are read at once.
	large chan struct{}
}

// largeBody is the size from which a goldmark parse takes a large slot.
const largeBody = 32 << 10

// markdown is the one goldmark instance; its parser is safe for concurrent
// use, and building one per file costs more than parsing a small body.
var markdown = sync.OnceValue(func() *commonMark {
	return &commonMark{md: goldmark.New(), large: make(chan struct{}, 2)}
})

// parse returns goldmark's syntax tree of body.
func (c *commonMark) parse(body []byte) ast.Node {
	if len(body) > largeBody {
		c.large <- struct{}{}
		defer func() { <-c.large }()
	}
	return c.md.Parser().Parse(text.NewReader(body))
}

// mayHoldOutline reports whether body can contain a link ([ or < for an
// autolink) or a heading (# or a setext underline of = or -, which may be
// indented inside list items), so other bodies need no scan at all.
func mayHoldOutline(body []byte) bool {
	return bytes.ContainsAny(body, "[<#=-")
}

// ScanWithHeadings returns the links and headings of body; base is the body's
// offset in the file, added to every span. Bodies with no link or heading
// syntax need no parse; the others are scanned line by line
// (scanOutlineFast), and only what that scanner cannot read exactly goes to
// goldmark (parseOutline), the reference both must agree with.
func ScanWithHeadings(body []byte, base int) Outline {
	if !mayHoldOutline(body) {
		return Outline{}
	}
	if out, ok := scanOutlineFast(body, base); ok {
		return out
	}
	return parseOutline(body, base)
}

// Scan is ScanWithHeadings without the headings: the fast scanner reads
// the headings' lines as it must (their links count) but lists none. A body
// without [ or < holds no link, image, autolink or HTML comment, so it needs
// no scan at all (two vectorised byte searches).
func Scan(body []byte, base int) Outline {
	if bytes.IndexByte(body, '[') < 0 && bytes.IndexByte(body, '<') < 0 {
		return Outline{}
	}
	if len(body) > MaxBytes {
		return unreadOutline(fmt.Sprintf("it is %d bytes, over the %d bytes (4 MiB) skill-ls scans", len(body), MaxBytes))
	}
	if out, ok := scanOutlineWith(body, base, false); ok {
		return capLinks(out)
	}
	return capLinks(parseOutline(body, base).WithoutHeadings())
}

// MaxLinks bounds the links of a body that skill-ls checks: each distinct
// target costs a stat and each missing one a finding, so 250,000 links to
// missing files in a 4 MiB body cost check 6 s and 600 MB a file. A real
// skill links a few dozen files.
const MaxLinks = 10000

// capLinks returns out, or an unread outline when it holds more than
// MaxLinks links.
func capLinks(out Outline) Outline {
	if n := out.NumLinks(); n > MaxLinks {
		return unreadOutline(fmt.Sprintf("it holds %d links, over the %d skill-ls checks", n, MaxLinks))
	}
	return out
}

// parseOutline walks the goldmark AST of body (goldmark segments are body
// offsets); a body over budget is not parsed.
func parseOutline(body []byte, base int) Outline {
	if why := overBudget(body); why != "" {
		return unreadOutline(why)
	}
	var more outlineMore
	var links linkPacker
	doc := markdown().parse(body)
	cursor := 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			lines := n.Lines()
			if lines.Len() > 0 {
				first, last := lines.At(0), lines.At(lines.Len()-1)
				more.headings = append(more.headings, Heading{
					Level: n.Level,
					Text:  string(bytes.TrimSpace(body[first.Start:last.Stop])),
					Span:  spans.Span{Start: base + first.Start, End: base + last.Stop},
				})
				cursor = first.Start
			}
		case *ast.Link:
			links.add(astLink(body, base, n, n.Destination, false, &cursor), n.Destination)
		case *ast.Image:
			links.add(astLink(body, base, n, n.Destination, true, &cursor), n.Destination)
		case *ast.HTMLBlock:
			comments, unrendered := htmlBlockMarkup(body, base, n)
			more.comments = append(more.comments, comments...)
			more.unrendered = append(more.unrendered, unrendered...)
		case *ast.RawHTML:
			if sp, comment, ok := rawHTMLMarkup(body, base, n); ok && comment {
				more.comments = append(more.comments, sp)
			} else if ok {
				more.unrendered = append(more.unrendered, sp)
			}
		case *ast.AutoLink:
			if n.AutoLinkType == ast.AutoLinkURL {
				url := n.URL(body)
				links.add(astLink(body, base, n, url, false, &cursor), url)
			}
		}
		return ast.WalkContinue, nil
	})
	packed, ok := links.pack()
	if !ok {
		return unreadOutline(overOffsets)
	}
	return newOutline(packed, more)
}

// overOffsets is why an outline whose offsets do not fit its link records
// (linklist.go) is unread.
const overOffsets = "its offsets are over the 4 GiB skill-ls reads"

// astLink locates a goldmark link node: its text is the span from its first
// to its last text child.
func astLink(body []byte, base int, n ast.Node, dest []byte, image bool, cursor *int) Link {
	start, stop := -1, -1
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			if start < 0 {
				start = t.Segment.Start
			}
			stop = t.Segment.Stop
		}
	}
	return locateLink(body, base, dest, image, start, stop, cursor)
}

// locateLink finds the destination text of a link in the body: after the
// link's text [start, stop) (-1 when it has none), the first occurrence of
// the destination (dest, which the caller keeps: the Link's Dest is left
// empty). When it cannot be found (reference links, escapes) the span
// covers the link text. cursor is where the previous link or heading was,
// for links without text.
func locateLink(body []byte, base int, dest []byte, image bool, start, stop int, cursor *int) Link {
	from := *cursor
	if stop >= 0 {
		from = stop
	}
	l := Link{Image: image}
	if from < len(body) && len(dest) > 0 {
		window := body[from:min(len(body), from+len(dest)+256)]
		if i := bytes.Index(window, dest); i >= 0 {
			l.Span = spans.Span{Start: base + from + i, End: base + from + i + len(dest)}
			*cursor = from + i + len(dest)
			return l
		}
	}
	if start >= 0 {
		l.Span = spans.Span{Start: base + start, End: base + stop}
		*cursor = stop
	} else {
		l.Span = spans.Span{Start: base + from, End: base + from}
	}
	return l
}
