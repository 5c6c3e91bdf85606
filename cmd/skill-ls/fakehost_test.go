package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// fakeClaude stands in for Claude Code's claude in the eval scripts
// (testdata/script/eval-*.txtar), as `claude` on their PATH. It prints the
// stream-json of a print-mode turn (the lines scanClaude reads, in the
// shape the real release prints: scripts/hosts checks that one) and does
// what a real host would do with what it is given, so a test can show it
// was not given it:
//   - it runs the hooks of a .claude/settings.json in its working folder
//     (unless --setting-sources leaves out the project);
//   - a query "run: CMD" runs CMD through sh when its tools include Bash;
//   - it calls the Skill tool for $FAKE_CLAUDE_SKILL when the query holds
//     $FAKE_CLAUDE_TRIGGER and the skill is in .claude/skills; a query
//     holding "sometimes" triggers on every other run ($FAKE_CLAUDE_COUNT
//     counts them);
//   - with $FAKE_CLAUDE_LOGGED_OUT it answers as Claude Code does without
//     an account;
//   - a query holding "hang" never gets an answer.
//
// It appends each run's arguments and the files of its folder to
// $FAKE_CLAUDE_LOG.
func fakeClaude() {
	args, query := fakeTurn("FAKE_CLAUDE_LOG")
	if sources := flagValue(args, "--setting-sources"); sources == "" || strings.Contains(sources, "project") {
		fakeHooks()
	}
	if strings.HasPrefix(query, "run: ") && strings.Contains(","+flagValue(args, "--tools")+",", ",Bash,") {
		exec.Command("sh", "-c", strings.TrimPrefix(query, "run: ")).Run()
	}
	emit := func(v any) { b, _ := json.Marshal(v); fmt.Println(string(b)) }
	emit(map[string]any{"type": "system", "subtype": "init", "tools": strings.Split(flagValue(args, "--tools"), ",")})
	if os.Getenv("FAKE_CLAUDE_LOGGED_OUT") != "" {
		emit(map[string]any{"type": "assistant", "message": map[string]any{"content": []any{map[string]any{"type": "text", "text": "Invalid API key · Please run /login"}}}})
		emit(map[string]any{"type": "result", "subtype": "success", "is_error": true, "result": "Invalid API key · Please run /login"})
		os.Exit(1)
	}
	if fakeTriggers(query, "FAKE_CLAUDE", ".claude/skills") {
		skill := os.Getenv("FAKE_CLAUDE_SKILL")
		emit(map[string]any{"type": "assistant", "message": map[string]any{"content": []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": "Skill", "input": map[string]any{"skill": skill}}}}})
		emit(map[string]any{"type": "user", "message": map[string]any{"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "content": "Launching skill: " + skill}}}})
	}
	emit(map[string]any{"type": "assistant", "message": map[string]any{"content": []any{map[string]any{"type": "text", "text": "ok"}}}})
	emit(map[string]any{"type": "result", "subtype": "success", "is_error": false, "result": "ok"})
}

// fakeTriggers decides whether the fake model loads the skill
// $<prefix>_SKILL, found in skillDir, for query.
func fakeTriggers(query, prefix, skillDir string) bool {
	skill, word := os.Getenv(prefix+"_SKILL"), os.Getenv(prefix+"_TRIGGER")
	if skill == "" || word == "" || !strings.Contains(query, word) {
		return false
	}
	if _, err := os.Stat(filepath.Join(filepath.FromSlash(skillDir), skill, "SKILL.md")); err != nil {
		return false
	}
	if !strings.Contains(query, "sometimes") {
		return true
	}
	// The n-th run creates $FAKE_CLAUDE_COUNT.n: O_EXCL makes the count
	// exact when runs go side by side.
	n := 0
	for ; n < 1000; n++ {
		f, err := os.OpenFile(fmt.Sprintf("%s.%d", os.Getenv(prefix+"_COUNT"), n), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			break
		}
	}
	return n%2 == 0
}

// fakeHooks runs the commands of the hooks in .claude/settings.json, as
// Claude Code runs a SessionStart hook.
func fakeHooks() {
	var settings struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string }
		}
	}
	b, err := os.ReadFile(filepath.Join(".claude", "settings.json"))
	if err != nil || json.Unmarshal(b, &settings) != nil {
		return
	}
	for _, groups := range settings.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				exec.Command("sh", "-c", h.Command).Run()
			}
		}
	}
}

func flagValue(args []string, name string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// fakeLog appends the run's arguments and its folder's files to the log
// file path.
func fakeLog(path string, args []string) {
	if path == "" {
		return
	}
	var files []string
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "args: %s\nfiles: %s\n", strings.Join(args, " "), strings.Join(files, " "))
}

// fakeTurn starts a fake host's run: its arguments, the query after "--",
// each run logged to the file $logEnv names; a query holding "hang" never
// gets an answer (eval's --timeout ends it).
func fakeTurn(logEnv string) (args []string, query string) {
	args = os.Args[1:]
	if i := slices.Index(args, "--"); i >= 0 && i+1 < len(args) {
		query = args[i+1]
	}
	fakeLog(os.Getenv(logEnv), args)
	if strings.Contains(query, "hang") {
		time.Sleep(time.Minute)
	}
	return args, query
}
