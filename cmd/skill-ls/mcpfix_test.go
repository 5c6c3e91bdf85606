package main

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// projectFiles are the bytes of every file under dir, by path.
func projectFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		files[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestMCPNoWriteWithoutAllowWrite: without --allow-write, no tool call
// changes a byte of the project, not even fix asked to apply.
func TestMCPNoWriteWithoutAllowWrite(t *testing.T) {
	project, _ := mcpProject(t)
	before := projectFiles(t, project)
	cs, _ := mcpServer(t, "--cwd", project)
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"fix", map[string]any{"apply": true}},
		{"fix", nil},
		{"fix", map[string]any{"paths": []string{filepath.Join(project, ".agents/skills/broken")}, "apply": true}},
		{"check", nil},
		{"check", map[string]any{"paths": []string{"--fix"}}},
	} {
		callTool(t, cs, tc.tool, tc.args)
	}
	if after := projectFiles(t, project); !maps.Equal(before, after) {
		t.Errorf("files changed without --allow-write:\nbefore %v\nafter  %v", before, after)
	}
}

// TestMCPFixWrites: with --allow-write, fix's apply writes the safe fixes
// as check --fix does, and check then finds the skill fixed.
func TestMCPFixWrites(t *testing.T) {
	project, broken := mcpProject(t)
	cs, _ := mcpServer(t, "--cwd", project, "--allow-write")
	res, text := callTool(t, cs, "fix", map[string]any{"apply": true})
	if res.IsError {
		t.Fatalf("fix: %s", text)
	}
	var out fixOutput
	structured(t, res, &out)
	if !out.Written || !strings.Contains(out.Patch, "+description:") {
		t.Errorf("fix's result: %+v", out)
	}
	got, _ := os.ReadFile(broken)
	if want := "description: 'Use when: the user asks for a broken thing'\n"; !strings.Contains(string(got), want) {
		t.Errorf("the broken skill after fix:\n%s\nwant a line %q", got, want)
	}
	if _, text := callTool(t, cs, "check", nil); strings.Contains(text, "yaml-unquoted-colon") {
		t.Errorf("check after fix still finds the colon:\n%s", text)
	}
}
