package diagnostics

import (
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// dropPrefix starts the message of every diagnostic for a problem that makes
// DSH ignore the skill.
const dropPrefix = "DSH drops this skill: "

// Pass is what a rule's check sees: one skill file of a snapshot, the run's
// options, and a way to report. Checks only read it.
type Pass struct {
	// Snap is the snapshot being checked; File one of its files.
	Snap *skills.Snapshot
	File *skillfile.File
	// text is the file's bytes with their line index, read on first use
	// (Lines): most files need none, and a lean one is read once for all
	// its checks; textErr is why they could not be read.
	text    *spans.LineIndex
	textErr error
	// buf, when set, is the memory a lean file's bytes are read into,
	// which the next pass on the same worker reads into again: nothing a
	// check reports holds the bytes (Text copies them).
	buf   *[]byte
	opts  *Options
	rules ruleTable            // the rule table (a field, so that checks can look codes up)
	grade func(*Rule) Severity // the rules' grades for this file (profile, config, hosts)
	rule  *Rule
	run   *runState
	out   []Diagnostic
	// hostFound caches what the selected hosts say about the file, for the
	// host rules (hostFindings).
	hostFound *[]hostFinding
	// rawFact leaves the hosts' findings of a YAML fact unmerged (sameFact),
	// for the pass of another path of a file (linkedFactWords).
	rawFact bool
	// bundle caches the findings in the file's bundle, for the bundle
	// rules (bundleDone once looked up).
	bundle     []skillfile.BundleFinding
	bundleDone bool
}

// runs reports whether r runs on the pass's file: the run is not limited
// to another rule (runState.only), the profile and the config do not turn
// it off, and the hosts selected do not leave it to their own rules (see
// hostsSkip).
func (p *Pass) runs(r *Rule) bool {
	return (p.run.only == "" || r.Code == p.run.only) &&
		p.grade(r) != SeverityOff && !p.opts.leavesOut(r) && !p.hostsSkip(r)
}

// lookup returns the rule with the code, or nil.
func (p *Pass) lookup(code string) *Rule { return p.rules.byCode[code] }

// Report adds a diagnostic of the running rule at span of the pass's file,
// graded by the profile, and returns it so the check can add related
// locations.
func (p *Pass) Report(span spans.Span, msg string, fixes ...Fix) *Diagnostic {
	p.out = append(p.out, Diagnostic{
		Path:     p.File.Path,
		Span:     span,
		Severity: p.severity(),
		Code:     p.rule.Code,
		Message:  msg,
		Fixes:    fixes,
	})
	return &p.out[len(p.out)-1]
}

// Edit returns an edit of the pass's file.
func (p *Pass) Edit(span spans.Span, text string) Edit {
	return Edit{Path: p.File.Path, Span: span, NewText: text}
}

// Newline returns the file's line terminator.
func (p *Pass) Newline() string {
	if p.File.CRLF {
		return "\r\n"
	}
	return "\n"
}

// Lines returns the file's bytes with their line index, read on first use:
// an empty index when they cannot be read (a lean file that changed on
// disk since the snapshot; its diagnostics are then dropped, as a newer
// snapshot follows).
func (p *Pass) Lines() *spans.LineIndex {
	if p.text == nil {
		p.text, p.textErr = p.Snap.TextInto(p.File, p.buf)
		if p.textErr != nil {
			p.text = spans.NewLineIndex(nil)
		}
	}
	return p.text
}

// Src returns the file's bytes (empty when they cannot be read).
func (p *Pass) Src() []byte { return p.Lines().Src() }

// Text returns the file's bytes at span as a string ("" when the span is
// not in them).
func (p *Pass) Text(span spans.Span) string {
	src := p.Src()
	if span.Start < 0 || span.Start > span.End || span.End > len(src) {
		return ""
	}
	return string(src[span.Start:span.End])
}

// fields reports whether the frontmatter parsed to a mapping, so its keys
// can be checked.
func (p *Pass) fields() bool {
	fm := p.File.Frontmatter
	return fm != nil && fm.State == skillfile.FrontmatterOK && fm.Err == nil && fm.Mapping
}

// WorkspacePass is what a rule's Workspace check sees: the whole snapshot,
// once per Run. It reports at any path (a root directory, a skill file).
type WorkspacePass struct {
	Snap *skills.Snapshot
	rule *Rule
	run  *runState
	out  []Diagnostic
}

// Report adds a diagnostic of the running rule at span of the file (or
// directory) at path, graded by the profile.
func (p *WorkspacePass) Report(path string, span spans.Span, msg string) *Diagnostic {
	p.out = append(p.out, Diagnostic{Path: path, Span: span, Severity: p.run.opts.Grade(path, p.rule), Code: p.rule.Code, Message: msg})
	return &p.out[len(p.out)-1]
}
