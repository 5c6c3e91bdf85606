package skilltest

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// corpustext.go: the words and the text generators of the corpus (names,
// descriptions, frontmatter, bodies, scripts, references).

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
	link := func() string { // the next link target, in turn
		t := targets[li%len(targets)]
		li++
		return t
	}
	for sec := 1; b.Len() < size; sec++ {
		kind := g.r.Float64()
		fmt.Fprintf(&b, "\n## %s %d\n\n", g.choice([]string{"Steps", "Workflow", "Checks", "Inputs", "Outputs", "Notes", "Pitfalls", "Examples", "Reference"}), sec)
		switch {
		case kind < 0.35:
			g.listSection(&b, targets, link)
		case kind < 0.6:
			g.codeSection(&b, scripts, refs)
		case kind < 0.7:
			b.WriteString("| Field | Meaning |\n| --- | --- |\n")
			for range g.between(2, 5) {
				fmt.Fprintf(&b, "| `%s` | %s |\n", g.choice(words), g.sentence(3, 8))
			}
		default:
			g.paragraphSection(&b, targets, link)
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

// listSection writes a numbered or bulleted list, some items linking.
func (g *gen) listSection(b *strings.Builder, targets []string, link func() string) {
	for i := range g.between(3, 8) {
		item := g.sentence(5, 14)
		if len(targets) > 0 && g.r.Float64() < 0.3 {
			t := link()
			item += fmt.Sprintf(" See [%s](%s).", path.Base(t), t)
		}
		if g.r.Float64() < 0.5 {
			fmt.Fprintf(b, "%d. %s\n", i+1, item)
		} else {
			fmt.Fprintf(b, "- %s\n", item)
		}
	}
}

// codeSection writes a sentence and a fenced code block.
func (g *gen) codeSection(b *strings.Builder, scripts, refs []string) {
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
	fmt.Fprintf(b, "%s\n\n```%s\n%s\n```\n", g.sentence(6, 16), lang, code)
}

// paragraphSection writes a paragraph that may end with a link.
func (g *gen) paragraphSection(b *strings.Builder, targets []string, link func() string) {
	n := g.between(2, 6)
	para := make([]string, n)
	for i := range para {
		para[i] = g.sentence(6, 16)
	}
	p := strings.Join(para, " ")
	if len(targets) > 0 && g.r.Float64() < 0.5 {
		t := link()
		p += fmt.Sprintf(" Details live in [%s](%s).", t, t)
	}
	b.WriteString(p + "\n")
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
