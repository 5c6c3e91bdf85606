package main

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestReadersRepository checks a repository shaped like a real one
// (testdata/readers/repo.txtar, issue 40): a plain check reports on each
// file exactly what `check PATH` reports on it, and it reports, in the
// terms of the hosts that read the file, the mistakes only other hosts
// than DSH see.
func TestReadersRepository(t *testing.T) {
	root := writeReadersRepo(t)
	t.Chdir(filepath.Join(root, "project"))
	plain, _ := checkConcise(t)
	byFile := findingsByFile(plain)

	for _, want := range []string{
		`^\.claude/skills/pdf-helper/SKILL\.md:2:7: warning: "PDF-Helper" is not a valid skill name under the agentskills\.io spec.*; Claude Code and GitHub Copilot load it under another name \[name-invalid\]$`,
		`^\.claude/skills/onboarding/skill\.md:1:1: warning: Claude Code, .* read only files named SKILL\.md \(exact case\) \[host-not-discovered\]$`,
		`^\.claude/skills/quick-fix\.md:1:1: warning: Claude Code, .* not flat <name>\.md files like quick-fix\.md \[host-not-discovered\]$`,
		`^\.claude/skills/tools/benchmark/SKILL\.md:1:1: info: Claude Code, GitHub Copilot and Cursor read only <skill>/SKILL\.md one folder deep`,
		`^\.claude/skills/test-gen/SKILL\.md:4:1: warning: Claude Code, .* ignore the key "allowed_tools"; did you mean "allowed-tools"\? \[key-misspelled\]$`,
		// One finding for one typo: the hosts that skip the skill and
		// those that name it after its folder, with the rename.
		`^\.claude/skills/sql-tuning/SKILL\.md:2:1: error: OpenCode and Goose skip this skill, and Claude Code, GitHub Copilot and GitHub Copilot CLI name it after its folder: .*rename "Name" to name \[host-drops\]$`,
		`^\.claude/skills/incident/SKILL\.md:3:14: error: .*skip this skill: the value of description holds ": " without quotes.*put the whole value in quotes`,
		// DSH reads .agents/skills: its words stay there, and name the
		// link Claude Code reads the bundle through, which keeps
		// when_to_use.
		// One file by two paths, one fact: its unquoted ": " is DSH's
		// finding, which names what the hosts reading the link do.
		`^\.agents/skills/lint-config/SKILL\.md:3:14: error: DSH drops this skill: the value of description holds ": " without quotes.*'Lints the config: YAML and TOML files\.'\. Through \.claude/skills/lint-config, .* skip it too.* \[yaml-unquoted-colon\]$`,
		`^\.agents/skills/db-migrate/SKILL\.md:4:1: warning: DSH ignores the key "when_to_use"; did you mean "whenToUse"\? Claude Code reads this file through \.claude/skills/db-migrate and reads when_to_use: add whenToUse beside it \(renaming it would take it from Claude Code\) \[key-misspelled\]$`,
	} {
		if !regexp.MustCompile("(?m)" + want).MatchString(plain) {
			t.Errorf("plain check lacks %s in:\n%s", want, plain)
		}
	}
	// A file DSH never reads gets no DSH wording; Claude Code reads
	// when_to_use, so its .claude/skills copy is not told to rename it.
	for _, line := range strings.Split(plain, "\n") {
		if strings.HasPrefix(line, ".claude/") && strings.Contains(line, "DSH") {
			t.Errorf("a .claude/skills file speaks of DSH: %s", line)
		}
	}
	// DSH's root stays DSH's: its discovery's finding alone.
	if got := byFile[".agents/skills/legacy/skill.md"]; len(got) != 1 || !strings.HasSuffix(got[0], "[skill-md-case]") {
		t.Errorf("DSH's root's skill.md got %q", got)
	}
	for _, one := range []string{"sql-tuning/SKILL.md", "pdf-helper/SKILL.md"} {
		if n := len(regexp.MustCompile(`(?m)^\.claude/skills/`+regexp.QuoteMeta(one)).FindAllString(plain, -1)); n != 1 {
			t.Errorf("%d findings on the one mistake of .claude/skills/%s:\n%s", n, one, plain)
		}
	}
	if strings.Contains(plain, "\n.claude/skills/lint-config/SKILL.md:") {
		t.Errorf("the linked bundle's one fact reported on its other path too:\n%s", plain)
	}
	if strings.Contains(plain, ".claude/skills/db-migrate/SKILL.md:4:1") {
		t.Errorf("when_to_use reported in .claude/skills, where Claude Code reads it:\n%s", plain)
	}

	// list names the readers of a file that not every host of its folder
	// reads (hosts.Folder.Readers).
	var lo, le bytes.Buffer
	run(context.Background(), []string{"list"}, strings.NewReader(""), &lo, &le)
	if !strings.Contains(lo.String(), ", benchmark (GitHub Copilot CLI, OpenCode, Goose only)\n") || strings.Contains(lo.String(), "pdf-helper (") {
		t.Errorf("list:\n%s", lo.String())
	}

	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		if filepath.IsAbs(file) {
			continue // the personal folder: not a PATH of this project
		}
		out, _ := checkConcise(t, file)
		if got, want := findingsByFile(out)[file], byFile[file]; !slices.Equal(got, want) {
			t.Errorf("check %s says\n%s\nbut a plain check says of it\n%s", file, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// writeReadersRepo writes the repository archive (project/ and home/)
// under a temporary folder, makes its symbolic links and points HOME and
// DSH's user roots at home/.
func writeReadersRepo(t *testing.T) string {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "readers", "repo.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	var tree txtar.Archive
	for _, f := range ar.Files {
		if f.Name != "symlinks" {
			tree.Files = append(tree.Files, f)
		}
	}
	skilltest.WriteArchive(t, root, &tree)
	for _, f := range ar.Files {
		if f.Name != "symlinks" {
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
			link, target, _ := strings.Cut(line, " -> ")
			if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range hostEnv {
		t.Setenv(k, "")
	}
	home := filepath.Join(root, "home")
	t.Setenv("HOME", home)
	t.Setenv("DSH_HOME", filepath.Join(home, ".dsh"))
	t.Setenv("DSH_AGENTS_HOME", filepath.Join(home, ".agents"))
	return root
}

// checkConcise runs check --format concise with args and returns its output
// and summary.
func checkConcise(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var o, e bytes.Buffer
	run(context.Background(), append([]string{"check", "--format", "concise"}, args...), strings.NewReader(""), &o, &e)
	return o.String(), e.String()
}

// findingsByFile groups concise findings by the file they are on, each
// with its related lines.
func findingsByFile(out string) map[string][]string {
	m := map[string][]string{}
	last := ""
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(line, "\t") && last != "" {
			m[last][len(m[last])-1] += "\n" + line
			continue
		}
		file, _, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		m[file] = append(m[file], line)
		last = file
	}
	return m
}
