package diagnostics

import (
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// The DSH cases: the golden trees whose skills sit in DSH's project root,
// one mistake per skill, mirrored into .claude/skills by TestClaudeCases.
var claudeCaseTrees = []string{"coverage", "coverage-agentskills", "frontmatter", "security", "rulecases-agentskills", "rulecases"}

const (
	dshSkills    = "project/.agents/skills/"
	claudeSkills = "project/.claude/skills/"
)

// finding is one diagnostic of a mirrored case: its code, its message and
// the titles of its fixes other than suppressions, "unsafe " before an
// unsafe one's.
type finding struct {
	code, message string
	fixes         []string
}

// caseRun holds the findings of one run, by tree and file relative to its
// skills folder ("coverage bom/SKILL.md").
type caseRun map[string][]finding

// bigCases are the DSH cases too large for a txtar: a file over skill-ls's
// read limit, a body over the Markdown parser's bounds, a YAML bomb.
func bigCases() map[string]string {
	fm := func(name string) string { return "---\nname: " + name + "\ndescription: Carries a lot of text.\n---\n" }
	bomb := "---\nname: bomb\ndescription: Expands.\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g"} {
		bomb += n + ": &" + n + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = n
	}
	return map[string]string{
		"huge/SKILL.md":   fm("huge") + strings.Repeat("Line of text.\n", 17<<20/14),
		"bomb/SKILL.md":   bomb + "---\nBody.\n",
		"nested/SKILL.md": fm("nested") + strings.Repeat("[", 10000) + "\n",
	}
}

// caseFiles returns the files of the golden tree name with the DSH cases
// under skillsDir, and the big cases with them for the last tree.
func caseFiles(t *testing.T, name, skillsDir string) (map[string]string, *Profile) {
	t.Helper()
	g := skilltest.LoadGolden(t, filepath.Join("testdata", name+".txtar"))
	profile, ok := LookupProfile(g.Profile)
	if !ok {
		t.Fatalf("unknown profile %q", g.Profile)
	}
	files := map[string]string{"project/.git/HEAD": "ref: refs/heads/main\n"}
	for _, f := range g.Tree.Files {
		files[strings.Replace(f.Name, dshSkills, skillsDir, 1)] = string(f.Data)
	}
	if name == claudeCaseTrees[len(claudeCaseTrees)-1] {
		for rel, src := range bigCases() {
			files[skillsDir+rel] = src
		}
	}
	return files, profile
}

// runCases checks every case tree twice: as DSH's (the cases in
// .agents/skills, DSH alone, as the goldens do) and as the hosts'
// (the cases in .claude/skills, DSH's root left empty, the hosts a plain
// check chooses, each file in the terms of the hosts that read it).
func runCases(t *testing.T) (dsh, claude caseRun) {
	t.Helper()
	dsh, claude = caseRun{}, caseRun{}
	for _, name := range claudeCaseTrees {
		files, profile := caseFiles(t, name, dshSkills)
		dir, roots, _ := hostTree(t, files)
		ws := skills.NewWorkspace(roots, skills.LoadOptions{BundleFiles: true})
		snap, err := ws.Load(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		collect(dsh, name, Run(t.Context(), snap, Options{Profile: profile}), dir, dshSkills)

		files, _ = caseFiles(t, name, claudeSkills)
		dir, roots, env := hostTree(t, files)
		c, err := hosts.ChooseForProject(t.Context(), env, nil)
		if err != nil || !slices.ContainsFunc(c.Hosts, func(h *hosts.Host) bool { return h.ID == hosts.Claude }) {
			t.Fatalf("chose %v, %v", c.Hosts, err)
		}
		opts := Options{Profile: profile, Hosts: c.Hosts, HostEnv: env, ReadersOnly: true}
		snap = loadAsCheck(t, roots, opts, skills.LoadOptions{BundleFiles: true})
		collect(claude, name, Run(t.Context(), snap, opts), dir, claudeSkills)
	}
	return dsh, claude
}

// collect adds to run the findings on files under prefix (relative to
// dir), keyed by tree and path under prefix.
func collect(run caseRun, tree string, ds []Diagnostic, dir, prefix string) {
	for _, d := range ds {
		rel, _ := filepath.Rel(dir, d.Path)
		rest, ok := strings.CutPrefix(filepath.ToSlash(rel), prefix)
		if !ok {
			continue
		}
		f := finding{code: d.Code, message: d.Message}
		for _, x := range d.Fixes {
			switch {
			case x.Suppression:
			case x.Unsafe:
				f.fixes = append(f.fixes, "unsafe "+x.Title)
			default:
				f.fixes = append(f.fixes, x.Title)
			}
		}
		key := tree + " " + rest
		run[key] = append(run[key], f)
	}
}

// loadAsCheck loads roots as check does, with lo: the files the hosts
// read or pass over outside them (HostFiles, check's own list) are opened
// from disk with check's bounded read (discovery.ReadSkillFile); one that
// cannot be read is left to the hosts' findings.
func loadAsCheck(t *testing.T, roots []discovery.Root, opts Options, lo skills.LoadOptions) *skills.Snapshot {
	t.Helper()
	ws := skills.NewWorkspace(roots, lo)
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	paths, err := HostFiles(t.Context(), snap, opts)
	if err != nil {
		t.Fatal(err)
	}
	var opens []skills.Change
	for _, p := range paths {
		if src, _, err := discovery.ReadSkillFile(p, nil); err == nil {
			opens = append(opens, skills.Change{Kind: skills.ChangeOpen, Path: p, Text: src})
		}
	}
	return ws.Apply(t.Context(), opens...)
}

// codesOf returns, for each code of run, the cases it fires on.
func codesOf(run caseRun) map[string][]string {
	out := map[string][]string{}
	for _, key := range slices.Sorted(maps.Keys(run)) {
		for _, f := range run[key] {
			if !slices.Contains(out[f.code], key) {
				out[f.code] = append(out[f.code], key)
			}
		}
	}
	return out
}

// titlePattern turns a FixDocs title ("Rename to KEY") into a pattern
// that matches the titles of its fixes.
func titlePattern(title string) *regexp.Regexp {
	q := regexp.QuoteMeta(title)
	q = regexp.MustCompile(`\b(KEY|NAME|CODE|N)\b`).ReplaceAllString(q, `.+`)
	return regexp.MustCompile("^(unsafe )?" + q + "$")
}

// offers reports whether a finding of the cases in keys offers a fix whose
// title matches title (from FixDocs), and whether that fix is safe.
func offers(run caseRun, keys []string, title string) (found, safe bool) {
	re := titlePattern(title)
	for _, key := range keys {
		for _, f := range run[key] {
			for _, x := range f.fixes {
				if re.MatchString(x) {
					found = true
					safe = safe || !strings.HasPrefix(x, "unsafe ")
				}
			}
		}
	}
	return found, safe
}
