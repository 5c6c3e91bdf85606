package evalrun

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// codexDriver runs Codex non-interactively with the events of the whole
// turn (exec --json). Codex 0.171.0 has no skill tool: its "## Skills"
// section gives each skill's SKILL.md path and tells the model to open
// the file, which it does with its shell tool, so that tool stays and the
// run is fenced instead: a read-only sandbox (nothing written, no
// network), approvals "never" (a command that asks to leave the sandbox
// is refused, never run), no login shell and no shell snapshot (either
// runs the user's shell profile: the release's snapshot did), no
// execpolicy rules that could allow a command outside the sandbox, no
// hooks, and the tools detection does not need switched off (web search,
// sub-agents, goals, image generation, apps, plugins). --ephemeral keeps
// no session; --skip-git-repo-check because the run folder is no
// repository.
var codexDriver = &Driver{
	ID: "codex", Name: "Codex", Command: "codex", SkillDir: ".agents/skills",
	Args: func(query string) []string {
		return []string{"exec", "--json", "--sandbox", "read-only",
			"-c", `approval_policy="never"`, "-c", "allow_login_shell=false",
			"-c", `web_search="disabled"`, "--ignore-rules",
			"--disable", "hooks", "--disable", "multi_agent", "--disable", "goals",
			"--disable", "image_generation", "--disable", "apps", "--disable", "plugins",
			"--disable", "shell_snapshot",
			"--ephemeral", "--skip-git-repo-check", "--color", "never", "--", query}
	},
	Scan: scanCodex,
}

// codexEvent is the part of an exec --json line scanCodex reads
// (testdata/codex-*.jsonl are what the release prints).
type codexEvent struct {
	Type string `json:"type"`
	Item struct {
		Type     string `json:"type"`
		Command  string `json:"command"`
		ExitCode *int   `json:"exit_code"`
	} `json:"item"`
	Error struct {
		Message string `json:"message"`
	} `json:"error"`
}

// scanCodex looks at every command the turn ran for one that names the
// skill's SKILL.md (".agents/skills/<skill>/SKILL.md", at any root) and
// succeeded: the model opened the skill, which is how Codex loads one. A
// command that failed read nothing and does not count; a command that
// asked to leave the sandbox was refused and never appears.
func scanCodex(out []byte, skill string) (bool, error) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	triggered, sawEnd := false, false
	var failure string
	for sc.Scan() {
		var ev codexEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch ev.Type {
		case "item.completed":
			it := ev.Item
			if it.Type == "command_execution" && it.ExitCode != nil && *it.ExitCode == 0 && namesSkillFile(it.Command, skill) {
				triggered = true
			}
		case "turn.completed":
			sawEnd = true
		case "turn.failed":
			sawEnd = true
			failure = ev.Error.Message
		}
	}
	if failure != "" && !triggered {
		if notLoggedIn(failure) {
			return false, fmt.Errorf("%w: %s", ErrNotLoggedIn, oneLine(failure))
		}
		return false, errors.New(oneLine(failure))
	}
	if !sawEnd && !triggered {
		return false, errors.New("the host printed no result")
	}
	return triggered, nil
}

// namesSkillFile reports whether a shell command names skill's SKILL.md:
// "<skill>/SKILL.md" after a path separator, a quote, a space or at the
// start, so that "re-deploy/SKILL.md" is not "deploy"'s.
func namesSkillFile(command, skill string) bool {
	want := skill + "/SKILL.md"
	for i := 0; ; {
		j := strings.Index(command[i:], want)
		if j < 0 {
			return false
		}
		at := i + j
		if at == 0 || strings.ContainsRune(`/'" `+"\t", rune(command[at-1])) {
			return true
		}
		i = at + 1
	}
}
