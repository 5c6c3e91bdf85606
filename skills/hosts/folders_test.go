package hosts

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// TestChooseForProject: the hosts a plain check and the server without the
// hosts setting choose are those that read a folder of ProjectFolders
// holding a skill in scope (what check chose from before the walks could
// stop early), with DSH first; none when no such folder holds one, and
// none with DSH's default roots turned off.
func TestChooseForProject(t *testing.T) {
	tests := []struct {
		name    string
		files   []string
		scope   string // "" = everything
		noRoots bool
		want    string // names, then the folders found
	}{
		{"DSH's roots alone", []string{".agents/skills/a/SKILL.md"}, "", false, ""},
		{"claude", []string{".agents/skills/a/SKILL.md", ".claude/skills/b/SKILL.md", ".claude/skills/c/SKILL.md"}, "", false,
			"DSH, Claude Code, GitHub Copilot, GitHub Copilot CLI, OpenCode, Goose and Cursor; .claude/skills"},
		{"two folders", []string{".claude/skills/b/SKILL.md", ".gemini/skills/g/SKILL.md"}, "", false,
			"DSH, Claude Code, GitHub Copilot, GitHub Copilot CLI, Gemini CLI, OpenCode, Goose and Cursor; .claude/skills, .gemini/skills"},
		{"a PATH in one", []string{".claude/skills/b/SKILL.md", ".gemini/skills/g/SKILL.md"}, ".gemini", false,
			"DSH and Gemini CLI; .gemini/skills"},
		{"a PATH in none", []string{".claude/skills/b/SKILL.md"}, ".agents", false, ""},
		{"no default roots", []string{".claude/skills/b/SKILL.md"}, "", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			project, home := filepath.Join(dir, "p"), filepath.Join(dir, "h")
			write(t, filepath.Join(project, ".git", "HEAD"), "ref: main\n")
			for _, f := range tt.files {
				write(t, filepath.Join(project, filepath.FromSlash(f)), "---\nname: x\ndescription: y\n---\n")
			}
			inScope := func(p string) bool { return discovery.Within(p, filepath.Join(project, tt.scope)) }
			ro := discovery.RootOptions{Cwd: project, HomeDir: home, NoDefaultRoots: tt.noRoots, Getenv: func(string) string { return "" }}
			opts := Options{Cwd: project, Home: home, DSH: ro}
			c, err := ChooseForProject(t.Context(), opts, inScope)
			if err != nil {
				t.Fatal(err)
			}
			if got := said(c); got != tt.want {
				t.Errorf("ChooseForProject = %q, want %q", got, tt.want)
			}
			if !tt.noRoots {
				if old := fromFolders(t, opts, ro, inScope); said(old) != said(c) {
					t.Errorf("ChooseForProject = %q, from ProjectFolders %q", said(c), said(old))
				}
			}
		})
	}
}

// said words a Choice as the test's table does.
func said(c Choice) string {
	if len(c.Hosts) == 0 {
		return ""
	}
	return JoinNames(Names(c.Hosts)) + "; " + strings.Join(c.Found, ", ")
}

// fromFolders is the choice made from every file ProjectFolders lists.
func fromFolders(t *testing.T, opts Options, ro discovery.RootOptions, inScope func(string) bool) Choice {
	roots := discovery.Roots(ro)
	folders, err := ProjectFolders(t.Context(), opts, func(p string) bool {
		return slices.ContainsFunc(roots, func(r discovery.Root) bool { return discovery.Within(p, r.Dir) })
	})
	if err != nil {
		t.Fatal(err)
	}
	var c Choice
	for _, fo := range folders {
		if !slices.ContainsFunc(fo.Files, func(f File) bool { return inScope(f.Path) }) {
			continue
		}
		c.Found = append(c.Found, fo.Label)
		for _, h := range fo.Hosts {
			if !slices.Contains(c.Hosts, h) {
				c.Hosts = append(c.Hosts, h)
			}
		}
	}
	if len(c.Hosts) == 0 {
		return Choice{}
	}
	slices.SortFunc(c.Hosts, func(a, b *Host) int { return slices.Index(All(), a) - slices.Index(All(), b) })
	c.Hosts = append([]*Host{Lookup(string(DSH))}, c.Hosts...)
	return c
}

// TestWalkStops: a walk that may stop reads no further than the file that
// stops it, so that choosing hosts in a folder of 800 skills is cheap.
func TestWalkStops(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a", "b", "c"} {
		write(t, filepath.Join(root, d, "SKILL.md"), "x")
	}
	r := rootSpec{dir: root, walk: walkSpec{maxDepth: 1}}
	if got := walkRootUntil(r, func(string) bool { return true }); len(got) != 1 {
		t.Errorf("a walk stopped at the first file found %q", got)
	}
	if got := walkRootUntil(r, func(p string) bool { return filepath.Base(filepath.Dir(p)) == "b" }); len(got) != 2 {
		t.Errorf("a walk stopped at b found %q", got)
	}
	if got := walkRoot(r); len(got) != 3 {
		t.Errorf("a whole walk found %q", got)
	}
}
