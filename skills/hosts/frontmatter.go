package hosts

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// yamlDoc is a frontmatter's YAML as skill-ls's YAML 1.2 reader (the one DSH
// uses) sees it. Every host is judged with this reader; the hosts' own
// parsers (js-yaml, serde_yaml, VS Code's) agree on the cases the profiles
// test — unquoted ": ", tabs, unclosed quotes, duplicate keys — and may
// differ on rarer ones (YAML 1.1 booleans, anchors), see docs/hosts.md.
type yamlDoc struct {
	err     *dshyaml.Error
	mapping bool
	fields  []dshyaml.Field
}

// parseYAML reads text (the lines between the --- delimiters) as YAML.
// The values are substrings of what it parses, and some hosts' splitters
// cut text out of the whole file's string: parsing a copy keeps the
// frontmatter alive in the verdicts, not the file's body.
func parseYAML(text string) yamlDoc {
	d := dshyaml.ParseString(strings.Clone(text), 0)
	return yamlDoc{err: d.Err, mapping: d.Mapping, fields: d.Fields}
}

// parseYAML parses text once per Build: the hosts mostly read the same
// frontmatter text. The result is shared, so it is never modified.
func (e *env) parseYAML(text string) yamlDoc {
	if e.opts.yaml == nil {
		return parseYAML(text)
	}
	if d, ok := e.opts.yaml.Load(text); ok {
		return d.(yamlDoc)
	}
	d := parseYAML(text)
	e.opts.yaml.Store(text, d)
	return d
}

// field returns the top-level field key, or nil.
func (d yamlDoc) field(key string) *dshyaml.Field {
	for i := range d.fields {
		if d.fields[i].Key == key {
			return &d.fields[i]
		}
	}
	return nil
}

// str returns the field's string value. present is false for a missing key
// or a null value; isString is false for a value of another type.
func (d yamlDoc) str(key string) (s string, present, isString bool) {
	f := d.field(key)
	if f == nil || f.Value.Kind == dshyaml.KindNull {
		return "", false, false
	}
	if f.Value.Kind != dshyaml.KindString {
		return f.Value.Str, true, false
	}
	return f.Value.Str, true, true
}

// scalarText returns a scalar field's value as text, coercing numbers and
// booleans to their source text (as Claude Code does since 2.1.47).
func (d yamlDoc) scalarText(key string) (string, bool) {
	f := d.field(key)
	if f == nil {
		return "", false
	}
	switch f.Value.Kind {
	case dshyaml.KindString, dshyaml.KindInt, dshyaml.KindFloat, dshyaml.KindBool:
		return f.Value.Str, true
	}
	return "", false
}

func (d yamlDoc) errText() string {
	if d.err == nil {
		return ""
	}
	return d.err.Message
}

// lineFrontmatter splits text at a first line that is exactly "---" and the
// next such line (a trailing \r is ignored), as DSH does. ok is false when
// there is no such pair.
func lineFrontmatter(text string) (yaml string, ok bool) {
	first, _, _ := strings.Cut(text, "\n")
	if strings.TrimRight(first, "\r\n") != "---" {
		return "", false
	}
	start := min(len(first)+1, len(text))
	if end := nextLineWhere(text, start, func(l string) bool { return strings.TrimRight(l, "\r\n") == "---" }); end < len(text) {
		return strings.TrimSuffix(strings.TrimSuffix(text[start:end], "\n"), "\r"), true
	}
	return "", false
}

// grayMatter finds the frontmatter as gray-matter (OpenCode's reader)
// does, as OpenCode 1.18.33 showed in the host suite: the first line
// starts with "---" but not "----" (trailing spaces allowed), it closes at
// the next line that starts with "---" ("----" too), and without such a
// line all the rest is frontmatter.
func grayMatter(text string) (yaml string, ok bool) {
	if !strings.HasPrefix(text, "---") || strings.HasPrefix(text, "----") {
		return "", false
	}
	first, _, _ := strings.Cut(text, "\n")
	start := min(len(first)+1, len(text))
	end := nextLineWhere(text, start, func(l string) bool { return strings.HasPrefix(l, "---") })
	return strings.TrimSuffix(strings.TrimSuffix(text[start:end], "\n"), "\r"), true
}

// nextLineWhere returns the offset of the first line of text from start
// (each with its line break) for which is holds, or len(text). The
// frontmatter before it is a substring of text: no copy, no line slice.
func nextLineWhere(text string, start int, is func(string) bool) int {
	for at := start; at < len(text); {
		next := len(text)
		if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
			next = at + i + 1
		}
		if is(text[at:next]) {
			return at
		}
		at = next
	}
	return len(text)
}

// frontmatterCode is the code of the diagnostics rule for a file in which a
// host finds no frontmatter: frontmatter-missing when its first line is not
// "---", frontmatter-unclosed when no later line is, else
// frontmatter-not-mapping (the block is there, but empty).
func frontmatterCode(text string) string {
	lines := strings.Split(text, "\n")
	if rustTrim(lines[0]) != "---" {
		return string(problem.FrontmatterMissing)
	}
	for _, l := range lines[1:] {
		if rustTrim(l) == "---" {
			return string(problem.FrontmatterNotMap)
		}
	}
	return string(problem.FrontmatterUnclosed)
}

// rustTrim trims Unicode White_Space as Rust's str::trim does (U+FEFF is
// not whitespace, so a byte-order mark stays).
func rustTrim(s string) string { return strings.TrimFunc(s, unicode.IsSpace) }

// codexFrontmatter mirrors extract_frontmatter in Codex's loader: the first
// line, trimmed, must be "---"; the frontmatter runs to the next line that
// trims to "---" and must hold at least one line.
func codexFrontmatter(text string) (string, bool) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 || rustTrim(lines[0]) != "---" {
		return "", false
	}
	var body []string
	for _, l := range lines[1:] {
		if rustTrim(l) == "---" {
			if len(body) == 0 {
				return "", false
			}
			return strings.Join(body, "\n"), true
		}
		body = append(body, l)
	}
	return "", false
}

// geminiFrontmatterRE is the shape Gemini CLI's skill loader matches: an
// opening "---" line, then everything up to the first newline followed by
// "---" (which need not end the line).
var geminiFrontmatterRE = regexp.MustCompile(`^---\r?\n([\s\S]*?)\r?\n---`)

// geminiFrontmatter returns the frontmatter as Gemini CLI's regular
// expression captures it.
func geminiFrontmatter(text string) (string, bool) {
	m := geminiFrontmatterRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// gooseFrontmatter mirrors Goose's parse_frontmatter: the file is split at
// every "---" (anywhere, not only on its own line); the second part, trimmed,
// is the YAML. ok is false with fewer than three parts.
func gooseFrontmatter(text string) (string, bool) {
	parts := strings.Split(text, "---")
	if len(parts) < 3 {
		return "", false
	}
	return rustTrim(parts[1]), true
}

var simpleKeyRE = regexp.MustCompile(`^\s*([^\s#'"\[{][^:]*?):[ \t]+(.*)$`)

// quoteColonValues is skill-ls's model of the retry Codex makes when the
// frontmatter is not valid YAML (loader tests at 04aa5959): every plain
// value holding ": " is quoted. Block scalars and quoted values are kept.
func quoteColonValues(yaml string) string {
	lines := strings.Split(yaml, "\n")
	for i, l := range lines {
		m := simpleKeyRE.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		value := strings.TrimRight(l[m[4]:m[5]], " \t\r")
		if value == "" || strings.ContainsAny(value[:1], `'"|>[{&*!%@`+"`") || !strings.Contains(value, ": ") {
			continue
		}
		quoted := `"` + strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`) + `"`
		lines[i] = l[:m[4]] + quoted
	}
	return strings.Join(lines, "\n")
}

// quotedKeys returns the keys whose lines quoteColonValues changes.
func quotedKeys(yaml string) []string {
	var keys []string
	for _, l := range strings.Split(yaml, "\n") {
		if q := quoteColonValues(l); q != l {
			if m := simpleKeyRE.FindStringSubmatch(l); m != nil {
				keys = append(keys, strings.TrimSpace(m[1]))
			}
		}
	}
	return keys
}

var opencodeKeyRE = regexp.MustCompile(`^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$`)

// opencodeFallback mirrors fallbackSanitization in OpenCode's
// config/markdown.ts: a top-level "key: value" whose plain value holds a
// colon becomes a block scalar. Keys with a hyphen are not matched. The
// text is copied only from the first line it changes: a frontmatter of a
// million "key:" lines costs a pass, not a million strings.
func opencodeFallback(yaml string) string {
	var b strings.Builder
	done := 0 // yaml[:done] is in b
	for start := 0; start <= len(yaml); {
		end := strings.IndexByte(yaml[start:], '\n')
		if end < 0 {
			end = len(yaml)
		} else {
			end += start
		}
		if block, ok := opencodeBlock(yaml[start:end]); ok {
			b.WriteString(yaml[done:start])
			b.WriteString(block)
			done = end
		}
		start = end + 1
	}
	if b.Len() == 0 {
		return yaml
	}
	b.WriteString(yaml[done:])
	return b.String()
}

// opencodeBlock returns the block scalar opencodeFallback puts for line l,
// or false when it keeps the line.
func opencodeBlock(l string) (string, bool) {
	colon := strings.IndexByte(l, ':')
	if colon < 0 || strings.IndexByte(l[colon+1:], ':') < 0 {
		return "", false // no value after the key's colon can hold one
	}
	t := jstext.Trim(l)
	if t == "" || strings.HasPrefix(t, "#") || (len(l) > 0 && jstext.IsSpace(rune(l[0]))) {
		return "", false
	}
	m := opencodeKeyRE.FindStringSubmatch(strings.TrimRight(l, "\r"))
	if m == nil {
		return "", false
	}
	value := jstext.Trim(m[2])
	if value == "" || value == ">" || value == "|" || strings.HasPrefix(value, `"`) || strings.HasPrefix(value, "'") || !strings.Contains(value, ":") {
		return "", false
	}
	return m[1] + ": |-\n  " + value, true
}

var (
	geminiNameLineRE = regexp.MustCompile(`^\s*name:\s*(.*)$`)
	geminiDescLineRE = regexp.MustCompile(`^\s*description:\s*(.*)$`)
	geminiContRE     = regexp.MustCompile(`^[ \t]+\S`)
)

var lineBreakRE = regexp.MustCompile(`\r?\n`)

// geminiSimpleFields mirrors parseSimpleFrontmatter in Gemini CLI's
// skillLoader.ts, the reader used when YAML parsing fails or does not give
// two strings: the last "name:" line, and the last "description:" line with
// its indented continuation lines joined by spaces.
func geminiSimpleFields(yaml string) (name, desc string, haveName, haveDesc bool) {
	lines := lineBreakRE.Split(yaml, -1)
	for i := 0; i < len(lines); i++ {
		if m := geminiNameLineRE.FindStringSubmatch(lines[i]); m != nil {
			name, haveName = jstext.Trim(m[1]), true
			continue
		}
		if m := geminiDescLineRE.FindStringSubmatch(lines[i]); m != nil {
			parts := []string{jstext.Trim(m[1])}
			for i+1 < len(lines) && geminiContRE.MatchString(lines[i+1]) {
				parts = append(parts, jstext.Trim(lines[i+1]))
				i++
			}
			var kept []string
			for _, p := range parts {
				if p != "" {
					kept = append(kept, p)
				}
			}
			desc, haveDesc = strings.Join(kept, " "), true
		}
	}
	return name, desc, haveName, haveDesc
}

// collapseSpace joins the whitespace-separated words of s with one space,
// as Codex's sanitize_single_line does.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// runes counts Unicode scalar values (Rust's chars().count()).
func runes(s string) int { return len([]rune(s)) }

// stripChomped matches a description block scalar whose header strips its
// final line break (">-", "|2-").
var stripChomped = regexp.MustCompile(`(?m)^description:[ \t]*[|>][0-9]*-`)

// jsDescription returns desc, the description string of doc (parsed from
// the frontmatter fm), as js-yaml reads it: js-yaml ends a | or > scalar
// with its line break even at the end of the text, which a frontmatter
// reader leaves without one (Gemini CLI 0.61.0 and OpenCode 1.18.33 in the
// host suite, pitfalls-agents).
func jsDescription(doc yamlDoc, fm, desc string) string {
	if f := doc.field("description"); f != nil && f.Value.Block && !strings.HasSuffix(desc, "\n") && !stripChomped.MatchString(fm) {
		return desc + "\n"
	}
	return desc
}
