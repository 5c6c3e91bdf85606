package diagnostics

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/scaffold"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// described returns a SKILL.md with a quoted description.
func described(name, description string) string {
	return "---\nname: " + name + "\ndescription: '" + strings.ReplaceAll(description, "'", "''") + "'\n---\nBody.\n"
}

// Descriptions in the style of published skills (Anthropic's document
// skills, MCP and skill builders, review and commit helpers).
const (
	descDocx = "Comprehensive document creation, editing, and analysis with support for tracked changes, comments, formatting preservation, and text extraction. When Claude needs to work with professional documents (.docx files) for: (1) Creating new documents, (2) Modifying or editing content, (3) Working with tracked changes, (4) Adding comments, or any other document tasks"
	descXlsx = "Comprehensive spreadsheet creation, editing, and analysis with support for formulas, formatting, data analysis, and visualization. When Claude needs to work with spreadsheets (.xlsx, .xlsm, .csv, .tsv, etc) for: (1) Creating new spreadsheets with formulas and formatting, (2) Reading or analyzing data, (3) Modify existing spreadsheets while preserving formulas, (4) Data analysis and visualization in spreadsheets, or (5) Recalculating formulas"
	descPptx = "Presentation creation, editing, and analysis. When Claude needs to work with presentations (.pptx files) for: (1) Creating new presentations, (2) Modifying or editing content, (3) Working with layouts, (4) Adding comments or speaker notes, or any other presentation tasks"
	descPR   = "Review pull request changes for bugs, security problems and style issues."
)

// TestDescriptionOverlap: real near-duplicates are caught (on both
// skills, pointing at each other), and skills that only share a topic or
// a template are not.
func TestDescriptionOverlap(t *testing.T) {
	codes := []string{CodeDescriptionOverlap}
	at := "warning description-overlap 3:14"
	pair := func(name, a, other, b string, overlap bool) ruleCase {
		tc := ruleCase{name: name + " / " + other, folder: name, src: described(name, a),
			extra: map[string]string{".agents/skills/" + other + "/SKILL.md": described(other, b)}}
		if overlap {
			tc.want = []string{at}
			tc.contains = fmt.Sprintf("that of %q share the words", other)
		}
		return tc
	}
	runRuleCases(t, codes, []ruleCase{
		// True positives: a request worded like one matches the other.
		pair("pdf-tools", "Extract text and tables from PDF files, fill PDF forms, and merge or split PDF documents.",
			"pdf-helper", "Fill out PDF forms, extract text and tables from PDFs, merge and split PDF files.", true),
		pair("pdf-helper", "Fill out PDF forms, extract text and tables from PDFs, merge and split PDF files.",
			"pdf-tools", "Extract text and tables from PDF files, fill PDF forms, and merge or split PDF documents.", true),
		pair("code-review", "Review code changes for bugs, style issues and security problems before a commit.",
			"review-pr", descPR, true),
		pair("commit-message", "Write a git commit message from the staged changes.",
			"git-commit", "Generate commit messages for staged git changes following Conventional Commits.", true),
		pair("docx", descDocx, "word-docs", "Create and edit Word documents (.docx): tracked changes, comments, formatting, and text extraction.", true),
		pair("frontend-design", "Create distinctive, production-grade frontend interfaces with high design quality. Use when building web components, pages, or applications.",
			"web-ui", "Build web components, pages and applications with polished, production-grade frontend design.", true),
		// True negatives: a shared topic, a shared template, a shared verb.
		pair("pdf-forms", "Fill PDF forms.", "pdf-merge", "Merge and split PDF files.", false),
		pair("changelog", "Update CHANGELOG.md from merged pull requests.", "review-pr", descPR, false),
		pair("xlsx", descXlsx, "docx", descDocx, false),
		pair("pptx", descPptx, "docx", descDocx, false),
		pair("mcp-builder", "Guide for creating high-quality MCP servers that enable LLMs to interact with external services through well-designed tools.",
			"skill-creator", "Guide for creating effective skills. This skill should be used when users want to create a new skill (or update an existing skill) that extends Claude's capabilities with specialized knowledge, workflows, or tool integrations.", false),
		pair("deploy", "Deploy the current branch to staging with Helm and watch the rollout.", "rollback", "Roll back a failed deployment to the previous release.", false),
		// Same name: an override, which the registry rules report.
		{name: "same name elsewhere", folder: "pdf", src: described("pdf", "Extract text and tables from PDF files, fill PDF forms."),
			extra: map[string]string{".dsh/skills/pdf/SKILL.md": described("pdf", "Extract text and tables from PDF files, fill PDF forms.")}},
		// Placeholders of skill-ls new: description-placeholder's.
		{name: "placeholders", folder: "one", src: described("one", scaffold.DescriptionPlaceholder),
			extra: map[string]string{".agents/skills/two/SKILL.md": described("two", scaffold.DescriptionPlaceholder)}},
		// Hidden from the model: not in the catalog, so no collision.
		{name: "disable-model-invocation", folder: "pdf-tools", src: "---\nname: pdf-tools\ndescription: Extract text and tables from PDF files, fill PDF forms, and merge or split PDF documents.\ndisable-model-invocation: true\n---\n",
			extra: map[string]string{".agents/skills/pdf-helper/SKILL.md": described("pdf-helper", "Fill out PDF forms, extract text and tables from PDFs, merge and split PDF files.")}},
	})
}

func TestOverlapWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Use when the user asks to review pull requests", "review pull request"},
		{"Reviews, reviewing, reviewed", "review review review"},
		{"queries QUERY; mapping maps", "query query map map"},
		{"Fill PDF forms (2024) - CSV, a, I", "fill pdf form csv"},
		{"changes changed changing", "chang chang chang"},
		{"日本語のスキル", "日本語のスキル"},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range overlapWords(tt.in) {
			got = append(got, w.stem)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("overlapWords(%q) = %q, want %q", tt.in, g, tt.want)
		}
	}
}

// TestOverlapPrefixFindsEveryPair: indexing only the skills' prefixes (see
// weigh) finds exactly the overlaps that comparing every pair sharing a
// distinctive word finds, with the same scores: on trees whose
// descriptions are drawn from small vocabularies (so that many pairs
// overlap, near the threshold and far above it) and on a generated corpus.
func TestOverlapPrefixFindsEveryPair(t *testing.T) {
	for _, tc := range []struct{ n, vocab, seed int }{{400, 40, 1}, {700, 120, 2}, {1000, 300, 3}} {
		t.Run(fmt.Sprintf("%d-skills-%d-words", tc.n, tc.vocab), func(t *testing.T) {
			snap := vocabularyTree(t, tc.n, tc.vocab, tc.seed)
			idx := buildOverlapIndex(snap, Pace{})
			idx.all(t.Context())
			got, want := overlapPairs(idx), naiveOverlapPairs(idx)
			if len(want) < 20 {
				t.Fatalf("only %d overlapping pairs: the test proves little", len(want))
			}
			t.Logf("%d overlapping pairs", len(want))
			if !sameScores(got, want) {
				t.Errorf("prefix index found %d pairs, every pair %d", len(got), len(want))
			}
		})
	}
	t.Run("corpus", func(t *testing.T) {
		snap := corpusSnapshot(t, 800, 2)
		idx := buildOverlapIndex(snap, Pace{})
		idx.all(t.Context())
		if got, want := overlapPairs(idx), naiveOverlapPairs(idx); !sameScores(got, want) {
			t.Errorf("prefix index found %d pairs, every pair %d", len(got), len(want))
		}
	})
}

// vocabularyTree writes n skills in families: each description keeps
// part of its family's ten words and adds some of a shared vocabulary of
// the given size (rarer words less often), so that pairs overlap from far
// above the threshold to just under it. It loads the tree.
func vocabularyTree(t *testing.T, n, vocab, seed int) *skills.Snapshot {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	word := func(id int) string { return "w" + strings.Repeat("q", id%5) + fmt.Sprint(id) + "x" }
	for i := range n {
		family := rng.IntN(max(1, n/12))
		var words []string
		for k := range 10 {
			if rng.Float64() < 0.75 {
				words = append(words, word(100000+family*10+k))
			}
		}
		for range rng.IntN(6) {
			words = append(words, word(int(float64(vocab)*math.Pow(rng.Float64(), 1.6))))
		}
		name := fmt.Sprintf("skill-%d", i)
		p := filepath.Join(dir, ".agents", "skills", name, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(described(name, strings.Join(words, " "))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := skills.Load(t.Context(), discovery.Roots(discovery.RootOptions{Cwd: dir, ProjectRoot: dir, DSHHome: filepath.Join(dir, "h", ".dsh"), AgentsHome: filepath.Join(dir, "h", ".agents"), Getenv: func(string) string { return "" }}), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// sameScores reports whether a and b hold the same pairs with the same
// scores, up to the rounding of summing in another order.
func sameScores(a, b map[[2]int]float64) bool {
	return maps.EqualFunc(a, b, func(x, y float64) bool { return math.Abs(x-y) < 1e-12 })
}

// overlapPairs returns the overlaps the index found, as "i j" → score.
func overlapPairs(idx *overlapIndex) map[[2]int]float64 {
	out := map[[2]int]float64{}
	for i, ms := range idx.found {
		for _, m := range ms {
			out[[2]int{min(i, m.other), max(i, m.other)}] = m.score
		}
	}
	return out
}

// naiveOverlapPairs scores every pair of skills that shares a word used by
// 2 to common skills (the rule's candidates, without the prefix filter),
// summing every shared word (without compare's early exits).
func naiveOverlapPairs(idx *overlapIndex) map[[2]int]float64 {
	df := map[int32]int{}
	for _, sk := range idx.skills {
		for _, t := range sk.terms {
			df[t]++
		}
	}
	n := len(idx.skills)
	common := min(overlapCommonCap, max(overlapCommonFloor, int(overlapCommonShare*float64(n))))
	out := map[[2]int]float64{}
	marked := make([]int32, len(idx.weight))
	for i := range idx.skills {
		for _, t := range idx.skills[i].terms {
			marked[t] = int32(i + 1)
		}
		for j := i + 1; j < n; j++ {
			distinct := false
			for _, t := range idx.skills[j].terms {
				if marked[t] == int32(i+1) && df[t] >= 2 && df[t] <= common {
					distinct = true
					break
				}
			}
			if !distinct {
				continue
			}
			sum, count := 0.0, 0
			for _, t := range idx.skills[j].terms {
				if marked[t] == int32(i+1) {
					sum += idx.weight[t]
					count++
				}
			}
			a, b := idx.skills[i].total, idx.skills[j].total
			if score := sum / math.Sqrt(a*b); count >= overlapMinShared && score >= overlapThreshold {
				out[[2]int{i, j}] = score
			}
		}
	}
	return out
}

// referenceTerms numbers the stems of the offered skills the plain way:
// each skill's stems once, in the order they appear, given the next id
// when first seen, skill after skill; terms sorted; df counted.
func referenceTerms(files []*skillfile.File) (terms [][]int32, df []int, dict map[string]int32) {
	dict = map[string]int32{}
	for _, f := range files {
		var stems []string
		add := func(stem, _ []byte) {
			if !slices.Contains(stems, string(stem)) {
				stems = append(stems, string(stem))
			}
		}
		forEachWord(f.Def.Name, add)
		forEachWord(f.Def.Description, add)
		var ts []int32
		for _, s := range stems {
			id, ok := dict[s]
			if !ok {
				id = int32(len(df))
				dict[s] = id
				df = append(df, 0)
			}
			df[id]++
			ts = append(ts, id)
		}
		slices.Sort(ts)
		terms = append(terms, ts)
	}
	return terms, df, dict
}

// TestOverlapTermsMatchReference: the term ids found through the shared,
// sharded dictionary on several workers and numbered afterwards are those
// of numbering the stems one skill after the other (the weights, the
// order of the rarest words and so the scores depend on them).
func TestOverlapTermsMatchReference(t *testing.T) {
	corpus := corpusSnapshot(t, 600, 3)
	for name, snap := range map[string]*skills.Snapshot{"vocabulary": vocabularyTree(t, 500, 60, 4), "corpus": corpus} {
		t.Run(name, func(t *testing.T) {
			terms, df, dict := referenceTerms(offeredSkills(snap))
			for _, workers := range []int{1, 2, 7} {
				idx := buildOverlapIndex(snap, Pace{Workers: workers})
				if len(idx.skills) != len(terms) || len(idx.weight) != len(df) {
					t.Fatalf("%d workers: %d skills, %d terms; want %d, %d", workers, len(idx.skills), len(idx.weight), len(terms), len(df))
				}
				rarer := func(a, b int32) int { return cmp.Or(cmp.Compare(df[a], df[b]), cmp.Compare(a, b)) }
				for i := range idx.skills {
					if !slices.Equal(idx.skills[i].terms, terms[i]) {
						t.Fatalf("%d workers: skill %d terms %v, want %v", workers, i, idx.skills[i].terms, terms[i])
					}
					if want := slices.SortedFunc(slices.Values(terms[i]), rarer); !slices.Equal(idx.skills[i].rarer, want) {
						t.Fatalf("%d workers: skill %d rarest first %v, want %v", workers, i, idx.skills[i].rarer, want)
					}
				}
				n := float64(len(idx.skills))
				for tm, c := range df {
					if w := math.Log(1 + n/float64(max(1, c-1))); idx.weight[tm] != w {
						t.Fatalf("%d workers: term %d weighs %v, want %v", workers, tm, idx.weight[tm], w)
					}
				}
				for stem, want := range dict {
					if got, ok := idx.dict.term([]byte(stem)); !ok || got != want {
						t.Fatalf("%d workers: term(%q) = %d, %v; want %d", workers, stem, got, ok, want)
					}
				}
				if _, ok := idx.dict.term([]byte("no-such-stem")); ok {
					t.Fatal("an unknown stem has a term")
				}
			}
		})
	}
}

// referenceOffered is offeredSkills with a map of every winner's name and
// every name taken.
func referenceOffered(snap *skills.Snapshot) []*skillfile.File {
	winner := map[string]string{}
	if snap.Registry != nil {
		for _, w := range snap.Registry.Winners() {
			winner[w.Name] = w.Path
		}
	}
	taken := map[string]bool{}
	var out []*skillfile.File
	for _, f := range snap.Files() {
		d := f.Def
		if d == nil || !d.Invocation.ModelInvocable || f.Frontmatter == nil || f.Frontmatter.Field("description") == nil ||
			strings.Contains(d.Description, scaffold.DescriptionPlaceholder) {
			continue
		}
		if w, ok := winner[d.Name]; (ok && w != f.Path) || taken[d.Name] {
			continue
		}
		taken[d.Name] = true
		out = append(out, f)
	}
	return out
}

// TestOfferedSkillsMatchReference: the skills compared are the same with
// the registry's own table of winners, on every golden tree, with every
// skill file also open as a buffer outside the roots (same names, other
// paths).
func TestOfferedSkillsMatchReference(t *testing.T) {
	eachGoldenTree(t, func(t *testing.T, _ *skilltest.Golden, tree *skilltest.Tree, _ *Profile) {
		snap := tree.Load(t, skills.LoadOptions{})
		if got, want := offeredSkills(snap), referenceOffered(snap); !slices.Equal(got, want) {
			t.Fatalf("offered %d skills, want %d", len(got), len(want))
		}
		var roots []discovery.Root
		for _, r := range snap.Roots {
			roots = append(roots, r.Root)
		}
		ws := skills.NewWorkspace(roots, skills.LoadOptions{})
		if _, err := ws.Load(t.Context()); err != nil {
			t.Fatal(err)
		}
		var opens []skills.Change
		for _, f := range snap.Files() {
			for k := range 2 {
				opens = append(opens, skills.Change{Kind: skills.ChangeOpen, Path: filepath.Join(t.TempDir(), fmt.Sprint(k), filepath.Base(f.Path)), Text: skilltest.Text(t, snap, f).Src()})
			}
		}
		withLoose := ws.Apply(t.Context(), opens...)
		if got, want := offeredSkills(withLoose), referenceOffered(withLoose); !slices.Equal(got, want) {
			t.Fatalf("with buffers outside the roots: offered %d skills, want %d", len(got), len(want))
		}
	})
}

// TestIsStopWord: the buckets answer as the stop-word map: every stop word, every word of a generated corpus's names and
// descriptions (and its stem), and random short strings.
func TestIsStopWord(t *testing.T) {
	most := 0
	for _, b := range stopWordBuckets {
		most = max(most, len(b))
	}
	t.Logf("%d stop words, at most %d in a bucket", len(overlapStopWords), most)
	words := slices.Collect(maps.Keys(overlapStopWords))
	snap := corpusSnapshot(t, 300, 5)
	for _, f := range snap.Files() {
		if f.Def != nil {
			words = append(words, strings.Fields(strings.ToLower(f.Def.Name+" "+f.Def.Description))...)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	const letters = "abcdefghijklmnopqrstuvwxyz09é"
	for range 50000 {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = letters[rng.IntN(len(letters))]
		}
		words = append(words, string(b))
	}
	for _, w := range words {
		for _, v := range []string{w, string(stem([]byte(w)))} {
			if v == "" {
				continue
			}
			if got, want := isStopWord([]byte(v)), overlapStopWords[v]; got != want {
				t.Fatalf("isStopWord(%q) = %t, want %t", v, got, want)
			}
		}
	}
}

// referenceStem is stem as first written, with bytes.HasSuffix.
func referenceStem(w []byte) []byte {
	n := len(w)
	has := func(suffix string) bool { return bytes.HasSuffix(w, []byte(suffix)) }
	switch {
	case n > 4 && has("ies"):
		w = append(w[:n-3], 'y')
	case n > 4 && (has("sses") || has("shes") || has("ches") || has("xes")):
		w = w[:n-2]
	case n > 3 && has("s") && !has("ss") && !has("us") && !has("is"):
		w = w[:n-1]
	}
	n = len(w)
	switch {
	case n > 5 && has("ing"):
		w = undouble(w[:n-3])
	case n > 4 && has("ed"):
		w = undouble(w[:n-2])
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// TestStemMatchesReference: stem gives the first version's stems, on words
// built from the endings it knows and on random ones.
func TestStemMatchesReference(t *testing.T) {
	ends := []string{"", "s", "es", "ies", "sses", "shes", "ches", "xes", "ss", "us", "is", "ing", "ed", "e", "nned", "lling", "ssed", "zzing", "pping"}
	rng := rand.New(rand.NewPCG(10, 11))
	const letters = "abcdeilnprsuxyz"
	for range 200000 {
		b := make([]byte, rng.IntN(7))
		for i := range b {
			b[i] = letters[rng.IntN(len(letters))]
		}
		w := string(b) + ends[rng.IntN(len(ends))]
		if got, want := stem([]byte(w)), referenceStem([]byte(w)); !bytes.Equal(got, want) {
			t.Fatalf("stem(%q) = %q, want %q", w, got, want)
		}
	}
}

// corpusSnapshot writes a generated corpus of n skills (skilltest, seed)
// and loads it.
func corpusSnapshot(t *testing.T, n int, seed uint64) *skills.Snapshot {
	t.Helper()
	c, err := skilltest.WriteCorpus(t.TempDir(), skilltest.CorpusOptions{N: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := skills.Load(t.Context(), discovery.Roots(c.RootOptions()), skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}
