package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// check --security is a vetting run: it judges skills nobody has trusted
// yet (a download, a pull request in the GitHub Action). What it vets must
// not be able to switch it off: a skill's own suppression comments hide
// nothing (diagnostics.Options.Vetting; suppression-security reports each
// one), and the config file, which a pull request can change as easily as
// a skill, does not grade, select or ignore anything. stderr says what was
// ignored, and what was not inspected (checkvetwalk.go).

// vetConfig returns cfg without the keys that could turn a security rule
// off or leave a file out of a vetting run (rules, select, overrides,
// ignore) or narrow the agents' folders it looks in (hosts), and names the
// keys it dropped. The profile, the description cap and the extra roots
// only add to what is checked, and stay.
func vetConfig(cfg *diagnostics.Config) (*diagnostics.Config, []string) {
	kept := *cfg
	var dropped []string
	drop := func(key string, set bool) {
		if set {
			dropped = append(dropped, key)
		}
	}
	drop("rules", len(cfg.Rules.Rules) > 0)
	drop("select", len(cfg.Rules.Select) > 0)
	drop("overrides", len(cfg.Rules.Overrides) > 0)
	drop("ignore", len(cfg.Rules.Ignore) > 0)
	drop("hosts", len(cfg.Hosts) > 0)
	kept.Rules = diagnostics.RuleConfig{Dir: cfg.Rules.Dir}
	kept.Hosts = nil
	return &kept, dropped
}

// reportVetConfig tells w which keys of the config file a vetting run
// ignored (vetConfig).
func reportVetConfig(w io.Writer, cfg *diagnostics.Config, dropped []string) {
	if len(dropped) == 0 {
		return
	}
	name := config.FileName
	if cfg.Path != "" {
		name = quotedRel(cfg.Path)
	}
	fmt.Fprintf(w, "skill-ls check: --security ignores the %s of %s: the content being vetted cannot turn the check off (use --ignore or --select)\n", keyList(dropped), name)
}

// keyList words config keys: "the rules key", "the rules and ignore keys".
func keyList(keys []string) string {
	if len(keys) == 1 {
		return keys[0] + " key"
	}
	return strings.Join(keys[:len(keys)-1], ", ") + " and " + keys[len(keys)-1] + " keys"
}

// reportIgnoredSuppressions tells w how many suppression comments of the
// skills a vetting run ignored: the suppression-security findings in ds.
func reportIgnoredSuppressions(w io.Writer, ds []diagnostics.Diagnostic) {
	n := 0
	for _, d := range ds {
		if d.Code == diagnostics.CodeSuppressionSecurity {
			n++
		}
	}
	switch {
	case n == 1:
		fmt.Fprintln(w, "1 suppression in the skills was ignored: a vetting run reports what it would hide (suppression-security)")
	case n > 1:
		fmt.Fprintf(w, "%d suppressions in the skills were ignored: a vetting run reports what they would hide (suppression-security)\n", n)
	}
}

// vetNotes ends a vetting run's report on stderr: the suppressions it
// ignored, then what it did not inspect.
func (r *checkRun) vetNotes(ds []diagnostics.Diagnostic, snap *skills.Snapshot) {
	reportIgnoredSuppressions(r.stderr, ds)
	left := slices.Clone(r.unsearched)
	for _, f := range snap.Files() {
		if !r.inScope(f.Path) {
			continue
		}
		if why := vetUnread(snap, f); why != "" {
			left = append(left, quotedRel(f.Path)+": "+format.Escape(why))
		}
		for _, b := range snap.BundleFindings(f.Path) {
			if b.Kind == skillfile.BundleSkipped {
				left = append(left, quotedRel(b.Path)+": "+format.Escape(b.What))
			}
		}
	}
	if len(left) == 0 {
		return
	}
	fmt.Fprintln(r.stderr, "Not inspected:")
	for i, s := range left {
		if i == maxVetNotes {
			fmt.Fprintf(r.stderr, "\tand %d more\n", len(left)-i)
			break
		}
		fmt.Fprintf(r.stderr, "\t%s\n", s)
	}
}

// vetUnread says what of the skill file f a vetting run did not read,
// with its bound (a file or a frontmatter over skill-ls's limits, which
// DSH loads; a body too large to search for hidden markup), or "" when it
// read all of it. Such a file is no "skill file without a security
// finding" (securitySummary).
func vetUnread(snap *skills.Snapshot, f *skillfile.File) string {
	if f.Drop != nil && f.Drop.Code.Unread() {
		return strings.TrimPrefix(diagnostics.DropMessage(snap, f, diagnostics.Options{}), "skill-ls ") + " (size)"
	}
	if f.Outline.Unread() != "" {
		return "its body was not searched for hidden markup: " + f.Outline.Unread() + " (size)"
	}
	return ""
}

// maxVetNotes bounds the lines of "Not inspected:": a hostile bundle of a
// thousand dot files must not bury the rest of the report.
const maxVetNotes = 100
