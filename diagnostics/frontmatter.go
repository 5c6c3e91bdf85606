package diagnostics

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
)

// Rules about the frontmatter block: its --- delimiters and its YAML.

// The codes of the frontmatter rules.
const (
	CodeFrontmatterMissing  = string(skills.CodeFrontmatterMissing)
	CodeFrontmatterUnclosed = string(skills.CodeFrontmatterUnclosed)
	CodeFrontmatterNotMap   = string(skills.CodeFrontmatterNotMap)
	CodeYAMLSyntax          = string(skills.CodeYAMLSyntax)
	CodeYAMLUnquotedColon   = string(skills.CodeYAMLUnquotedColon)
	CodeYAMLDuplicateKey    = string(skills.CodeYAMLDuplicateKey)
	CodeYAMLTabIndent       = string(skills.CodeYAMLTabIndent)
	CodeYAMLTooComplex      = string(skills.CodeYAMLTooComplex)
)

var frontmatterRules = []*Rule{
	{Code: CodeFrontmatterMissing, Severity: SeverityError, Drops: true, Summary: "no YAML frontmatter",
		Doc:     "A skill file must start with a line that is exactly `---`, followed by YAML and a closing `---` line. Leading blank lines, spaces after `---`, `----`, or (in the bundled root) a byte-order mark mean DSH finds no frontmatter and drops the skill with `missing YAML frontmatter`.",
		Finding: reportFrontmatterMissing},
	{Code: CodeFrontmatterUnclosed, Severity: SeverityError, Drops: true, Summary: "the frontmatter has no closing ---",
		Doc: "The opening `---` is never closed by a line that is exactly `---` (no indentation, no trailing spaces; `...` does not close it). DSH drops the skill with `missing YAML frontmatter`.",
		Finding: func(p *Pass, fd skills.Finding) {
			p.Report(fd.Span, dropPrefix+"the frontmatter is never closed by a line that is exactly --- (no indentation, no trailing spaces)")
		}},
	{Code: CodeFrontmatterNotMap, Severity: SeverityError, Drops: true, Summary: "the frontmatter is not a YAML mapping",
		Doc:     "The YAML between the delimiters is empty, only comments, a scalar or a list. DSH needs a mapping of keys to values and drops the skill with `missing YAML frontmatter`.",
		Finding: reportNotMapping},
	{Code: CodeYAMLSyntax, Severity: SeverityError, Drops: true, Summary: "the frontmatter is not valid YAML",
		Doc: "The frontmatter fails to parse as YAML 1.2; DSH drops the skill with `invalid YAML frontmatter`. The message gives the line and column.",
		Finding: func(p *Pass, fd skills.Finding) {
			e := p.File.Frontmatter.Err
			p.Report(fd.Span, dropPrefix+"invalid YAML frontmatter: "+e.Message+yamlWhere(e))
		}},
	{Code: CodeYAMLUnquotedColon, Severity: SeverityError, Drops: true, Summary: "an unquoted value holds \": \"",
		Doc: "The most common reason a skill vanishes: an unquoted value such as `description: Use when: the user asks` contains `: ` (or ends with `:`), which YAML reads as a nested mapping (\"Nested mappings are not allowed in compact mappings\"). DSH drops the skill. Quote the value or use a block scalar (`description: >-`). The quick fix quotes it.",
		Finding: func(p *Pass, fd skills.Finding) {
			quote := Fix{Title: "Quote the value", Preferred: true, Edits: []Edit{p.Edit(fd.Span, quoteYAML(p.Text(fd.Span)))}}
			p.Report(fd.Span, dropPrefix+"this unquoted value holds \": \" (or ends with \":\"), which YAML reads as a nested mapping: Nested mappings are not allowed in compact mappings"+yamlWhere(p.File.Frontmatter.Err)+"; quote the value", quote)
		}},
	{Code: CodeYAMLDuplicateKey, Severity: SeverityError, Drops: true, Summary: "a key appears twice",
		Doc: "YAML mappings must have unique keys (\"Map keys must be unique\"); DSH's parser rejects the frontmatter and drops the skill. Remove one of the two keys.",
		Finding: func(p *Pass, fd skills.Finding) {
			e := p.File.Frontmatter.Err
			d := p.Report(fd.Span, dropPrefix+fmt.Sprintf("the key %q appears twice: Map keys must be unique%s", e.Key, yamlWhere(e)))
			d.Related = []Related{{Path: p.File.Path, Span: e.FirstSpan, Message: "first " + e.Key}}
		}},
	{Code: CodeYAMLTabIndent, Severity: SeverityError, Drops: true, Summary: "a tab is used as indentation",
		Doc: "YAML forbids tabs as indentation (\"Tabs are not allowed as indentation\"); DSH drops the skill. Indent with spaces.",
		Finding: func(p *Pass, fd skills.Finding) {
			p.Report(fd.Span, dropPrefix+"Tabs are not allowed as indentation"+yamlWhere(p.File.Frontmatter.Err)+"; indent with spaces")
		}},
	{Code: CodeYAMLTooComplex, Severity: SeverityError, Summary: "the frontmatter nests or aliases too deeply",
		Doc: "The frontmatter exceeds skill-ls's safety limits (4 MiB of YAML, nesting depth 64, 100,000 nodes after alias expansion, as in a \"billion laughs\" document). skill-ls does not decode it; a skill header never needs this.",
		Finding: func(p *Pass, fd skills.Finding) {
			p.Report(fd.Span, "skill-ls did not decode this frontmatter: "+p.File.Frontmatter.Err.Message)
		}},
}

// yamlWhere places a YAML error in the frontmatter's own coordinates.
func yamlWhere(e *skills.YAMLError) string {
	return fmt.Sprintf(" (line %d, column %d of the frontmatter)", e.Line, e.Column)
}

// reportFrontmatterMissing says why the first line is not an opener.
func reportFrontmatterMissing(p *Pass, fd skills.Finding) {
	f := p.File
	if f.BOM && f.Mode == skills.ReadNode {
		p.Report(fd.Span, dropPrefix+"the file starts with a UTF-8 byte-order mark, and this root is read without stripping it, so the first line is not exactly ---", removeBOM(p)...)
		return
	}
	p.Report(fd.Span, dropPrefix+"missing YAML frontmatter: "+missingWhy(f))
}

// missingWhy describes what the first line of a file without an opener is.
func missingWhy(f *skills.File) string {
	line := f.Src[f.TextStart:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	trimmed := strings.TrimRight(string(line), "\r")
	switch {
	case len(f.Src) == 0 || strings.TrimSpace(string(f.Src[f.TextStart:])) == "":
		return "the file is empty"
	case f.Frontmatter.State == skills.FrontmatterNoNewline:
		return "the file has no line break, so it has no frontmatter"
	case strings.TrimSpace(trimmed) == "---":
		return "the first line is --- with spaces around it; it must be exactly ---"
	case trimmed == "":
		return "the file starts with a blank line; the first line must be exactly ---"
	case strings.HasPrefix(trimmed, "---"):
		return fmt.Sprintf("the first line is %q; it must be exactly ---", trimmed)
	case strings.HasPrefix(trimmed, "\uFEFF"):
		return "the file starts with a byte-order mark before ---"
	}
	return "the first line must be exactly ---"
}

// reportNotMapping says what the frontmatter is instead of a mapping.
func reportNotMapping(p *Pass, fd skills.Finding) {
	fm := p.File.Frontmatter
	what := "empty"
	switch fm.RootKind {
	case skills.KindSeq:
		what = "a list"
	case skills.KindString, skills.KindInt, skills.KindFloat, skills.KindBool:
		what = "a single " + fm.RootKind.String()
	case skills.KindNull:
		if strings.TrimSpace(p.Text(fm.YAMLSpan)) != "" {
			what = "only comments"
		}
	}
	p.Report(fd.Span, dropPrefix+"missing YAML frontmatter: the frontmatter is "+what+", not a mapping of keys such as name and description")
}

// quoteYAML returns s as a YAML single-quoted scalar.
func quoteYAML(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
