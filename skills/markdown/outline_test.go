package markdown_test

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The fast outline scanner must return exactly what the goldmark walk
// returns for every body it accepts (it may refuse any body, which then goes
// to goldmark). These tests hold it to that over every Markdown text of the
// repository's test trees, a generated corpus, hand-written edge cases, and
// FuzzLinks.

// outlineCases are edge cases of link and heading syntax; fast says the
// scanner must accept the body (the common shapes of skill files).
var outlineCases = []struct {
	body string
	fast bool
}{
	{"# Title\n\nSee [a](b.md) and ![i](img.png).\n", true},
	{"- [x] done\n- [ ] todo [l](x)\n", true},
	{"1. step [run](scripts/run.sh)\n2) other\n", true},
	{"```bash\n[not](link)\n```\n[yes](link)\n", true},
	{"~~~\n```\n[no](x)\n~~~\n[yes](y)", true},
	{"Use `[a](b)` literally, then [c](d).", true},
	{"``code ` with`` [e](f)", true},
	{"[a](b) [c](d) [e](f)", true},
	{"[](empty-text) after [t](u) and [](u)", true},
	{"[t]() empty dest", true},
	{"## Heading ##\n### H #not\n#\n# \n####### seven\n#nope\n## ###\n# #\n#\t\n", false},
	{"## Heading ##\n### H #not\n#\n# \n####### seven\n#nope\n## ###\n# #\n", true},
	{"# [link in heading](h.md) ##", true},
	{"[a](b (c)) [d](e(f)g)", false},
	{"[d](e(f)g) [h](i(j)) [k]((l))", true},
	{"[a]( b ) [c](  d)", true},
	{"a\\[b](c) \\![d](e) ![f](g)", true},
	{"<input> [a](b) <b>bold</b>", false},
	{"Type <input> [a](b) <b>bold</b> </b> <br/>", true},
	{"Type <a href=\"x>[y](z)\">", false},
	{"<https://example.com> [a](b)", false},
	{"[a [b](c) d](e)", true},
	{"![a [b](c)](d)", false},
	{"[a]\n[b](c)", true},
	{"***\n---\n___\n* * *\n", true},
	{"text\n---\n", false},
	{"text\n===\n", false},
	{"- foo\n  - bar [x](y)\n", true},
	{"    indented code [x](y)\n", false},
	{"> quote [x](y)\n", false},
	{"[ref]: /url\n[ref]\n", false},
	{"[a](<b c>)", false},
	{"[a](b \"title\")", false},
	{"[a\nb](c)", false},
	{"*[a](b)* _[c](d)_ **[e](f)**", true},
	{"[*a*](b) [a *b*](b) [my_file](my_file.md) [_a](b)", false},
	{"[my_file](my_file.md) [a-b](c)", true},
	{"[a](b)\\\n[c](d)  \nend", true},
	{"text with \t tab [a](b)", false},
	{"```go\n\tfmt.Println(\"[a](b)\")\n```\n[c](d)\n", true},
	{"```\ncode\n```\t\n[a](b)", true},
	{"```\ncode\n\t```\n[a](b)", true},
	{"|a|b|\n|-|-|\n|[x](y)|`z`|\n", true},
	{"Some *emphasis* and __strong__ text. [a.md](a.md)", true},
	{"[a](b)[c](d)", true},
	{"[a](b)](c)", true},
	{"[[a](b)](c)", true},
	{"]] [[ ]] [a](b)", true},
	{"- \n- a\n-\n  b [c](d)", false},
	{"- \n- a\n\n-\n  b [c](d)", true},
	{"10. ten [x](y)\n1234567890. no [z](w)\n", true},
	{"- ```\ncode\n```\n", false},
	{"# h\n\n    code\n", false},
	{"foo\n*\n---\n", false},
	{"[a](b\\)c)", false},
	{"[a](b) <!-- c -->", false},
	{"[a](b) <?c?> <!D e> <![CDATA[f]]>", false},
	{"<div>\n<!-- a\n</div>\n\n[b](c)\n", false},
	{"[a](b)\n\n<!-- c\n\n[d](e)\n", false},
	{"x < y and y > z [a](b)", true},
	{"`unclosed [a](b)", false},
	{"CRLF\r\n[a](b)\r\n", false},
	{"[a](b) [a](b) [b](a)\n[](b)", true},
	{"# b\n[](b) [](b)", true},
	{"![](x.png) ![alt](x.png)", true},
	{"[a](b)c)d", true},
	{"[a](b(c)", false},
	{"[a] (b) [c](d)", true},
	{"[a][b] [c](d)", false},
	{"-     code\n", false},
	{"1.\n2. [a](b)", true},
	{"  # indented heading [a](b)\n   ## three ##\n", true},
	{"é 日本 𐐀 [é](日本.md) ![𐐀](x)", true},
	{"[a](b)\n```\n", true},
	{"````\n```\n[no](x)\n````\n[yes](y)\n", true},
	{"```a`b\n[x](y)\n", false},
	{"[](\t) [a](\tb) `a\tb` <b\t>", false},
	{"```\n\tcode\r\n```\n", false},
	{"```python\nfor row in data['rows']:\n```\n[x](y)\n", true},
	{"[foo\nbar]: /url\n", false},
	{"[`]: /url `x`\n", false},
	{"- [a]: /url\n", false},
	{"[a\\]: /url\n", false},
	{"[a\\\\]: /url\n", false},
	{"Text with a\\]: escaped colon and [a](b).\n", true},
	// Headings and no link syntax: a file's Outline needs no scan.
	{"# Only a heading\n\ntext (x.md) ! ] https://x.test\n", true},
	{"Setext\n===\n\n    indented\n", false},
}

func TestOutlineFastMatchesGoldmark(t *testing.T) {
	for _, c := range outlineCases {
		if fast := checkOutline(t, strconv.Quote(c.body), []byte(c.body)); fast != c.fast {
			t.Errorf("%q: fast path taken = %v, want %v", c.body, fast, c.fast)
		}
	}
	n, fast := 0, 0
	for name, src := range skilltest.RepositoryMarkdown(t) {
		for _, body := range bodies(src) {
			n++
			if checkOutline(t, name, body) {
				fast++
			}
		}
	}
	t.Logf("test trees: %d of %d texts took the fast path", fast, n)
	if n < 100 {
		t.Fatalf("found only %d Markdown texts in the test trees", n)
	}
}

// TestOutlineFastOnCorpus checks the generated corpus (the shape of the
// benchmarks): every body must take the fast path and agree with goldmark.
func TestOutlineFastOnCorpus(t *testing.T) {
	c, err := skilltest.WriteCorpus(t.TempDir(), skilltest.CorpusOptions{N: 120, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range c.SkillFiles {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		body := src
		if f := skillfile.Parse(p, src, skillfile.ReadFS); f.Frontmatter != nil {
			body = src[f.BodySpan.Start:f.BodySpan.End]
		}
		if !checkOutline(t, p, body) {
			t.Errorf("%s: the fast path refused a generated body", p)
		}
	}
}

func FuzzLinks(f *testing.F) {
	for _, c := range outlineCases {
		f.Add([]byte(c.body))
	}
	for _, src := range skilltest.VectorMarkdown(f) {
		for _, body := range bodies(src) {
			f.Add(body)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		checkOutline(t, "", body)
		// The same bytes read as a sequence of Markdown tokens, which
		// reaches the link syntax far more often than random bytes do.
		checkOutline(t, "tokens", markdownTokens(body))
		// The whole path, including the shortcut for bodies without any
		// link or heading syntax.
		src := append([]byte("---\nname: a\ndescription: b\n---\n"), body...)
		file := skillfile.Parse("/r/a/SKILL.md", src, skillfile.ReadFS)
		if file.Frontmatter == nil || file.BodySpan.End > len(src) {
			return
		}
		want := markdown.ParseOutline(src[file.BodySpan.Start:file.BodySpan.End], file.BodySpan.Start)
		// A file's Outline lists no headings; Headings scans for them.
		if hs := file.Outline.Headings(); len(hs) != 0 {
			t.Fatalf("File.Outline lists headings: %+v", hs)
		}
		got := viewOf(file.Outline)
		got.Headings = file.Headings(src)
		if diff := cmp.Diff(viewOf(want), got, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("File.Outline and Headings differ from goldmark's (-goldmark +got):\n%s\nbody: %q", diff, body)
		}
	})
}

// fuzzTokens are the pieces markdownTokens builds bodies from.
var fuzzTokens = []string{
	"[", "]", "(", ")", "![", "](", "`", "``", "```", "~~~", "\n", "\n\n", " ", "  ", "   ", "    ",
	"- ", "1. ", "2) ", "* ", "# ", "## ", "#", "---", "===", "***", "<b>", "</b>", "<a:b>", "<!--", "-->", ">",
	"<?", "?>", "<!X ", "<![CDATA[", "]]>", "<div>", "</div>", "<pre>", "<script>",
	"\\", "_", "*", "!", "a", "b", "x.md", "my_file", "é", "\t", "]:", "\"t\"", "'", "&amp;", ":", "/",
}

// markdownTokens maps each byte of data to a token of fuzzTokens.
func markdownTokens(data []byte) []byte { return skilltest.FromTokens(data, fuzzTokens) }

// outlineView is an Outline with its links listed, for cmp.
type outlineView struct {
	Links                []markdown.Link
	Headings             []markdown.Heading
	Comments, Unrendered []spans.Span
	Unread               string
}

// viewOf returns o's view.
func viewOf(o markdown.Outline) outlineView {
	v := outlineView{Headings: o.Headings(), Comments: o.Comments(), Unrendered: o.Unrendered(), Unread: o.Unread()}
	for _, l := range o.Links() {
		v.Links = append(v.Links, l)
	}
	return v
}

// checkOutline compares the two paths on body and reports whether the fast
// one accepted it.
func checkOutline(t *testing.T, name string, body []byte) bool {
	t.Helper()
	const base = 17
	want := markdown.ParseOutline(body, base)
	// The outline without headings (a file's Outline) is the same links
	// and comments, whichever path reads the body.
	links := markdown.Scan(body, base)
	wantLinks := want.WithoutHeadings()
	if diff := cmp.Diff(viewOf(wantLinks), viewOf(links), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("%s: outline without headings differs from goldmark's (-goldmark +got):\n%s\nbody: %q", name, diff, body)
	}
	got, ok := markdown.ScanOutlineFast(body, base)
	if !ok {
		return false
	}
	if diff := cmp.Diff(viewOf(want), viewOf(got), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("%s: fast outline differs from goldmark's (-goldmark +fast):\n%s\nbody: %q", name, diff, body)
	}
	return true
}

// bodies returns the texts to compare for one Markdown file: the whole file
// and, when it has frontmatter, the body after it.
func bodies(src []byte) [][]byte {
	out := [][]byte{src}
	f := skillfile.Parse("/r/x/SKILL.md", src, skillfile.ReadFS)
	if f.Frontmatter != nil && f.BodySpan.Start > 0 && f.BodySpan.End <= len(src) {
		out = append(out, src[f.BodySpan.Start:f.BodySpan.End])
	}
	return out
}

// BenchmarkOutline scans the bodies of a generated corpus: the fast path
// and, for comparison, goldmark.
func BenchmarkOutline(b *testing.B) {
	c, err := skilltest.WriteCorpus(b.TempDir(), skilltest.CorpusOptions{N: 500, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	var bodies [][]byte
	size := 0
	for _, p := range c.SkillFiles {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if f := skillfile.Parse(p, src, skillfile.ReadFS); f.Frontmatter != nil {
			bodies = append(bodies, src[f.BodySpan.Start:f.BodySpan.End])
			size += f.BodySpan.Len()
		}
	}
	for _, path := range []struct {
		name string
		scan func([]byte, int) markdown.Outline
	}{
		{"fast", func(b []byte, base int) markdown.Outline { o, _ := markdown.ScanOutlineFast(b, base); return o }},
		{"goldmark", markdown.ParseOutline},
	} {
		b.Run(path.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for _, body := range bodies {
					path.scan(body, 0)
				}
			}
		})
	}
}

// TestScanCapsLinks: a body of more links than markdown.MaxLinks is reported
// unread, not checked link by link (250,000 missing links cost check 6 s
// and 600 MB); markdown.MaxLinks links are all read.
func TestScanCapsLinks(t *testing.T) {
	body := func(n int) []byte {
		b := new(bytes.Buffer)
		for i := range n {
			fmt.Fprintf(b, "[a](m%d.md)\n", i)
		}
		return b.Bytes()
	}
	if out := markdown.Scan(body(markdown.MaxLinks), 0); out.Unread() != "" || out.NumLinks() != markdown.MaxLinks {
		t.Errorf("%d links: unread %q, %d links read", markdown.MaxLinks, out.Unread(), out.NumLinks())
	}
	if out := markdown.Scan(body(markdown.MaxLinks+1), 0); !strings.Contains(out.Unread(), "it holds 10001 links, over the 10000") || out.NumLinks() != 0 {
		t.Errorf("%d links: unread %q, %d links read", markdown.MaxLinks+1, out.Unread(), out.NumLinks())
	}
}
