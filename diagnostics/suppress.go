package diagnostics

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Suppression comments (skills.Directive): an author silences one
// diagnostic, or a code in a range of lines or in the whole file, with a
// reason. CheckFile hides what they name after the file's rules ran; these
// rules then report the comments that are wrong or hide nothing.
//
// Every comment names its codes: there is no wildcard. A problem that makes
// DSH (or a selected host) drop the skill is never hidden: the comment that
// names its code is reported instead, and the drop stays an error.

// The codes of the suppression rules.
const (
	CodeSuppressionInvalid = "suppression-invalid"
	CodeSuppressionUnused  = "suppression-unused"
)

var suppressionRules = []*Rule{
	{Code: CodeSuppressionInvalid, Severity: SeverityWarning, Summary: "a suppression comment skill-ls cannot use",
		Doc:         "A suppression comment silences the codes it names: `<!-- skill-ls-disable-next-line CODE -- reason -->` in the body (or `skill-ls-disable` … `skill-ls-enable`, or `skill-ls-disable-file`), `# skill-ls-disable-next-line CODE -- reason` in the frontmatter. Several codes are separated by commas; the reason follows ` -- `; there is no wildcard. This comment names no code, names a code no rule has, is a `skill-ls-` comment of another kind, or names a code that cannot be suppressed, so it silences nothing. The codes marked **drops** (and `host-drops`) cannot be suppressed: DSH (or the host) ignores the skill whatever the comment says, so the diagnostic stays and `check` still fails; fix the value instead. The quick fix (safe: the comment hides nothing) removes such a code, or the comment. Suppression comments do not silence the suppression rules themselves (turn those off in the config file).",
		Suppression: checkSuppressionInvalid},
	{Code: CodeSuppressionUnused, Severity: SeverityWarning, Summary: "a suppression comment that hides nothing",
		Doc:         "The comment names a code that is not reported where the comment applies (the next line, its range, or the file), so it hides nothing: the problem was fixed, or the comment is on the wrong line. A code the profile or the config turns off for this file is not reported as unused, nor one whose rule could not run: while the frontmatter does not parse, a comment is judged only for the codes of the reading, body and `---` rules (the others had no keys to look at), so `check --fix` does not remove a comment that hides something once the YAML is mended. The quick fix (safe) removes the comment; `check --fix` applies it only in a round where no other fix edits the file, so a comment is judged again after the other fixes. A `skill-ls-enable` that ends no `skill-ls-disable` of its code is reported too.",
		Suppression: checkSuppressionUnused},
}

// DirectiveUse is a suppression comment of a file and what it hid.
type DirectiveUse struct {
	skillfile.Directive
	// Used reports, for each of Codes, that it hid a diagnostic (for an
	// enable comment: that it ended a disable comment of the code).
	Used []bool
	// ToLine is, for a disable comment, the line its range ends before (the
	// enable comment's line, or math.MaxInt).
	ToLine []int
	// Worst is, for each of Codes, the most severe diagnostic it hid (or,
	// in a vetting run, would have hidden); SeverityOff when none.
	Worst []Severity
}

// suppress hides the diagnostics of p that the file's suppression comments
// name (none in a vetting run), then runs the suppression rules on the
// comments.
func suppress(p *Pass) {
	dirs := p.File.Directives()
	if len(dirs) == 0 {
		return
	}
	lines := p.Lines()
	uses := coverage(lines, dirs)
	kept := p.out[:0]
	for _, d := range p.out {
		line, _ := lines.LineCol(d.Span.Start)
		hidden := false
		for i := range uses {
			for j, c := range uses[i].Codes {
				if c.Code == d.Code && covers(lines, uses[i], j, line) {
					uses[i].Used[j] = true
					if w := &uses[i].Worst[j]; *w == SeverityOff || d.Severity < *w {
						*w = d.Severity
					}
					// A drop stays: checkSuppressionInvalid reports the comment.
					// A vetting run hides nothing: the comment is part of the
					// content vetted (checkSuppressionSecurity reports it).
					hidden = hidden || (!p.opts.Vetting && !p.lookup(c.Code).Unsuppressible())
				}
			}
		}
		if !hidden {
			kept = append(kept, d)
		}
	}
	p.out = kept
	for _, r := range table().sorted {
		if r.Suppression == nil || p.grade(r) == SeverityOff {
			continue
		}
		p.rule = r
		for _, u := range uses {
			r.Suppression(p, u)
		}
	}
}

// coverage pairs the disable and enable comments of each code: a disable
// covers the lines up to the next enable of its code (or the end of the
// file), and that enable is used.
func coverage(lines *spans.LineIndex, dirs []skillfile.Directive) []DirectiveUse {
	uses := make([]DirectiveUse, len(dirs))
	type open struct{ dir, code int }
	opened := map[string][]open{}
	for i, d := range dirs {
		uses[i] = DirectiveUse{Directive: d, Used: make([]bool, len(d.Codes)), ToLine: make([]int, len(d.Codes)), Worst: make([]Severity, len(d.Codes))}
		if d.Problem != "" {
			continue
		}
		line, _ := lines.LineCol(d.Span.Start)
		for j, c := range d.Codes {
			switch d.Kind {
			case skillfile.Disable:
				uses[i].ToLine[j] = math.MaxInt
				opened[c.Code] = append(opened[c.Code], open{i, j})
			case skillfile.Enable:
				for _, o := range opened[c.Code] {
					uses[o.dir].ToLine[o.code] = line
					uses[i].Used[j] = true
				}
				opened[c.Code] = nil
			}
		}
	}
	return uses
}

// covers reports whether code j of a well-formed comment applies to line.
func covers(lines *spans.LineIndex, u DirectiveUse, j, line int) bool {
	if u.Problem != "" {
		return false
	}
	switch u.Kind {
	case skillfile.DisableFile:
		return true
	case skillfile.DisableNextLine:
		last, _ := lines.LineCol(max(u.Span.Start, u.Span.End-1))
		return line == last+1
	case skillfile.Disable:
		from, _ := lines.LineCol(u.Span.Start)
		return line >= from && line < u.ToLine[j]
	}
	return false
}

func checkSuppressionInvalid(p *Pass, u DirectiveUse) {
	if u.Problem != "" {
		p.Report(u.Span, "this suppression comment "+u.Problem)
		return
	}
	for j, c := range u.Codes {
		if r := p.lookup(c.Code); r != nil {
			if r.Unsuppressible() && u.Kind != skillfile.Enable {
				// Safe to remove: the comment hides nothing, now or later.
				p.Report(c.Span, unsuppressible(r), removeDirective(p, u, j)...)
			}
			continue
		}
		msg := fmt.Sprintf("no rule has the code %q, so this suppression comment cannot silence it", c.Code)
		if near := closestCode(c.Code, p.rules.sorted); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		} else if len(u.Codes) > 1 || u.Reason == "" {
			msg += "; separate codes with commas and put the reason after \" -- \""
		}
		p.Report(c.Span, msg)
	}
}

func checkSuppressionUnused(p *Pass, u DirectiveUse) {
	if u.Problem != "" {
		return
	}
	for j, c := range u.Codes {
		r := p.lookup(c.Code)
		if u.Used[j] || r == nil || r.Suppression != nil || p.grade(r) == SeverityOff || (r.Unsuppressible() && u.Kind != skillfile.Enable) {
			continue
		}
		if u.Kind != skillfile.Enable && !judges(p, r) {
			continue
		}
		if u.Kind == skillfile.Enable {
			p.Report(c.Span, fmt.Sprintf("this skill-ls-enable %s ends no skill-ls-disable %s above it", c.Code, c.Code), removeDirective(p, u, j)...)
			continue
		}
		p.Report(c.Span, fmt.Sprintf("no %s is reported %s, so this suppression hides nothing; remove it", c.Code, directiveReach(u, j)), removeDirective(p, u, j)...)
	}
}

// unsuppressible says why a comment cannot silence r's code.
func unsuppressible(r *Rule) string {
	who, what := "DSH", "the value"
	if r.Code == CodeHostDrops {
		who = "a selected host"
	}
	if slices.Contains(readingRules, r) || r.Discovery != nil || r.Code == CodeFrontmatterMissing || r.Code == CodeFrontmatterUnclosed || r.Code == CodeFrontmatterNotMap {
		what = "the file"
	}
	return fmt.Sprintf("%s drops this skill whatever this comment says, so it cannot silence %s; fix %s", who, r.Code, what)
}

// judges reports whether a suppression comment naming r's code can be
// judged unused on the pass's file, because r ran and saw what it checks
// (as ruff reports an unused noqa code only for rules that ran): the
// options do not turn r off or leave it out (a quick run, a host's own
// rule), and, while the frontmatter does not parse to keys, r is one of the
// rules that do not need them (the reading rules, the body rules when the
// frontmatter is closed, the --- delimiters). The other rules had no keys
// to look at, and the YAML rules see only the parser's first error, so a
// comment naming them may hide something once the YAML is mended.
func judges(p *Pass, r *Rule) bool {
	switch {
	case !p.runs(r):
		return false
	case p.fields(), slices.Contains(readingRules, r):
		return true
	case slices.Contains(bodyRules, r):
		return p.File.Frontmatter.State == skillfile.FrontmatterOK
	}
	return r.Code == CodeFrontmatterMissing || r.Code == CodeFrontmatterUnclosed
}

// The titles of the fixes below (FixDocs lists them).
const (
	titleRemoveCode   = "Remove CODE from the suppression comment"
	titleRemoveUnused = "Remove the unused suppression comment"
)

// removeDirective is the safe fix that removes code j of a comment: the
// code alone when the comment names others, else the whole comment (its
// line too, when nothing else is on it).
func removeDirective(p *Pass, u DirectiveUse, j int) []Fix {
	if len(u.Codes) > 1 {
		c := u.Codes[j].Span
		if j+1 < len(u.Codes) {
			c.End = u.Codes[j+1].Span.Start
		} else {
			c.Start = u.Codes[j-1].Span.End
		}
		return []Fix{{Title: fixTitle(titleRemoveCode, u.Codes[j].Code), Preferred: true, Edits: []Edit{p.Edit(c, "")}}}
	}
	span := u.Span
	lines := p.Lines()
	first, _ := lines.LineCol(span.Start)
	last, _ := lines.LineCol(max(span.Start, span.End-1))
	start, _ := lines.LineSpan(first - 1)
	_, end := lines.LineSpan(last - 1)
	src := p.Src()
	if strings.TrimSpace(string(src[start:span.Start])) == "" && strings.TrimSpace(string(src[span.End:end])) == "" {
		next := end
		if next < len(src) && src[next] == '\r' {
			next++
		}
		if next < len(src) && src[next] == '\n' {
			next++
		}
		span = spans.Span{Start: start, End: next}
	}
	return []Fix{{Title: titleRemoveUnused, Preferred: true, Edits: []Edit{p.Edit(span, "")}}}
}

// SuppressionFixes returns the fixes that silence d with a suppression
// comment, each marked Suppression (an editor offers them; check --fix
// never applies them): one for the diagnostic's line, where a comment can
// go before it (a YAML comment in the frontmatter, an HTML comment in the
// body), and one for the whole file (a YAML comment after the opening ---,
// else an HTML comment at the end). Each fix is checked by parsing the
// file with it applied. Diagnostics of the suppression rules, and of files
// the snapshot does not hold, get none; nor do those of a problem that
// makes DSH or a selected host drop the skill (Rule.Unsuppressible): no
// comment hides them; nor those of a security rule, whose comment would be
// a suppression-security finding and is ignored by check --security.
func SuppressionFixes(snap *skills.Snapshot, d Diagnostic) []Fix {
	f := snap.File(d.Path)
	r := Lookup(d.Code)
	if f == nil || f.Frontmatter == nil || r == nil || r.Suppression != nil || r.Chat != nil || r.Unsuppressible() || r.Category == CategorySecurity {
		return nil
	}
	lines, err := snap.Text(f)
	if err != nil {
		return nil
	}
	var out []Fix
	if fix, ok := nextLineFix(f, lines, d); ok {
		out = append(out, fix)
	}
	if fix, ok := fileFix(f, lines, d); ok {
		out = append(out, fix)
	}
	return out
}

// titleSuppressLine is the title of the fix below (FixDocs lists it).
const titleSuppressLine = "Suppress CODE on line N"

// nextLineFix inserts a disable-next-line comment before the line of d.
func nextLineFix(f *skillfile.File, lines *spans.LineIndex, d Diagnostic) (Fix, bool) {
	fm := f.Frontmatter
	line, _ := lines.LineCol(d.Span.Start)
	if line <= 1 {
		return Fix{}, false
	}
	start, end := lines.LineSpan(line - 1)
	src := lines.Src()
	indent := src[start : start+len(src[start:end])-len(bytes.TrimLeft(src[start:end], " \t"))]
	nl := newline(f)
	var text string
	switch {
	case fm.State == skillfile.FrontmatterOK && start >= fm.YAMLSpan.Start && start < fm.YAMLSpan.End:
		if bytes.IndexByte(indent, '\t') >= 0 {
			return Fix{}, false // YAML indentation is spaces only
		}
		text = string(indent) + "# skill-ls-disable-next-line " + d.Code + nl
	case start >= f.BodySpan.Start && (fm.State == skillfile.FrontmatterOK || start > 0):
		text = string(indent) + "<!-- skill-ls-disable-next-line " + d.Code + " -->" + nl
	default:
		return Fix{}, false
	}
	fix := Fix{Title: fixTitle(titleSuppressLine, d.Code, strconv.Itoa(line)), Suppression: true,
		Edits: []Edit{{Path: f.Path, Span: spans.Span{Start: start, End: start}, NewText: text}}}
	return fix, silences(f, lines.Src(), fix, d, skillfile.DisableNextLine, line+1)
}

// titleSuppressFile is the title of the fix below (FixDocs lists it).
const titleSuppressFile = "Suppress CODE in this file"

// fileFix inserts a disable-file comment: a YAML comment right after the
// opening ---, or an HTML comment at the end of a file without a closed
// frontmatter.
func fileFix(f *skillfile.File, lines *spans.LineIndex, d Diagnostic) (Fix, bool) {
	fm := f.Frontmatter
	nl := newline(f)
	var edit Edit
	if fm.State == skillfile.FrontmatterOK {
		at := fm.YAMLSpan.Start
		edit = Edit{Path: f.Path, Span: spans.Span{Start: at, End: at}, NewText: "# skill-ls-disable-file " + d.Code + nl}
	} else {
		src := lines.Src()
		at := len(src)
		text := "<!-- skill-ls-disable-file " + d.Code + " -->" + nl
		if at > 0 && src[at-1] != '\n' {
			text = nl + text
		}
		edit = Edit{Path: f.Path, Span: spans.Span{Start: at, End: at}, NewText: text}
	}
	fix := Fix{Title: fixTitle(titleSuppressFile, d.Code), Suppression: true, Edits: []Edit{edit}}
	return fix, silences(f, lines.Src(), fix, d, skillfile.DisableFile, 0)
}

// silences reports whether applying fix to f yields a well-formed comment
// of kind naming d's code that covers line (any line for a file comment),
// and leaves what the engine finds in the file as it was (a comment line
// inside a multi-line value would end the value, or break the YAML).
func silences(f *skillfile.File, text []byte, fix Fix, d Diagnostic, kind skillfile.DirectiveKind, line int) bool {
	src, err := ApplyEdits(text, fix.Edits)
	if err != nil {
		return false
	}
	nf := skillfile.Parse(f.Path, src, f.Mode)
	if nf.Frontmatter == nil || !slices.EqualFunc(f.Findings, nf.Findings, func(a, b skillfile.Finding) bool { return a.Code == b.Code && a.Key == b.Key }) ||
		len(f.Frontmatter.Fields()) != len(nf.Frontmatter.Fields()) {
		return false
	}
	newFields := nf.Frontmatter.Fields()
	for i, fld := range f.Frontmatter.Fields() {
		if newFields[i].Key != fld.Key || newFields[i].Value.Str != fld.Value.Str {
			return false
		}
	}
	uses := coverage(nf.InMemory(), nf.Directives())
	for _, u := range uses {
		if u.Kind != kind {
			continue
		}
		for j, c := range u.Codes {
			if c.Code == d.Code && (kind == skillfile.DisableFile || covers(nf.InMemory(), u, j, line)) {
				return true
			}
		}
	}
	return false
}

// newline returns the file's line terminator.
func newline(f *skillfile.File) string {
	if f.CRLF {
		return "\r\n"
	}
	return "\n"
}
