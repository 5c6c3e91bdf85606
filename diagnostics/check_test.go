package diagnostics

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// ruleCase is one row of a topic's table test: a skill file (written as
// project/.agents/skills/<folder>/SKILL.md, or at path when set) and the
// diagnostics expected on it, as "severity code line:col" (1-based, byte
// columns),
// in order. contains, when set, must appear in the first diagnostic's
// message.
type ruleCase struct {
	name     string
	folder   string // default "skill"
	path     string // relative to the project, instead of the folder
	src      string
	extra    map[string]string // more files, relative to the project
	profile  *Profile
	want     []string
	contains string
}

// runRuleCases writes each case's tree, runs every rule and compares the
// diagnostics on the case's file, keeping only the codes in codes (the
// topic's rules; nil keeps all).
func runRuleCases(t *testing.T, codes []string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			project := filepath.Join(dir, "project")
			rel := tc.path
			if rel == "" {
				folder := tc.folder
				if folder == "" {
					folder = "skill"
				}
				rel = filepath.Join(".agents", "skills", folder, "SKILL.md")
			}
			files := map[string]string{rel: tc.src}
			for k, v := range tc.extra {
				files[k] = v
			}
			for p, content := range files {
				full := filepath.Join(project, p)
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			roots := discovery.Roots(discovery.RootOptions{Cwd: project, ProjectRoot: project, DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"), Getenv: func(string) string { return "" }})
			snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			target := filepath.Join(project, rel)
			var got []string
			var first string
			for _, d := range Run(t.Context(), snap, Options{Profile: tc.profile}) {
				if d.Path != target || (codes != nil && !slices.Contains(codes, d.Code)) {
					continue
				}
				line, col := 1, 1
				if f := snap.File(target); f != nil {
					line, col = skilltest.Text(t, snap, f).LineCol(d.Span.Start)
				}
				got = append(got, fmt.Sprintf("%s %s %d:%d", d.Severity, d.Code, line, col))
				if first == "" {
					first = d.Message
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if tc.contains != "" && !strings.Contains(first, tc.contains) {
				t.Errorf("message %q does not contain %q", first, tc.contains)
			}
		})
	}
}

// skill returns a minimal valid SKILL.md with extra frontmatter lines.
func skill(name string, extra ...string) string {
	return "---\nname: " + name + "\ndescription: A test skill.\n" + strings.Join(extra, "") + "---\nBody.\n"
}
