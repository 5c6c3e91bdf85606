package diagnostics

import "testing"

func TestFrontmatterRules(t *testing.T) {
	codes := []string{CodeFrontmatterMissing, CodeFrontmatterUnclosed, CodeFrontmatterNotMap, CodeYAMLSyntax, CodeYAMLUnquotedColon, CodeYAMLDuplicateKey, CodeYAMLTabIndent, CodeYAMLTooComplex}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill")},
		{name: "empty file", src: "", want: []string{"error frontmatter-missing 1:1"}, contains: "the file is empty"},
		{name: "no newline", src: "---", want: []string{"error frontmatter-missing 1:1"}, contains: "a single line"},
		{name: "trailing space", src: "--- \nname: a\n---\n", want: []string{"error frontmatter-missing 1:1"}, contains: "with spaces around it"},
		{name: "blank first line", src: "\n---\nname: a\n---\n", want: []string{"error frontmatter-missing 1:1"}, contains: "blank line"},
		{name: "four dashes", src: "----\nname: a\n---\n", want: []string{"error frontmatter-missing 1:1"}, contains: `"----"`},
		{name: "unclosed", src: "---\nname: a\ndescription: d\n", want: []string{"error frontmatter-unclosed 1:1"}},
		// A line that looks like the closing --- is where the author meant
		// to close it: the finding is there, and says what is wrong with it.
		{name: "unclosed, trailing spaces", src: "---\nname: a\ndescription: d\n---   \n\n# Body\n", want: []string{"error frontmatter-unclosed 4:1"}, contains: "this line is --- followed by spaces, and DSH closes the frontmatter only at a line that is exactly ---; remove the spaces"},
		{name: "unclosed, trailing tab", src: "---\nname: a\n---\t\r\n", want: []string{"error frontmatter-unclosed 3:1"}, contains: "this line is --- followed by whitespace"},
		{name: "unclosed, indented", src: "---\nname: a\n  ---\n", want: []string{"error frontmatter-unclosed 3:1"}, contains: "this line is --- indented, and DSH closes the frontmatter only at a line that is exactly ---; remove the indentation"},
		{name: "unclosed, padded", src: "---\nname: a\n --- \n", want: []string{"error frontmatter-unclosed 3:1"}, contains: "this line is --- with spaces around it"},
		{name: "unclosed, four dashes", src: "---\nname: a\n----\nbody\n", want: []string{"error frontmatter-unclosed 3:1"}, contains: "this line is 4 dashes, and DSH closes the frontmatter only at a line that is exactly ---; make it exactly ---"},
		{name: "unclosed, document end", src: "---\nname: a\n...\n", want: []string{"error frontmatter-unclosed 3:1"}, contains: "this line is ..., which ends a YAML document, and DSH closes"},
		{name: "unclosed, no line like it", src: "---\nname: a\n--\n", want: []string{"error frontmatter-unclosed 1:1"}, contains: "add a line that is exactly ---"},
		{name: "empty", src: "---\n---\n", want: []string{"error frontmatter-not-mapping 1:1"}, contains: "is empty"},
		{name: "list", src: "---\n- a\n---\n", want: []string{"error frontmatter-not-mapping 2:1"}, contains: "a list"},
		{name: "only comments", src: "---\n# c\n---\n", want: []string{"error frontmatter-not-mapping 2:1"}, contains: "only comments"},
		{name: "unquoted colon", src: "---\nname: skill\ndescription: Use when: asked — é 日本\n---\n", want: []string{"error yaml-unquoted-colon 3:14"}, contains: "put the whole value in quotes: 'Use when: asked — é 日本'"},
		{name: "duplicate key", src: "---\nname: skill\ndescription: a\ndescription: b\n---\n", want: []string{"error yaml-duplicate-key 4:1"}, contains: `the key "description" appears a second time here`},
		{name: "tab indent", src: "---\nname: skill\ndescription: d\n\tx: y\n---\n", want: []string{"error yaml-tab-indent 4:1"}},
		{name: "syntax", src: "---\nname: skill\ndescription: [open\n---\n", want: []string{"error yaml-syntax 3:14"}},
		{name: "too complex", src: "---\nname: skill\ndescription: d\nx: " + nested(70) + "\n---\n", want: []string{"error yaml-too-complex 2:1"}},
	})
}

// nested returns a flow sequence nested n deep.
func nested(n int) string {
	s := ""
	for range n {
		s = "[" + s + "]"
	}
	return s
}
