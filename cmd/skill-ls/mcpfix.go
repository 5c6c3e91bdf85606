package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/mcp"
)

// fixOutput is the fix tool's structured result: the patch of the safe
// fixes (check --diff's), what check said of them, and, when they were
// written (check --fix), what it changed and the findings left.
type fixOutput struct {
	Patch    string          `json:"patch"`
	Notes    string          `json:"notes,omitempty"`
	Written  bool            `json:"written"`
	Changes  string          `json:"changes,omitempty"`
	Findings json.RawMessage `json:"findings,omitempty"`
}

// errNoWrite is the fix tool's answer to apply on a server started
// without --allow-write: nothing is written.
const errNoWrite = "nothing was written: this server was started without --allow-write (the patch is check --diff's; start the server with 'skill-ls mcp --allow-write' to let fix write)"

// fix returns the patch of the safe fixes; with apply, on a server started
// with --allow-write, it writes them through check --fix, whose guard
// keeps every write inside the skill roots and the project.
func (e *mcpEngine) fix(ctx context.Context, in fixInput) (*mcp.Result, error) {
	if in.Apply && !e.allowWrite {
		return nil, toolError("%s", errNoWrite)
	}
	d := e.call(ctx, runCheck, []string{"--diff", "--color=never"}, in.Paths, true)
	if d.status == exitUsage {
		return nil, failed(d)
	}
	out := fixOutput{Patch: d.stdout, Notes: verbMessage(d.stderr)}
	if in.Apply && out.Patch != "" {
		w := e.call(ctx, runCheck, []string{"--fix", "--format=json", "--color=never"}, in.Paths, true)
		out.Written = true
		out.Changes = verbMessage(w.stderr)
		out.Findings = json.RawMessage(strings.TrimSpace(w.stdout))
		if !json.Valid(out.Findings) {
			out.Findings = nil
		}
		if w.status == exitUsage {
			return nil, failed(w)
		}
	}
	text := out.Patch
	if text == "" {
		text = out.Notes
	}
	if out.Written {
		text = out.Changes + "\n\n" + out.Patch
	}
	return textResult(text, out), nil
}

// explainInput is the explain tool's argument.
type explainInput struct {
	Code string `json:"code" jsonschema:"a rule code, as check's findings give it (yaml-unquoted-colon, name-invalid, ...)"`
}

// explainOutput is a rule's documentation, as docs/diagnostics.md gives it.
type explainOutput struct {
	Code     string            `json:"code"`
	Summary  string            `json:"summary"`
	Doc      string            `json:"doc"`
	Drops    bool              `json:"drops"`
	Category string            `json:"category,omitempty"`
	Severity map[string]string `json:"severity"`
	Fixes    []explainFix      `json:"fixes"`
	URL      string            `json:"url"`
}

// explainFix is one quick fix of a rule and who applies it (safe: check
// --fix and the fix tool; unsafe: check --unsafe-fixes; others: editors).
type explainFix struct {
	Title string `json:"title"`
	Kind  string `json:"kind"`
}

func explainTool(_ context.Context, in explainInput) (*mcp.Result, error) {
	r := diagnostics.Lookup(in.Code)
	if r == nil {
		codes := []string{}
		for _, r := range diagnostics.Rules() {
			codes = append(codes, r.Code)
		}
		return nil, toolError("unknown rule code %q%s", in.Code, didYouMean(in.Code, codes))
	}
	out := explainOutput{Code: r.Code, Summary: r.Summary, Doc: r.Doc, Drops: r.Drops, Category: r.Category,
		Severity: map[string]string{}, Fixes: []explainFix{}}
	out.URL, _ = diagnostics.RuleURL(r.Code)
	for _, p := range diagnostics.Profiles() {
		out.Severity[p.Name] = gradeText(p.Grade(r))
	}
	for _, f := range diagnostics.FixDocs {
		if f.Code == r.Code {
			out.Fixes = append(out.Fixes, explainFix{Title: f.Title, Kind: f.Kind})
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\n%s\n", out.Code, out.Summary, out.Doc)
	for _, f := range out.Fixes {
		fmt.Fprintf(&b, "\nFix (%s): %s", f.Kind, f.Title)
	}
	fmt.Fprintf(&b, "\n\nDocumentation: %s\n", out.URL)
	return textResult(b.String(), out), nil
}

// gradeText is a profile's grade of a rule: a severity, or "off".
func gradeText(s diagnostics.Severity) string {
	if s == diagnostics.SeverityOff {
		return "off"
	}
	return s.String()
}
