package hosts

import (
	"fmt"
	"slices"
	"strings"
)

// ID names a host profile: "dsh", "claude", "codex", ... A versioned profile
// of an older release that behaves differently is "<id>@<version>", such as
// "codex@0.141".
type ID string

// The host profiles.
const (
	DSH         ID = "dsh"
	Claude      ID = "claude"
	Codex       ID = "codex"
	Codex0141   ID = "codex@0.141"
	Copilot     ID = "copilot"
	CopilotCLI  ID = "copilot-cli"
	Gemini      ID = "gemini"
	OpenCode    ID = "opencode"
	Goose       ID = "goose"
	Cursor      ID = "cursor"
	checkedDate    = "2026-11-30"
)

// Evidence says where a rule was read.
type Evidence string

// The kinds of evidence a profile cites.
const (
	FromSource Evidence = "source" // the host's loader source at a named commit
	FromDocs   Evidence = "docs"   // the host's documentation or changelog only
	// FromRelease is the host's release, run by the host suite
	// (scripts/hosts): what it sends its model for the suite's cases.
	FromRelease Evidence = "release"
)

// Reference is one place a profile's rules were read from.
type Reference struct {
	Evidence Evidence
	// Where is "repo path@commit" for source, or a URL for documentation.
	Where string
	// What says which rules came from there.
	What string
}

// Invocation is how a user invokes a skill by hand in the host's chat.
type Invocation struct {
	// Sigil starts a manual invocation: "/" or "$".
	Sigil string
	// Forms are the accepted spellings, e.g. "/name", "/plugin:name".
	Forms []string
	// Anywhere reports that the token may appear anywhere in a message, not
	// only at its start.
	Anywhere bool
	// Note is extra detail (argument syntax, pickers).
	Note string
}

// Host is one agent that reads skill folders, with the release its rules
// were read from.
type Host struct {
	ID ID
	// Name is the display name used in verdict messages ("Gemini CLI").
	Name string
	// Version is the release or commit the rules were read from.
	Version string
	// Release names that version in a few words for messages ("Gemini CLI
	// 0.56.0-nightly", "Codex before 0.142").
	Release string
	// Checked is the date the rules were last checked.
	Checked string
	// Refs are the sources of the rules (see docs/hosts.md).
	Refs []Reference
	// Invocation is the manual invocation syntax.
	Invocation Invocation

	profile *profile // nil for DSH, which uses the skills engine
	// model and window name the default model of the release the host
	// suite runs and its context window in tokens ("" and 0: unknown).
	model  string
	window int
}

// DefaultModel returns the default model of the host release the host
// suite runs and its context window in tokens ("" and 0 when unknown).
func (h *Host) DefaultModel() (model string, window int) { return h.model, h.window }

// Window returns the context window, in tokens, that the host's listing
// budget is a share of: requested when it is more than 0, else the window
// of the release's default model (assumed is then true), 0 when that is
// unknown too. A release always knows its model's window, so the default
// is what the host does when nobody chose a model; every caller (check,
// matrix, render, the language server) reaches the budgets through this
// one default, so one tree gets one verdict.
func (h *Host) Window(requested int) (tokens int, assumed bool) {
	if requested > 0 {
		return requested, false
	}
	return h.window, h.window > 0
}

// Renders reports whether skill-ls renders the host's listing byte for byte
// (Result.Listing): the hosts whose releases the host suite runs.
func (h *Host) Renders() bool { return h.profile != nil && h.profile.listing != nil }

// String returns the id.
func (h *Host) String() string { return string(h.ID) }

// registry is built once; Hosts are immutable values shared by callers.
var registry = []*Host{
	dshHost(),
	claudeHost(),
	codexHost(false),
	codexHost(true),
	copilotHost(),
	copilotCLIHost(),
	geminiHost(),
	opencodeHost(),
	gooseHost(),
	cursorHost(),
}

// All returns every host profile, current releases first in the order of
// the issue (dsh, claude, codex, copilot, copilot-cli, gemini, opencode, goose, cursor),
// then the versioned profiles of older releases.
func All() []*Host {
	out := make([]*Host, 0, len(registry))
	for _, h := range registry {
		if !strings.Contains(string(h.ID), "@") {
			out = append(out, h)
		}
	}
	for _, h := range registry {
		if strings.Contains(string(h.ID), "@") {
			out = append(out, h)
		}
	}
	return out
}

// Lookup returns the host with the id, or nil.
func Lookup(id string) *Host {
	for _, h := range registry {
		if string(h.ID) == id {
			return h
		}
	}
	return nil
}

// Select parses a host list: "all" (every current host, not the versioned
// profiles), or ids separated by commas. Duplicates are dropped; the order
// is kept.
func Select(list string) ([]*Host, error) {
	var out []*Host
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if part == "all" {
			for _, h := range All() {
				if !strings.Contains(string(h.ID), "@") && !slices.Contains(out, h) {
					out = append(out, h)
				}
			}
			continue
		}
		h := Lookup(part)
		if h == nil {
			return nil, fmt.Errorf("unknown host %q (want %s, or all)", part, strings.Join(ids(), ", "))
		}
		if !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no host selected")
	}
	return out, nil
}

func ids() []string {
	var out []string
	for _, h := range All() {
		out = append(out, string(h.ID))
	}
	return out
}
