package diagnostics

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Rules about the frontmatter block: its --- delimiters and its YAML.

// The codes of the frontmatter rules.
const (
	CodeFrontmatterMissing  = string(problem.FrontmatterMissing)
	CodeFrontmatterUnclosed = string(problem.FrontmatterUnclosed)
	CodeFrontmatterNotMap   = string(problem.FrontmatterNotMap)
	CodeYAMLSyntax          = string(problem.YAMLSyntax)
	CodeYAMLUnquotedColon   = string(problem.YAMLUnquotedColon)
	CodeYAMLDuplicateKey    = string(problem.YAMLDuplicateKey)
	CodeYAMLTabIndent       = string(problem.YAMLTabIndent)
	CodeYAMLTooComplex      = string(problem.YAMLTooComplex)
)

var frontmatterRules = []*Rule{
	{Code: CodeFrontmatterMissing, Short: "no YAML frontmatter", Severity: SeverityError, Drops: true, Summary: "no YAML frontmatter",
		Doc:     "A skill file must start with a line that is exactly `---`, followed by YAML and a closing `---` line. Leading blank lines, spaces after `---`, `----`, or (in the bundled root) a byte-order mark mean DSH finds no frontmatter and drops the skill with `missing YAML frontmatter`.",
		Finding: reportFrontmatterMissing},
	{Code: CodeFrontmatterUnclosed, Short: "frontmatter never closed", Severity: SeverityError, Drops: true, Summary: "the frontmatter has no closing ---",
		Doc:     "The opening `---` is never closed by a line that is exactly `---` (no indentation, no trailing spaces; `----` and `...` do not close it). DSH drops the skill with `missing YAML frontmatter`. When a line looks like the closing `---` and is not one, the message points at it and says why; otherwise it points at the opening `---`.",
		Finding: reportUnclosed},
	{Code: CodeFrontmatterNotMap, Short: "frontmatter not a mapping", Severity: SeverityError, Drops: true, Summary: "the frontmatter is not a YAML mapping",
		Doc:     "The YAML between the delimiters is empty, only comments, a scalar or a list. DSH needs a mapping of keys to values and drops the skill with `missing YAML frontmatter`.",
		Finding: reportNotMapping},
	{Code: CodeYAMLSyntax, Short: "invalid YAML", Severity: SeverityError, Drops: true, Summary: "the frontmatter is not valid YAML",
		Doc:     "The frontmatter fails to parse as YAML 1.2; DSH drops the skill with `invalid YAML frontmatter`. The message names the mistake where it is, as YAML tools do: a value that starts with a character YAML reserves (`@`, a backtick, `%`), with `*` (an alias), `[` or `{` (a list or mapping with text after it, or never closed), `>` or `|` with text after it on its line, text after a closing quote, a quote never closed, a value continued on a line that is not indented, a key with no space after its colon (`license:MIT`), a backslash in double quotes that starts no escape YAML knows (`\"C:\\Users\"`: `\\U` must be followed by 8 hex digits), a key indented under the plain value above it (YAML reads the line as more of that value). The quick fix (safe: DSH drops the skill without it, and the text stays what the author wrote) quotes the value, adds the closing quote, indents the continued line, adds the missing space, puts a double-quoted value whose backslashes are all text in single quotes (or writes each `\\\\` when it holds a `'`), or moves an indented key back to its column, when the file then parses; moving back a word that is no key DSH or another host reads is unsafe (it may be text of the value), and the safe fix quotes the whole value instead.",
		Finding: reportYAMLError},
	{Code: CodeYAMLUnquotedColon, Short: "invalid YAML", Severity: SeverityError, Drops: true, Summary: "an unquoted value holds \": \"",
		Doc:     "The most common reason a skill vanishes: an unquoted value such as `description: Use when: the user asks` contains `: ` (or ends with `:`), on its line or on an indented line that continues it, which YAML reads as a nested mapping (\"Nested mappings are not allowed in compact mappings\"). DSH drops the skill. Quote the value or use a block scalar (`description: >-`). The quick fix quotes it, all its lines.",
		Finding: reportYAMLError},
	{Code: CodeYAMLDuplicateKey, Short: "invalid YAML", Severity: SeverityError, Drops: true, Summary: "a key appears twice",
		Doc: "YAML mappings must have unique keys (\"Map keys must be unique\"); DSH's parser rejects the frontmatter and drops the skill. Remove one of the two keys.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			// The first one is the related location: one position per message.
			e := p.File.Frontmatter.Err
			d := p.Report(fd.Span, dropPrefix+fmt.Sprintf("the key %q appears a second time here; keep one of the two", e.Key))
			d.Related = []Related{{Path: p.File.Path, Span: e.FirstSpan, Message: "first " + e.Key}}
		}},
	{Code: CodeYAMLTabIndent, Short: "invalid YAML", Severity: SeverityError, Drops: true, Summary: "a tab is used as indentation",
		Doc:     "YAML forbids tabs as indentation (\"Tabs are not allowed as indentation\"), under a key (`metadata:`), before a list item (`allowed-tools:`) or in a block of text; DSH drops the skill. The quick fix (safe) indents the line with spaces: as many per tab as the line next to it, or 2.",
		Finding: reportYAMLError},
	{Code: CodeYAMLTooComplex, Short: "frontmatter too complex", Severity: SeverityError, Summary: "the frontmatter is too large or nests too deeply for skill-ls to decode",
		Doc: "The frontmatter exceeds skill-ls's safety limits (4 MiB of YAML, nesting depth 64, 100,000 nodes after alias expansion, as in a \"billion laughs\" document). skill-ls does not decode it; a skill header never needs this.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			p.Report(fd.Span, "skill-ls did not decode this frontmatter: "+p.File.Frontmatter.Err.Message)
		}},
}

// excerpt shortens s for a message.
func excerpt(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "…"
	}
	return s
}

// reportFrontmatterMissing says why the first line is not an opener.
func reportFrontmatterMissing(p *Pass, fd skillfile.Finding) {
	f := p.File
	if f.BOM && f.Mode == skillfile.ReadNode {
		p.Report(fd.Span, dropPrefix+"the file starts with a UTF-8 byte-order mark, which this root keeps, so the first line is not exactly ---; save the file without a BOM", removeBOM(p)...)
		return
	}
	p.Report(fd.Span, dropPrefix+"it has no frontmatter: "+missingWhy(f, p.Src())+"; start the file with a line that is exactly ---, then the name: and description: lines, then a closing ---")
}

// missingWhy describes what the first line of a file without an opener is.
func missingWhy(f *skillfile.File, src []byte) string {
	line := src[f.TextStart:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	trimmed := strings.TrimRight(string(line), "\r")
	switch {
	case len(src) == 0 || strings.TrimSpace(string(src[f.TextStart:])) == "":
		return "the file is empty"
	case f.Frontmatter.State == skillfile.FrontmatterNoNewline:
		return "the file is a single line"
	case strings.TrimSpace(trimmed) == "---":
		return "the first line is --- with spaces around it"
	case trimmed == "":
		return "the file starts with a blank line"
	case strings.HasPrefix(trimmed, "---"):
		return fmt.Sprintf("the first line is %q", trimmed)
	case strings.HasPrefix(trimmed, "\uFEFF"):
		return "the file starts with a byte-order mark before ---"
	}
	return fmt.Sprintf("the first line is %q", excerpt(trimmed))
}

// reportUnclosed says why the frontmatter is never closed: what is wrong
// with the line that looks like the closing ---, when the finding is on
// one, else that no line closes it.
func reportUnclosed(p *Pass, fd skillfile.Finding) {
	if fd.Span.Len() > 0 && fd.Span == p.File.Frontmatter.NearCloseSpan {
		why, advice := nearCloseWhy(p.Text(fd.Span))
		p.Report(fd.Span, dropPrefix+"the frontmatter is never closed: "+why+", and DSH closes the frontmatter only at a line that is exactly ---; "+advice)
		return
	}
	p.Report(fd.Span, dropPrefix+"the frontmatter is never closed: add a line that is exactly --- (no indentation, no trailing spaces) after the last key")
}

// nearCloseWhy describes a line that looks like the closing --- but is not
// exactly --- (skillfile's nearDelimiter), and what to do to it.
func nearCloseWhy(line string) (why, advice string) {
	core := strings.TrimSpace(line)
	space := "spaces"
	if strings.Trim(line, " -.") != "" {
		space = "whitespace"
	}
	switch before, after := line != strings.TrimLeftFunc(line, unicode.IsSpace), line != strings.TrimRightFunc(line, unicode.IsSpace); {
	case core == "...":
		return "this line is ..., which ends a YAML document", "replace it with ---"
	case core != "---":
		return fmt.Sprintf("this line is %d dashes", len(core)), "make it exactly ---"
	case before && after:
		return "this line is --- with " + space + " around it", "remove the " + space
	case before:
		return "this line is --- indented", "remove the indentation"
	}
	return "this line is --- followed by " + space, "remove the " + space
}

// reportNotMapping says what the frontmatter is instead of a mapping.
func reportNotMapping(p *Pass, fd skillfile.Finding) {
	fm := p.File.Frontmatter
	what := "empty"
	switch fm.RootKind {
	case dshyaml.KindSeq:
		what = "a list"
	case dshyaml.KindString, dshyaml.KindInt, dshyaml.KindFloat, dshyaml.KindBool:
		what = "a single " + fm.RootKind.String()
	case dshyaml.KindNull:
		if strings.TrimSpace(p.Text(fm.YAMLSpan)) != "" {
			what = "only comments"
		}
	}
	p.Report(fd.Span, dropPrefix+"the frontmatter is "+what+"; it must be keys with values, such as name: and description:")
}

// quoteYAML returns s as a YAML single-quoted scalar.
func quoteYAML(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
