package hosts

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// TestFIFONamedSKILLMD: a FIFO named SKILL.md was found by no host, so
// no host had a verdict on it. A host that finds SKILL.md by its name
// (Claude Code, Copilot) drops it under not-regular-file, read without
// blocking (the test would hang on a blocking open); Codex takes only
// the entries its folder lists as regular files (loader.rs,
// file_type().is_file()), so it finds nothing there and warns of
// nothing. Checked against the releases by hand: Claude Code 2.1.332 and
// Codex 0.171.0 start at once and list the other skills only.
func TestFIFONamedSKILLMD(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	write(t, filepath.Join(project, ".agents", "skills", "ok", "SKILL.md"), "---\nname: ok\ndescription: A skill.\n---\nBody.\n")
	for _, d := range []string{".agents", ".claude"} {
		pipe := filepath.Join(project, d, "skills", "pipe")
		if err := os.MkdirAll(pipe, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(filepath.Join(pipe, "SKILL.md"), 0o644); err != nil {
			t.Skip("no FIFOs:", err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	hs, _ := Select("claude,copilot,codex")
	m, err := Build(t.Context(), hs, Options{Cwd: project, ProjectRoot: project, Home: home, DSH: discovery.RootOptions{Cwd: project, ProjectRoot: project, DSHHome: filepath.Join(home, ".dsh"), AgentsHome: filepath.Join(home, ".agents"), Getenv: func(string) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id      ID
		rel     string
		dropped bool
	}{
		{Claude, ".claude/skills/pipe/SKILL.md", true},
		{Copilot, ".claude/skills/pipe/SKILL.md", true},
		{Copilot, ".agents/skills/pipe/SKILL.md", true},
		{Codex, ".agents/skills/pipe/SKILL.md", false},
	} {
		res := m.Results[tc.id]
		v, found := res.Verdicts[filepath.Join(project, filepath.FromSlash(tc.rel))]
		switch {
		case tc.dropped && (v.Status != Dropped || v.Code() != "not-regular-file" || v.Notes[0].Reason != "it is not a regular file (a FIFO)"):
			t.Errorf("%s on %s: %s %v, want dropped as not a regular file (a FIFO)", tc.id, tc.rel, v.Status, v.Notes)
		case !tc.dropped && (found || res.Warning != ""):
			t.Errorf("%s on %s: %s %v, warning %q; want not found, no warning", tc.id, tc.rel, v.Status, v.Notes, res.Warning)
		}
	}
}
