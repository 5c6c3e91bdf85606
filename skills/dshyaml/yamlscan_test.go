package dshyaml_test

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// TestYAMLMistakes: the mistakes skill frontmatter commonly makes get the
// code that names them, the key whose value is wrong, a span on the
// mistake, and the line DSH logs byte for byte. The log lines were
// recorded from npm yaml 2.9.0, DSH's parser: String(e) of parse(text).
func TestYAMLMistakes(t *testing.T) {
	tests := []struct {
		name, yaml string
		code       problem.Code
		key, span  string
		log        string
	}{
		{"reserved @", "name: at\ndescription: @mention the reviewer\n", "yaml-syntax", "description", "@mention the reviewer",
			"YAMLParseError: Plain value cannot start with reserved character @ at line 2, column 14:\n\ndescription: @mention the reviewer\n             ^\n"},
		{"reserved backtick", "name: backtick\ndescription: `git log` summaries\n", "yaml-syntax", "description", "`git log` summaries",
			"YAMLParseError: Plain value cannot start with reserved character ` at line 2, column 14:\n\ndescription: `git log` summaries\n             ^\n"},
		{"text after {draft}", "name: brace\ndescription: {draft} Summarizes PDFs\n", "yaml-syntax", "description", "{draft} Summarizes PDFs",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 22:\n\ndescription: {draft} Summarizes PDFs\n                     ^^^^^^^^^^^^^^^\n"},
		{"text after [beta]", "name: bracket\ndescription: [beta] Summarizes PDFs\n", "yaml-syntax", "description", "[beta] Summarizes PDFs",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 21:\n\ndescription: [beta] Summarizes PDFs\n                    ^^^^^^^^^^^^^^^\n"},
		{"unquoted colon", "name: colon\ndescription: Use when: the user asks for a summary\n", "yaml-unquoted-colon", "description", "Use when: the user asks for a summary",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: Use when: the user asks for a summary\n             ^\n"},
		{"text after >", "name: gt\ndescription: > 10 files at once\n", "yaml-syntax", "description", "> 10 files at once",
			"YAMLParseError: Not a YAML token: 10 files at once at line 2, column 16:\n\ndescription: > 10 files at once\n               ^^^^^^^^^^^^^^^^\n"},
		{"multi-line plain value", "name: multiline\ndescription: Summarizes PDFs\nand extracts tables\n", "yaml-syntax", "description", "and extracts tables",
			"YAMLParseError: Implicit map keys need to be followed by map values at line 3, column 1:\n\ndescription: Summarizes PDFs\nand extracts tables\n^^^^^^^^^^^^^^^^^^^\n"},
		{"directive %", "name: percent\ndescription: %s formatting helper\n", "yaml-syntax", "description", "%s formatting helper",
			"YAMLParseError: Plain value cannot start with directive indicator character % at line 2, column 14:\n\ndescription: %s formatting helper\n             ^\n"},
		{"text after |", "name: pipe\ndescription: | separated values\n", "yaml-syntax", "description", "| separated values",
			"YAMLParseError: Not a YAML token: separated values at line 2, column 16:\n\ndescription: | separated values\n               ^^^^^^^^^^^^^^^^\n"},
		{"unbalanced quote", "name: quote\ndescription: \"Summarizes PDFs\n", "yaml-syntax", "description", "\"Summarizes PDFs",
			"YAMLParseError: Missing closing \"quote at line 3, column 1:\n\ndescription: \"Summarizes PDFs\n\n^\n"},
		{"text after the closing quote", "name: quote2\ndescription: \"Summarizes\" PDFs\n", "yaml-syntax", "description", "\"Summarizes\" PDFs",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 27:\n\ndescription: \"Summarizes\" PDFs\n                          ^^^^\n"},
		{"value starting with *", "name: star\ndescription: *bold* summaries of long documents\n", "yaml-syntax", "description", "*bold* summaries of long documents",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 21:\n\ndescription: *bold* summaries of long documents\n                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"},
		{"tab under metadata", "name: tab-indent\ndescription: Formats tables.\nmetadata:\n\tversion: \"1.0\"\n", "yaml-tab-indent", "metadata", "\t",
			"YAMLParseError: Tabs are not allowed as indentation at line 4, column 1:\n\nmetadata:\n\tversion: \"1.0\"\n^\n"},
		{"tab before a list item", "name: tab-list\ndescription: Lists tools.\nallowed-tools:\n\t- Bash\n", "yaml-tab-indent", "allowed-tools", "\t",
			"YAMLParseError: Tabs are not allowed as indentation at line 4, column 1:\n\nallowed-tools:\n\t- Bash\n^\n"},
		{"alias of no anchor", "name: a\ndescription: *bold*\n", "yaml-syntax", "description", "*bold*",
			"ReferenceError: Unresolved alias (the anchor must be set before the alias): bold*"},
		{"alias then text", "name: a\ndescription: *bold* summaries\n", "yaml-syntax", "description", "*bold* summaries",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 21:\n\ndescription: *bold* summaries\n                    ^^^^^^^^^\n"},
		{"unclosed [", "name: a\ndescription: [beta Summarizes\n", "yaml-syntax", "description", "[beta Summarizes",
			"YAMLParseError: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1:\n\ndescription: [beta Summarizes\n\n^\n"},
		{"text after {}", "name: a\ndescription: {draft} x\n", "yaml-syntax", "description", "{draft} x",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 22:\n\ndescription: {draft} x\n                     ^\n"},
		{"unclosed {", "name: a\ndescription: {draft x\n", "yaml-syntax", "description", "{draft x",
			"YAMLParseError: Flow map in block collection must be sufficiently indented and end with a } at line 3, column 1:\n\ndescription: {draft x\n\n^\n"},
		{"block header with extra characters", "name: a\ndescription: >10 files\n", "yaml-syntax", "description", ">10 files",
			"YAMLParseError: Block scalar header includes extra characters: >10 at line 2, column 16:\n\ndescription: >10 files\n               ^\n"},
		{"text after >-", "name: a\ndescription: >- 10 files\n", "yaml-syntax", "description", ">- 10 files",
			"YAMLParseError: Not a YAML token: 10 files at line 2, column 17:\n\ndescription: >- 10 files\n                ^^^^^^^^\n"},
		{"block header | glued to text", "name: a\ndescription: |x\n", "yaml-syntax", "description", "|x",
			"YAMLParseError: Block scalar header includes extra characters: |x at line 2, column 15:\n\ndescription: |x\n              ^\n"},
		{"text after a single-quoted value", "name: a\ndescription: 'Summ' PDFs\n", "yaml-syntax", "description", "'Summ' PDFs",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 21:\n\ndescription: 'Summ' PDFs\n                    ^^^^\n"},
		{"unclosed quote up to the end", "name: a\ndescription: \"Summ PDFs\nlicense: MIT\n", "yaml-syntax", "description", "\"Summ PDFs",
			"YAMLParseError: Missing closing \"quote at line 4, column 1:\n\nlicense: MIT\n\n^\n"},
		{"apostrophe inside single quotes", "name: a\ndescription: 'it's fine'\n", "yaml-syntax", "description", "'it's fine'",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 18:\n\ndescription: 'it's fine'\n                 ^^^^^^^\n"},
		{"double quotes inside double quotes", "name: a\ndescription: \"He said \"hi\"\"\n", "yaml-syntax", "description", "\"He said \"hi\"\"",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 24:\n\ndescription: \"He said \"hi\"\"\n                       ^^^^\n"},
		{"continued value, then more keys", "name: a\ndescription: A\nand B\nlicense: MIT\n", "yaml-syntax", "description", "and B",
			"YAMLParseError: Implicit keys need to be on a single line at line 3, column 1:\n\ndescription: A\nand B\n^\n"},
		{"continued value at the end", "name: a\ndescription: A\nand B\n", "yaml-syntax", "description", "and B",
			"YAMLParseError: Implicit map keys need to be followed by map values at line 3, column 1:\n\ndescription: A\nand B\n^^^^^\n"},
		{"continued nested value", "metadata:\n  a: A\n  and B\nname: x\n", "yaml-syntax", "a", "and B",
			"YAMLParseError: Implicit map keys need to be followed by map values at line 3, column 3:\n\n  a: A\n  and B\n  ^^^^^\n"},
		{"text after the quote, then a comment", "name: a\ndescription: 'x' y # c\n", "yaml-syntax", "description", "'x' y",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 18:\n\ndescription: 'x' y # c\n                 ^\n"},
		{"alias then a word", "name: a\ndescription: *a x\n", "yaml-syntax", "description", "*a x",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 17:\n\ndescription: *a x\n                ^\n"},
		{"reserved character after a block scalar", "name: a\ndescription: >\n  ok\nlicense: @x\n", "yaml-syntax", "license", "@x",
			"YAMLParseError: Plain value cannot start with reserved character @ at line 4, column 10:\n\nlicense: @x\n         ^\n"},
		{"reserved character in a list item", "name: a\nallowed-tools:\n  - @x\n", "yaml-syntax", "allowed-tools", "@x",
			"YAMLParseError: Plain value cannot start with reserved character @ at line 3, column 5:\n\n  - @x\n    ^\n"},
		{"tab before a top-level key", "name: a\ndescription: x\n\tlicense: y\n", "yaml-tab-indent", "", "\t",
			"YAMLParseError: Tabs are not allowed as indentation at line 3, column 1:\n\ndescription: x\n\tlicense: y\n^\n"},
		{"tab before a value", "name: a\ndescription:\n\tSummarizes PDFs\n", "yaml-tab-indent", "description", "\t",
			"YAMLParseError: Tabs are not allowed as indentation at line 3, column 1:\n\ndescription:\n\tSummarizes PDFs\n^\n"},
		{"tab as a block scalar's indentation", "name: a\ndescription: >\n\tSummarizes PDFs\n", "yaml-tab-indent", "", "\t",
			"YAMLParseError: Block scalar values in collections must be indented at line 3, column 1:\n\ndescription: >\n\tSummarizes PDFs\n^\n"},
		{"tab inside a block scalar", "name: a\ndescription: >\n  Summ\n\tmore\n", "yaml-tab-indent", "", "\t",
			"YAMLParseError: Block scalar lines must not be less indented than their first line at line 4, column 1:\n\n  Summ\n\tmore\n^\n"},
		{"tab among spaces", "name: a\nmetadata:\n  author: me\n\tversion: 1\n", "yaml-tab-indent", "metadata", "\t",
			"YAMLParseError: Tabs are not allowed as indentation at line 4, column 1:\n\n  author: me\n\tversion: 1\n^\n"},
		{"long line, column before 60", "name: a\ndescription: Use when: x and this is a very long description that goes on and on past eighty\n", "yaml-unquoted-colon", "description", "Use when: x and this is a very long description that goes on and on past eighty",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: Use when: x and this is a very long description that goes on and o…\n             ^\n"},
		{"long line, cut at 80", "name: a\ndescription: This is a very long description that goes on and on past eighty units, then it: breaks\n", "yaml-unquoted-colon", "description", "This is a very long description that goes on and on past eighty units, then it: breaks",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: This is a very long description that goes on and on past eighty un…\n             ^\n"},
		{"directive %", "name: a\ndescription: %x\n", "yaml-syntax", "description", "%x",
			"YAMLParseError: Plain value cannot start with directive indicator character % at line 2, column 14:\n\ndescription: %x\n             ^\n"},
		{"CRLF reserved character", "name: a\r\ndescription: @x\r\n", "yaml-syntax", "description", "@x",
			"YAMLParseError: Plain value cannot start with reserved character @ at line 2, column 14:\n\ndescription: @x\n             ^\n"},
		{"CRLF continued value", "name: a\r\ndescription: A\r\nand B\r\n", "yaml-syntax", "description", "and B",
			"YAMLParseError: Implicit map keys need to be followed by map values at line 3, column 1:\n\ndescription: A\r\nand B\n^^^^^\n"},
		{"unclosed double quote", "name: a\ndescription: \"Summ PDFs\n", "yaml-syntax", "description", "\"Summ PDFs",
			"YAMLParseError: Missing closing \"quote at line 3, column 1:\n\ndescription: \"Summ PDFs\n\n^\n"},
		{"unclosed single quote", "name: a\ndescription: 'Summ PDFs\n", "yaml-syntax", "description", "'Summ PDFs",
			"YAMLParseError: Missing closing 'quote at line 3, column 1:\n\ndescription: 'Summ PDFs\n\n^\n"},
		{"Windows path in double quotes", "name: winpath\ndescription: \"Reads files from C:\\Users\\me\\docs\"\n", "yaml-syntax", "description", `\U`,
			"YAMLParseError: Invalid escape sequence \\Users\\me\\ at line 2, column 34:\n\ndescription: \"Reads files from C:\\Users\\me\\docs\"\n                                 ^\n"},
		{"unknown escape", "name: a\ndescription: \"Press \\q to quit\"\n", "yaml-syntax", "description", `\q`,
			"YAMLParseError: Invalid escape sequence \\q at line 2, column 21:\n\ndescription: \"Press \\q to quit\"\n                    ^\n"},
		{"\\x with one digit, up to the closing quote", "name: a\ndescription: \"Byte \\x4\"\n", "yaml-syntax", "description", `\x`,
			"YAMLParseError: Invalid escape sequence \\x4\" at line 2, column 20:\n\ndescription: \"Byte \\x4\"\n                   ^\n"},
		{"\\U past U+10FFFF", "name: a\ndescription: \"Past \\U00110000 max\"\n", "yaml-syntax", "description", `\U`,
			"YAMLParseError: Invalid escape sequence \\U00110000 at line 2, column 20:\n\ndescription: \"Past \\U00110000 max\"\n                   ^\n"},
		{"escape on a continued line", "name: a\ndescription: \"Reads\n  C:\\Users\\me\"\n", "yaml-syntax", "description", `\U`,
			"YAMLParseError: Invalid escape sequence \\Users\\me\" at line 3, column 5:\n\n  C:\\Users\\me\"\n    ^\n"},
		{"escape before text after the quote", "name: a\ndescription: \"C:\\Users\" and more\n", "yaml-syntax", "description", `\U`,
			"YAMLParseError: Invalid escape sequence \\Users\" at line 2, column 17:\n\ndescription: \"C:\\Users\" and more\n                ^\n"},
		{"indented key", "name: indent-desc\n  description: indented key\n", "yaml-syntax", "name", "description",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 1, column 7:\n\nname: indent-desc\n      ^\n"},
		{"indented key with no value", "name: a\n  description:\n", "yaml-syntax", "name", "description",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 1, column 7:\n\nname: a\n      ^\n"},
		{"indented nested key", "metadata:\n  a: x\n    b: y\nname: a\n", "yaml-syntax", "a", "b",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 2, column 6:\n\n  a: x\n     ^\n"},
		{"colon on a continued line", "name: a\ndescription: This is a long description\n  that continues on the next line: with colon\n", "yaml-unquoted-colon", "description", ":",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: This is a long description\n             ^\n"},
		{"key-like word on a third line", "name: a\ndescription: Summ\n  more\n  Note: it ends here\n", "yaml-unquoted-colon", "description", ":",
			"YAMLParseError: Nested mappings are not allowed in compact mappings at line 2, column 14:\n\ndescription: Summ\n             ^\n"},
		{"UTF-16 columns after é, CJK and 𐐀", "name: a\ndescription: [é漢字𐐀] y\n", "yaml-syntax", "description", "[é漢字𐐀] y",
			"YAMLParseError: Unexpected scalar at node end at line 2, column 22:\n\ndescription: [é漢字𐐀] y\n                     ^\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := dshyaml.Parse([]byte(tt.yaml), 0)
			e := doc.Err
			if e == nil {
				t.Fatalf("parses: %+v", doc)
			}
			if e.Code != tt.code || e.Key != tt.key || tt.yaml[e.Span.Start:e.Span.End] != tt.span {
				t.Errorf("code %s, key %q, span %q; want %s, %q, %q", e.Code, e.Key, tt.yaml[e.Span.Start:e.Span.End], tt.code, tt.key, tt.span)
			}
			if got := dshyaml.LogMessage(e, []byte(tt.yaml)); got != tt.log {
				t.Errorf("log\n%q\nwant\n%q", got, tt.log)
			}
		})
	}
}

// TestBadEscape: the escapes of a double-quoted value DSH's yaml@2 rejects,
// and how much of the text its message quotes, in UTF-16 code units
// (source.substr: \😀 quotes half the emoji).
func TestBadEscape(t *testing.T) {
	tests := []struct {
		text  string
		at, n int
	}{
		{`\x41\u00e9\U0001F600\/\"\\\0\a\b\e\f\n\r\t\v\N\_\L\P\ \` + "\t", -1, 0},
		{`\uD800`, -1, 0}, // a lone surrogate: String.fromCodePoint takes it
		{`C:\Users\me`, 2, 10},
		{`a\q`, 1, 2},
		{`\'`, 0, 2},
		{`\é`, 0, 2},
		{`\😀`, 0, 2},
		{`\x4`, 0, 4},
		{`\u+123`, 0, 6},
		{`\U00110000`, 0, 10},
		{`ends \`, -1, 0}, // an escaped line break
	}
	for _, tt := range tests {
		if at, n := dshyaml.BadEscape(tt.text, 0, len(tt.text)); at != tt.at || (at >= 0 && n != tt.n) {
			t.Errorf("BadEscape(%q) = %d, %d; want %d, %d", tt.text, at, n, tt.at, tt.n)
		}
	}
}
