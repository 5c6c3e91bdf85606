package hosts

import (
	"path/filepath"
	"strings"
)

// claude_commands.go: Claude Code's commands, the <name>.md files of
// ~/.claude/commands and .claude/commands, which Claude Code 2.1.328 lists
// with its skills (the host suite's claude-commands case): after every
// skill, personal and project commands sorted together by name, ignoring
// case; a file in a subfolder as dir:name; described as a skill is, but
// an empty one as "Custom command"; no frontmatter name shown.

// claudeCommandRoots returns the commands folders, in precedence order
// after the skills folders: personal, then the project's from the working
// directory up to the project root.
func claudeCommandRoots(e *env, cfg string) []rootSpec {
	w := walkSpec{commands: true, followDirLinks: true}
	roots := []rootSpec{e.root(filepath.Join(cfg, "commands"), ScopeUser, w)}
	dirs := between(e.project, e.opts.Cwd)
	for i := len(dirs) - 1; i >= 0; i-- {
		roots = append(roots, e.root(filepath.Join(dirs[i], ".claude", "commands"), ScopeProject, w))
	}
	return roots
}

// commandName is the name of the command file path in the commands
// folder root: its path below the root without ".md", folders joined by
// ":" (a/b/deep.md is a:b:deep); a SKILL.md names its folder's path.
func commandName(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return folderOf(rootSpec{}, path)
	}
	rel = filepath.ToSlash(rel)
	if strings.HasSuffix(rel, "/SKILL.md") {
		rel = strings.TrimSuffix(rel, "/SKILL.md")
	} else {
		rel = strings.TrimSuffix(rel, ".md")
	}
	return strings.ReplaceAll(rel, "/", ":")
}

// isClaudeCommand reports whether f was found in a commands folder.
func isClaudeCommand(f File) bool {
	return filepath.Base(f.Root) == "commands"
}
