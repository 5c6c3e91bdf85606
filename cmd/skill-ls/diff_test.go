package main

import (
	"bytes"
	"context"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// diffTree writes, under dir, a project (a git repository) whose skills
// need fixes: a bundle whose folder a fix renames, with a second file in
// it; folders named with a newline and with bytes that are not UTF-8; and a
// user skill outside the project, in dir/home/.agents/skills.
func diffTree(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		"project/.agents/skills/Bad_Name/SKILL.md":            "---\nname: bad-name\ndescription: Deploy things: fast\n---\nSee [ref](references/ref.md).\n",
		"project/.agents/skills/Bad_Name/references/ref.md":   "# Ref\n",
		"project/.agents/skills/evil\nREADME.md:1:1/SKILL.md": "---\nname: evil\ndescription: Use when: x\n---\nBody.\n",
		"project/.agents/skills/bad\xe9utf/SKILL.md":          "---\nname: latin\ndescription: Use when: y\n---\nBody.\n",
		"home/.agents/skills/old/SKILL.md":                    "---\nname: old\ndescription: Use when: z\n---\nBody.\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, filepath.Join(dir, "project"), "init", "-q")
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	path, err := exec.LookPath("git")
	if err != nil {
		t.Fatalf("git is needed to check that git apply takes check --diff: %v", err)
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// treeFiles returns the files under dir (.git left out) and their text.
func treeFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[rel] = string(b)
		}
		return nil
	})
	return files
}

// TestDiffGitApply checks that `check --diff --unsafe-fixes | git apply`
// does what `check --unsafe-fixes` does, with the real git: a file outside
// the working directory (with --unsafe-paths, which git asks for), a
// renamed folder with all its files, folder names git must quote.
func TestDiffGitApply(t *testing.T) {
	applied, fixed := t.TempDir(), t.TempDir()
	diffTree(t, applied)
	diffTree(t, fixed)
	t.Setenv("DSH_HOME", "")
	t.Setenv("DSH_BUNDLED_SKILL_DIR", "")
	runIn := func(dir string, args ...string) (string, string) {
		t.Chdir(filepath.Join(dir, "project"))
		t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
		var o, e bytes.Buffer
		run(context.Background(), args, strings.NewReader(""), &o, &e)
		return o.String(), e.String()
	}
	patch, stderr := runIn(applied, "check", "--diff", "--unsafe-fixes")
	if !strings.Contains(stderr, "git apply takes them with --unsafe-paths") {
		t.Errorf("no word about the file outside the working directory:\n%s", stderr)
	}
	checkInertOutput(t, "check --diff", strings.Join(slices.DeleteFunc(strings.Split(patch, "\n"), func(l string) bool {
		return strings.HasPrefix(l, " ") || strings.HasPrefix(l, "+") && !strings.HasPrefix(l, "+++") || strings.HasPrefix(l, "-") && !strings.HasPrefix(l, "---")
	}), "\n"))
	os.WriteFile(filepath.Join(applied, "fixes.patch"), []byte(patch), 0o644)
	git(t, filepath.Join(applied, "project"), "apply", "--unsafe-paths", "../fixes.patch")
	os.Remove(filepath.Join(applied, "fixes.patch"))
	runIn(fixed, "check", "--unsafe-fixes")
	got, want := treeFiles(t, applied), treeFiles(t, fixed)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("git apply of check --diff (+) differs from check --fix (-):\n%s\npatch:\n%s", diff, patch)
	}
	if !slices.Contains(slices.Collect(maps.Keys(got)), filepath.Join("project", ".agents", "skills", "bad-name", "references", "ref.md")) {
		t.Errorf("the renamed folder's other file did not move: %v", slices.Sorted(maps.Keys(got)))
	}
}
