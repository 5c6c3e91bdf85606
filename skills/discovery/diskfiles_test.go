package discovery

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInsideReal: where a change lands, links resolved, decides whether it
// stays in the folders chosen: a file under a linked folder that leads
// outside does not, nor one that is a link leading outside, nor a broken
// link; a rename of a link itself (RealEntry) stays where the link is; a
// folder chosen through a link holds what the link leads to.
func TestInsideReal(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	project, outside := filepath.Join(dir, "project"), filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(project, ".agents"), filepath.Join(project, "own"), filepath.Join(outside, "x")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(outside, "x", "SKILL.md"), nil, 0o644)
	os.WriteFile(filepath.Join(project, "own", "SKILL.md"), nil, 0o644)
	links := map[string]string{
		filepath.Join(project, ".agents", "skills"): outside,
		filepath.Join(project, "own", "note.md"):    filepath.Join(outside, "x", "SKILL.md"),
		filepath.Join(project, "own", "broken.md"):  filepath.Join(outside, "nowhere.md"),
		filepath.Join(project, "own", "bundle"):     filepath.Join(outside, "x"),
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	linked := filepath.Join(project, ".agents", "skills")
	tests := []struct {
		name string
		real string
		dirs []string
		want bool
	}{
		{"a file of the project", RealPath(filepath.Join(project, "own", "SKILL.md")), []string{project}, true},
		{"a file not there yet", RealPath(filepath.Join(project, "own", "new", "SKILL.md")), []string{project}, true},
		{"under a linked root", RealPath(filepath.Join(linked, "x", "SKILL.md")), []string{project}, false},
		{"a rename under a linked root", RealEntry(filepath.Join(linked, "x")), []string{project}, false},
		{"a new file under a linked root", RealPath(filepath.Join(linked, "y", "SKILL.md")), []string{project}, false},
		{"a file link leading out", RealPath(filepath.Join(project, "own", "note.md")), []string{project}, false},
		{"a broken link", RealPath(filepath.Join(project, "own", "broken.md")), []string{project}, false},
		{"a rename of a link itself", RealEntry(filepath.Join(project, "own", "bundle")), []string{project}, true},
		{"the linked root chosen", RealPath(filepath.Join(linked, "x", "SKILL.md")), []string{linked}, true},
		{"an empty folder chooses nothing", RealPath(filepath.Join(outside, "x", "SKILL.md")), []string{""}, false},
		{"a missing folder chooses nothing outside it", RealPath(filepath.Join(outside, "x", "SKILL.md")), []string{filepath.Join(dir, "gone")}, false},
	}
	for _, tt := range tests {
		if got := InsideReal(tt.real, RealPaths(tt.dirs)); got != tt.want {
			t.Errorf("%s: InsideReal(%q, %q) = %v, want %v", tt.name, tt.real, tt.dirs, got, tt.want)
		}
	}
}
