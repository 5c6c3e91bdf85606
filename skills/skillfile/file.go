// Package skillfile reads one skill file's bytes as DSH does, without the
// disk: the BOM and text checks, the frontmatter split, the YAML typing
// (dshyaml), every reason DSH drops or degrades the file in DSH's order with
// DSH's log line, the skill it defines, and the facts of its body (links,
// comments, suppression comments) that rules and editor features need.
package skillfile

import (
	"bytes"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// ReadMode says how a skill file's bytes become text (docs/dsh.md §3.4).
type ReadMode uint8

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
	// Log is the DSH warning line, e.g. `skill file /p ignored: missing YAML
	// frontmatter`; "" for a file over skill-ls's own limits
	// (problem.Code.Unread), which DSH would load.
	Log string
	// Detail is the part of Log after "ignored: ".
	Detail string
	// Span locates the problem in the file (may be empty at offset 0).
	Span spans.Span
	// Key is the frontmatter key involved, if any.
	Key string
	// OnDisk says the bytes on disk are the reason, not the text parsed
	// (Finding.OnDisk).
	OnDisk bool
}

// FrontmatterState says whether and how the --- delimiters were found.
type FrontmatterState int

// The frontmatter delimiter outcomes of docs/dsh.md §4.1.
const (
	FrontmatterOK        FrontmatterState = iota // opener and closer found
	FrontmatterNoNewline                         // the text has no \n at all
	FrontmatterNoOpener                          // the first line is not exactly ---
	FrontmatterUnclosed                          // opener found, no closing --- line
)

// Frontmatter is the split and typed YAML header of a skill file.
type Frontmatter struct {
	State FrontmatterState
	// OpenSpan and CloseSpan cover the delimiter lines (without newline).
	OpenSpan, CloseSpan spans.Span
	// YAMLSpan covers the YAML text between the delimiter lines.
	YAMLSpan spans.Span
	// NearCloseSpan, in an unclosed frontmatter, covers the first line
	// that looks like a closing --- and is not one (padded, indented,
	// ----, ...), without its \r; empty when there is none.
	NearCloseSpan spans.Span
	// Err is the YAML syntax error, if any (nil when the delimiters were
	// not found).
	Err *dshyaml.Error
	// Mapping reports that the YAML parsed to a mapping.
	Mapping bool
	// RootKind is the type of the parsed YAML document (KindNull when empty).
	RootKind dshyaml.Kind
	// dropped says the fields were dropped (a lean file's): the check of
	// a tree keeps a File per skill file, and their parsed fields took
	// more than the lines they were read from; Fields reads them again.
	dropped bool
	// fields are the top-level keys in source order (only when Mapping).
	fields []dshyaml.Field
	// lines are the file's first lines up to and with the closing line
	// (when a line break ends it), "" when the frontmatter is not closed or
	// they are over maxKeptFront bytes. The YAML was read from them, so
	// its keys and most of its values are substrings of them; a lean file
	// keeps them because most findings point there, and the output formats
	// and the server's publishing place them without reading the file
	// again (File.TextFor).
	lines string
}

// setDoc sets the frontmatter's YAML outcome.
func (fm *Frontmatter) setDoc(d dshyaml.Doc) {
	fm.Err, fm.Mapping, fm.RootKind, fm.fields = d.Err, d.Mapping, d.RootKind, d.Fields
}

// Doc returns the YAML text as DSH reads it (zero when the delimiters were
// not found).
func (fm *Frontmatter) Doc() dshyaml.Doc {
	return dshyaml.Doc{Err: fm.Err, Mapping: fm.Mapping, RootKind: fm.RootKind, Fields: fm.Fields()}
}

// Fields returns the top-level fields in source order (only when the YAML
// is a mapping). A lean file's are read again from its kept lines, the
// same text they were first read from, on each call: a caller that reads
// many holds a file from WithFields.
func (fm *Frontmatter) Fields() []dshyaml.Field {
	if fm == nil {
		return nil
	}
	if fm.dropped {
		y := fm.YAMLSpan
		return dshyaml.ParseString(fm.lines[y.Start:y.End], y.Start).Fields
	}
	return fm.fields
}

// Field returns the first top-level field with the given key, or nil (nil
// too for a file without frontmatter).
func (fm *Frontmatter) Field(key string) *dshyaml.Field {
	d := dshyaml.Doc{Fields: fm.Fields()}
	return d.Field(key)
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
	// MayMisread says the frontmatter holds what YAML may read otherwise
	// than it looks (a value's anchor or tag, " #", a non-breaking space)
	// or the body starts indented; false lets the rules that look for
	// such misreadings skip a file without reading its text again.
	MayMisread bool
	// lean marks a file whose bytes were dropped once parsed; size and sum
	// are their length and hash (see Workspace).
	lean bool
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
	Outline markdown.Outline
	// BodyLines is the number of lines of the body (32 bits hold it: a
	// file is at most MaxFileSize; a File per skill file is kept).
	BodyLines int32
	// size is the length of a lean file's bytes (at most MaxFileSize),
	// beside BodyLines in one word.
	size int32
	// Findings are every reason DSH drops or degrades the file, in DSH's
	// check order (empty for a clean skill).
	Findings []Finding
	// Drop says why DSH ignores the file (nil for a valid skill): the first
	// finding whose code drops the file.
	Drop *Drop
	// Def holds what the file defines when it is valid (nil when DSH
	// drops it).
	Def *Definition

	// text is the file's bytes with their line index; nil for a file that
	// could not be read, and for a lean one.
	text *spans.LineIndex
	// rare holds the facts few files have (nil when a file has none):
	// a workspace keeps a record per file, and they took a fifth of it.
	rare *rareFacts
	// sum is the hash of a lean file's bytes.
	sum uint64
}

// Definition is what a valid skill file defines: the fields of its skill.
type Definition struct {
	// Name is the frontmatter name; it always matches the skill-name grammar.
	Name string
	// Description is the raw frontmatter description (not normalized).
	Description string
	// WhenToUse is the optional camelCase whenToUse value; never model-visible.
	WhenToUse string
	// HasMetadata reports whether the frontmatter held a metadata mapping.
	HasMetadata bool
	// Invocation is the resolved policy.
	Invocation Invocation
}

// Invocation is the resolved invocation policy of a skill (docs/dsh.md §4.3, §5).
type Invocation struct {
	ModelInvocable bool `json:"modelInvocable"`
	UserInvocable  bool `json:"userInvocable"`
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

// WithoutText returns f without its bytes: a lean copy that keeps their
// size and sum, the hash its owner computed of them (see Sum), and its
// first lines (its frontmatter's kept lines).
func (f *File) WithoutText(sum uint64) *File {
	c := *f
	if f.Frontmatter != nil {
		fm := *f.Frontmatter // DropText changes it
		c.Frontmatter = &fm
	}
	c.DropText(sum)
	return &c
}

// DropText makes f lean in place, as WithoutText makes a copy, for the
// one caller that holds f: a workspace that has just parsed it. A copy
// would leave a dead record beside each kept one, read from disk by the
// thousand, and the holes they leave in the heap stay resident. The
// frontmatter's fields go too when they were read from the kept lines
// (Frontmatter.Fields reads them again).
func (f *File) DropText(sum uint64) {
	f.lean, f.size, f.sum, f.text = true, int32(f.Size()), sum, nil
	if fm := f.Frontmatter; fm != nil && fm.fields != nil && fm.lines != "" {
		fm.fields, fm.dropped = nil, true
	}
}

// WithFields returns f when its frontmatter holds its fields, else a copy
// whose frontmatter holds them, read again from the kept lines: for a
// caller that reads them many times (a file's rules), and lets the copy
// go when done.
func (f *File) WithFields() *File {
	if f.Frontmatter == nil || !f.Frontmatter.dropped {
		return f
	}
	c, fm := *f, *f.Frontmatter
	fm.fields, fm.dropped = fm.Fields(), false
	c.Frontmatter = &fm
	return &c
}

// frontLines returns, as a string, the lines of src (a file's bytes) up
// to and with the closing line of its frontmatter fm, whose body starts
// at body; "" for a frontmatter not closed or over maxKeptFront bytes.
func frontLines(src []byte, fm *Frontmatter, body spans.Span) string {
	if fm.State != FrontmatterOK || body.Start > maxKeptFront {
		return ""
	}
	end := bytes.LastIndexByte(src[:min(body.Start, len(src))], '\n') + 1
	return string(src[:end])
}

// maxKeptFront bounds the frontmatter a lean file keeps a copy of: a
// language server holds its files for hours, and frontmatters are a few
// hundred bytes; a larger one is read again when a finding points into it.
const maxKeptFront = 16 << 10

// TextFor returns an index over bytes of f that hold every line span
// touches: all of them for a file in memory, a copy of the kept first
// lines of a lean file when span ends before their last line break; nil
// when only a read of the file can tell (Snapshot.TextFor).
func (f *File) TextFor(span spans.Span) *spans.LineIndex {
	if f.text != nil {
		return f.text
	}
	if fm := f.Frontmatter; fm != nil && fm.lines != "" && span.Start >= 0 && span.Start <= span.End && span.End < len(fm.lines) {
		return spans.NewLineIndex([]byte(fm.lines))
	}
	return nil
}

// Sum returns the hash WithoutText was given, and whether f is lean.
func (f *File) Sum() (uint64, bool) { return f.sum, f.lean }

// InMemory returns the bytes and line index of a file that holds them, or
// nil for a lean file or one that could not be read.
func (f *File) InMemory() *spans.LineIndex { return f.text }
