package diagnostics

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about frontmatter YAML that parses, but not as it reads: DSH loads
// the skill with another value than the author sees.

// CodeYAMLMisread is the code of the misread-YAML rule.
const CodeYAMLMisread = "yaml-misread"

var yamlMisreadRules = []*Rule{
	{Code: CodeYAMLMisread, Severity: SeverityWarning, Summary: "YAML reads the frontmatter otherwise than it looks",
		Doc:  "The YAML parses, but DSH gets another value than the text shows: a value that starts with `&` (YAML reads the word as an anchor's name and drops it) or with a `!` tag YAML does not know (the word is dropped too); ` #` inside a description or name (YAML reads the rest of the line as a comment); a line indented with non-breaking spaces (U+00A0, which YAML does not count as indentation, so the line becomes a top-level key whose name starts with them); a `---` line inside a value (DSH closes the frontmatter at the first line that is exactly `---`, so the rest of the value becomes the body); a `- item` line indented under a key whose value is on the key's own line (`allowed-tools: Bash` then `  - Read`: YAML joins the line to the value, the text `Bash - Read`, where a list was meant; put every item on its own line under the key). The quick fixes quote the value (safe for `&` and `!`, unsafe for ` #`: the comment may be meant), indent with spaces (safe), indent the `---` (unsafe: the body changes), or, for `allowed-tools`, move its first tool to a `- ` line of its own (unsafe: the value becomes a list).",
		File: checkMisread},
}

// checkMisread reports the values YAML reads otherwise than they look.
func checkMisread(p *Pass) {
	if !p.fields() || !p.File.MayMisread {
		return
	}
	fm := p.File.Frontmatter
	for i, fld := range fm.Fields() {
		if strings.HasPrefix(fld.Key, "\u00a0") {
			misreadIndent(p, i)
			continue
		}
		if misreadListItem(p, fld) {
			continue
		}
		for _, e := range fld.Entries {
			misreadListItem(p, e)
		}
		if fld.Value.Kind != dshyaml.KindString {
			continue
		}
		raw := p.Text(fld.ValueSpan)
		switch {
		case strings.HasPrefix(raw, "&"), strings.HasPrefix(raw, "!") && !strings.HasPrefix(raw, "!!"):
			misreadProperty(p, fld, raw)
		case fld.Value.Plain && (fld.Key == "description" || fld.Key == "name" || fld.Key == "whenToUse"):
			misreadComment(p, fld, raw)
		}
	}
	misreadClose(p)
}

// titleMakeList is the title of the fix below (FixDocs lists it).
const titleMakeList = "Make it a list"

// misreadListItem reports a plain value followed by "- item" lines
// indented under its key, which YAML joins to the value as text
// ("allowed-tools: Bash" then "  - Read" is "Bash - Read"): the author
// meant a list. For allowed-tools, a list or one string of the tools, the
// fix (unsafe: the value changes from that string to the list) puts the
// first tool on a line of its own.
func misreadListItem(p *Pass, fld dshyaml.Field) bool {
	src := p.Src()
	at := skillfile.JoinedListItem(fld, src)
	if at < 0 {
		return false
	}
	items, indent := listLines(src, at)
	first := strings.TrimRight(p.Text(fld.ValueSpan), " \t")
	msg := fmt.Sprintf("YAML joins the indented %q to the value of %s above it, so it reads %s as the text %q, not as a list; to write a list, put every item on its own line under %s:, the first too (\"- %s\")",
		items[0], fld.Key, fld.Key, fld.Value.Str, fld.Key, first)
	var fixes []Fix
	if fld.Key == "allowed-tools" && fld.KeySpan.End < len(src) && src[fld.KeySpan.End] == ':' {
		tools := []string{first}
		for _, it := range items {
			tools = append(tools, strings.TrimSpace(strings.TrimPrefix(it, "-")))
		}
		msg += ", or write the tools in one string: allowed-tools: " + strings.Join(tools, " ")
		fix := Fix{Title: titleMakeList, Unsafe: true, Edits: []Edit{p.Edit(spans.Span{Start: fld.KeySpan.End + 1, End: fld.ValueSpan.Start}, "\n"+indent+"- ")}}
		fixes = keepParsing(p, fix)
	}
	end := at + len(items[0])
	p.Report(spans.Span{Start: at, End: end}, msg, fixes...)
	return true
}

// listLines returns the "- item" lines that start at at, each without its
// indentation, up to the first line that is not one, and the indentation
// of the first.
func listLines(src []byte, at int) (items []string, indent string) {
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	indent = string(src[start:at])
	for i := start; i < len(src); {
		end := len(src)
		if e := bytes.IndexByte(src[i:], '\n'); e >= 0 {
			end = i + e
		}
		line := strings.TrimRight(string(src[i:end]), " \t\r")
		item, ok := strings.CutPrefix(line, indent)
		if !ok || !(strings.HasPrefix(item, "- ") || item == "-") {
			break
		}
		items = append(items, item)
		i = end + 1
	}
	return items, indent
}

// misreadProperty reports a value whose first word YAML reads as an anchor
// (never aliased) or an unknown tag, and drops.
func misreadProperty(p *Pass, fld dshyaml.Field, raw string) {
	word, rest, _ := strings.Cut(raw, " ")
	rest = strings.TrimLeft(rest, " ")
	if rest == "" || strings.ContainsAny(rest[:1], `"'|>[{`) {
		return
	}
	what := "a tag (one YAML does not know)"
	if word[0] == '&' {
		if strings.Contains(p.Text(p.File.Frontmatter.YAMLSpan), "*"+word[1:]) {
			return // an anchor the YAML uses
		}
		what = "the name of an anchor"
	}
	quoted := quoteYAML(raw)
	p.Report(fld.ValueSpan, fmt.Sprintf("YAML reads %s as %s and leaves it out of the text, so %s %s as %q; put the whole value in quotes: %s", word, what, misreader(p), fld.Key, fld.Value.Str, quoted),
		quoteFix(p, fld.ValueSpan, quoted))
}

// misreader is who reads a misread value: DSH in its roots, else the
// hosts that read the file.
func misreader(p *Pass) string {
	if p.dshReads() {
		return "DSH reads"
	}
	return "its readers read"
}

// misreadComment reports " #" inside a plain description or name, where
// YAML starts a comment and the value ends.
func misreadComment(p *Pass, fld dshyaml.Field, raw string) {
	lines := p.Lines()
	line, _ := lines.LineCol(fld.ValueSpan.End)
	_, end := lines.LineSpan(line - 1)
	tail := p.Text(spans.Span{Start: fld.ValueSpan.End, End: end})
	comment := strings.TrimLeft(tail, " \t")
	if !strings.HasPrefix(comment, "#") || len(comment) == len(tail) || strings.HasPrefix(strings.TrimLeft(comment[1:], " "), skillfile.DirectivePrefix) {
		return
	}
	whole := raw + strings.TrimRight(tail, " \t")
	quoted := quoteYAML(whole)
	fix := quoteFix(p, spans.Span{Start: fld.ValueSpan.Start, End: fld.ValueSpan.Start + len(whole)}, quoted)
	fix.Unsafe, fix.Preferred = true, false // the comment may be meant
	p.Report(spans.Span{Start: fld.ValueSpan.End + len(tail) - len(comment), End: end},
		fmt.Sprintf("YAML reads \" #\" as the start of a comment, so %s %s as %q, without %q; to keep it, put the whole value in quotes: %s", misreader(p), fld.Key, fld.Value.Str, strings.TrimRight(comment, " \t"), quoted), fix)
}

// titleIndentWithSpaces is the title of the fix below (FixDocs lists it).
const titleIndentWithSpaces = "Indent with spaces"

// misreadIndent reports a top-level key whose name starts with
// non-breaking spaces: the author indented it with them.
func misreadIndent(p *Pass, i int) {
	fields := p.File.Frontmatter.Fields()
	fld := fields[i]
	name := strings.TrimLeft(fld.Key, "\u00a0")
	n := (len(fld.Key) - len(name)) / len("\u00a0")
	span := spans.Span{Start: fld.KeySpan.Start, End: fld.KeySpan.Start + len(fld.Key) - len(name)}
	above := ""
	if i > 0 && fields[i-1].Value.Kind == dshyaml.KindNull {
		above = fmt.Sprintf(" (and %s: above it as empty)", fields[i-1].Key)
	}
	msg := fmt.Sprintf("this line is indented with non-breaking spaces (U+00A0), which YAML does not count as indentation, so it reads the line as a new top-level key %q%s; indent it with spaces", fld.Key, above)
	p.Report(span, msg, Fix{Title: titleIndentWithSpaces, Preferred: true, Edits: []Edit{p.Edit(span, strings.Repeat(" ", n))}})
}

// titleIndentClose is the title of the fix below (FixDocs lists it).
const titleIndentClose = "Indent the ---"

// misreadClose reports a closing --- that cuts a value short: the body
// goes on with indented lines up to another --- line, so the author meant
// the --- inside the value.
func misreadClose(p *Pass) {
	f := p.File
	fm := f.Frontmatter
	fields := fm.Fields()
	if len(fields) == 0 {
		return
	}
	// The line right after the --- goes on indented, as a value does
	// (a body that starts with a blank line or a heading is a body).
	first := p.Text(f.BodySpan)
	if first == "" || (first[0] != ' ' && first[0] != '\t') || strings.TrimSpace(strings.SplitN(first, "\n", 2)[0]) == "" {
		return
	}
	for l := range strings.Lines(first) {
		if strings.TrimRight(l, "\r\n") == "---" {
			last := fields[len(fields)-1]
			fix := Fix{Title: titleIndentClose, Unsafe: true, Edits: []Edit{p.Edit(spans.Span{Start: fm.CloseSpan.Start, End: fm.CloseSpan.Start}, "  ")}}
			closer := "DSH closes"
			if !p.dshReads() {
				closer = "its readers close"
			}
			p.Report(fm.CloseSpan, fmt.Sprintf("this --- closes the frontmatter (%s it at the first line that is exactly ---), so the indented lines after it are the skill's body, not part of the value of %s; indent this --- under %s:, or remove it", closer, last.Key, last.Key),
				keepParsing(p, fix)...)
			return
		}
	}
}

// keepParsing returns fix when the file's frontmatter still parses to a
// mapping with it applied.
func keepParsing(p *Pass, fix Fix) []Fix {
	src, err := ApplyEdits(p.Src(), fix.Edits)
	if err != nil {
		return nil
	}
	nf := skillfile.Parse(p.File.Path, src, p.File.Mode)
	if fm := nf.Frontmatter; fm == nil || fm.State != skillfile.FrontmatterOK || fm.Err != nil || !fm.Mapping {
		return nil
	}
	return []Fix{fix}
}
