package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// fakeCodex stands in for Codex's codex in the eval scripts
// (testdata/script/eval-codex*.txtar), as `codex` on their PATH. It prints
// the events of `codex exec --json` (the lines scanCodex reads, in the
// shape the real release prints: scripts/hosts checks that one) and does
// what a real host would do with what it is given, so a test can show it
// was not given it:
//   - it runs $HOME/.bash_profile through sh unless its shell snapshot
//     is disabled (the release's snapshot starts a login shell);
//   - a query "run: CMD" runs CMD through sh unless the sandbox is
//     read-only (Codex's sandbox refuses the write);
//   - it reads $FAKE_CODEX_SKILL's SKILL.md in .agents/skills with a
//     command when the query holds $FAKE_CODEX_TRIGGER; a query holding
//     "sometimes" does on every other run ($FAKE_CODEX_COUNT counts them);
//   - with $FAKE_CODEX_LOGGED_OUT it answers as Codex does when the API
//     refuses its key;
//   - a query holding "hang" never gets an answer.
//
// It appends each run's arguments and the files of its folder to
// $FAKE_CODEX_LOG.
func fakeCodex() {
	args, query := fakeTurn("FAKE_CODEX_LOG")
	if !slices.Contains(args[:max(slices.Index(args, "--"), 0)], "shell_snapshot") {
		exec.Command("sh", filepath.Join(os.Getenv("HOME"), ".bash_profile")).Run()
	}
	if strings.HasPrefix(query, "run: ") && flagValue(args, "--sandbox") != "read-only" {
		exec.Command("sh", "-c", strings.TrimPrefix(query, "run: ")).Run()
	}
	emit := func(v any) { b, _ := json.Marshal(v); fmt.Println(string(b)) }
	emit(map[string]any{"type": "thread.started", "thread_id": "fake"})
	emit(map[string]any{"type": "turn.started"})
	if os.Getenv("FAKE_CODEX_LOGGED_OUT") != "" {
		msg := "unexpected status 401 Unauthorized: Incorrect API key provided: sk-x***."
		emit(map[string]any{"type": "error", "message": msg})
		emit(map[string]any{"type": "turn.failed", "error": map[string]any{"message": msg}})
		os.Exit(1)
	}
	if fakeTriggers(query, "FAKE_CODEX", ".agents/skills") {
		file, _ := filepath.Abs(filepath.Join(".agents", "skills", os.Getenv("FAKE_CODEX_SKILL"), "SKILL.md"))
		body, err := os.ReadFile(file)
		code := 0
		if err != nil {
			code = 1
		}
		emit(map[string]any{"type": "item.completed", "item": map[string]any{"id": "item_1", "type": "command_execution", "command": fmt.Sprintf("/bin/bash -c \"cat '%s'\"", file), "aggregated_output": string(body), "exit_code": code, "status": "completed"}})
	}
	emit(map[string]any{"type": "item.completed", "item": map[string]any{"id": "item_2", "type": "agent_message", "text": "ok"}})
	emit(map[string]any{"type": "turn.completed", "usage": map[string]any{"input_tokens": 1, "output_tokens": 1}})
}
