// Package evalrun runs a skill's trigger queries through a host's own CLI
// (Claude Code's claude, ...) and counts how often the host's model loads
// the skill: `skill-ls eval`. It is the only package of skill-ls that
// starts another program (TestNothingFetchedOrRun), and it starts only the
// host command its caller resolved from PATH or the command line, with the
// query as one argument, never through a shell, in a temporary folder that
// holds the skills under test and nothing else of the repository: no host
// settings, hooks, MCP configurations or instruction files.
package evalrun

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Driver is how one host is run for a query and how its output says the
// skill was loaded. Each reads what the host's release really prints.
type Driver struct {
	// ID is the --host value; Name the host's name for people.
	ID, Name string
	// Command is the executable looked up on PATH.
	Command string
	// SkillDir is the project folder the host reads skills from.
	SkillDir string
	// Args are the arguments of one run: the flags, then the query after
	// "--", so a query starting with "-" is not read as a flag.
	Args func(query string) []string
	// Scan reads the host's output of one run: whether it loaded skill,
	// and an error when the run says the host cannot answer at all (not
	// logged in).
	Scan func(out []byte, skill string) (triggered bool, err error)
}

// ErrNotLoggedIn is Scan's error when the host has no working account.
var ErrNotLoggedIn = errors.New("the host is not logged in")

// Drivers returns the hosts skill-ls eval can drive.
func Drivers() []*Driver { return []*Driver{claudeDriver, codexDriver} }

// HostIDs are the --host values skill-ls eval knows, driven or not yet.
var HostIDs = []string{"claude", "codex", "gemini", "opencode", "copilot-cli"}

// LookupDriver returns the driver of id, or an error that says why there
// is none.
func LookupDriver(id string) (*Driver, error) {
	for _, d := range Drivers() {
		if d.ID == id {
			return d, nil
		}
	}
	for _, h := range HostIDs {
		if h == id {
			return nil, fmt.Errorf("skill-ls eval cannot drive %s yet: its output has not been read from a release (hosts: %s)", id, driverIDs())
		}
	}
	return nil, fmt.Errorf("unknown host %q (want %s)", id, driverIDs())
}

func driverIDs() string {
	var ids []string
	for _, d := range Drivers() {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ", ")
}

// claudeDriver runs Claude Code in print mode with the stream of the whole
// turn (--output-format stream-json needs --verbose), its tools narrowed to
// the Skill tool (--tools: the only tool the model has; --allowedTools:
// the only one run without a permission prompt), no local settings
// (--setting-sources user,project: the project source is what makes the
// release read .claude/skills, and the run folder holds no settings file)
// and no MCP servers but those given, none (--strict-mcp-config).
var claudeDriver = &Driver{
	ID: "claude", Name: "Claude Code", Command: "claude", SkillDir: ".claude/skills",
	Args: func(query string) []string {
		return []string{"-p", "--output-format", "stream-json", "--verbose",
			"--tools", "Skill", "--allowedTools", "Skill",
			"--setting-sources", "user,project", "--strict-mcp-config",
			"--no-session-persistence", "--", query}
	},
	Scan: scanClaude,
}

// claudeEvent is the part of a stream-json line scanClaude reads
// (testdata/claude-*.jsonl are what the release prints).
type claudeEvent struct {
	Type    string `json:"type"`
	Subtype string `json:"subtype"`
	IsError bool   `json:"is_error"`
	Result  string `json:"result"`
	Message struct {
		Content []struct {
			Type      string `json:"type"`
			ID        string `json:"id"`
			Name      string `json:"name"`
			ToolUseID string `json:"tool_use_id"`
			IsError   bool   `json:"is_error"`
			Input     struct {
				Skill string `json:"skill"`
			} `json:"input"`
		} `json:"content"`
	} `json:"message"`
}

// scanClaude looks at every assistant message of the turn for a tool_use
// of the Skill tool naming skill (a plugin's skill is "plugin:skill"),
// wherever it comes in the turn: a Skill call after another tool call
// still loads the skill. A call the host answers with an error ("Unknown
// skill": the host did not list it) loaded nothing and does not count.
func scanClaude(out []byte, skill string) (bool, error) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	calls := map[string]bool{} // the Skill calls of skill, by id
	sawResult := false
	var failure string
	for sc.Scan() {
		var ev claudeEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch ev.Type {
		case "assistant":
			for _, c := range ev.Message.Content {
				if c.Type == "tool_use" && c.Name == "Skill" && (c.Input.Skill == skill || strings.HasSuffix(c.Input.Skill, ":"+skill)) {
					calls[c.ID] = true
				}
			}
		case "user":
			for _, c := range ev.Message.Content {
				if c.Type == "tool_result" && c.IsError {
					delete(calls, c.ToolUseID)
				}
			}
		case "result":
			sawResult = true
			if ev.IsError && ev.Subtype == "success" {
				failure = ev.Result
			}
		}
	}
	triggered := len(calls) > 0
	if failure != "" && !triggered {
		if notLoggedIn(failure) {
			return false, fmt.Errorf("%w: %s", ErrNotLoggedIn, oneLine(failure))
		}
		return false, errors.New(oneLine(failure))
	}
	if !sawResult && !triggered {
		return false, errors.New("the host printed no result")
	}
	return triggered, nil
}

// notLoggedIn reports whether a host's error is about its account.
func notLoggedIn(msg string) bool {
	m := strings.ToLower(msg)
	for _, w := range []string{"not logged in", "/login", "invalid api key", "authentication", "api key"} {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// oneLine cuts a host's message to its first line, at most 200 bytes.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
