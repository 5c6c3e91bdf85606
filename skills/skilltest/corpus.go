// Package skilltest holds test helpers for the skills engine: a generator of
// realistic synthetic skill trees for benchmarks and stress tests.
package skilltest

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/discovery"
)

// CorpusOptions configures [WriteCorpus]. Zero fractions take the
// defaults; a negative fraction means none.
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
func (c *Corpus) RootOptions() discovery.RootOptions {
	return discovery.RootOptions{
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

type planned struct {
	root   int
	flat   bool
	name   string
	defect string
	dupOf  int // -1 when not a duplicate
}

// WriteCorpus writes a deterministic synthetic skill tree of opts.N skills
// under dir: bundles (with scripts,
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
