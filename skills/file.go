package skills

import (
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// ReadMode says how a skill file's bytes become text (spec §3.4).
type ReadMode int

const (
	// ReadFS is DSH's production path (ctx.fs): one leading BOM is stripped;
	// invalid UTF-8, or a NUL byte in the first 8192 bytes, drops the skill.
	ReadFS ReadMode = iota
	// ReadNode is Node's readFile(path, 'utf8'), used for the bundled root:
	// the BOM is kept and invalid bytes decode to U+FFFD.
	ReadNode
)

// Drop records why DSH ignores a skill file: the first [Finding] in DSH's
// check order, with the exact line DSH logs for it.
type Drop struct {
	// Code is the finding's code.
	Code problem.Code
	// Log is the DSH warning line, e.g. `skill file /p ignored: missing YAML frontmatter`.
	Log string
	// Detail is the part of Log after "ignored: ".
	Detail string
	// Span locates the problem in the file (may be empty at offset 0).
	Span spans.Span
	// Key is the frontmatter key involved, if any.
	Key string
}

// FrontmatterState says whether and how the --- delimiters were found.
type FrontmatterState int

// The frontmatter delimiter outcomes of spec §4.1.
const (
	FrontmatterOK        FrontmatterState = iota // opener and closer found
	FrontmatterNoNewline                         // the text has no \n at all
	FrontmatterNoOpener                          // the first line is not exactly ---
	FrontmatterUnclosed                          // opener found, no closing --- line
)

// YAMLError is a YAML syntax error with its position in the file.
type YAMLError struct {
	// Code is one of the yaml-* codes.
	Code problem.Code
	// Message is the bare message, e.g. "Map keys must be unique".
	Message string
	// Line and Column are 1-based, relative to the YAML text (the line after
	// the opening ---), as DSH's YAML library reports them.
	Line, Column int
	// Span locates the error in the file.
	Span spans.Span
	// Key is the duplicated key for CodeYAMLDuplicateKey.
	Key string
	// FirstSpan is the first occurrence of a duplicated key.
	FirstSpan spans.Span
}

// ValueKind is the YAML 1.2 core-schema type of a frontmatter value.
type ValueKind int

// The value kinds, as the reference's yaml@2 library types them.
const (
	KindNull ValueKind = iota
	KindBool
	KindInt
	KindFloat
	KindString
	KindSeq
	KindMap
)

// String names the kind the way diagnostics describe it.
func (k ValueKind) String() string {
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

// Value is a typed frontmatter value.
type Value struct {
	Kind ValueKind
	// Str is the string value (KindString), or the scalar's source text for
	// other scalar kinds.
	Str string
	// Bool is the value for KindBool.
	Bool bool
	// Num is the value for KindInt and KindFloat.
	Num float64
	// Plain reports a plain (unquoted, non-block) scalar.
	Plain bool
	// Quoted reports a single- or double-quoted scalar.
	Quoted bool
	// Block reports a literal (|) or folded (>) scalar.
	Block bool
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

// Frontmatter is the split and typed YAML header of a skill file.
type Frontmatter struct {
	State FrontmatterState
	// OpenSpan and CloseSpan cover the delimiter lines (without newline).
	OpenSpan, CloseSpan spans.Span
	// YAMLSpan covers the YAML text between the delimiter lines.
	YAMLSpan spans.Span
	// Err is the YAML syntax error, if any.
	Err *YAMLError
	// Mapping reports that the YAML parsed to a mapping.
	Mapping bool
	// RootKind is the type of the parsed YAML document (KindNull when empty).
	RootKind ValueKind
	// Fields are the top-level keys in source order (only when Mapping).
	Fields []Field
}

// Field returns the first field with the given key, or nil.
func (fm *Frontmatter) Field(key string) *Field {
	if fm == nil {
		return nil
	}
	for i := range fm.Fields {
		if fm.Fields[i].Key == key {
			return &fm.Fields[i]
		}
	}
	return nil
}

// Link is a Markdown link or image destination found in the body.
type Link struct {
	// Dest is the destination as written.
	Dest string
	// Span covers the destination text in the file (or the whole link when
	// the destination cannot be located exactly).
	Span spans.Span
	// Image reports an image link.
	Image bool
}

// Heading is a Markdown ATX or setext heading in the body.
type Heading struct {
	Level int
	Text  string
	Span  spans.Span
}

// File is one parsed skill file: its frontmatter, the facts of its body,
// and either the skill it defines or the reason DSH drops it. A File is
// immutable. Its bytes are held while it is in memory (an editor buffer, a
// file read by Parse alone); a file a workspace read from disk keeps only
// their size and hash once parsed, and the workspace's snapshots read
// them again on demand (Snapshot.Text).
type File struct {
	// Path is the cleaned absolute path.
	Path string
	// Mode is the read path used.
	Mode ReadMode
	// BOM reports a leading UTF-8 byte-order mark.
	BOM bool
	// CRLF reports that the file uses \r\n line endings somewhere.
	CRLF bool
	// TextStart is the byte offset where the decoded text starts (3 when a
	// BOM was stripped).
	TextStart int
	// Frontmatter is the split header (nil when the file could not be read as text).
	Frontmatter *Frontmatter
	// BodySpan covers the raw body after the closing delimiter line.
	BodySpan spans.Span
	// ContentSpan covers the trimmed body (the skill's content).
	ContentSpan spans.Span
	// Outline holds the body's links and HTML comments (its headings are
	// read on demand: Headings).
	Outline Outline
	// Directives are the file's suppression comments, in source order.
	Directives []Directive
	// FrameClosers cover the </skill_instructions> and </skill_content>
	// tags in the content: DSH does not escape the body, so each closes
	// the frame the model reads the skill in.
	FrameClosers []spans.Span
	// Findings are every reason DSH drops or degrades the file, in DSH's
	// check order (empty for a clean skill).
	Findings []Finding
	// Drop says why DSH ignores the file (nil for a valid skill): the first
	// finding whose code drops the file.
	Drop *Drop
	// Def holds the skill fields when the file is valid; placement fields
	// (Source, Rank, ...) are filled in by the registry.
	Def *Skill
	// ReadErr is the I/O error text when the file could not be read.
	ReadErr string

	// text is the file's bytes with their line index; nil for a file that
	// could not be read, and for a lean one.
	text *spans.LineIndex
	// lean marks a file whose bytes were dropped once parsed; size and sum
	// are their length and hash (see Workspace).
	lean bool
	size int64
	sum  uint64
}

// Valid reports whether DSH would accept the file as a skill.
func (f *File) Valid() bool { return f.Drop == nil && f.Def != nil }

// HasText reports whether the file was read as text: false for a file that
// could not be read.
func (f *File) HasText() bool { return f.text != nil || f.lean }

// Lean reports whether the file's bytes were dropped once parsed: only a
// snapshot can read them again (Snapshot.Text).
func (f *File) Lean() bool { return f.lean }

// Size returns the number of bytes the file was parsed from (0 for one
// that could not be read).
func (f *File) Size() int {
	if f.text != nil {
		return len(f.text.Src())
	}
	return int(f.size)
}

// InMemory returns the bytes and line index of a file that holds them, or
// nil for a lean file or one that could not be read.
func (f *File) InMemory() *spans.LineIndex { return f.text }
