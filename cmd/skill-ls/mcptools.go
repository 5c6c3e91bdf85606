package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/mcp"
)

// mcptools.go: the MCP tools. Each runs a CLI verb (mcpEngine.call) and
// returns its output as text and, for the verbs that print JSON, as the
// structured result too, byte for byte (a path's byte that is not UTF-8
// stays \udcXX, as docs/output.md says). A bad argument is the verb's
// usage error, returned as the tool's error (isError), never the
// server's.

type (
	checkInput struct {
		Paths   []string `json:"paths,omitempty" jsonschema:"skill files or folders to check, as check's PATH arguments (relative to the server's directory); none: every skill the project's agents discover"`
		Hosts   []string `json:"hosts,omitempty" jsonschema:"the agents whose rules apply, as check --host: dsh, claude, codex, codex@0.141, copilot, gemini, opencode, goose, cursor, or all"`
		Profile string   `json:"profile,omitempty" jsonschema:"the rule profile, as check --profile: dsh (the default) or agentskills"`
		Select  []string `json:"select,omitempty" jsonschema:"run only these rule codes or categories (such as security), as check --select"`
	}
	matrixInput struct {
		Hosts []string `json:"hosts,omitempty" jsonschema:"the agents, as matrix --host (default all)"`
	}
	catalogInput struct {
		Host string `json:"host,omitempty" jsonschema:"whose listing: dsh (the default), claude, codex or gemini"`
	}
	skillInput struct {
		Name string `json:"name" jsonschema:"the skill's name (for claude, its folder's name)"`
		Host string `json:"host,omitempty" jsonschema:"whose skill tool: dsh (the default) or claude"`
	}
	fixInput struct {
		Paths []string `json:"paths,omitempty" jsonschema:"skill files or folders to fix, as check's PATH arguments; none: every skill check sees"`
		Apply bool     `json:"apply,omitempty" jsonschema:"write the fixes, as check --fix (only when the server was started with --allow-write)"`
	}
)

// mcpTools are the tools of eng.
func mcpTools(eng *mcpEngine) []*mcp.Tool {
	readOnly := &mcp.Annotations{ReadOnlyHint: true, OpenWorldHint: new(false)}
	explain := mcp.NewTool("explain", "The documentation of a rule code from check's findings: what it means, an example, how to fix it, its severity under each profile and its quick fixes.", readOnly, explainTool)
	explain.OutputSchema = mcp.SchemaFor[explainOutput]()
	return []*mcp.Tool{
		mcp.NewTool("check", "Lint skills (SKILL.md bundles, NAME.md files) as `skill-ls check --format json` does: every finding with its path, line, column, severity, code, message, related places and fixes. Exit-status errors of the CLI are this tool's errors.", readOnly, eng.check),
		mcp.NewTool("list", "The skills DSH would load here, as `skill-ls list --json`: roots, winning skills, shadowed skills, dropped files with the reason, discovery problems, and the other agents' skill folders.", readOnly, eng.list),
		mcp.NewTool("matrix", "Which agents (Claude Code, Codex, Gemini CLI, ...) load each skill and why not, with each host's listing budget, as `skill-ls matrix --json`.", readOnly, eng.matrix),
		mcp.NewTool("render_catalog", "The skill listing a host's model receives, byte for byte, as `skill-ls render catalog [--host ID]`: DSH's catalog by default, or Claude Code's, Codex's or Gemini CLI's listing.", readOnly, eng.renderCatalog),
		mcp.NewTool("render_skill", "What a host's model reads when it loads the skill NAME, as `skill-ls render skill NAME [--host claude]`.", readOnly, eng.renderSkill),
		explain,
		mcp.NewTool("fix", "The safe fixes of check (those that keep a skill's meaning) as a unified diff, as `skill-ls check --diff`. With apply, writes them as `skill-ls check --fix` when the server was started with --allow-write.",
			&mcp.Annotations{DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(false)}, eng.fix),
	}
}

// toolError is a tool's failure as the tool's result (isError) with the
// verb's own message: the agent reads it and can correct its call.
func toolError(format string, args ...any) error { return fmt.Errorf(format, args...) }

// textResult is a result of one text block and its structured form.
func textResult(text string, structured any) *mcp.Result {
	return &mcp.Result{Text: []string{text}, Structured: structured}
}

// jsonResult is a verb's JSON output as a tool's result: the text the
// verb printed, and the same bytes as the structured result.
func jsonResult(out string) (*mcp.Result, error) {
	raw := json.RawMessage(strings.TrimSpace(out))
	if !json.Valid(raw) {
		return nil, toolError("the verb printed no JSON")
	}
	return textResult(out, raw), nil
}

// failed is the tool error of a verb that stopped with status: its
// message, then what it printed.
func failed(r verbResult) error {
	msg := verbMessage(r.stderr)
	if msg == "" {
		msg = fmt.Sprintf("failed with exit status %d", r.status)
	}
	if out := strings.TrimSpace(r.stdout); out != "" {
		msg += "\n" + out
	}
	return toolError("%s", msg)
}

// checkFlags are check's flags for a tool's selection.
func (in checkInput) flags() []string {
	var out []string
	if len(in.Hosts) > 0 {
		out = append(out, "--host="+strings.Join(in.Hosts, ","))
	}
	if in.Profile != "" {
		out = append(out, "--profile="+in.Profile)
	}
	if len(in.Select) > 0 {
		out = append(out, "--select="+strings.Join(in.Select, ","))
	}
	return out
}

// checkOutput is the check tool's structured result: the findings as
// check --format json prints them, and how many of each severity.
type checkOutput struct {
	Findings json.RawMessage `json:"findings"`
	Errors   int             `json:"errors"`
	Warnings int             `json:"warnings"`
	Infos    int             `json:"infos"`
	Hints    int             `json:"hints"`
}

func (e *mcpEngine) check(ctx context.Context, in checkInput) (*mcp.Result, error) {
	own := append([]string{"--format=json", "--color=never"}, in.flags()...)
	r := e.call(ctx, runCheck, own, in.Paths, true)
	if r.status == exitUsage {
		return nil, failed(r)
	}
	out := checkOutput{Findings: json.RawMessage(strings.TrimSpace(r.stdout))}
	var sevs []struct {
		Severity string `json:"severity"`
	}
	if err := json.Unmarshal(out.Findings, &sevs); err != nil {
		return nil, toolError("check printed no findings: %v", err)
	}
	for _, s := range sevs {
		switch s.Severity {
		case "error":
			out.Errors++
		case "warning":
			out.Warnings++
		case "info":
			out.Infos++
		case "hint":
			out.Hints++
		}
	}
	res := textResult(r.stdout, out)
	if note := verbMessage(r.stderr); note != "" {
		res.Text = append(res.Text, note)
	}
	return res, nil
}

func (e *mcpEngine) list(ctx context.Context, _ struct{}) (*mcp.Result, error) {
	r := e.call(ctx, runList, []string{"--json"}, nil, false)
	if r.status != exitOK {
		return nil, failed(r)
	}
	return jsonResult(r.stdout)
}

func (e *mcpEngine) matrix(ctx context.Context, in matrixInput) (*mcp.Result, error) {
	own := []string{"--json"}
	if len(in.Hosts) > 0 {
		own = append(own, "--host="+strings.Join(in.Hosts, ","))
	}
	r := e.call(ctx, runMatrix, own, nil, false)
	if r.status != exitOK {
		return nil, failed(r)
	}
	return jsonResult(r.stdout)
}

// renderOutput is the structured result of render_catalog and
// render_skill: the text, byte for byte, and render's notes (stderr: why a
// skill is missing, what the budget cut, ...).
type renderOutput struct {
	Host  string `json:"host"`
	Text  string `json:"text"`
	Notes string `json:"notes,omitempty"`
}

// hostFlag is render's --host for a tool's host ("" for DSH, render's own).
func hostFlag(host string) []string {
	if host == "" || host == "dsh" {
		return nil
	}
	return []string{"--host=" + host}
}

// rendered is render's output as a tool's result; an empty text (no
// catalog) is said in the notes, which are then the text content.
func rendered(host string, r verbResult) (*mcp.Result, error) {
	if host == "" {
		host = "dsh"
	}
	out := renderOutput{Host: host, Text: r.stdout, Notes: verbMessage(r.stderr)}
	text := out.Text
	if text == "" {
		text = out.Notes
	}
	return textResult(text, out), nil
}

func (e *mcpEngine) renderCatalog(ctx context.Context, in catalogInput) (*mcp.Result, error) {
	r := e.call(ctx, renderVerb, append([]string{"catalog"}, hostFlag(in.Host)...), nil, false)
	if r.status != exitOK {
		return nil, failed(r)
	}
	return rendered(in.Host, r)
}

func (e *mcpEngine) renderSkill(ctx context.Context, in skillInput) (*mcp.Result, error) {
	if in.Name == "" {
		return nil, toolError("name is empty: give the name of a skill (the list tool lists them)")
	}
	r := e.call(ctx, renderVerb, append([]string{"skill"}, hostFlag(in.Host)...), []string{in.Name}, true)
	if r.status != exitOK {
		// Exit status 1 is DSH's error text for a skill it does not
		// have: the call named no skill the host loads.
		return nil, failed(r)
	}
	return rendered(in.Host, r)
}
