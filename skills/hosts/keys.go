package hosts

import "slices"

// The frontmatter keys each host reads, by their exact spelling: what a
// key rule compares a key with on a file DSH does not read. A typo of
// when_to_use in .claude/skills is Claude Code's to judge, not DSH's
// ("did you mean whenToUse?" was wrong there: Claude Code reads it).

// specKeys are the keys the agentskills.io specification defines, which
// every host's documentation points to.
var specKeys = []string{"name", "description", "license", "compatibility", "metadata", "allowed-tools"}

// ownKeys are the keys a host reads besides specKeys: those its profile
// reads (claude_listing.go, copilot.go, copilot_cli.go) and those its
// documentation lists (Claude Code's skills page, VS Code's and Cursor's
// agent skills pages).
var ownKeys = map[ID][]string{
	Claude:     {"when_to_use", "disable-model-invocation", "user-invocable", "argument-hint", "model"},
	Copilot:    {"disable-model-invocation", "user-invocable", "argument-hint"},
	CopilotCLI: {"disable-model-invocation", "user-invocable", "argument-hint"},
	Cursor:     {"disable-model-invocation"},
}

// Keys returns the frontmatter keys the host reads, exactly spelled: the
// agentskills.io specification's and the host's own. It returns none for
// DSH, whose keys are skillfile's key table's.
func (h *Host) Keys() []string {
	if h.ID == DSH {
		return nil
	}
	id := h.ID
	if i := slices.Index([]byte(id), '@'); i >= 0 {
		id = id[:i]
	}
	return append(slices.Clone(specKeys), ownKeys[id]...)
}
