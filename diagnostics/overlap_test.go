package diagnostics

import (
	"fmt"
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
