package diagnostics

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// yamlsyntax.go: a frontmatter that does not parse, said as YAML tools say
// it (what is wrong, where, and what to type), with the fix that mends it
// where one keeps what the author wrote: spaces for a tab, quotes around a
// value, a closing quote, an indented continuation line. Every fix is
// checked by parsing the file with it applied.

// reportYAMLError words the syntax error of the pass's frontmatter (the
// codes yaml-syntax, yaml-tab-indent and yaml-unquoted-colon).
func reportYAMLError(p *Pass, fd skillfile.Finding) {
	e := p.File.Frontmatter.Err
	msg, fixes := yamlErrorWords(p, e)
	p.Report(fd.Span, dropPrefix+msg, keepFixes(p, e, fixes)...)
}

// titleAddClosingQuote is the title of the fix below (FixDocs lists it).
const titleAddClosingQuote = "Add the closing quote"

// yamlErrorWords says what is wrong and offers the fixes, by cause.
func yamlErrorWords(p *Pass, e *dshyaml.Error) (string, []Fix) {
	raw := p.Text(e.ValueSpan)
	value := "the value of " + e.Key
	if e.Key == "" {
		value = "this list item"
	}
	quote := func(advice string) (string, []Fix) {
		quoted := quoteYAML(raw)
		return advice + "; put the whole value in quotes: " + quoted, []Fix{quoteFix(p, e.ValueSpan, quoted)}
	}
	switch e.Cause {
	case dshyaml.CauseTabIndent:
		where := "this line"
		if e.Key != "" {
			where = "this line under " + e.Key + ":"
		}
		return where + " is indented with a tab, and YAML allows only spaces in indentation; indent it with spaces", tabFix(p, e)
	case dshyaml.CauseUnquotedColon:
		if raw := p.Text(e.ValueSpan); strings.Contains(raw, "\n") || e.ValueSpan.Start == e.ValueSpan.End {
			return continuedColon(p, e, value)
		}
		what := `holds ": "`
		if !strings.Contains(raw, ": ") {
			what = `ends with ":"`
		}
		return quote(fmt.Sprintf("%s %s without quotes, so YAML reads it as a nested key", value, what))
	case dshyaml.CauseReservedStart:
		return quote(fmt.Sprintf("%s starts with %s, which YAML reserves: a value without quotes cannot start with it", value, e.Char))
	case dshyaml.CauseDirectiveStart:
		return quote(fmt.Sprintf("%s starts with %%, which YAML reserves for directives: a value without quotes cannot start with it", value))
	case dshyaml.CauseAlias:
		return quote(fmt.Sprintf("%s starts with *, which YAML reads as an alias (a reference to an &anchor)", value))
	case dshyaml.CauseFlowText, dshyaml.CauseFlowUnclosed:
		what, closer := "a list", "]"
		if e.Char == "{" {
			what, closer = "a mapping", "}"
		}
		tail := "and text follows the " + closer + " that closes it"
		if e.Cause == dshyaml.CauseFlowUnclosed {
			tail = "and no " + closer + " closes it"
		}
		return quote(fmt.Sprintf("%s starts with %s, which YAML reads as %s, %s", value, e.Char, what, tail))
	case dshyaml.CauseBlockHeader:
		return quote(fmt.Sprintf("%s starts with %s, which YAML reads as the start of a block of text on the lines below, so no text may follow it on this line", value, e.Char))
	case dshyaml.CauseTextAfterQuote:
		return requote(p, e, value)
	case dshyaml.CauseUnclosedQuote:
		return fmt.Sprintf("%s opens a %s quote that nothing closes; add the closing %s at the end of the value", value, e.Char, e.Char),
			[]Fix{{Title: titleAddClosingQuote + " (" + e.Char + ")", Preferred: true, Edits: []Edit{p.Edit(spans.Span{Start: e.ValueSpan.End, End: e.ValueSpan.End}, e.Char)}}}
	case dshyaml.CauseContinuation:
		return continuation(p, e)
	case dshyaml.CauseIndentedKey:
		return indentedKey(p, e)
	case dshyaml.CauseBadEscape:
		return badEscape(p, e, value)
	}
	return "the frontmatter is not valid YAML: " + yamlAdvice(e.Message), nil
}

// titleQuoteValue is the title of the fix below (FixDocs lists it).
const titleQuoteValue = "Quote the value"

// quoteFix is the safe fix that puts a value in quotes: the text stays
// what the author wrote, and DSH drops the skill without them.
func quoteFix(p *Pass, span spans.Span, quoted string) Fix {
	return Fix{Title: titleQuoteValue, Preferred: true, Edits: []Edit{p.Edit(span, quoted)}}
}

// requote words text after a closing quote: the author meant the whole
// text, so it goes in single quotes (for a value that starts and ends with
// the same quote, the text between them; a double-quoted one with
// backslash escapes is left alone).
func requote(p *Pass, e *dshyaml.Error, value string) (string, []Fix) {
	raw := p.Text(e.ValueSpan)
	text := raw
	if len(raw) >= 2 && raw[len(raw)-1] == raw[0] && !(raw[0] == '"' && strings.Contains(raw, `\`)) {
		text = raw[1 : len(raw)-1]
		if raw[0] == '\'' {
			text = strings.ReplaceAll(text, "''", "'")
		}
	}
	quoted := quoteYAML(text)
	inside := ""
	if strings.Contains(text, "'") {
		inside = ", writing '' for a ' inside them"
	}
	msg := fmt.Sprintf("%s starts with a %s quote, and text follows the quote that closes it; put the whole value in single quotes%s: %s", value, e.Char, inside, quoted)
	return msg, []Fix{quoteFix(p, e.ValueSpan, quoted)}
}

// The titles of the fixes below (FixDocs lists them).
const (
	titleSpaceAfterColon = "Add a space after the colon"
	titleIndentContinued = "Indent the continued line"
)

// continuation words a plain value continued on a line that is not
// indented: YAML reads that line as a key without ": ". Indenting it
// continues the value, unless the line starts with a key the author
// probably meant (license MIT).
func continuation(p *Pass, e *dshyaml.Error) (string, []Fix) {
	line := p.Text(e.Span)
	first, _, _ := strings.Cut(line, " ")
	if key, rest, ok := strings.Cut(first, ":"); ok && rest != "" && isKey(key) {
		at := e.Span.Start + len(key) + 1
		return fmt.Sprintf("this line has no space after the colon of %s:, so YAML reads the whole line as text, not as the key %s; put a space after the colon", key, key),
			[]Fix{{Title: titleSpaceAfterColon, Preferred: true, Edits: []Edit{p.Edit(spans.Span{Start: at, End: at}, " ")}}}
	}
	if isKey(first) {
		return fmt.Sprintf("this line has no \": \" after its key; write %s: followed by the value", first), nil
	}
	msg := fmt.Sprintf("this line continues the value of %s on a new line without indenting it, so YAML reads it as a key with no \": \"; indent it under %s:, or join it to the line above", e.Key, e.Key)
	at := e.Span.Start
	if e.Key == "" {
		return msg, nil
	}
	return msg, []Fix{{Title: titleIndentContinued, Preferred: true, Edits: []Edit{p.Edit(spans.Span{Start: at, End: at}, "  ")}}}
}

// isKey reports whether a word is a key DSH or another host reads, or a
// misspelling of one: a line that starts with it was meant as that key.
func isKey(word string) bool {
	_, known := skillfile.LookupKeyDoc(word)
	return known || misspelling(word, true) != ""
}

// The titles of the fixes below (FixDocs lists them).
const (
	titleIndentWith = "Indent with N spaces"
	titleRemoveTab  = "Remove the tab"
)

// tabFix re-indents a line indented with a tab with spaces: as deep as
// the line before it, or one level deeper when that line opens a block
// (ends with ":"); a level is the smallest indentation of the frontmatter
// (2 when none is indented).
func tabFix(p *Pass, e *dshyaml.Error) []Fix {
	fm := p.File.Frontmatter
	yaml := p.Text(fm.YAMLSpan)
	lines := strings.Split(yaml, "\n")
	unit := 0
	for _, l := range lines {
		if n := len(l) - len(strings.TrimLeft(l, " ")); n > 0 && n < len(l) && l[n] != '\t' && (unit == 0 || n < unit) {
			unit = n
		}
	}
	unit = max(unit, 2)
	width := func(ws string) int { return len(strings.ReplaceAll(ws, "\t", strings.Repeat(" ", unit))) }
	target := 0
	before := strings.Split(yaml[:e.Span.Start-fm.YAMLSpan.Start], "\n")
	for k := len(before) - 2; k >= 0; k-- {
		l := strings.TrimRight(before[k], " \r")
		if body := strings.TrimLeft(l, " \t"); body != "" && body[0] != '#' {
			target = width(l[:len(l)-len(body)])
			if strings.HasSuffix(body, ":") {
				target += unit
			}
			break
		}
	}
	title := fixTitle(titleIndentWith, strconv.Itoa(target))
	if target == 0 {
		title = titleRemoveTab
	}
	return []Fix{{Title: title, Preferred: true, Edits: []Edit{p.Edit(e.Span, strings.Repeat(" ", target))}}}
}

// keepFixes returns the fixes after which the frontmatter parses, or fails
// only after the line of e (a later mistake, for the next fix): a fix that
// leaves the mistake, or makes another before it, is not offered.
func keepFixes(p *Pass, e *dshyaml.Error, fixes []Fix) []Fix {
	var out []Fix
	for _, fix := range fixes {
		src, err := ApplyEdits(p.Src(), fix.Edits)
		if err != nil {
			continue
		}
		nf := skillfile.Parse(p.File.Path, src, p.File.Mode)
		fm := nf.Frontmatter
		if fm == nil || fm.State != skillfile.FrontmatterOK {
			continue
		}
		if fm.Err != nil && fm.Err.Line <= e.Line {
			continue
		}
		out = append(out, fix)
	}
	return out
}

// yamlAdvice says in plain words what a YAML syntax error the scan did not
// name means and what to type instead, from the parser's message.
func yamlAdvice(parserMsg string) string {
	msg := strings.ToLower(parserMsg)
	for _, a := range yamlAdvices {
		if strings.Contains(msg, a.parser) {
			return a.advice
		}
	}
	return "YAML cannot read this line; put values that hold special characters (: # [ ] { } , & * ! | > ' \" % @ `) in quotes"
}

// yamlAdvices map parser messages (yaml.v3's, lower-cased) to advice.
var yamlAdvices = []struct{ parser, advice string }{
	{"did not find expected ',' or ']'", "a [ list is never closed; close it with ], or put the whole value in quotes"},
	{"did not find expected ',' or '}'", "a { mapping is never closed; close it with }, or put the whole value in quotes"},
	{"found unexpected end of stream", "a quoted value is never closed; add the closing quote"},
	{"found unknown escape character", "a double-quoted value holds an unknown backslash escape; write \\\\ for a backslash, or use single quotes"},
	{"did not find expected hexdecimal number", "a double-quoted value holds a backslash escape (\\x, \\u or \\U) without the hex digits it needs; write \\\\ for a backslash, or use single quotes"},
	{"found invalid unicode character escape code", "a double-quoted value holds a \\u or \\U escape that names no character; write \\\\ for a backslash, or use single quotes"},
	{"unknown anchor", "a value starts with * (an alias) that names no anchor; put the value in quotes"},
	{"found undefined tag handle", "a value starts with ! (a tag) that YAML does not know; put the value in quotes"},
	{"found character that cannot start any token", "a value starts with a character YAML reserves; put the value in quotes"},
	{"could not find expected ':'", "this line has no \": \" after its key; write key: value, or indent it under the key it continues"},
	{"block sequence entries are not allowed", "a \"- \" list item is not indented under its key"},
	{"did not find expected '-' indicator", "the items of a list are not indented alike"},
	{"did not find expected key", "this line does not fit the mapping: check its indentation, or put a value that starts with a special character in quotes"},
	{"did not find expected node content", "a value is missing, or starts with a character YAML reserves; put it in quotes"},
	{"did not find expected comment or line break", "text follows a closing quote or bracket; put the whole value in quotes"},
	{"mapping values are not allowed", "this line holds \": \" where YAML expects no new key; put the value in quotes"},
	{"mapping keys are not allowed", "a ? key is not allowed here; remove the ? or quote the text"},
}

// continuedColon words ": " on a line that continues a plain value (YAML
// folds the indented lines into one value, which then holds a nested
// key): the whole value goes in quotes, all its lines.
func continuedColon(p *Pass, e *dshyaml.Error, value string) (string, []Fix) {
	line, _ := p.Lines().LineCol(e.Span.End)
	_, end := p.Lines().LineSpan(line - 1)
	what := `holds ": "`
	if strings.TrimSpace(p.Text(spans.Span{Start: e.Span.End, End: end})) == "" {
		what = `ends with ":"`
	}
	msg := fmt.Sprintf("this line continues %s (YAML joins the indented lines below a value to it), and it %s without quotes, so YAML reads a nested key; put the whole value, all its lines, in quotes", value, what)
	if e.ValueSpan.Start == e.ValueSpan.End {
		return msg, nil
	}
	return msg, []Fix{quoteFix(p, e.ValueSpan, quoteYAML(p.Text(e.ValueSpan)))}
}

// titleRemoveIndentation is the title of the fix below (FixDocs lists it).
const titleRemoveIndentation = "Remove the indentation"

// indentedKey words a key indented under a plain value: YAML reads the
// line as more text of that value. A key DSH or another host reads, or a
// word under a nested key (metadata's entries are short values, not
// sentences), was meant as a key of its own: the fix moves it back.
// Another word under a top-level key may start a sentence of the value,
// so both readings are offered.
func indentedKey(p *Pass, e *dshyaml.Error) (string, []Fix) {
	key := p.Text(e.Span)
	lines := p.Lines()
	line, _ := lines.LineCol(e.Span.Start)
	start, _ := lines.LineSpan(line - 1)
	how, title := "remove the indentation", titleRemoveIndentation
	if e.Indent > 0 {
		how, title = fmt.Sprintf("indent it as %s: is", e.Key), fixTitle(titleIndentWith, strconv.Itoa(e.Indent))
	}
	dedent := Fix{Title: title, Preferred: true, Edits: []Edit{p.Edit(spans.Span{Start: start, End: e.Span.Start}, strings.Repeat(" ", e.Indent))}}
	reads := fmt.Sprintf("this line is indented under %s:, so YAML reads it as more text of the value of %s, not as the key %s, and a value without quotes cannot hold \": \"", e.Key, e.Key, key)
	if isKey(key) || e.Indent > 0 {
		return reads + "; " + how, []Fix{dedent}
	}
	msg := fmt.Sprintf("%s; if %s is a key of its own, %s; if the line is part of the value of %s, put the whole value, all its lines, in quotes", reads, key, how, e.Key)
	dedent.Preferred, dedent.Unsafe = false, true // the line may be meant as text
	if e.ValueSpan.Start == e.ValueSpan.End {
		return msg, []Fix{dedent}
	}
	return msg, []Fix{quoteFix(p, e.ValueSpan, quoteYAML(p.Text(e.ValueSpan))), dedent}
}
