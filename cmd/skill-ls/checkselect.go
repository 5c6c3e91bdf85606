package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
)

// selectFlags are check's rule selection flags, as ruff has them: --select
// limits the run to some rules or categories, --ignore turns some off,
// --security runs only the security category (docs/security.md).
type selectFlags struct {
	sel, ignore string
	security    bool
}

func (sf *selectFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&sf.sel, "select", "", "run only these rule `codes or categories` (comma-separated; replaces the config's select)")
	fs.StringVar(&sf.ignore, "ignore", "", "turn these rule `codes or categories` off (comma-separated)")
	fs.BoolVar(&sf.security, "security", false, "run only the security rules, on any folder of skills, with a summary per skill (--select security)")
}

// apply lays the flags over the options the config file set: a --select
// replaces the config's select, --ignore turns rules off over every grade.
func (sf *selectFlags) apply(opts *diagnostics.Options) error {
	sel, err := selectors(sf.sel, "--select")
	if err != nil {
		return err
	}
	if sf.security && !slices.Contains(sel, diagnostics.CategorySecurity) {
		sel = append(sel, diagnostics.CategorySecurity)
	}
	if len(sel) > 0 {
		opts.Rules.Select = sel
	}
	ign, err := selectors(sf.ignore, "--ignore")
	if err != nil || len(ign) == 0 {
		return err
	}
	rules := maps.Clone(opts.Rules.Rules)
	if rules == nil {
		rules = map[string]diagnostics.Severity{}
	}
	for _, s := range ign {
		rules[s] = diagnostics.SeverityOff
	}
	opts.Rules.Rules = rules
	// An override grades a code for some files; --ignore wins there too.
	var ovs []diagnostics.Override
	for _, ov := range opts.Rules.Overrides {
		ov.Rules = maps.Clone(ov.Rules)
		for _, s := range ign {
			if ov.Rules != nil {
				ov.Rules[s] = diagnostics.SeverityOff
			}
		}
		ovs = append(ovs, ov)
	}
	opts.Rules.Overrides = ovs
	return nil
}

// selectors splits a comma-separated list of rule codes and categories and
// checks each.
func selectors(list, flagName string) ([]string, error) {
	var out []string
	var errs []error
	for s := range strings.SplitSeq(list, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if msg := diagnostics.CheckSelector(s); msg != "" {
			errs = append(errs, fmt.Errorf("%s: %s", flagName, msg))
			continue
		}
		out = append(out, s)
	}
	return out, errors.Join(errs...)
}

// securitySummary writes one line per skill file with findings (its path,
// then its counts by severity), then how many had none: what a repository
// that vets downloaded skills reads first. Only the files inScope (within
// the PATHs) are counted; a file the run did not read whole is no clean
// one (vetNotes names it).
func securitySummary(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, inScope func(path string) bool) {
	byPath := diagnostics.ByPath(ds)
	clean := 0
	for _, f := range snap.Files() {
		if !inScope(f.Path) {
			continue
		}
		found := byPath[f.Path]
		if len(found) == 0 {
			if vetUnread(snap, f) == "" {
				clean++
			}
			continue
		}
		var n [5]int
		for _, d := range found {
			if d.Severity >= diagnostics.SeverityError && d.Severity <= diagnostics.SeverityHint {
				n[d.Severity]++
			}
		}
		fmt.Fprintf(w, "%s: %s\n", quotedRel(f.Path), strings.TrimSuffix(summary(n, 0, false), " in 0 skill files"))
	}
	fmt.Fprintf(w, "%s without a security finding\n", plural(clean, "skill file", "skill files"))
}
