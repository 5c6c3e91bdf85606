package dshyaml

import (
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// Most frontmatters are a few lines of "key: value" with plain or quoted
// one-line values, and perhaps one level of nested keys (metadata). For
// them a YAML parser's generality is most of a load's cost (the figure
// that keeps this reader is in docs/performance.md). parseYAMLFast reads
// that form directly and leaves everything
// else to parseYAML's decoder; FuzzYAMLFast and TestYAMLFastMatchesDecoder
// hold the two to the same result wherever the fast one answers. It reads
// a string: the keys, and the scalars that read as they are written, are
// substrings of it, so a caller that keeps the text (a lean skill file's
// first lines) holds their bytes once.

// maxFastYAML bounds the frontmatter text parseYAMLFast reads: the
// decoder's own bound, so a frontmatter of 45,000 keys costs one linear
// scan, not yaml.v3's node tree.
const maxFastYAML = maxYAMLBytes

// maxFastFields bounds the fields of a mapping parseYAMLFast reads: past
// it, the mapping's keys and values pass the decoder's node limit. The
// room kept for a mapping's fields, counted from its lines before they are
// read, stays within it too: a text of lines that only look like fields
// (comments, "key:" with no value) keeps no room for them.
const maxFastFields = maxYAMLNodes / 2

// maxFastKey bounds the keys parseYAMLFast reads: the decoder refuses a
// key of more than 1024 characters (a YAML simple key's limit), and real
// keys are short.
const maxFastKey = 128

// parseYAMLFast fills fm as parseYAML would when fm's YAML text (in src)
// is a block mapping whose lines are all, in printable ASCII without tabs
// or carriage returns:
//
//	key: value
//	key:
//	  key: value
//
// with a key of at most maxFastKey letters, digits, '_' and '-' that
// starts with a letter or '_' and types as a string, and a value that is
// a one-line plain scalar (no indicator first but '-' before a non-space,
// no ": " or " #" inside, no ':' or space last), a one-line double-quoted
// one without escapes, a one-line single-quoted one without quotes inside,
// or a literal or folded block (|, |-, > or >-) of non-blank lines
// indented alike; the nested keys of a key share one indentation. No key repeats within its mapping.
// For any other text ok is false.
func parseYAMLFast(text string, base int) (doc Doc, ok bool) {
	if len(text) == 0 || len(text) > maxFastYAML {
		return Doc{}, false
	}
	fields := make([]Field, 0, min(topLevelLines(text), maxFastFields))
	nodes := 1 // the mapping
	for i := 0; i < len(text); {
		fld, empty, next, ok := fastEntry(text, i, 0)
		if !ok {
			return Doc{}, false
		}
		if next >= len(text) || text[next] != ' ' {
			i = next
			if empty {
				return Doc{}, false // the decoder places the null of "key:"
			}
		} else {
			if !empty {
				return Doc{}, false // an indented line continues the value
			}
			entries, after, ok := fastNested(text, next)
			if !ok {
				return Doc{}, false
			}
			// A mapping's span is its first line, from its first key.
			first := entries[0].KeySpan.Start
			fld.Value = Value{Kind: KindMap, Len: len(entries)}
			fld.ValueSpan = spans.Span{Start: first, End: lineEnd(text, first)}
			fld.Entries = entries
			i = after
		}
		fields = append(fields, fld)
		if nodes += 2 + 2*len(fld.Entries); nodes > maxYAMLNodes {
			return Doc{}, false // the decoder refuses the size
		}
	}
	if repeatsKey(fields) {
		return Doc{}, false // the decoder says which key repeats
	}
	for j := range fields {
		fld := &fields[j]
		if repeatsKey(fld.Entries) {
			return Doc{}, false
		}
		fld.KeySpan, fld.ValueSpan = shift(fld.KeySpan, base), shift(fld.ValueSpan, base)
		for k := range fld.Entries {
			e := &fld.Entries[k]
			e.KeySpan, e.ValueSpan = shift(e.KeySpan, base), shift(e.ValueSpan, base)
		}
	}
	return Doc{RootKind: KindMap, Mapping: true, Fields: fields}, true
}

// topLevelLines counts the lines of text that start unindented, up to the
// first that parseYAMLFast cannot read as a field's first line: one that
// starts with neither a letter nor '_', or a "key:" line not followed by
// an indented one. It is at most the number of fields parseYAMLFast reads
// before it reads them all or stops, so that a frontmatter whose
// description is a block of many lines, or a text of comments, does not
// keep a field's room for each of its lines.
func topLevelLines(text string) int {
	n := 0
	for i := 0; i < len(text); {
		end := lineEnd(text, i)
		next := nextLine(text, end)
		switch c := text[i]; {
		case c == ' ' || c == '\n':
		case !isASCIILetter(c) && c != '_':
			return n
		case text[end-1] == ':' && (next >= len(text) || text[next] != ' '):
			return n
		default:
			n++
		}
		i = next
	}
	return n
}

// fastNested reads the nested entries that start at i (an indented line)
// and returns them with the offset after them.
func fastNested(text string, i int) ([]Field, int, bool) {
	indent := indentOf(text[i:])
	entries := make([]Field, 0, min(nestedLines(text, i, indent), maxFastFields))
	for i < len(text) && text[i] == ' ' {
		fld, empty, next, ok := fastEntry(text, i, indent)
		if !ok || empty || len(entries) == maxFastFields {
			return nil, 0, false
		}
		entries = append(entries, fld)
		i = next
	}
	return entries, i, len(entries) > 0
}

// nestedLines counts the lines indented by indent spaces among the
// indented ones that start at i: at most the entries fastNested reads
// there, so that a mapping keeps no room for entries it does not have.
func nestedLines(text string, i, indent int) int {
	n := 0
	for ; i < len(text) && text[i] == ' '; i = nextLine(text, lineEnd(text, i)) {
		if indentOf(text[i:]) == indent {
			n++
		}
	}
	return n
}

// fastEntry reads the "key: value" or "key:" line at i, indented by
// indent spaces, and returns it (spans relative to text; empty and no
// Value for "key:") with the offset of the next line.
func fastEntry(text string, i, indent int) (fld Field, empty bool, next int, ok bool) {
	end := lineEnd(text, i)
	next = nextLine(text, end)
	line := text[i:end]
	if len(line) <= indent || indentOf(line) != indent {
		return Field{}, false, 0, false
	}
	k := indent
	if c := line[k]; !(isASCIILetter(c) || c == '_') {
		return Field{}, false, 0, false
	}
	for k < len(line) && (isAlnum(line[k]) || line[k] == '_' || line[k] == '-') {
		k++
	}
	if k == len(line) || line[k] != ':' || k-indent > maxFastKey {
		return Field{}, false, 0, false
	}
	key := line[indent:k]
	if typeScalar(key).Kind != KindString {
		return Field{}, false, 0, false
	}
	fld = Field{Key: key, KeySpan: spans.Span{Start: i + indent, End: i + k}}
	if k+1 == len(line) {
		return fld, true, next, true
	}
	v := k + 1
	for v < len(line) && line[v] == ' ' {
		v++
	}
	if v == k+1 || v == len(line) {
		return Field{}, false, 0, false // "key:value", or spaces only
	}
	if style := line[v:]; isBlockIndicator(style) {
		value, last, after, ok := fastBlock(text, next, indent, style)
		if !ok {
			return Field{}, false, 0, false
		}
		fld.Value, fld.ValueSpan = value, spans.Span{Start: i + v, End: last}
		return fld, false, after, true
	}
	value, ok := fastScalar(line[v:])
	if !ok {
		return Field{}, false, 0, false
	}
	fld.Value = value
	fld.ValueSpan = spans.Span{Start: i + v, End: end}
	return fld, false, next, true
}

// fastScalar types the one-line scalar s (no leading space), or returns
// false when it is not of a form parseYAMLFast reads.
func fastScalar(s string) (Value, bool) {
	if !printableASCII(s) {
		return Value{}, false
	}
	switch s[0] {
	case '"', '\'':
		q := s[0]
		if len(s) < 2 || s[len(s)-1] != q {
			return Value{}, false
		}
		inner := s[1 : len(s)-1]
		if strings.IndexByte(inner, q) >= 0 || (q == '"' && strings.IndexByte(inner, '\\') >= 0) {
			return Value{}, false
		}
		return Value{Kind: KindString, Str: inner, Quoted: true}, true
	case '-':
		if len(s) == 1 || s[1] == ' ' {
			return Value{}, false // a sequence entry
		}
	case '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '%', '@', '`':
		return Value{}, false
	}
	if s[len(s)-1] == ':' || s[len(s)-1] == ' ' || strings.Contains(s, ": ") || strings.Contains(s, " #") {
		return Value{}, false
	}
	v := typeScalar(s)
	v.Plain = true
	return v, true
}

// isBlockIndicator reports the header of a literal or folded block scalar
// that parseYAMLFast reads: no indentation indicator, clip or strip.
func isBlockIndicator(s string) bool {
	switch s {
	case "|", "|-", ">", ">-":
		return true
	}
	return false
}

// fastBlock reads the lines of the block scalar whose header (style) ends
// the line before i, for a key indented by indent: one or more non-blank
// lines of printable ASCII, all indented alike and deeper than the key,
// without trailing spaces. It returns the value, the end of its last line
// and the offset of the line after it.
func fastBlock(text string, i, indent int, style string) (v Value, last, next int, ok bool) {
	first, m := -1, -1
	for i < len(text) && text[i] == ' ' {
		sp := indentOf(text[i:])
		if m < 0 {
			first, m = i+sp, sp
		}
		if sp < m {
			break // the next key, or an indentation the caller refuses
		}
		end := lineEnd(text, i)
		line := text[i+sp : end]
		if sp > m || len(line) == 0 || line[len(line)-1] == ' ' || !printableASCII(line) {
			return Value{}, 0, 0, false // more indented, blank, trailing spaces, or not plain ASCII
		}
		last, next = end, nextLine(text, end)
		i = next
	}
	if m <= indent {
		return Value{}, 0, 0, false // no lines (an empty scalar), or not deeper than the key
	}
	return Value{Kind: KindString, Str: blockValue(text, first, last, m, style), Block: true}, last, next, true
}

// blockValue returns the value of the block scalar (header style) whose
// lines, each indented by m spaces, hold text[first:last]: the lines
// joined by a space (folded) or a line break (literal), and clip's final
// line break. A value of one line is a substring of text.
func blockValue(text string, first, last, m int, style string) string {
	clip := len(style) == 1 && last < len(text) // the line break after last
	if strings.IndexByte(text[first:last], '\n') < 0 {
		if clip {
			return text[first : last+1]
		}
		return text[first:last]
	}
	sep := byte('\n')
	if style[0] == '>' {
		sep = ' '
	}
	var b strings.Builder
	b.Grow(last - first + 1)
	for i := first; ; i += m {
		end := lineEnd(text, i)
		b.WriteString(text[i:end])
		if end >= last {
			break
		}
		b.WriteByte(sep)
		i = end + 1
	}
	if clip {
		b.WriteByte('\n')
	}
	return b.String()
}

// repeatsKey reports whether two fields share a key. Frontmatters are
// small: they are compared pairwise, and only a long one through a set.
func repeatsKey(fields []Field) bool {
	if len(fields) > 16 {
		seen := make(map[string]bool, len(fields))
		for _, f := range fields {
			if seen[f.Key] {
				return true
			}
			seen[f.Key] = true
		}
		return false
	}
	for j := range fields {
		for k := j + 1; k < len(fields); k++ {
			if fields[j].Key == fields[k].Key {
				return true
			}
		}
	}
	return false
}

// lineEnd returns the offset of the newline that ends the line holding i,
// or len(text).
func lineEnd(text string, i int) int {
	if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(text)
}

// nextLine returns the offset of the line after the one that ends at end
// (a newline, or the end of text).
func nextLine(text string, end int) int {
	return min(end+1, len(text))
}

// printableASCII reports whether s holds printable ASCII only (no tab, no
// control character, nothing the decoder reads as a line break).
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// shift returns s moved by base.
func shift(s spans.Span, base int) spans.Span {
	return spans.Span{Start: s.Start + base, End: s.End + base}
}

// isASCIILetter reports a-z or A-Z.
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isAlnum reports an ASCII letter or digit.
func isAlnum(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' }
