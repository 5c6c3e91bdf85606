// Package skilltest holds test helpers for the skills engine: a generator of
// realistic synthetic skill trees for benchmarks and stress tests.
package skilltest

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
)

// CorpusOptions configures [WriteCorpus]. Zero fractions take the defaults
// of shared/bench/gen-corpus.py; a negative fraction means none.
type CorpusOptions struct {
	// N is the number of skill entries.
	N int
	// Seed makes the corpus deterministic: the same N and Seed always write
	// the same bytes.
	Seed uint64
	// Flat is the fraction of flat <name>.md skills (default 0.10).
	Flat float64
	// Dup is the fraction whose name repeats one in another root (default 0.02).
	Dup float64
	// Invalid is the fraction with a defect (default 0.02).
	Invalid float64
}

// Corpus describes a tree written by [WriteCorpus].
type Corpus struct {
	// Dir is the output directory. The tree is
	//
	//	project/.git/HEAD           the project anchor
	//	project/.dsh/skills/...     project-dsh
	//	project/.agents/skills/...  project-agents
	//	home/.dsh/skills/...        user-dsh
	//	home/.agents/skills/...     user-agents
	Dir string
	// SkillFiles are the paths of every SKILL.md and flat <name>.md written.
	SkillFiles []string
	// Bundles, Flat and ResourceFiles count what was written, SkillBytes the
	// bytes of skill markdown.
	Bundles, Flat, ResourceFiles int
	SkillBytes                   int64
	// Invalid maps a defect kind to the files that have it (relative to Dir).
	Invalid map[string][]string
	// Duplicates are the files whose name repeats one in another root.
	Duplicates []string
	// BrokenLinks counts the skills with a link to a missing reference.
	BrokenLinks int
}

// RootOptions returns root options that discover the corpus as DSH would
// from the project directory, without reading the real environment or home.
func (c *Corpus) RootOptions() skills.RootOptions {
	return skills.RootOptions{
		Cwd:        filepath.Join(c.Dir, "project"),
		DSHHome:    filepath.Join(c.Dir, "home", ".dsh"),
		AgentsHome: filepath.Join(c.Dir, "home", ".agents"),
		Getenv:     func(string) string { return "" },
		HomeDir:    filepath.Join(c.Dir, "home"),
	}
}

// The defect kinds, as in gen-corpus.py.
var invalidKinds = []string{
	"bad-yaml-colon",       // unquoted ": " inside a plain description scalar
	"missing-name",         // no name: key
	"uppercase-name",       // name: Foo-Bar (dir/file named the same)
	"name-dir-mismatch",    // name: foo-bar in dir foo-bar-old
	"missing-description",  // no description: key
	"unclosed-frontmatter", // no closing --- line
}

type corpusRoot struct {
	rel    string
	weight float64
}

var corpusRoots = []corpusRoot{
	{"project/.dsh/skills", 0.30},
	{"project/.agents/skills", 0.20},
	{"home/.dsh/skills", 0.20},
	{"home/.agents/skills", 0.30},
}

var (
	verbs = strings.Fields(`analyze audit build bump check clean compile convert debug deploy
diff document draft explain export extract fetch fix format generate import
index inspect lint load merge migrate monitor optimize package parse plan
profile publish refactor release render report review rotate scaffold scan
seed summarize sync test trace translate triage tune upgrade validate verify
watch write`)
	nouns = strings.Fields(`api archive benchmark branch bucket cache changelog chart cluster
commit config container coverage cron csv dashboard database dataset
dependency diagram docker docs email endpoint fixture form gif graph helm
image incident invoice issue json kafka kubernetes label latency lockfile log
manifest metric migration model notebook pdf pipeline playbook postgres
prompt protobuf queue readme redis regex release schema secret sitemap slide
snapshot spreadsheet sql sqlite storybook stylesheet terraform test-suite
ticket trace translation typescript webhook wiki workflow yaml`)
	qualifiers = strings.Fields(`fast safe local remote weekly nightly incremental batch strict
minimal full legacy modern offline secure typed`)
	words = strings.Fields(`the a an this that these skill agent user tool file files project
repository workspace command script output input result results step steps
when before after while with without from into onto for to of in on by as
must should can may always never only first then next finally also check
ensure verify confirm run read write open close create update delete keep
use prefer avoid return report record note list table section heading link
error errors warning warnings value values field fields name names path
paths line lines change changes review branch commit test tests build
config option options flag flags default defaults version versions format
template templates example examples reference references data schema
request response server client cache index query record entry entries
context prompt catalog model invocation description summary metadata`)
	topicWords   = strings.Split(`PDF forms, spreadsheets, changelogs, release notes, database migrations, Kubernetes manifests, Terraform plans, API schemas, commit messages, pull requests, flaky tests, coverage reports, Docker images, CI pipelines, log files, incident timelines, dashboards, JSON fixtures, SQL queries, translation files, screenshots, benchmark results, dependency updates, lockfiles, secrets, webhooks, GIF recordings, slide decks`, ", ")
	langs        = []string{"bash", "python", "json", "yaml", "go", "typescript", "text"}
	codeSnippets = map[string][]string{
		"bash": {
			"set -euo pipefail",
			`bash scripts/{script} --input "$1" --out build/`,
			"find . -name '*.md' -print0 | xargs -0 wc -l",
			"git diff --stat HEAD~1",
			"jq '.items[] | .name' data.json",
			"make test 2>&1 | tee test.log",
		},
		"python": {
			"import json, sys",
			"data = json.load(open(sys.argv[1]))",
			"for row in data['rows']:",
			"    print(row['name'], row.get('value', 0))",
			"def main(argv):",
			"    return 0 if check(argv) else 1",
		},
		"json":       {"{", `  "name": "example",`, `  "version": "1.2.3",`, `  "enabled": true`, "}"},
		"yaml":       {"steps:", "  - run: make build", "  - run: make test", "env:", "  LEVEL: debug"},
		"go":         {"func run(ctx context.Context) error {", "\treturn errors.New(\"not implemented\")", "}"},
		"typescript": {"export function check(input: string): boolean {", "  return input.trim().length > 0", "}"},
		"text":       {"OK  12 passed", "FAIL 1 failed", "see references/{ref}"},
	}
)

// gen is the generator state: one seeded random source used in a fixed
// order, so the output depends only on the options.
type gen struct {
	r *rand.Rand
}

func (g *gen) choice(list []string) string { return list[g.r.IntN(len(list))] }

// between returns an int in [lo, hi], inclusive.
func (g *gen) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

// triangular is Python's random.triangular(low, high, mode).
func (g *gen) triangular(low, high, mode float64) float64 {
	u := g.r.Float64()
	c := (mode - low) / (high - low)
	if u > c {
		u, c = 1-u, 1-c
		low, high = high, low
	}
	return low + (high-low)*math.Sqrt(u*c)
}

func (g *gen) sample(list []string, k int) []string {
	idx := g.r.Perm(len(list))[:k]
	out := make([]string, k)
	for i, j := range idx {
		out[i] = list[j]
	}
	return out
}

func (g *gen) kebab(taken map[string]bool) string {
	for range 1000 {
		parts := []string{g.choice(verbs), g.choice(nouns)}
		switch r := g.r.Float64(); {
		case r < 0.35:
			parts = append(parts, g.choice(qualifiers))
		case r < 0.45:
			parts = []string{parts[0], g.choice(qualifiers), parts[1]}
		}
		name := strings.Join(parts, "-")
		if !taken[name] {
			return name
		}
	}
	base := g.choice(verbs) + "-" + g.choice(nouns)
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s-%d", base, i); !taken[n] {
			return n
		}
	}
}

func (g *gen) sentence(lo, hi int) string {
	n := g.between(lo, hi)
	w := make([]string, n)
	for i := range w {
		w[i] = g.choice(words)
	}
	if g.r.Float64() < 0.4 {
		w = slices.Insert(w, g.r.IntN(len(w)), g.choice(topicWords))
	}
	s := strings.Join(w, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (g *gen) description(name string) string {
	target := g.between(50, 400)
	parts := strings.SplitN(name, "-", 3)
	verb, noun := parts[0], parts[1]
	s := fmt.Sprintf("%s %s %s. Use when the user asks to %s %s", capitalize(verb), noun,
		g.choice([]string{"files", "data", "changes", "reports", "setups"}), verb, strings.ToLower(g.choice(topicWords)))
	for len(s) < target {
		s += " " + g.sentence(4, 12)
	}
	if len(s) > target {
		cut := strings.LastIndex(s[:target], " ")
		if cut < 50 {
			cut = target
		}
		s = s[:cut]
	}
	s = strings.TrimRight(s, " ,")
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return strings.ReplaceAll(s, ": ", " - ")
}

// scalar renders text as one of the YAML scalar styles of real skills.
func (g *gen) scalar(text string) string {
	switch style := g.r.Float64(); {
	case style < 0.55:
		return " " + text
	case style < 0.75:
		return ` "` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(text) + `"`
	case style < 0.85:
		return " '" + strings.ReplaceAll(text, "'", "''") + "'"
	}
	var lines []string
	cur := ""
	for _, w := range strings.Split(text, " ") {
		if cur != "" && len(cur)+1+len(w) > 76 {
			lines = append(lines, cur)
			cur = w
		} else if cur != "" {
			cur += " " + w
		} else {
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return " >-\n  " + strings.Join(lines, "\n  ")
}

func (g *gen) frontmatter(name, desc, defect string) string {
	var fm []string
	if defect != "missing-name" {
		fm = append(fm, "name: "+name)
	}
	switch defect {
	case "bad-yaml-colon":
		cut := min(60, len(desc)/2)
		fm = append(fm, "description: "+strings.TrimRight(desc[:cut], " ")+": "+strings.TrimLeft(desc[cut:], " "))
	case "missing-description":
	default:
		fm = append(fm, "description:"+g.scalar(desc))
	}
	if g.r.Float64() < 0.30 {
		s := strings.TrimSuffix(strings.ToLower(g.sentence(8, 20)), ".")
		fm = append(fm, "when_to_use:"+g.scalar("When "+strings.ReplaceAll(s, ": ", " - ")+"."))
	}
	if g.r.Float64() < 0.15 {
		fm = append(fm, "license: "+g.choice([]string{"MIT", "Apache-2.0", "Proprietary"}))
	}
	if g.r.Float64() < 0.10 {
		fm = append(fm, "allowed-tools: "+strings.Join(g.sample([]string{"Bash", "Read", "Write", "Edit", "Grep", "Glob"}, 3), " "))
	}
	if g.r.Float64() < 0.10 {
		fm = append(fm, "disable-model-invocation: true")
	}
	if g.r.Float64() < 0.40 {
		fm = append(fm, "metadata:",
			fmt.Sprintf(`  version: "%d.%d"`, g.between(0, 3), g.between(0, 20)),
			"  author: "+g.choice([]string{"platform-team", "infra", "docs-guild", "alice", "bob"}))
		if g.r.Float64() < 0.5 {
			fm = append(fm, "  category: "+g.choice(nouns))
		}
	}
	out := "---\n" + strings.Join(fm, "\n") + "\n"
	if defect != "unclosed-frontmatter" {
		out += "---\n"
	}
	return out
}

func (g *gen) body(name string, size int, scripts, refs []string, broken bool) string {
	var b strings.Builder
	title := strings.Split(name, "-")
	for i, p := range title {
		title[i] = capitalize(p)
	}
	fmt.Fprintf(&b, "\n# %s\n", strings.Join(title, " "))
	b.WriteString("\n" + g.sentence(6, 16) + " " + g.sentence(6, 16) + " " + g.sentence(6, 16) + "\n")
	var targets []string
	for _, s := range scripts {
		targets = append(targets, "scripts/"+s)
	}
	for _, r := range refs {
		targets = append(targets, "references/"+r)
	}
	if broken {
		targets = append(targets, "references/"+g.choice(nouns)+"-missing.md")
	}
	li := 0
	for sec := 1; b.Len() < size; sec++ {
		kind := g.r.Float64()
		fmt.Fprintf(&b, "\n## %s %d\n\n", g.choice([]string{"Steps", "Workflow", "Checks", "Inputs", "Outputs", "Notes", "Pitfalls", "Examples", "Reference"}), sec)
		switch {
		case kind < 0.35:
			for i := range g.between(3, 8) {
				item := g.sentence(5, 14)
				if len(targets) > 0 && g.r.Float64() < 0.3 {
					t := targets[li%len(targets)]
					li++
					item += fmt.Sprintf(" See [%s](%s).", path.Base(t), t)
				}
				if g.r.Float64() < 0.5 {
					fmt.Fprintf(&b, "%d. %s\n", i+1, item)
				} else {
					fmt.Fprintf(&b, "- %s\n", item)
				}
			}
		case kind < 0.6:
			lang := g.choice(langs)
			snip := codeSnippets[lang]
			lines := g.sample(snip, min(len(snip), g.between(2, 5)))
			script, ref := "run.sh", "notes.md"
			if len(scripts) > 0 {
				script = scripts[0]
			}
			if len(refs) > 0 {
				ref = refs[0]
			}
			code := strings.NewReplacer("{script}", script, "{ref}", ref).Replace(strings.Join(lines, "\n"))
			fmt.Fprintf(&b, "%s\n\n```%s\n%s\n```\n", g.sentence(6, 16), lang, code)
		case kind < 0.7:
			b.WriteString("| Field | Meaning |\n| --- | --- |\n")
			for range g.between(2, 5) {
				fmt.Fprintf(&b, "| `%s` | %s |\n", g.choice(words), g.sentence(3, 8))
			}
		default:
			n := g.between(2, 6)
			para := make([]string, n)
			for i := range para {
				para[i] = g.sentence(6, 16)
			}
			p := strings.Join(para, " ")
			if len(targets) > 0 && g.r.Float64() < 0.5 {
				t := targets[li%len(targets)]
				li++
				p += fmt.Sprintf(" Details live in [%s](%s).", t, t)
			}
			b.WriteString(p + "\n")
		}
	}
	if len(targets) > 0 {
		b.WriteString("\n## Resources\n\n")
		for _, t := range targets {
			fmt.Fprintf(&b, "- [%s](%s)\n", t, t)
		}
	}
	return b.String()
}

func (g *gen) script(name string) string {
	lines := []string{"#!/usr/bin/env bash", "# helper for " + name, "set -euo pipefail"}
	for range g.between(3, 40) {
		lines = append(lines, strings.ReplaceAll(g.choice(codeSnippets["bash"]), "{script}", "x.sh"))
	}
	return strings.Join(lines, "\n") + "\n"
}

func (g *gen) reference(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s reference\n\n", name)
	for range g.between(2, 25) {
		b.WriteString(g.sentence(8, 20) + "\n\n")
	}
	return b.String()
}

type planned struct {
	root   int
	flat   bool
	name   string
	defect string
	dupOf  int // -1 when not a duplicate
}

// WriteCorpus writes a deterministic synthetic skill tree of opts.N skills
// under dir, shaped like shared/bench/gen-corpus.py: bundles (with scripts,
// references, assets) and flat files spread over the two project and two user
// roots, about 2% duplicate names in another root (shadowed skills) and 2%
// broken skills (bad YAML, missing keys, uppercase or mismatched names, an
// unclosed frontmatter), and 5% with a link to a missing file. dir must be
// empty or not exist.
func WriteCorpus(dir string, opts CorpusOptions) (*Corpus, error) {
	g := &gen{r: rand.New(rand.NewPCG(opts.Seed, 0x5111_15_1500))}
	plan := g.plan(opts)
	c := &Corpus{Dir: dir, Invalid: map[string][]string{}}
	used := map[string]bool{}
	for _, p := range plan {
		if err := g.writeSkill(c, p, used); err != nil {
			return nil, err
		}
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	return c, nil
}

// fraction returns v, def when v is 0, and 0 when v is negative.
func fraction(v, def float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// plan decides, for every skill of the corpus, its root, name, shape
// (bundle or flat), duplicate and defect.
func (g *gen) plan(opts CorpusOptions) []planned {
	flatF, dupF, invalidF := fraction(opts.Flat, 0.10), fraction(opts.Dup, 0.02), fraction(opts.Invalid, 0.02)
	n := opts.N
	nDup := int(math.Round(float64(n) * dupF))
	nInvalid := int(math.Round(float64(n) * invalidF))
	idx := g.r.Perm(n)
	dupSet, invalidSet, flatSet := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, i := range idx[:nDup] {
		dupSet[i] = true
	}
	for _, i := range idx[nDup:min(n, nDup+nInvalid)] {
		invalidSet[i] = true
	}
	for _, i := range g.r.Perm(n)[:int(math.Round(float64(n)*flatF))] {
		flatSet[i] = true
	}
	plan := make([]planned, n)
	taken := map[string]bool{}
	for i := range plan {
		plan[i] = planned{root: g.root(), flat: flatSet[i], dupOf: -1}
		if !dupSet[i] {
			plan[i].name = g.kebab(taken)
			taken[plan[i].name] = true
		}
	}
	g.assignDuplicates(plan, dupSet, invalidSet)
	for k, i := range sortedKeys(invalidSet) {
		plan[i].defect = invalidKinds[k%len(invalidKinds)]
	}
	return plan
}

// root picks a root index by the corpus roots' weights.
func (g *gen) root() int {
	w := g.r.Float64()
	for ri, r := range corpusRoots {
		if w < r.weight {
			return ri
		}
		w -= r.weight
	}
	return len(corpusRoots) - 1
}

// assignDuplicates gives each duplicate the name of a valid original,
// preferring one in another root.
func (g *gen) assignDuplicates(plan []planned, dupSet, invalidSet map[int]bool) {
	var originals []int
	for i, p := range plan {
		if p.name != "" && !invalidSet[i] {
			originals = append(originals, i)
		}
	}
	for _, i := range sortedKeys(dupSet) {
		o := originals[0]
		for range 100 {
			o = originals[g.r.IntN(len(originals))]
			if plan[o].root != plan[i].root {
				break
			}
		}
		plan[i].name, plan[i].dupOf = plan[o].name, o
	}
}

// entryName returns the entry and frontmatter names of a planned skill,
// made unique in its root.
func entryName(p planned, used map[string]bool) (entry, fmName string) {
	entry, fmName = p.name, p.name
	switch p.defect {
	case "uppercase-name":
		parts := strings.Split(p.name, "-")
		for i, s := range parts {
			parts[i] = capitalize(s)
		}
		entry = strings.Join(parts, "-")
		fmName = entry
	case "name-dir-mismatch":
		entry = p.name + "-old"
	}
	rel := corpusRoots[p.root].rel
	for used[rel+"/"+entry] {
		entry += "-x"
	}
	used[rel+"/"+entry] = true
	return entry, fmName
}

// resources picks the resource files of a bundle.
func (g *gen) resources(flat bool) (scripts, refs, extra []string) {
	if flat {
		return nil, nil, nil
	}
	if g.r.Float64() < 0.6 {
		for range g.between(1, 2) {
			scripts = append(scripts, g.choice(verbs)+".sh")
		}
	}
	if g.r.Float64() < 0.5 {
		for range g.between(1, 3) {
			refs = append(refs, g.choice(nouns)+".md")
		}
	}
	if g.r.Float64() < 0.15 {
		extra = append(extra, "assets/template.json")
	}
	if g.r.Float64() < 0.10 {
		extra = append(extra, "agents/openai.yaml")
	}
	return uniqSorted(scripts), uniqSorted(refs), extra
}

// writeSkill writes one planned skill (and its resources) and records it.
func (g *gen) writeSkill(c *Corpus, p planned, used map[string]bool) error {
	entry, fmName := entryName(p, used)
	rel := corpusRoots[p.root].rel
	scripts, refs, extra := g.resources(p.flat)
	broken := g.r.Float64() < 0.05
	size := int(g.triangular(1024, 8192, 2560))
	desc := g.description(p.name)
	text := g.frontmatter(fmName, desc, p.defect) + g.body(p.name, size, scripts, refs, broken)
	file := filepath.Join(c.Dir, rel, entry+".md")
	if p.flat {
		c.Flat++
	} else {
		d := filepath.Join(c.Dir, rel, entry)
		file = filepath.Join(d, "SKILL.md")
		c.Bundles++
		if err := g.writeResources(d, p.name, scripts, refs, extra); err != nil {
			return err
		}
		c.ResourceFiles += len(scripts) + len(refs) + len(extra)
	}
	if err := writeFile(file, text); err != nil {
		return err
	}
	c.SkillFiles = append(c.SkillFiles, file)
	c.SkillBytes += int64(len(text))
	relPath, _ := filepath.Rel(c.Dir, file)
	if p.defect != "" {
		c.Invalid[p.defect] = append(c.Invalid[p.defect], relPath)
	}
	if p.dupOf >= 0 {
		c.Duplicates = append(c.Duplicates, relPath)
	}
	if broken {
		c.BrokenLinks++
	}
	return nil
}

// writeResources writes the scripts, references and extra files of a bundle.
func (g *gen) writeResources(d, name string, scripts, refs, extra []string) error {
	for _, s := range scripts {
		if err := writeFile(filepath.Join(d, "scripts", s), g.script(name)); err != nil {
			return err
		}
	}
	for _, r := range refs {
		if err := writeFile(filepath.Join(d, "references", r), g.reference(name)); err != nil {
			return err
		}
	}
	for _, e := range extra {
		var content string
		if strings.HasSuffix(e, ".json") {
			b, _ := json.MarshalIndent(map[string]any{"name": name, "fields": g.sample(words, 4)}, "", "  ")
			content = string(b) + "\n"
		} else {
			content = fmt.Sprintf("interface:\n  display_name: %q\n", name)
		}
		if err := writeFile(filepath.Join(d, filepath.FromSlash(e)), content); err != nil {
			return err
		}
	}
	return nil
}

// finish writes the host project's files and creates every root.
func (c *Corpus) finish() error {
	if err := writeFile(filepath.Join(c.Dir, "project", ".git", "HEAD"), "ref: refs/heads/main\n"); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(c.Dir, "project", "README.md"), "# fake project\n\nSkill corpus host project.\n"); err != nil {
		return err
	}
	for _, r := range corpusRoots {
		if err := os.MkdirAll(filepath.Join(c.Dir, filepath.FromSlash(r.rel)), 0o755); err != nil {
			return err
		}
	}
	slices.Sort(c.Duplicates)
	for _, v := range c.Invalid {
		slices.Sort(v)
	}
	return nil
}

func writeFile(p, text string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(text), 0o644)
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func uniqSorted(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}
