// Package dshyaml reads a skill's frontmatter YAML as DSH does: YAML 1.2
// core-schema typing (DSH's yaml@2), duplicate keys, the limits that keep
// hostile text bounded, the error DSH reports and where, and the byte span
// of every value in the file. The skill-file parser and the other hosts'
// profiles read YAML through it.
package dshyaml

import (
	"strings"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Error is a YAML syntax error with its position in the file.
type Error struct {
	// Code is one of the yaml-* codes.
	Code problem.Code
	// Message is the bare message, e.g. "Map keys must be unique".
	Message string
	// Line and Column are 1-based, relative to the YAML text (the line after
	// the opening ---), as DSH's YAML library reports them.
	Line, Column int
	// Span locates the error in the file.
	Span spans.Span
	// Key is the duplicated key for CodeYAMLDuplicateKey, else the key
	// whose value holds the mistake ("" when none does).
	Key string
	// FirstSpan is the first occurrence of a duplicated key.
	FirstSpan spans.Span
	// Name is the JavaScript error DSH's library throws: "" for
	// YAMLParseError, "ReferenceError" for an alias that names no anchor
	// (DSH logs it without a position).
	Name string
	// Caret is how many UTF-16 units DSH's code frame underlines (0 or 1:
	// one caret).
	Caret int
	// Cause says what the author got wrong, for the rules to word it, and
	// Char the character or indicator at fault ("@", "[", ">", a quote).
	Cause Cause
	Char  string
	// ValueSpan is the mistaken value as written on its line (without a
	// trailing comment), the text a quoting fix puts in quotes; empty when
	// the mistake is not in a value. A plain value continued on indented
	// lines spans them all; a double-quoted value continued on later lines
	// spans its first line only.
	ValueSpan spans.Span
	// Indent is, for CauseIndentedKey, the indentation of the key whose
	// value the indented line continues: the column the line's key was
	// meant at.
	Indent int
}

// Cause is what an author got wrong in YAML that does not parse, in the
// terms a reader needs to fix it.
type Cause int

// The causes a YAML syntax error is explained by.
const (
	CauseUnknown        Cause = iota // only the parser's message
	CauseTabIndent                   // a tab in a line's indentation
	CauseUnquotedColon               // ": " (or a final ":") in a plain value
	CauseReservedStart               // a plain value that starts with @ or `
	CauseDirectiveStart              // a plain value that starts with %
	CauseAlias                       // a value that starts with * (an alias)
	CauseFlowText                    // a [list] or {mapping} with text after it
	CauseFlowUnclosed                // a [ or { that is never closed
	CauseBlockHeader                 // > or | with text after it on its line
	CauseTextAfterQuote              // text after the closing quote of a value
	CauseUnclosedQuote               // a quote that is never closed
	CauseContinuation                // a plain value continued on a line that is not indented
	CauseDuplicateKey                // a key that appears twice
	CauseBadEscape                   // a backslash escape YAML does not know, in double quotes
	CauseIndentedKey                 // a key indented under a plain value, which continues it
)

// Kind is the YAML 1.2 core-schema type of a frontmatter value.
type Kind uint8

// The value kinds, as the reference's yaml@2 library types them.
const (
	KindNull Kind = iota
	KindBool
	KindInt
	KindFloat
	KindString
	KindSeq
	KindMap
)

// String names the kind the way diagnostics describe it.
func (k Kind) String() string {
	switch k {
	case KindNull:
		return "null"
	case KindBool:
		return "boolean"
	case KindInt, KindFloat:
		return "number"
	case KindString:
		return "string"
	case KindSeq:
		return "list"
	case KindMap:
		return "mapping"
	}
	return "unknown"
}

// Value is a typed frontmatter value. Its flags sit beside its kind, where
// they share one word: every field of every file holds one.
type Value struct {
	Kind Kind
	// Bool is the value for KindBool.
	Bool bool
	// Plain reports a plain (unquoted, non-block) scalar.
	Plain bool
	// Quoted reports a single- or double-quoted scalar.
	Quoted bool
	// Block reports a literal (|) or folded (>) scalar.
	Block bool
	// Str is the string value (KindString), or the scalar's source text for
	// other scalar kinds.
	Str string
	// Num is the value for KindInt and KindFloat.
	Num float64
	// Len is the number of entries of a sequence or mapping.
	Len int
}

// Field is one frontmatter key and its value, with byte spans.
type Field struct {
	Key       string
	KeySpan   spans.Span
	Value     Value
	ValueSpan spans.Span
	// Entries are the entries of a mapping value of a top-level key (such
	// as metadata), one level deep, in source order.
	Entries []Field
}

// Doc is a frontmatter's YAML text as DSH reads it: its syntax error, or
// its type and, for a mapping, its top-level fields.
type Doc struct {
	// Err is the YAML syntax error, if any.
	Err *Error
	// Mapping reports that the YAML parsed to a mapping.
	Mapping bool
	// RootKind is the type of the parsed YAML document (KindNull when empty).
	RootKind Kind
	// Fields are the top-level keys in source order (only when Mapping).
	Fields []Field
}

// Field returns the first field with the given key, or nil.
func (d *Doc) Field(key string) *Field {
	if d == nil {
		return nil
	}
	for i := range d.Fields {
		if d.Fields[i].Key == key {
			return &d.Fields[i]
		}
	}
	return nil
}

// LenientBool applies DSH's frontmatterBoolean (docs/dsh.md §4.3): YAML booleans,
// the numbers 1 and 0, the strings "1" and "0", and true/yes/on/false/no/off
// in any case. ok is false for anything else, including null.
func LenientBool(v Value) (b, ok bool) {
	switch v.Kind {
	case KindBool:
		return v.Bool, true
	case KindInt, KindFloat:
		if v.Num == 1 {
			return true, true
		}
		if v.Num == 0 {
			return false, true
		}
	case KindString:
		switch strings.ToLower(v.Str) {
		case "1", "true", "yes", "on":
			return true, true
		case "0", "false", "no", "off":
			return false, true
		}
	}
	return false, false
}
