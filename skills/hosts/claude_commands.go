package hosts

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
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

// What Claude Code's Skill tool gives its model for a skill it is asked
// to run by name (render skill --host claude).

// claudeSkill renders the tool result or text block Claude Code 2.1.328
// gives its model when its Skill tool loads the skill name (the host
// suite's stand-in API received them): for a skill with allowed-tools,
// the error its Skill tool answers under `claude -p` in the default
// permission mode (claudeRefusal), and so for a plugin's workflow; else
// "Base directory for this skill: <folder>", a blank line and the body,
// its leading line breaks removed and $ARGUMENTS replaced by the (here
// empty) arguments — a command's body without the folder line.
func claudeSkill(e *env, winners []*entry, name string) (string, bool) {
	w, own := claudeSkillOf(winners, name, false)
	if w == nil || own {
		return "", false
	}
	if isClaudeWorkflow(w.file) {
		return claudeRefusal(name, w.name), true
	}
	src, err := e.opts.read(w.file.Path)
	if err != nil {
		return "", false
	}
	doc, body, _ := claudeRead(e, lenientText(src), &entry{})
	if claudeAsks(doc) {
		return claudeRefusal(name, w.name), true
	}
	body = strings.ReplaceAll(strings.TrimLeft(body, "\r\n"), "$ARGUMENTS", "")
	if isClaudeCommand(w.file) && filepath.Base(w.file.Path) != "SKILL.md" {
		return body, true
	}
	return "Base directory for this skill: " + filepath.Dir(w.file.Path) + "\n\n" + body, true
}

// claudeSkillOf is the skill Claude Code 2.1.332's Skill tool runs for
// name: the skill registered as name (its folder), else the first, in
// listing order, whose frontmatter name is name, even one the listing
// does not show beside the folder (a name with white space; the host
// suite's probe: "y (X)" runs as y and as X, "spaced" with name "has
// space" as "has space"), unless it is one of the release's own skills
// (its own /simplify runs, not a folder named so). The tool matches the
// case exactly ("Unknown skill: x. Did you mean X?"); with fold, names
// that differ only in case match too, for that suggestion. Nil: none; own
// reports a skill whose frontmatter name is one of the release's own
// skills, which the tool runs instead.
func claudeSkillOf(winners []*entry, name string, fold bool) (w *entry, own bool) {
	same := func(a string) bool { return a == name || (fold && strings.EqualFold(a, name)) }
	for _, w := range winners {
		if same(w.name) {
			return w, false
		}
	}
	for _, w := range winners {
		if w.called != "" && same(w.called) {
			return w, slices.ContainsFunc(claudeBuiltinNames, same)
		}
	}
	return nil, false
}

// claudeAsks reports a skill whose allowed-tools is set (a non-empty
// string or list): Claude Code's Skill tool asks the user before it runs
// it, so under `claude -p` in the default permission mode (and
// acceptEdits) it refuses it, unless an allow rule Skill(name) lets it
// run (bypassPermissions runs it, dontAsk and plan refuse it otherwise).
func claudeAsks(doc yamlDoc) bool {
	f := doc.field("allowed-tools")
	if f == nil {
		return false
	}
	switch f.Value.Kind {
	case dshyaml.KindNull:
		return false
	case dshyaml.KindString:
		return f.Value.Str != ""
	case dshyaml.KindSeq, dshyaml.KindMap:
		return f.Value.Len > 0
	}
	return true
}

// claudeRefusal is the error result of Claude Code's Skill tool for the
// skill registered as name, called as called (its folder or its
// frontmatter name), when it asks and no one can answer (claudeAsks): the
// allow rule names the folder either way.
func claudeRefusal(called, name string) string {
	return "Execute skill: " + called + ". The user can add the allow rule Skill(" + name + ") to .claude/settings.local.json to let it run without asking."
}
