package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// A vetting run (check --security DIR) must find every skill under DIR,
// however it is nested: a plain check takes a folder holding one bundle
// for a skill root and searches no further, so one clean template/SKILL.md
// at the top of a collection hid the skills/ beside it (issue 38, point
// 3). vetPaths searches every folder under each PATH instead, breadth
// first (a deep vendored tree cannot use up the bounds before a shallow
// skill is found), in dot folders too, and inside bundles for bundles
// nested there; it skips .git alone, and takes no NAME.md in a forge's
// metadata folders for a skill (forgeFolders). What its bounds left out
// is said at the end of the report (vetNotes).

// maxVetDepth bounds how many folders down a vetting run searches for
// skills; maxVetFolders how many folders it lists.
const (
	maxVetDepth   = 12
	maxVetFolders = 20000
)

// vetFolder is a folder waiting to be listed, depth folders under a PATH.
type vetFolder struct {
	dir   string
	depth int
	// forge says the folder is at or under a forge's metadata folder
	// (.github) and is no agent's skill folder: its NAME.md files are
	// issue and pull request templates, not skills (forgeFolders).
	forge bool
}

// forgeFolders are the folders a code forge reads a repository's metadata
// from. Their NAME.md files open a frontmatter too (a GitHub issue
// template's name:, about:, title:, labels:), and no agent reads them as
// skills: a vetting run counted every .github/ISSUE_TEMPLATE/bug_report.md
// of a collection of repositories as a flat skill. A bundle there (a
// SKILL.md in a folder) is still a skill, and the agents' folders in
// them (.github/skills, Copilot's) are searched as before (agentFolders).
var forgeFolders = []string{".github", ".gitea", ".forgejo"}

// vetPaths returns the PATH arguments of a vetting run with each folder
// replaced by the folders at or under it that hold skills (bundles, or
// NAME.md files with frontmatter) and the bundles nested in a bundle; a
// PATH that is a bundle stays, with what is nested in it. It tells w which
// folders it took, and returns what it did not search and why.
func vetPaths(paths []string, w io.Writer) (out, skipped []string) {
	for _, p := range paths {
		if !isDir(p) {
			out = append(out, p)
			continue
		}
		found, sk := skillFoldersUnder(p, maxVetFolders)
		skipped = append(skipped, sk...)
		if holdsSkillFile(p) || len(found) == 0 {
			out = append(out, p) // a bundle; or check reports that nothing is there
		}
		out = append(out, found...)
		if len(found) == 0 || (len(found) == 1 && found[0] == p) {
			continue
		}
		var shown []string
		for _, f := range found {
			shown = append(shown, quotedRel(f))
		}
		fmt.Fprintf(w, "skill-ls check: --security searched %s for skills; checking: %s\n", quotedRel(p), strings.Join(shown, ", "))
	}
	return out, skipped
}

// skillFoldersUnder lists the folders at and under dir (vetPaths), at
// most maxFolders of them, and returns those that hold skills, sorted, and
// what it left out.
func skillFoldersUnder(dir string, maxFolders int) (found, skipped []string) {
	start := vetFolder{dir: dir}
	if abs, err := filepath.Abs(dir); err == nil {
		start.forge = slices.Contains(forgeFolders, filepath.Base(abs))
	}
	queue := append(agentFolders(dir), start)
	seen := map[string]bool{}
	listed := 0
	for len(queue) > 0 {
		if listed == maxFolders {
			skipped = append(skipped, fmt.Sprintf("%s: %s not searched, past the first %d folders (count)", quotedRel(dir), plural(len(queue), "folder", "folders"), maxFolders))
			break
		}
		f := queue[0]
		queue = queue[1:]
		if seen[f.dir] {
			continue // an agent's folder, listed first
		}
		seen[f.dir] = true
		listed++
		more, roots, sk := vetList(f)
		queue = append(queue, more...)
		found = append(found, roots...)
		skipped = append(skipped, sk...)
	}
	slices.Sort(found)
	return slices.Compact(found), skipped
}

// agentFolders returns the folders under dir that DSH and the other
// agents read a project's skills from (.agents/skills, .claude/skills,
// .github/skills, ...) and that exist, to be listed first: a project of
// 20,000 other folders must not use the count up before them.
func agentFolders(dir string) []vetFolder {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	none := func(string) string { return "" }
	dirs := []string{}
	for _, r := range discovery.Roots(discovery.RootOptions{Cwd: abs, ProjectRoot: abs, HomeDir: abs, Getenv: none}) {
		dirs = append(dirs, r.Dir)
	}
	for _, h := range hosts.All() {
		for _, r := range h.Folders(hosts.Options{Cwd: abs, ProjectRoot: abs, Getenv: none}) {
			if r.Scope == hosts.ScopeProject {
				dirs = append(dirs, r.Dir)
			}
		}
	}
	var out []vetFolder
	for _, d := range dirs {
		rel, err := filepath.Rel(abs, d)
		if err != nil || rel == "." || !filepath.IsLocal(rel) || !isDir(d) {
			continue
		}
		f := vetFolder{dir: filepath.Join(dir, rel), depth: strings.Count(rel, string(filepath.Separator)) + 1}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// vetList lists one folder: the folders to search next, the skill
// folders it makes (itself, when it is no bundle and holds skills; each
// bundle in it, when it is a bundle or a forge's folder), and what it
// leaves out. Only links
// are stat'ed: a tree of many files costs one listing per folder.
func vetList(f vetFolder) (next []vetFolder, roots, skipped []string) {
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("%s: cannot be listed (%s)", quotedRel(f.dir), errText(err))}
	}
	bundle := slices.ContainsFunc(entries, func(e os.DirEntry) bool { return isSkillFileName(e.Name()) })
	holds := false
	for _, e := range entries {
		name := e.Name()
		sub := filepath.Join(f.dir, name)
		link := e.Type()&os.ModeSymlink != 0
		switch {
		case name == ".git":
			continue
		case e.Type().IsRegular():
			holds = holds || (!bundle && !f.forge && strings.HasSuffix(name, ".md") && opensFrontmatter(sub))
			continue
		case link && !isDir(sub), !link && !e.IsDir():
			continue
		}
		if holdsSkillFile(sub) {
			holds = true
			if bundle || f.forge {
				// A bundle nested in a bundle; or one in a forge's folder,
				// taken alone: as a root, the folder's templates beside it
				// would be checked as flat skills.
				roots = append(roots, sub)
			}
		}
		switch {
		case link && !holdsSkillFile(sub):
			skipped = append(skipped, quotedRel(sub)+": a symbolic link to a folder, not followed (links)")
		case link:
		case f.depth+1 > maxVetDepth:
			skipped = append(skipped, fmt.Sprintf("%s: not searched, more than %d folders down (depth)", quotedRel(sub), maxVetDepth))
		default:
			next = append(next, vetFolder{sub, f.depth + 1, f.forge || slices.Contains(forgeFolders, name)})
		}
	}
	if holds && !bundle && !f.forge {
		roots = append(roots, f.dir)
	}
	return next, roots, skipped
}
