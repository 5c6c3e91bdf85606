package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

const renderHelp = `
Render prints, byte for byte, the text the DeepSeek Harness gives the model
for the skills discovered from --cwd. Nothing is added: there is no trailing
newline unless the text has one.

  catalog [--max-description N] [--replacement] [--v1]
      the skill catalog message: the model-invocable skills with their
      normalized, truncated and escaped descriptions (--replacement: the
      message DSH sends when the catalog changes; --v1: the wording before
      2026-08-08)
  skill NAME | skill --args JSON
      the result of the skill tool called with {"name": NAME} (or with the
      raw JSON arguments): the <skill_content> block, or DSH's error text
      (exit status 1)
  invoke TEXT...
      the <skill_content> blocks that the /name tokens of a user message
      inject, one blank line apart; each TEXT is one text block of the
      message ("-" or no TEXT: read one block from stdin)
  tui NAME [INSTRUCTIONS...]
      the user turn of the historical TUI command /skill:NAME INSTRUCTIONS
      (a notice, which never reached the model, goes to stderr with exit
      status 1)

Examples:
  skill-ls render catalog
  skill-ls render catalog --max-description 120 --replacement
  skill-ls render skill pdf
  skill-ls render invoke 'please /pdf this file'
  skill-ls render tui pdf extract the tables
`

func runRender(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := "skill-ls render catalog|skill|invoke|tui [flags] [ARG...]"
	if len(args) == 0 {
		fmt.Fprintf(stderr, "skill-ls render: missing what to render\nUsage: %s\nRun 'skill-ls render --help' for details.\n", usage)
		return exitUsage
	}
	what, rest := args[0], args[1:]
	switch what {
	case "-h", "-help", "--help", "help":
		c := newCommand("render", usage, renderHelp, stdout, stderr)
		var rf rootFlags
		rf.register(c.fs)
		c.printHelp(stdout)
		return exitOK
	case "catalog", "skill", "invoke", "tui":
	default:
		fmt.Fprintf(stderr, "skill-ls render: unknown kind %q (want catalog, skill, invoke or tui)\nRun 'skill-ls render --help' for details.\n", what)
		return exitUsage
	}
	c := newCommand("render "+what, renderUsage[what], renderHelp, stdout, stderr)
	var rf rootFlags
	rf.register(c.fs)
	var (
		maxDesc     = render.DefaultMaxLength
		replacement bool
		v1          bool
		rawArgs     string
	)
	switch what {
	case "catalog":
		c.fs.IntVar(&maxDesc, "max-description", render.DefaultMaxLength, "the description cap in UTF-16 `units` (DSH's catalogDescriptionMaxLength)")
		c.fs.BoolVar(&replacement, "replacement", false, "the replacement catalog (sent when the catalog changes; empty: the tombstone)")
		c.fs.BoolVar(&v1, "v1", false, "the catalog wording DSH used before 2026-08-08")
	case "skill":
		c.fs.StringVar(&rawArgs, "args", "", "the skill tool's arguments as a JSON `object`, instead of NAME")
	}
	// invoke and tui take free text: flags only before it.
	pos, exit, stop := c.parse(rest, what == "catalog" || what == "skill")
	if stop {
		return exit
	}
	switch what {
	case "catalog":
		if len(pos) > 0 {
			return c.usageError(fmt.Sprintf("unexpected argument %q", pos[0]))
		}
		if err := render.ValidateMaxLength(maxDesc); err != nil {
			return c.usageError("--max-description: " + err.Error())
		}
	case "skill":
		if (len(pos) == 1) == (rawArgs != "") || len(pos) > 1 {
			return c.usageError("want one skill NAME, or --args JSON")
		}
	case "tui":
		if len(pos) == 0 {
			return c.usageError("missing the skill NAME")
		}
	case "invoke":
		if len(pos) == 0 || (len(pos) == 1 && pos[0] == "-") {
			b, err := io.ReadAll(stdin)
			if err != nil {
				fmt.Fprintf(stderr, "skill-ls render invoke: reading stdin: %v\n", err)
				return exitUsage
			}
			pos = []string{string(b)}
		}
	}
	snap, err := rf.load(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls render: %v\n", err)
		return exitUsage
	}
	reg := snap.Registry
	status := exitOK
	var text string
	switch what {
	case "catalog":
		if reg.Incomplete != "" {
			fmt.Fprintf(stderr, "skill-ls render catalog: DSH publishes no catalog: %s\n", reg.Incomplete)
			return exitFound
		}
		text = render.Catalog(render.Entries(reg.Winners, maxDesc), render.CatalogOptions{Replacement: replacement, V1: v1})
	case "skill":
		callArgs := map[string]any{}
		if rawArgs != "" {
			dec := json.NewDecoder(strings.NewReader(rawArgs))
			dec.UseNumber()
			if err := dec.Decode(&callArgs); err != nil {
				return c.usageError("--args: not a JSON object: " + err.Error())
			}
		} else {
			callArgs["name"] = pos[0]
		}
		text = render.SkillTool(registryLookup(reg), callArgs)
		if strings.HasPrefix(text, "Error: ") {
			status = exitFound
		}
	case "invoke":
		text = strings.Join(render.Gesture(registryLookup(reg), pos), "\n\n")
		if text == "" {
			fmt.Fprintln(stderr, "skill-ls render invoke: no /name token names a user-invocable skill; nothing is injected")
		}
	case "tui":
		submission := "/skill:" + pos[0]
		if len(pos) > 1 {
			submission += " " + strings.Join(pos[1:], " ")
		}
		var notice string
		text, notice = render.TUI(registryLookup(reg), submission)
		if notice != "" {
			fmt.Fprintln(stderr, notice)
			status = exitFound
		}
	}
	if _, err := io.Copy(stdout, bytes.NewBufferString(text)); err != nil {
		fmt.Fprintf(stderr, "skill-ls render: %v\n", err)
		return exitUsage
	}
	return status
}

var renderUsage = map[string]string{
	"catalog": "skill-ls render catalog [--max-description N] [--replacement] [--v1] [flags]",
	"skill":   "skill-ls render skill [flags] NAME | skill-ls render skill --args JSON",
	"invoke":  "skill-ls render invoke [flags] TEXT...",
	"tui":     "skill-ls render tui [flags] NAME [INSTRUCTIONS...]",
}

// registryLookup adapts a registry to render.Lookup; a nil registry knows
// no skill.
func registryLookup(reg *skills.Registry) render.Lookup {
	if reg == nil {
		return nil
	}
	return reg
}
