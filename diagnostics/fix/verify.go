package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// A fix is tried before it is kept: the file is parsed and checked with the
// fix applied, and the fix is refused when the result is worse than the
// file it fixes (ruff's "Fix introduced a syntax error. Reverting all
// changes."). Worse is one of:
//
//   - a skill DSH loads would be dropped (two misspellings of one key both
//     renamed to it: a duplicate key);
//   - an error or a warning the file did not have would appear. Of a file
//     DSH drops, only a new reason to drop it counts: making it load may
//     reveal advice. Unless another host loads it: for that reader every
//     new security finding counts (allowed_tools renamed to allowed-tools
//     grants Claude Code an unscoped Bash: a typo fixed, but a grant
//     turned on is the user's decision), and any new finding when DSH's
//     verdict stays as it was (nothing is revealed). Of a file whose
//     frontmatter does not parse, nothing counts: what a parse reveals was
//     there before.
//   - another copy of a name would win, or the file's skill would lose to
//     another copy (a run must not change what /name resolves to).
//
// An unused suppression comment does not count: the fix removed what it
// hid, and the comment's own fix removes it in a later round.

// facts are what a fix is judged by: the file's skill and its findings.
type facts struct {
	// parsed reports whether the frontmatter parses to fields; loads
	// whether DSH loads the file; name is its skill's name ("" when it has
	// none), wins whether that skill is the winner of its name.
	parsed bool
	loads  bool
	name   string
	wins   bool
	// grant is what the file's allowed-tools grants ("Read", "a list
	// of 2 tools"), "" when it has none.
	grant string
	// counts are the file's errors and warnings, by code; first holds one
	// of each code.
	counts map[string]int
	first  map[string]diagnostics.Diagnostic
}

// factsOf checks the file at path of snap with the per-file rules.
func factsOf(snap *skills.Snapshot, path string, opts diagnostics.Options) *facts {
	fs := &facts{counts: map[string]int{}, first: map[string]diagnostics.Diagnostic{}}
	f := snap.File(path)
	if f == nil {
		return fs
	}
	fm := f.Frontmatter
	fs.parsed = fm != nil && fm.State == skillfile.FrontmatterOK && fm.Err == nil && fm.Mapping
	fs.loads = f.Drop == nil && f.Def != nil
	if f.Def != nil {
		fs.name = f.Def.Name
	}
	if fs.parsed {
		fs.grant = grantOf(fm.Field("allowed-tools"))
	}
	if sk := snap.SkillAt(path); sk != nil {
		fs.wins = snap.Registry.ShadowOf(sk) == nil
	}
	opts.Quick = true // the whole-snapshot rules judge no single fix
	for _, d := range diagnostics.CheckFile(snap, f, opts) {
		if d.Severity != diagnostics.SeverityError && d.Severity != diagnostics.SeverityWarning {
			continue
		}
		if fs.counts[d.Code] == 0 {
			fs.first[d.Code] = d
		}
		fs.counts[d.Code]++
	}
	return fs
}

// counts reports whether a new finding of the code counts against a fix,
// given the file before and after it and the hosts other than DSH that
// loaded it (readers): none when its frontmatter did not parse, any but an
// unused suppression comment when DSH loaded it, a reason to drop it when
// DSH dropped it; when a reader loaded it, a security finding, or any when
// DSH's verdict does not change.
func counts(code string, before, after *facts, readers []*hosts.Host) bool {
	if !before.parsed || code == diagnostics.CodeSuppressionUnused {
		return false
	}
	r := diagnostics.Lookup(code)
	if before.loads || (r != nil && r.Drops) {
		return true
	}
	if len(readers) == 0 {
		return false
	}
	return (r != nil && r.Category == diagnostics.CategorySecurity) || after.loads == before.loads
}

// refusal is why a tried fix is refused: Reason in words, Added the code of
// the finding it would add ("" when it would change a winner).
type refusal struct {
	Reason, Added string
}

// judge compares the file at path in trial, a fix applied, with the same
// file in base (whose facts are before; readers the other hosts that
// loaded it); it returns nil when the fix makes nothing worse.
func judge(base, trial *skills.Snapshot, path string, before *facts, readers []*hosts.Host, opts diagnostics.Options) *refusal {
	after := factsOf(trial, path, opts)
	if before.loads && !after.loads {
		f := trial.File(path)
		why := "it would make DSH drop the skill"
		code := ""
		if f != nil && f.Drop != nil {
			code = string(f.Drop.Code)
			why += ": " + diagnostics.DropMessage(trial, f, opts)
		}
		return &refusal{Reason: why, Added: code}
	}
	if r := winnerChange(base, trial, path, before, after); r != nil {
		return r
	}
	codes := make([]string, 0, len(after.counts))
	for code, n := range after.counts {
		if n > before.counts[code] && counts(code, before, after, readers) {
			codes = append(codes, code)
		}
	}
	if len(codes) == 0 {
		return grantRefusal(before, after, readers)
	}
	slices.SortFunc(codes, func(a, b string) int {
		return after.first[a].Span.Start - after.first[b].Span.Start
	})
	d := after.first[codes[0]]
	if d.Code == diagnostics.CodeAllowedToolsUnscoped {
		return &refusal{Reason: fmt.Sprintf("it would turn on a grant%s: %s [%s]", grantedBy(readers), d.Message, d.Code), Added: d.Code}
	}
	return &refusal{Reason: fmt.Sprintf("it would add: %s [%s]", d.Message, d.Code), Added: d.Code}
}

// grantOf says what an allowed-tools field grants: its string, or the
// size of its list; "" for no field or an empty one.
func grantOf(fld *dshyaml.Field) string {
	switch {
	case fld == nil:
		return ""
	case fld.Value.Kind == dshyaml.KindString:
		return strings.TrimSpace(fld.Value.Str)
	case fld.Value.Kind == dshyaml.KindSeq && fld.Value.Len > 0:
		return fmt.Sprintf("a list of %d tools", fld.Value.Len)
	}
	return ""
}

// grantRefusal refuses a fix that turns on an allowed-tools grant the file
// did not have (allowed_tools: Read renamed), for the hosts of readers
// that read allowed-tools: the typo fix is right, but what a host lets
// the skill do without asking is the user's decision.
func grantRefusal(before, after *facts, readers []*hosts.Host) *refusal {
	by := grantedBy(readers)
	if by == "" || before.grant != "" || after.grant == "" {
		return nil
	}
	return &refusal{Reason: fmt.Sprintf("it would turn on a grant%s: allowed-tools: %s", by, after.grant)}
}

// grantedBy names, for a refusal, the hosts of readers that read
// allowed-tools (" (Claude Code and Cursor read allowed-tools)"), "" when
// none does.
func grantedBy(readers []*hosts.Host) string {
	var names []string
	for _, h := range readers {
		if slices.Contains(h.Keys(), "allowed-tools") {
			names = append(names, h.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (" + hosts.JoinNames(names) + " read allowed-tools)"
}

// loadedBy returns the hosts of m other than DSH that load the file by
// one of paths (nil when m is: no host environment).
func loadedBy(m *hosts.Matrix, paths []string) []*hosts.Host {
	if m == nil {
		return nil
	}
	var out []*hosts.Host
	for _, h := range m.Hosts {
		res := m.Results[h.ID]
		if h.ID == hosts.DSH || res == nil {
			continue
		}
		if slices.ContainsFunc(paths, func(p string) bool { return res.Verdicts[p].Status == hosts.Loads }) {
			out = append(out, h)
		}
	}
	return out
}

// winnerChange reports a fix that changes which copy of a name wins: of the
// file's name before or after, a winner in base replaced by another in
// trial; or the file's skill, a winner before, losing to another copy.
func winnerChange(base, trial *skills.Snapshot, path string, before, after *facts) *refusal {
	for _, name := range []string{before.name, after.name} {
		if name == "" {
			continue
		}
		was, is := base.Registry.Winner(name), trial.Registry.Winner(name)
		if was != nil && is != nil && !sameSkill(was, is) {
			return &refusal{Reason: fmt.Sprintf("/%s would be %s instead of %s", name, describe(is), describe(was))}
		}
	}
	if before.wins && after.loads && !after.wins {
		if sk := trial.SkillAt(path); sk != nil {
			if w := trial.Registry.ShadowOf(sk); w != nil {
				return &refusal{Reason: fmt.Sprintf("DSH would ignore the skill: /%s is %s", sk.Name, describe(w))}
			}
		}
	}
	return nil
}

// sameSkill reports whether two skills of two snapshots are one skill: the
// same file, or the same registration.
func sameSkill(a, b *skills.Skill) bool {
	return a.Path == b.Path && a.Source == b.Source && a.Name == b.Name
}

// describe names a skill for a refusal: its file, or its registration.
func describe(s *skills.Skill) string {
	if s.Path == "" {
		return fmt.Sprintf("the %s registration", s.Source)
	}
	return s.Path
}

// factsOfAll returns the facts of the file at each of paths (one file's
// paths: alias.go).
func factsOfAll(snap *skills.Snapshot, paths []string, opts diagnostics.Options) map[string]*facts {
	out := make(map[string]*facts, len(paths))
	for _, p := range paths {
		out[p] = factsOf(snap, p, opts)
	}
	return out
}

// judgeAll judges a fix of the file whose paths are paths: DSH by each
// path (judge), then every other host by the paths it reads, in views
// (base's and trial's; judgeReaders), their text too when text (a safe
// fix is among those tried).
func judgeAll(base, trial *skills.Snapshot, views [2]*hosts.Matrix, paths []string, before map[string]*facts, text bool, opts diagnostics.Options) *refusal {
	readers := loadedBy(views[0], paths)
	for _, p := range paths {
		if r := judge(base, trial, p, before[p], readers, opts); r != nil {
			return r
		}
	}
	return judgeReaders(views[0], views[1], paths, text)
}

// edits returns the changes that give each of paths the bytes text.
func edits(paths []string, text []byte) []skills.Change {
	out := make([]skills.Change, 0, len(paths))
	for _, p := range paths {
		out = append(out, skills.Change{Kind: skills.ChangeEdit, Path: p, Text: text})
	}
	return out
}

// anySafe reports whether a fix of set is safe (not Unsafe).
func anySafe(set []Applied) bool {
	return slices.ContainsFunc(set, func(a Applied) bool { return !a.Fix.Unsafe })
}
