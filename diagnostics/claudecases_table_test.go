package diagnostics

import (
	"slices"
	"strings"
	"testing"
)

// hostWorded are the codes of the hosts' own facts: a DSH case whose rule
// states what DSH does with the file ("DSH drops this skill") is, on a
// .claude/skills file, what the hosts that read it do.
var hostWorded = []string{CodeHostDrops, CodeHostChanges, CodeHostNote, CodeHostShadowed, CodeHostNotDiscovered}

// claudeCase says what the .claude/skills copy of a code's DSH cases gets.
// Codes lists the codes one of which a copy must get (nil: the rule's own
// code); dshOnly marks a rule that is DSH's by nature, which must not
// fire on a file DSH never reads, and why; gap marks a known gap: the
// .claude copy gets no finding yet.
type claudeCase struct {
	codes        []string
	dshOnly, gap string
}

// claudeCases maps every file rule code that can fire on a skill file to
// its .claude/skills case. A code absent from it is the rule's own code:
// the same mistake gets the same finding, in the readers' words.
var claudeCases = map[string]claudeCase{
	// DSH's drops: the hosts that read the file say what each does
	// (skip the skill, name it after its folder, describe it by its body).
	// A file that is not UTF-8: Goose refuses it (the other hosts read it
	// with U+FFFD in place of a bad byte). Known gap: a NUL byte in an
	// otherwise valid file, which DSH refuses as binary, is text to every
	// host that reads .claude/skills, so the .claude copy gets no finding.
	// The test fails once one appears, so that this entry is updated.
	CodeBinaryFile:           {gap: "the host profiles do not model a binary file"},
	CodeInvalidUTF8:          {codes: hostWorded},
	CodeDescriptionEmpty:     {codes: hostWorded},
	CodeDescriptionMissing:   {codes: hostWorded},
	CodeDescriptionNotString: {codes: hostWorded},
	CodeFrontmatterMissing:   {codes: hostWorded},
	CodeFrontmatterNotMap:    {codes: hostWorded},
	CodeFrontmatterUnclosed:  {codes: hostWorded},
	CodeInvocationNotBoolean: {codes: hostWorded},
	CodeNameEmpty:            {codes: hostWorded},
	CodeNameMissing:          {codes: hostWorded},
	CodeNameNotString:        {codes: hostWorded},
	CodeYAMLDuplicateKey:     {codes: hostWorded},
	CodeYAMLSyntax:           {codes: hostWorded},
	CodeYAMLTabIndent:        {codes: hostWorded},
	CodeYAMLUnquotedColon:    {codes: hostWorded},
	// DSH reads the name under the agentskills grammar too, and drops the
	// skill; the hosts that read .claude/skills load it under another name
	// or skip it.
	CodeNameInvalid: {codes: append([]string{CodeNameInvalid}, hostWorded...)},
	// DSH's discovery: the hosts' own discovery says which of them miss
	// the file.
	CodeSkillMDCase: {codes: []string{CodeHostNotDiscovered}},
	// DSH's precedence inside its roots: the hosts' precedence.
	CodeSkillDuplicate: {codes: []string{CodeHostShadowed, CodeHostChanges}},
	CodeSkillShadows:   {codes: []string{CodeHostChanges, CodeHostShadowed}},
	// DSH's old invocation keys: a host that reads the new key names the
	// old one a misspelling of it.
	CodeLegacyInvocationKey: {codes: []string{CodeKeyMisspelled}},
	// DSH's own catalog and frame; the hosts' cuts are host-truncated.
	CodeDescriptionTruncated: {dshOnly: "DSH's catalog cut (catalogDescriptionMaxLength); a host's own cut is host-truncated"},
	CodeBodyBreaksFrame:      {dshOnly: "DSH's <skill_content> frame, which it does not escape; no host that reads .claude/skills frames the body so"},
}

// noClaudeCase lists the codes that cannot apply to a .claude/skills
// file, and why. TestClaudeCasesComplete fails on a code in neither list.
var noClaudeCase = map[string]string{
	// Chat buffers and eval files are not skill files.
	CodeChatNotUserInvocable: "chat buffers", CodeChatTokenGlued: "chat buffers", CodeChatUnknownSkill: "chat buffers",
	CodeEvalDescriptionUnseen: "eval files", CodeEvalDuplicate: "eval files", CodeEvalInvalidJSON: "eval files",
	CodeEvalMissingFile: "eval files", CodeEvalNearerSkill: "eval files", CodeEvalSkillName: "eval files",
	CodeEvalTooFewQueries: "eval files", CodeEvalUnknownKey: "eval files", CodeEvalWrongType: "eval files",
	// Plugin manifests (plugin.json, marketplace.json) are not skill files.
	CodePluginManifest: "plugin manifests", CodeOverrideUnknown: "Claude Code settings files (check-overrides-unknown.txtar)",
	// DSH's roots and its walk of them: a .claude/skills folder is no
	// root of DSH's, and the hosts' walks report their misses as
	// host-not-discovered.
	CodeRootNotDirectory: "DSH's roots", CodeRootUnreadable: "DSH's roots", CodeTooManyEntries: "DSH's walk",
	CodeProviderFailed: "DSH's skill providers", CodeOutsideRoots: "a file outside DSH's roots, which a .claude file is by definition",
	CodeBrokenSymlink: "DSH's walk of its roots", CodeNotRegularFile: "DSH's walk of its roots",
	// A file skill-ls cannot read: the tests run as root, who reads a
	// file of mode 000.
	CodeUnreadableFile: "needs a file the test's user cannot read",
	// The hosts' own codes: the .claude side of the DSH cases above
	// (TestHosts*, TestRulesPerReader).
	CodeHostDrops: "a host code", CodeHostChanges: "a host code", CodeHostNote: "a host code",
	CodeHostShadowed: "a host code", CodeHostNotDiscovered: "a host code", CodeHostTruncated: "a host code",
	CodeHostOverBudget: "a host code", CodeHostUnconfirmed: "a host code",
	// skill-shadowed is the loser across DSH's ranked roots (project over
	// personal); .claude/skills is one folder of the hosts, whose
	// precedence is host-shadowed.
	CodeSkillShadowed: "DSH's ranked roots",
}

// claudeFixes lists the fixes (FixDocs titles) that a .claude/skills case
// does not offer as it offers the DSH case, and why.
var claudeFixes = map[string]string{
	// Kebab-casing a name DSH rejects anyway is safe in DSH's root; the
	// hosts of .claude/skills load the skill under the name, so there the
	// new name changes its identity (unsafe).
	CodeNameInvalid + " Change the name to NAME": "unsafe in .claude/skills",
	// The old key is a misspelling there: key-misspelled's rename.
	CodeLegacyInvocationKey + " Replace KEY with KEY": "offered as key-misspelled's Rename to KEY",
	// The BOM of a file that starts with frontmatter-missing is DSH's
	// bundled root's.
	CodeFrontmatterMissing + " Remove the byte-order mark": "DSH's bundled root",
	// Known gaps. The shortening cuts to DSH's catalog cap; the hosts of
	// .claude/skills cut at their own (host-truncated), which offers no
	// fix yet.
	CodeDescriptionTooLong + " Shorten the description to its first N characters, ending at a word": "gap: no fix to a host's cut",
	// renameFolder renames only an entry of DSH's roots; in .claude/skills
	// the folder is the name Claude Code and Copilot list (host-changes).
	CodeNameFolderMismatch + " Rename the folder NAME to NAME": "gap: no folder rename outside DSH's roots",
}

// TestClaudeCases mirrors every DSH case of the golden trees into
// .claude/skills of a project whose DSH root is empty and asserts what
// the hosts that read the file get: the finding (claudeCases), never in
// DSH's words, with the same fixes.
func TestClaudeCases(t *testing.T) {
	dsh, claude := runCases(t)
	byCode := codesOf(dsh)
	for code, keys := range byCode {
		want, ok := claudeCases[code]
		if !ok {
			want.codes = []string{code}
		}
		got := false
		for _, key := range keys {
			for _, f := range claude[key] {
				if want.dshOnly != "" && f.code == code {
					t.Errorf("%s: %s fires on the .claude copy, but it is DSH's (%s): %s", key, code, want.dshOnly, f.message)
				}
				got = got || slices.Contains(want.codes, f.code)
			}
		}
		switch {
		case want.gap != "" && hasAny(claude, keys):
			t.Errorf("%s: the .claude copies of %v get findings now; the gap (%s) is closed: give the code its codes", code, keys, want.gap)
		case want.dshOnly == "" && want.gap == "" && !got:
			t.Errorf("%s: no .claude copy of %v gets one of %v", code, keys, want.codes)
		}
	}
	for key, fs := range claude {
		for _, f := range fs {
			if strings.Contains(f.message, "DSH") {
				t.Errorf("%s: a .claude/skills file speaks of DSH: %s [%s]", key, f.message, f.code)
			}
		}
	}
	for _, fd := range FixDocs {
		keys := byCode[fd.Code]
		found, safe := offers(dsh, keys, fd.Title)
		if !found || claudeFixes[fd.Code+" "+fd.Title] != "" || claudeCases[fd.Code].dshOnly != "" {
			continue
		}
		cfound, csafe := offers(claude, keys, fd.Title)
		switch {
		case !cfound:
			t.Errorf("%s %q: the DSH case offers it, no .claude copy of %v does", fd.Code, fd.Title, keys)
		case safe != csafe:
			t.Errorf("%s %q: safe %v for DSH, %v in .claude/skills", fd.Code, fd.Title, safe, csafe)
		}
	}
}

// TestClaudeCasesComplete fails when a rule code has neither a DSH case
// mirrored by TestClaudeCases nor a reason in noClaudeCase, so that a new
// rule comes with its .claude/skills case.
func TestClaudeCasesComplete(t *testing.T) {
	dsh, _ := runCases(t)
	byCode := codesOf(dsh)
	for _, r := range Rules() {
		why, excluded := noClaudeCase[r.Code]
		switch _, cased := byCode[r.Code]; {
		case excluded && cased:
			t.Errorf("%s has a DSH case and is listed as one that cannot apply to .claude/skills (%s)", r.Code, why)
		case !excluded && !cased:
			t.Errorf("%s has no DSH case in %v to mirror into .claude/skills: add one (testdata/rulecases.txtar) or say in noClaudeCase why it cannot apply", r.Code, claudeCaseTrees)
		}
	}
}

// hasAny reports whether run has a finding on one of the cases of keys.
func hasAny(run caseRun, keys []string) bool {
	for _, key := range keys {
		if len(run[key]) > 0 {
			return true
		}
	}
	return false
}
