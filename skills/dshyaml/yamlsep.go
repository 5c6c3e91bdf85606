package dshyaml

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// yamlsep.go: U+0085, U+2028 and U+2029 as yaml@2 reads them.
//
// yaml.v3 follows YAML 1.1, where NEL (U+0085), LINE SEPARATOR (U+2028)
// and PARAGRAPH SEPARATOR (U+2029) are line breaks: it ends a plain value,
// a comment or a key at one, trims the spaces around it, counts a line
// there. yaml@2 follows YAML 1.2, where they are ordinary characters
// everywhere (docs/dsh.md §4.2): `description: a<U+2028>b` is "a\u2028b"
// to DSH, and a comment goes on past one to the "\n". A description pasted
// from a web page can hold U+2028, so yaml.v3's reading would say "DSH
// drops this skill" of a skill DSH loads.
//
// This is not a second parser but a correction applied around yaml.v3,
// like yamldq.go's: decodeTree hands yaml.v3 the text with each of the
// three characters replaced by a stand-in, a character of the same UTF-8
// length that yaml.v3 reads as any other letter and that the text does not
// hold, so that yaml.v3 builds the tree yaml@2 builds, on the same lines
// ("\n" only) and columns (one character each) and byte offsets; then the
// stand-ins in the tree's values are put back. Double-quoted values are
// read again from the original text by yamldq.go anyway. What reads the
// source itself (spans, the scan of mistakes) breaks lines at "\n" only,
// and takes a line holding one of them for content, not blank (isBlank).
// TestSeparatorsMatchYAML2 holds this to yaml@2 2.9.0, TestSeparatorSpans
// the spans to those of a letter in their place.

// separators are the characters yaml.v3 reads as line breaks and yaml@2
// does not.
var separators = [...]rune{'\u0085', '\u2028', '\u2029'}

// Where stand-ins are looked for: a range of 2-byte characters for U+0085
// and the private use area of 3-byte ones for U+2028 and U+2029, none a
// break, a blank, an indicator or a BOM to yaml.v3.
const (
	standIn2First, standIn2Last = 0x0100, 0x07FF
	standIn3First, standIn3Last = 0xE000, 0xF8FF
)

// sepMask is what maskSeparators replaced: stand[i] stands for
// separators[i], or is 0 when the text does not hold separators[i] (or,
// in a text built to hold every candidate, when none was free).
type sepMask struct {
	stand [len(separators)]rune
}

// hasSeparator reports whether text holds U+0085, U+2028 or U+2029.
func hasSeparator(text []byte) bool {
	return bytes.Contains(text, []byte("\u0085")) || bytes.Contains(text, []byte("\u2028")) || bytes.Contains(text, []byte("\u2029"))
}

// maskSeparators returns text with each separator replaced by its
// stand-in (a copy; text itself is not written) and the mask to restore
// the tree with, or text and nil when text holds no separator.
func maskSeparators(text []byte) ([]byte, *sepMask) {
	if !hasSeparator(text) {
		return text, nil
	}
	m := &sepMask{}
	used := usedStandIns(text)
	for i, r := range separators {
		if !bytes.ContainsRune(text, r) {
			continue
		}
		first, last := rune(standIn3First), rune(standIn3Last)
		if utf8.RuneLen(r) == 2 {
			first, last = standIn2First, standIn2Last
		}
		for c := first; c <= last; c++ {
			if !used[c] {
				m.stand[i], used[c] = c, true
				break
			}
		}
	}
	masked := bytes.Clone(text)
	for i, r := range separators {
		if m.stand[i] != 0 {
			masked = bytes.ReplaceAll(masked, []byte(string(r)), []byte(string(m.stand[i])))
		}
	}
	return masked, m
}

// usedStandIns returns the candidate stand-ins that text holds.
func usedStandIns(text []byte) map[rune]bool {
	used := map[rune]bool{}
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if standIn2First <= r && r <= standIn2Last || standIn3First <= r && r <= standIn3Last {
			used[r] = true
		}
		i += size
	}
	return used
}

// restore puts the separators back in the values (keys and aliases
// included) and anchors of the tree n; a nil mask has nothing to restore.
func (m *sepMask) restore(n *yaml.Node) {
	if m == nil {
		return
	}
	back := func(r rune) rune {
		for i, s := range m.stand {
			if r == s && s != 0 {
				return separators[i]
			}
		}
		return r
	}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if depth > maxYAMLDepth+1 {
			return // refused as too deep (complexity) before any value is read
		}
		n.Value, n.Anchor = strings.Map(back, n.Value), strings.Map(back, n.Anchor)
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
}
