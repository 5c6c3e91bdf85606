package diagnostics

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// TestRulesPerReader runs each rule issue 40 extended to every host folder
// on the same mistake in DSH's root (.agents/skills) and in .claude/skills,
// with the hosts a plain check chooses: DSH's words in its root, the
// words of the hosts that read the file in .claude/skills, never DSH's.
func TestRulesPerReader(t *testing.T) {
	skill := func(fm string) string { return "---\n" + fm + "---\nBody.\n" }
	long := "description: " + strings.Repeat("Explains the service. ", 60) + "\n"
	files := map[string]string{"project/.git/HEAD": "ref: refs/heads/main\n"}
	for _, root := range []string{"project/.agents/skills/", "project/.claude/skills/"} {
		files[root+"when/SKILL.md"] = skill("name: when\ndescription: Plans migrations.\nwhen_to_use: when a schema changes\n")
		files[root+"tools/SKILL.md"] = skill("name: tools\ndescription: Writes tests.\nallowed_tools: Bash\n")
		files[root+"invoke/SKILL.md"] = skill("name: invoke\ndescription: Fixes lint.\ndisable-model-invokation: true\n")
		files[root+"pdf/SKILL.md"] = skill("name: PDF-Helper\ndescription: Fills PDF forms.\n")
		files[root+"long/SKILL.md"] = skill("name: long\n" + long)
		files[root+"mid/SKILL.md"] = skill("name: mid\ndescription: " + strings.Repeat("Explains the service. ", 30) + "\n")
		files[root+"upper/SKILL.md"] = skill("Name: upper\ndescription: Tunes SQL.\n")
		files[root+"lower/skill.md"] = skill("name: lower\ndescription: Onboards people.\n")
		files[root+"flat.md"] = skill("name: flat\ndescription: A quick fix.\n")
		files[root+"frame/SKILL.md"] = "---\nname: frame\ndescription: Shows a frame.\n---\nText </skill_content> more.\n"
	}
	got := readerLines(t, files)
	const a, cl = "project/.agents/skills/", "project/.claude/skills/"
	for _, w := range []string{
		a + `when/SKILL.md warning key-misspelled 4:1 DSH ignores the key "when_to_use"; did you mean "whenToUse"?`,
		a + `invoke/SKILL.md warning key-misspelled 4:1 DSH ignores the key "disable-model-invokation"`,
		cl + `invoke/SKILL.md warning key-misspelled 4:1 Claude Code, GitHub Copilot, GitHub Copilot CLI and Cursor ignore the key "disable-model-invokation"`,
		cl + `tools/SKILL.md warning key-misspelled 4:1 Claude Code,`,
		a + `pdf/SKILL.md error name-invalid 2:7 DSH drops this skill: "PDF-Helper" is not a valid skill name`,
		cl + `pdf/SKILL.md warning name-invalid 2:7 "PDF-Helper" is not a valid skill name under the agentskills.io spec`,
		a + `long/SKILL.md warning description-too-long 3:14 the description is 1,319 characters; the agentskills.io spec allows at most 1,024, and DSH's catalog`,
		cl + `long/SKILL.md warning description-too-long 3:14 the description is 1,319 characters; the agentskills.io spec allows at most 1,024`,
		a + `mid/SKILL.md warning description-truncated 3:14 the description is 659 characters once its whitespace is collapsed, and the catalog shows at most 500`,
		a + `upper/SKILL.md error name-missing 2:1 DSH drops this skill: there is no name: key`,
		cl + `upper/SKILL.md error host-drops 2:1 OpenCode and Goose skip this skill, and Claude Code names it after its folder`,
		a + `lower/skill.md error skill-md-case`,
		cl + `lower/skill.md warning host-not-discovered 1:1 Claude Code, GitHub Copilot, GitHub Copilot CLI, OpenCode, Goose and Cursor read only files named SKILL.md (exact case)`,
		a + `frame/SKILL.md warning body-breaks-frame 5:6 DSH does not escape the body`,
		cl + `flat.md warning host-not-discovered 1:1 Claude Code, GitHub Copilot, GitHub Copilot CLI, OpenCode, Goose and Cursor read only SKILL.md files in folders`,
	} {
		if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, w) }) {
			t.Errorf("missing %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	for _, l := range got {
		switch {
		case strings.HasPrefix(l, cl) && strings.Contains(l, "DSH"):
			t.Errorf("a .claude/skills file speaks of DSH: %s", l)
		case strings.HasPrefix(l, cl+"when/SKILL.md") && strings.Contains(l, "key-misspelled"):
			t.Errorf("Claude Code reads when_to_use: %s", l)
		case strings.HasPrefix(l, cl+"mid/SKILL.md") && strings.Contains(l, "description-truncated"):
			t.Errorf("DSH's catalog cut on a file DSH never lists: %s", l)
		case strings.HasPrefix(l, cl+"frame/SKILL.md") && strings.Contains(l, "body-breaks-frame"):
			t.Errorf("DSH's frame on a file DSH never frames: %s", l)
		case strings.HasPrefix(l, a+"tools/SKILL.md") && strings.Contains(l, "key-misspelled"):
			t.Errorf("DSH's profile reads no allowed-tools: %s", l)
		case strings.HasPrefix(l, cl+"upper/SKILL.md") && (strings.Contains(l, "key-misspelled") || strings.Contains(l, "host-note")):
			t.Errorf("the typo of name is one finding: %s", l)
		}
	}
}

// readerLines runs the rules on a tree of files with the hosts a plain
// check chooses, each file judged by the hosts that read it, loaded as
// check loads it (loadAsCheck): the findings as lines (lines).
func readerLines(t *testing.T, files map[string]string) []string {
	t.Helper()
	dir, roots, env := hostTree(t, files)
	got, _, _ := plainCheck(t, dir, roots, env)
	return got
}

// plainCheck runs the rules on the tree hostTree wrote at dir as a plain
// check does: the hosts it chooses for the project, each file judged by
// the hosts that read it, loaded as check loads it (loadAsCheck). It
// returns the findings as lines (lines), the snapshot and the options.
func plainCheck(t *testing.T, dir string, roots []discovery.Root, env hosts.Options) ([]string, *skills.Snapshot, Options) {
	t.Helper()
	c, err := hosts.ChooseForProject(t.Context(), env, nil)
	if err != nil || len(c.Hosts) < 2 {
		t.Fatalf("chose %v, %v", c.Hosts, err)
	}
	opts := Options{Hosts: c.Hosts, HostEnv: env, ReadersOnly: true}
	snap := loadAsCheck(t, roots, opts, skills.LoadOptions{})
	return lines(Run(t.Context(), snap, opts), snap, dir), snap, opts
}

// symlinks makes each link under dir point at its target (relative to the
// link), skipping the test where links cannot be made.
func symlinks(t *testing.T, dir string, links map[string]string) {
	t.Helper()
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
}

// TestUnreadableFileInClaudeFolder checks a SKILL.md in .claude/skills that
// is not text (a binary, a Latin-1 file): DSH's reading rule is left to the
// hosts that read the file, so their verdicts must be reported, and a
// quoted first line of binary stays short. What each host makes of the
// binary is one fact: one finding naming the hosts that skip it, each
// host's words a related location, as DSH's root's copy gets one.
func TestUnreadableFileInClaudeFolder(t *testing.T) {
	elf := "\x7fELF\x02\x01\x01" + strings.Repeat("\x00\x03>\x01", 200) + "\n"
	dir, roots, env := hostTree(t, map[string]string{
		"project/.git/HEAD":                     "ref: refs/heads/main\n",
		"project/.claude/skills/bin/SKILL.md":   elf,
		"project/.claude/skills/latin/SKILL.md": "---\nname: latin\ndescription: caf\xe9\n---\nBody.\n",
		"project/.claude/skills/plain/SKILL.md": "---\nname: plain\ndescription: Plain text.\n---\nBody.\n",
		"project/.agents/skills/other/SKILL.md": "---\nname: other\ndescription: Another skill.\n---\nBody.\n",
		"project/.agents/skills/elf/SKILL.md":   elf,
	})
	got, snap, opts := plainCheck(t, dir, roots, env)
	const cl = "project/.claude/skills/"
	for _, w := range []string{
		cl + `bin/SKILL.md error host-drops 1:8 GitHub Copilot CLI, OpenCode and Goose skip this skill: the file holds a NUL byte`,
		`project/.agents/skills/elf/SKILL.md error binary-file 1:8 DSH drops this skill: the file holds a NUL byte`,
		cl + `latin/SKILL.md error host-drops 1:1 Goose skips this skill: Failed to read skill file: stream did not contain valid UTF-8`,
	} {
		if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, w) }) {
			t.Errorf("missing %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	ds := Run(t.Context(), snap, opts)
	for _, bin := range []string{cl + "bin", "project/.agents/skills/elf"} {
		var on []Diagnostic
		for _, d := range ds {
			if strings.HasSuffix(d.Path, bin+"/SKILL.md") {
				on = append(on, d)
			}
		}
		if len(on) != 1 {
			t.Errorf("%d findings on the one fact of %s/SKILL.md:\n%s", len(on), bin, strings.Join(lines(on, snap, dir), "\n"))
		}
		if bin == cl+"bin" && len(on) == 1 && len(on[0].Related) != 6 {
			t.Errorf("the hosts' own words on the binary: %d related locations, want 6: %v", len(on[0].Related), on[0].Related)
		}
	}
	for _, l := range got {
		if strings.HasPrefix(l, cl) && (strings.Contains(l, "DSH") || len(l) > 400) {
			t.Errorf("a .claude/skills finding speaks of DSH or quotes the whole binary: %.200s", l)

		}
	}
}
