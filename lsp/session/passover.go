package session

import (
	"path/filepath"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// passedOver reports whether the file at path is one a plain check
// reports as passed over by the hosts of opts (a lowercase skill.md or a
// flat quick-fix.md in .claude/skills): a skill file to the server
// whatever language the editor opened it with, so it gets check's
// findings (isSkillPath alone knows only DSH's roots).
func passedOver(path string, opts diagnostics.Options) bool {
	return filepath.IsAbs(path) && len(opts.Hosts) > 0 && hosts.PassesOver(path, opts.HostEnv, opts.Hosts...)
}
