package markdown

import (
	"bytes"
	"fmt"
)

// budget.go: the bounds on what goldmark is given. goldmark's cost is
// linear for the Markdown people write but superlinear in a few shapes an
// attacker can write: a link opener "](" or a "<" left unclosed makes
// goldmark scan the rest of its paragraph for the ")" or ">" (so n of them
// in a paragraph of m bytes cost n×m), block quotes nested thousands deep
// make each line walk every level, and each unmatched "[" keeps hundreds
// of bytes of delimiter state. A body over any bound is not parsed: its
// outline is empty and says why, so the links it holds are reported
// unchecked, not silently missing. The bounds are far above what real
// skills hold (the largest public SKILL.md is 145 KB; none leaves a link
// open on its line or quotes more than a few levels deep).
const (
	// maxGoldmarkBytes bounds the body goldmark parses.
	maxGoldmarkBytes = 256 << 10
	// maxBrackets bounds the "[" of a body goldmark parses.
	maxBrackets = 8 << 10
	// maxRescan bounds the bytes goldmark rescans for unclosed openers:
	// for each "](" or "<" with no ")" or ">" after it on its line, the
	// bytes from it to the end of its paragraph (about 5 ns each).
	maxRescan = 16 << 20
	// maxQuoteDepth bounds the ">" markers that start one line.
	maxQuoteDepth = 64
)

// overBudget returns why goldmark must not parse body, or "" when it may.
// It reads the body once.
func overBudget(body []byte) string {
	if len(body) > maxGoldmarkBytes {
		return fmt.Sprintf("it is %d bytes, over the %d bytes skill-ls parses as CommonMark", len(body), maxGoldmarkBytes)
	}
	if n := bytes.Count(body, []byte("[")); n > maxBrackets {
		return fmt.Sprintf("it holds %d \"[\", over the %d skill-ls parses", n, maxBrackets)
	}
	var r rescan
	depth := 0
	for line := range bytes.Lines(body) {
		r.line(line)
		depth = max(depth, quoteDepth(line))
	}
	r.endParagraph()
	switch {
	case r.cost > maxRescan:
		return fmt.Sprintf("%d link destinations \"](\" or \"<\" are not closed on their line, and the CommonMark parser would rescan %d bytes for them, over the %d skill-ls allows", r.openers, r.cost, maxRescan)
	case depth > maxQuoteDepth:
		return fmt.Sprintf("a line nests %d block quotes, over the %d skill-ls parses", depth, maxQuoteDepth)
	}
	return ""
}

// rescan adds up the cost of unclosed openers, paragraph by paragraph: a
// paragraph's n openers at offsets p1…pn cost n×end − (p1+…+pn).
type rescan struct {
	off           int // of the current line
	count, sumPos int // the current paragraph's unclosed openers
	openers, cost int
}

// line reads one line (with its newline); a blank line ends a paragraph.
func (r *rescan) line(line []byte) {
	if len(bytes.TrimSpace(line)) == 0 {
		r.endParagraph()
	}
	var links, tags, linkPos, tagPos int
	for i, c := range line {
		switch c {
		case '(':
			if i > 0 && line[i-1] == ']' {
				links, linkPos = links+1, linkPos+r.off+i
			}
		case ')':
			links, linkPos = 0, 0
		case '<':
			tags, tagPos = tags+1, tagPos+r.off+i
		case '>':
			tags, tagPos = 0, 0
		}
	}
	r.count += links + tags
	r.sumPos += linkPos + tagPos
	r.off += len(line)
}

// endParagraph charges the current paragraph's openers.
func (r *rescan) endParagraph() {
	r.openers += r.count
	r.cost += r.count*r.off - r.sumPos
	r.count, r.sumPos = 0, 0
}

// quoteDepth counts the block-quote markers that start a line: ">" each
// followed by optional spaces.
func quoteDepth(line []byte) int {
	d := 0
	for _, c := range line {
		switch c {
		case '>':
			d++
		case ' ', '\t':
		default:
			return d
		}
	}
	return d
}
