package hosts

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// TestLinkedCopiesAreOneSkill: a bundle linked from .agents/skills and
// from .claude/skills into one shared folder is one file by two paths. A
// first-wins host still keeps one path (the verdicts are the host's), but
// the shadowed one is marked SameFile; OpenCode's duplicate note, whose
// pick changes from run to run, is marked SameFile too: the same bytes
// win either way. Two different files keep their findings. Issue
// 40.
func TestLinkedCopiesAreOneSkill(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	write(t, filepath.Join(project, "shared", "tdd", "SKILL.md"), "---\nname: tdd\ndescription: Tests first.\n---\nBody.\n")
	write(t, filepath.Join(project, ".agents", "skills", "dup", "SKILL.md"), "---\nname: dup\ndescription: One copy.\n---\nBody.\n")
	write(t, filepath.Join(project, ".claude", "skills", "dup", "SKILL.md"), "---\nname: dup\ndescription: Another copy.\n---\nBody.\n")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{".agents", ".claude"} {
		if err := os.Symlink(filepath.Join("..", "..", "shared", "tdd"), filepath.Join(project, d, "skills", "tdd")); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	hs, _ := Select("goose,copilot,opencode")
	m, err := Build(t.Context(), hs, Options{Cwd: project, ProjectRoot: project, Home: home, DSH: discovery.RootOptions{Cwd: project, ProjectRoot: project, DSHHome: filepath.Join(home, ".dsh"), AgentsHome: filepath.Join(home, ".agents"), Getenv: func(string) string { return "" }}})
	if err != nil {
		t.Fatal(err)
	}
	verdict := func(id ID, rel string) Verdict {
		return m.Results[id].Verdicts[filepath.Join(project, filepath.FromSlash(rel))]
	}
	hasDupNote := func(v Verdict) bool {
		return slices.ContainsFunc(v.Notes, func(n Note) bool { return n.Code == "skill-duplicate" && !n.SameFile })
	}
	for _, id := range []ID{Goose, Copilot} {
		if v := verdict(id, ".claude/skills/tdd/SKILL.md"); v.Status != Shadowed || !v.SameFile {
			t.Errorf("%s on the linked tdd: %s SameFile=%v, want shadowed by the same file", id, v.Status, v.SameFile)
		}
		if v := verdict(id, ".claude/skills/dup/SKILL.md"); v.Status != Shadowed || v.SameFile {
			t.Errorf("%s on the different dup: %s SameFile=%v, want shadowed by another file", id, v.Status, v.SameFile)
		}
		// The winner as the message names it is carried, not left to be
		// parsed back out of the message (diagnostics' sameWinner).
		if v := verdict(id, ".claude/skills/dup/SKILL.md"); v.WinnerLabel != ".agents/skills/dup/SKILL.md" || !strings.Contains(v.Message(), " uses "+v.WinnerLabel+" instead") {
			t.Errorf("%s on the different dup: winner label %q, message %q", id, v.WinnerLabel, v.Message())
		}
	}
	for _, rel := range []string{".agents/skills/tdd/SKILL.md", ".claude/skills/tdd/SKILL.md"} {
		if v := verdict(OpenCode, rel); hasDupNote(v) {
			t.Errorf("OpenCode on %s notes a duplicate of itself: %v", rel, v.Notes)
		}
	}
	if v := verdict(OpenCode, ".claude/skills/dup/SKILL.md"); !hasDupNote(v) {
		t.Errorf("OpenCode on the different dup: %v, want its duplicate note", v.Notes)
	}
}
