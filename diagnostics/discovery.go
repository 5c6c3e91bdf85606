package diagnostics

import (
	"github.com/skill-ls/skill-ls/skills"
)

// Rules about discovery: roots, entries, and files DSH never sees.

// The codes of the discovery rules.
const (
	CodeRootNotDirectory = string(skills.CodeRootNotDirectory)
	CodeRootUnreadable   = string(skills.CodeRootUnreadable)
	CodeBrokenSymlink    = string(skills.CodeBrokenSymlink)
	CodeNotRegularFile   = string(skills.CodeNotRegularFile)
	CodeSkillMDCase      = string(skills.CodeSkillMDCase)
	CodeTooManyEntries   = string(skills.CodeTooManyEntries)
	CodeProviderFailed   = string(skills.CodeProviderFailed)
	CodeOutsideRoots     = "outside-roots"
)

var discoveryRules = []*Rule{
	{Code: CodeRootNotDirectory, Severity: SeverityWarning, Summary: "a skill root is a file", Discovery: true,
		Doc: "A configured skill root exists but is not a directory; DSH treats it as empty."},
	{Code: CodeRootUnreadable, Severity: SeverityError, Summary: "a skill root cannot be listed", Discovery: true,
		Doc: "Listing the root failed (permissions or I/O); none of its skills can load."},
	{Code: CodeBrokenSymlink, Severity: SeverityWarning, Summary: "a symbolic link in a root is broken", Discovery: true,
		Doc: "DSH follows symbolic links in skill roots; a link whose target is missing or loops is skipped (`failed to follow symbolic link`)."},
	{Code: CodeNotRegularFile, Severity: SeverityWarning, Summary: "a skill file is not a regular file", Discovery: true,
		Doc: "A SKILL.md that is a directory, or a .md entry that is a FIFO, socket or device, is skipped. skill-ls never opens such files for reading."},
	{Code: CodeSkillMDCase, Severity: SeverityError, Drops: true, Summary: "SKILL.md is spelled in another case", Discovery: true,
		Doc: "DSH reads `<bundle>/SKILL.md` with exact case; `skill.md` or `Skill.md` is not found on case-sensitive file systems, so the bundle is not a skill. Rename the file to SKILL.md."},
	{Code: CodeProviderFailed, Severity: SeverityError, Summary: "DSH's whole listing fails: no catalog", Discovery: true,
		Doc: "In the bundled root DSH reads files with Node's readFile, and a SKILL.md that is a directory throws EISDIR. That fails the provider's whole listing: DSH logs `skill provider \"filesystem\" skipped` and publishes no catalog at all for the step. Remove or rename the directory."},
	{Code: CodeTooManyEntries, Severity: SeverityWarning, Summary: "a root holds too many entries", Discovery: true,
		Doc: "skill-ls examines at most 200,000 entries per root, in name order."},
	{Code: CodeOutsideRoots, Severity: SeverityInfo, Summary: "the file is not in a skill root",
		Doc: "DSH only loads direct entries of its skill roots: <root>/<dir>/SKILL.md and <root>/<name>.md. This open file is elsewhere (for example nested one level deeper), so DSH never sees it; skill-ls still checks it as a skill.",
		File: func(p *Pass) {
			if !p.Snap.InRoots(p.File.Path) {
				p.Report(skills.Span{}, "DSH does not load this file: it is not a direct skill entry of any skill root (bundles are <root>/<dir>/SKILL.md, flat skills <root>/<name>.md)")
			}
		}},
}
