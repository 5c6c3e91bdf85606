package evalrun

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScanCodex(t *testing.T) {
	const done = `{"type":"turn.completed","usage":{}}`
	run := func(command string, exit int) string {
		return `{"type":"item.completed","item":{"id":"item_1","type":"command_execution","command":` + quoteJSON(command) + `,"exit_code":` + string(rune('0'+exit)) + `}}`
	}
	tests := []struct {
		name, out string
		want      bool
		err       error
	}{
		{"read", run(`/bin/bash -c "cat '/tmp/x/.agents/skills/deploy/SKILL.md'"`, 0) + "\n" + done, true, nil},
		{"relative path", run(`sed -n 1,200p .agents/skills/deploy/SKILL.md`, 0) + "\n" + done, true, nil},
		{"from its folder", run(`cat deploy/SKILL.md`, 0) + "\n" + done, true, nil},
		{"after another command", run(`ls`, 0) + "\n" + run(`cat /r/deploy/SKILL.md`, 0) + "\n" + done, true, nil},
		{"another skill", run(`cat /r/re-deploy/SKILL.md`, 0) + "\n" + run(`cat /r/deploy-prod/SKILL.md`, 0) + "\n" + done, false, nil},
		{"read failed", run(`cat /r/deploy/SKILL.md`, 1) + "\n" + done, false, nil},
		{"started, never completed", `{"type":"item.started","item":{"type":"command_execution","command":"cat /r/deploy/SKILL.md","exit_code":null}}` + "\n" + done, false, nil},
		{"named in a message", `{"type":"item.completed","item":{"type":"agent_message","text":"cat /r/deploy/SKILL.md"}}` + "\n" + done, false, nil},
		{"not logged in", `{"type":"turn.failed","error":{"message":"unexpected status 401 Unauthorized: Incorrect API key provided"}}`, false, ErrNotLoggedIn},
		{"turn failed", `{"type":"turn.failed","error":{"message":"stream disconnected"}}`, false, errAny},
		{"garbage", "not json\n", false, errAny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := scanCodex([]byte(tt.out), "deploy")
			if got != tt.want {
				t.Errorf("triggered = %v, want %v", got, tt.want)
			}
			switch {
			case tt.err == nil && err != nil, tt.err != nil && err == nil:
				t.Errorf("err = %v, want %v", err, tt.err)
			case tt.err != nil && tt.err != errAny && !errors.Is(err, tt.err):
				t.Errorf("err = %v, want %v", err, tt.err)
			}
		})
	}
}

func quoteJSON(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// TestScanCodexRelease reads what Codex 0.171.0 printed (offline, against
// scripts/hosts/standin-openai.mjs): a turn that opens the skill's
// SKILL.md, one that does not, one the API refuses for its key.
func TestScanCodexRelease(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
		err  error
	}{
		{"codex-0.171.0-triggered.jsonl", true, nil},
		{"codex-0.171.0-not.jsonl", false, nil},
		{"codex-0.171.0-loggedout.jsonl", false, ErrNotLoggedIn},
	} {
		out, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := scanCodex(out, "deploy-staging")
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, %v; want %v, %v", tt.file, got, err, tt.want, tt.err)
		}
	}
}

// TestCodexArgs pins the fence of a Codex run: the query is the last
// argument, after "--", and nothing loosens the sandbox or approvals.
func TestCodexArgs(t *testing.T) {
	args := codexDriver.Args("-rf everything")
	if n := len(args); n < 2 || args[n-2] != "--" || args[n-1] != "-rf everything" {
		t.Errorf("args end %q, want -- then the query", args)
	}
	joined := strings.Join(args, " ")
	for _, want := range []string{"--sandbox read-only", `approval_policy="never"`, "allow_login_shell=false", "--disable hooks", "--disable shell_snapshot", "--ignore-rules"} {
		if !strings.Contains(joined, want) {
			t.Errorf("args lack %q: %s", want, joined)
		}
	}
	for _, bad := range []string{"dangerously", "--approve-for-me", "workspace-write", "--trust"} {
		if strings.Contains(joined, bad) {
			t.Errorf("args hold %q: %s", bad, joined)
		}
	}
}
