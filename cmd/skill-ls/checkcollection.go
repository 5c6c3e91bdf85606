package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// A PATH that is neither a skill, a bundle, a project nor a folder of
// skills is most often a downloaded collection or a repository that keeps
// its skills a few folders down (repo/skills/NAME/SKILL.md, and in dot
// folders: .claude/skills, .curated). Checked as a root, its README.md
// would be reported as a skill without frontmatter and the skills below
// never looked at. check takes the folders under it that hold bundles
// instead, and says so.

// maxCollectionDepth bounds how deep check looks for skills under a PATH
// folder; maxCollectionFolders how many folders it lists.
const (
	maxCollectionDepth   = 5
	maxCollectionFolders = 5000
)

// collectionPaths returns the PATH arguments with each folder that holds
// no skill of its own replaced by the folders at or under it that hold
// bundles, and tells w which it replaced. .git, node_modules and folders
// past the bounds are not looked in.
func collectionPaths(paths []string, w io.Writer) []string {
	var out []string
	for _, p := range paths {
		if !isDir(p) || holdsSkillFile(p) || isProjectDir(p) || holdsSkills(p) {
			out = append(out, p)
			continue
		}
		if ms := hosts.PluginManifestsIn(p); len(ms) > 0 {
			// A plugin's folder: its manifests stand for it and its
			// skills (manifestPaths).
			var shown []string
			for _, m := range ms {
				shown = append(shown, quotedRel(m))
			}
			fmt.Fprintf(w, "skill-ls check: %s is a plugin; checking its manifest and skills: %s\n", quotedRel(p), strings.Join(shown, ", "))
			out = append(out, ms...)
			continue
		}
		found := skillRootsUnder(p)
		if len(found) == 0 {
			out = append(out, p) // check reports that nothing is there
			continue
		}
		var shown []string
		for _, f := range found {
			shown = append(shown, quotedRel(f))
		}
		fmt.Fprintf(w, "skill-ls check: %s holds no skill of its own; checking the skill folders under it: %s\n", quotedRel(p), strings.Join(shown, ", "))
		out = append(out, found...)
	}
	return out
}

// isProjectDir reports whether dir holds a project's skill roots.
func isProjectDir(dir string) bool {
	return isDir(filepath.Join(dir, ".dsh", "skills")) || isDir(filepath.Join(dir, ".agents", "skills"))
}

// holdsSkills reports whether dir is a folder of skills: a bundle in it
// (a folder holding a SKILL.md in any case), or a NAME.md whose first line
// opens a frontmatter.
func holdsSkills(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir() && holdsSkillFile(p):
			return true
		case e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".md") && opensFrontmatter(p):
			return true
		}
	}
	return false
}

// opensFrontmatter reports whether the file at path opens a frontmatter
// (skillfile.OpensFrontmatter of its first line).
func opensFrontmatter(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	return skillfile.OpensFrontmatter(head[:n])
}

// skillRootsUnder returns the folders under dir that hold bundles, in
// walk order, not looking inside a bundle.
func skillRootsUnder(dir string) []string {
	var out []string
	listed := 0
	var walk func(d string, depth int)
	walk = func(d string, depth int) {
		if depth > maxCollectionDepth || listed >= maxCollectionFolders {
			return
		}
		listed++
		entries, err := os.ReadDir(d)
		if err != nil {
			return
		}
		root := false
		for _, e := range entries {
			name := e.Name()
			if !e.IsDir() || name == ".git" || name == "node_modules" {
				continue
			}
			sub := filepath.Join(d, name)
			if holdsSkillFile(sub) {
				root = true
				continue
			}
			walk(sub, depth+1)
		}
		if root {
			out = append(out, d)
		}
	}
	walk(dir, 1)
	slices.Sort(out)
	return out
}
