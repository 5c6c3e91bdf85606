package markdown_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestHiddenHTMLMarkup holds the comments and the other markup a renderer
// drops (Outline.Unrendered()) to CommonMark's HTML blocks and raw HTML:
// each case lists the text of every span found.
func TestHiddenHTMLMarkup(t *testing.T) {
	cases := []struct {
		name, body           string
		comments, unrendered []string
	}{
		{"comment block", "<!-- a -->\n", []string{"<!-- a -->"}, nil},
		{"unclosed comment runs to the end", "text\n\n<!-- a\n\nb\n", nil, []string{"<!-- a\n\nb"}},
		{"unclosed comment in a paragraph is text", "text <!-- a\n", nil, nil},
		{"comment inside a div", "<div>\n<!-- a -->\n</div>\n", []string{"<!-- a -->"}, nil},
		{"unclosed comment inside a div", "<div>\n<!-- a\n</div>\n\nb\n", nil, []string{"<!-- a\n</div>"}},
		{"comment inside a one-line block", "<p>x <!-- a --> y</p>\n", []string{"<!-- a -->"}, nil},
		{"comment inside pre", "<pre>\n<!-- a -->\n</pre>\n", []string{"<!-- a -->"}, nil},
		{"comment inside script is its text", "<script>\n<!-- a -->\n</script>\n", nil, nil},
		{"comment inside textarea shows", "<textarea>\n<!-- a -->\n</textarea>\n", nil, nil},
		{"instruction block", "<?php a ?>\n", nil, []string{"<?php a ?>"}},
		{"unclosed instruction block", "<?php a\n\nb", nil, []string{"<?php a\n\nb"}},
		{"instruction inline", "x <?a?> y\n", nil, []string{"<?a?>"}},
		{"declaration", "<!DOCTYPE html>\n", nil, []string{"<!DOCTYPE html>"}},
		{"cdata inline", "x <![CDATA[a]]> y\n", nil, []string{"<![CDATA[a]]>"}},
		{"in code", "```\n<!-- a\n<?b?>\n```\n`<!-- c -->`\n\n    <?d?>\n", nil, nil},
		{"declarations left open run to the end", "<div>\n<!a\n<![CDATA[b\n", nil, []string{"<!a\n<![CDATA[b"}},
		{"two in a block", "<div><!-- a --><?b?></div>\n", []string{"<!-- a -->"}, []string{"<?b?>"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := markdown.Scan([]byte(c.body), 0)
			texts := func(ss []spans.Span) []string {
				var r []string
				for _, s := range ss {
					r = append(r, c.body[s.Start:s.End])
				}
				return r
			}
			if diff := cmp.Diff(c.comments, texts(out.Comments()), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("comments (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.unrendered, texts(out.Unrendered()), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("unrendered (-want +got):\n%s", diff)
			}
			checkOutline(t, c.name, []byte(c.body))
		})
	}
}
