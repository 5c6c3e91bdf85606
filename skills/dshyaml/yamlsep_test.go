package dshyaml

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSeparatorsMatchYAML2 holds the reading of U+0085, U+2028 and U+2029
// (yamlsep.go) to DSH's parser: in plain, single-quoted, double-quoted and
// block values, keys, comments, flow collections, next to the mistakes
// yaml@2 reports (a colon, a repeated key, a tab, a block header). Each want
// is what npm yaml 2.9.0 says of the input: "OK " and
// JSON.stringify(parse(input)), or JSON.stringify(String(error)). To record
// them again, in a folder where `npm install yaml@2.9.0` has been run, with
// this file's path as $F:
//
//	node -e '
//	const {parse} = require("yaml");
//	const src = require("fs").readFileSync(process.argv[1], "utf8");
//	for (const m of src.matchAll(/^\t\{("(?:[^"\\]|\\.)*"), /gm)) {
//	  const y = JSON.parse(m[1]);
//	  let out;
//	  try { out = "OK " + JSON.stringify(parse(y)); } catch (e) { out = JSON.stringify(String(e).toWellFormed()); }
//	  console.log("\t{" + m[1] + ", " + JSON.stringify(out).replace(/[\u0085\u2028\u2029]/g, c => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) + "},");
//	}' "$F"
//
// and put its output in place of the rows below (an input is a Go string
// literal that is also JSON; the script writes the three characters as
// escapes, which JSON.stringify leaves raw).
func TestSeparatorsMatchYAML2(t *testing.T) {
	for _, c := range yaml2Separators {
		if got := readAsYAML2(c.in); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

var yaml2Separators = []struct{ in, want string }{
	// Plain values: a character like any other, never trimmed.
	{"description: a\u0085b\n", "OK {\"description\":\"a\u0085b\"}"},
	{"description: a \u2028 b\n", "OK {\"description\":\"a \u2028 b\"}"},
	{"description: a\u2028\n", "OK {\"description\":\"a\u2028\"}"},
	{"description: \u2028a\n", "OK {\"description\":\"\u2028a\"}"},
	{"description: \u2029\n", "OK {\"description\":\"\u2029\"}"},
	{"description: a \u0085\n", "OK {\"description\":\"a \u0085\"}"},
	{"k: v\u2028# c\n", "OK {\"k\":\"v\u2028# c\"}"},
	{"k: v\u2028#c\n", "OK {\"k\":\"v\u2028#c\"}"},
	{"k: a\u2028\tb\n", "OK {\"k\":\"a\u2028\\tb\"}"},
	{"k: -\u2028\n", "OK {\"k\":\"-\u2028\"}"},
	{"k:\n  -\u2028a\n", "OK {\"k\":\"-\u2028a\"}"},
	{"k:\u2028v\n", "OK \"k:\u2028v\""},
	{"k: a:\u2028b\n", "OK {\"k\":\"a:\u2028b\"}"},
	{"k: a\u2028:\u2028b\n", "OK {\"k\":\"a\u2028:\u2028b\"}"},
	// Plain values over lines: folded at "\n" only.
	{"k: a\u2028\n  b\n", "OK {\"k\":\"a\u2028 b\"}"},
	{"k: a\n  \u2028b\n", "OK {\"k\":\"a \u2028b\"}"},
	{"k: a\n  b\u2028\n", "OK {\"k\":\"a b\u2028\"}"},
	{"k: a \u2028\n  b\n", "OK {\"k\":\"a \u2028 b\"}"},
	{"k: a\n  \u2028 \n  b\n", "OK {\"k\":\"a \u2028 b\"}"},
	{"name: x\ndescription: a\u2028\n  b\n", "OK {\"name\":\"x\",\"description\":\"a\u2028 b\"}"},
	// Single quotes.
	{"description: 'a\u2029b'\n", "OK {\"description\":\"a\u2029b\"}"},
	{"description: ' a \u2028 b '\n", "OK {\"description\":\" a \u2028 b \"}"},
	{"description: 'a\n  \u2028 b'\n", "OK {\"description\":\"a \u2028 b\"}"},
	{"description: 'a \u2028\n  b'\n", "OK {\"description\":\"a \u2028 b\"}"},
	{"k: '\u2028\n\n  a'\n", "OK {\"k\":\"\u2028\\na\"}"},
	{"k: 'it''s\u2028'\n", "OK {\"k\":\"it's\u2028\"}"},
	{"k: '\u0085'\nj: \u0085x\u0085\n", "OK {\"k\":\"\u0085\",\"j\":\"\u0085x\u0085\"}"},
	// Double quotes (yamldq.go reads them; the lines around them count alike).
	{"k: \"a\u2028b\"\nn: x\n", "OK {\"k\":\"a\u2028b\",\"n\":\"x\"}"},
	{"k: \"a\n\u2028\n  b\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 1, column 6:\\n\\nk: \\\"a\\n     ^\\n\""},
	// Literal and folded blocks: content, also alone on a line.
	{"description: |\n  a\u2028b\n", "OK {\"description\":\"a\u2028b\\n\"}"},
	{"description: |\n  a \u2028 \n  b\n", "OK {\"description\":\"a \u2028 \\nb\\n\"}"},
	{"description: >\n  a\u2028\n  b\n", "OK {\"description\":\"a\u2028 b\\n\"}"},
	{"description: >\n  \u2028a\n  b\n", "OK {\"description\":\"\u2028a b\\n\"}"},
	{"description: |\n  a\n  \u0085\n", "OK {\"description\":\"a\\n\u0085\\n\"}"},
	{"k: >\n  a\n  \u0085\n", "OK {\"k\":\"a \u0085\\n\"}"},
	{"description: >\n  a\n\n  \u2028b\n", "OK {\"description\":\"a\\n\u2028b\\n\"}"},
	{"description: >-\n  a\n   \u2028b\n  c\n", "OK {\"description\":\"a\\n \u2028b\\nc\"}"},
	{"description: |\u2028\n  a\n", "\"YAMLParseError: Block scalar header includes extra characters: |\u2028 at line 1, column 15:\\n\\ndescription: |\u2028\\n              ^\\n\""},
	// Keys, comments, nesting: no line ends at one.
	{"k\u2028ey: v\n", "OK {\"k\u2028ey\":\"v\"}"},
	{"\u2028k: v\n", "OK {\"\u2028k\":\"v\"}"},
	{"k: v\n\u2028x: y\n", "OK {\"k\":\"v\",\"\u2028x\":\"y\"}"},
	{"k: a\n  b\n\u2028x: y\n", "OK {\"k\":\"a b\",\"\u2028x\":\"y\"}"},
	{"k: v\n\u2028\tj: w\n", "OK {\"k\":\"v\",\"\u2028\\tj\":\"w\"}"},
	{"? a\u2028b\n: c\n", "OK {\"a\u2028b\":\"c\"}"},
	{"# c\u2028omment: x\nk: v\n", "OK {\"k\":\"v\"}"},
	{"k: v # c\u2028x: y\nz: w\n", "OK {\"k\":\"v\",\"z\":\"w\"}"},
	{"m:\n  k: v\u2028\n  j: 'w\u2029'\n", "OK {\"m\":{\"k\":\"v\u2028\",\"j\":\"w\u2029\"}}"},
	{"- a\u2028b\n- \u0085\n", "OK [\"a\u2028b\",\"\u0085\"]"},
	// Flow collections.
	{"k: [a\u2028b, c]\n", "OK {\"k\":[\"a\u2028b\",\"c\"]}"},
	{"k: [a, \u2028]\n", "OK {\"k\":[\"a\",\"\u2028\"]}"},
	{"k: {a\u2028: b}\n", "OK {\"k\":{\"a\u2028\":\"b\"}}"},
	{"k: {a: b\u2029c}\n", "OK {\"k\":{\"a\":\"b\u2029c\"}}"},
	{"k: {a\u2028b}\n", "OK {\"k\":{\"a\u2028b\":null}}"},
	{"k: [a\u2028: b]\n", "OK {\"k\":[{\"a\u2028\":\"b\"}]}"},
	// Mistakes: where yaml@2 reports them, columns counting each as one.
	{"k: a\u2028: b\n", "\"YAMLParseError: Nested mappings are not allowed in compact mappings at line 1, column 4:\\n\\nk: a\u2028: b\\n   ^\\n\""},
	{"k\u2028: v\u2028: w\n", "\"YAMLParseError: Nested mappings are not allowed in compact mappings at line 1, column 5:\\n\\nk\u2028: v\u2028: w\\n    ^\\n\""},
	{"k: v\n  \u2028: w\n", "\"YAMLParseError: Nested mappings are not allowed in compact mappings at line 1, column 4:\\n\\nk: v\\n   ^\\n\""},
	{"a\u2028: x\na\u2028: y\n", "\"YAMLParseError: Map keys must be unique at line 2, column 1:\\n\\na\u2028: x\\na\u2028: y\\n^\\n\""},
	{"name: x\ndescription: 'a\u2028b'\nname: y\n", "\"YAMLParseError: Map keys must be unique at line 3, column 1:\\n\\ndescription: 'a\u2028b'\\nname: y\\n^\\n\""},
	{"x\u2028: {a: b, a: c}\n", "\"YAMLParseError: Map keys must be unique at line 1, column 12:\\n\\nx\u2028: {a: b, a: c}\\n           ^\\n\""},
	{"name: a\ndescription: b\n---\u2028\nx: y\n", "\"YAMLParseError: Implicit keys need to be on a single line at line 3, column 1:\\n\\ndescription: b\\n---\u2028\\n^\\n\""},
	{"\tk\u2028: v\n", "\"YAMLParseError: Tabs are not allowed as indentation at line 1, column 1:\\n\\n\\tk\u2028: v\\n^\\n\""},
}

// TestSeparatorSpans holds the spans and errors of a frontmatter holding
// U+0085, U+2028 or U+2029 to those of the same frontmatter with a letter
// of the same length in their place: they are characters like it.
func TestSeparatorSpans(t *testing.T) {
	letter := strings.NewReplacer("\u0085", "é", "\u2028", "€", "\u2029", "€")
	for _, c := range yaml2Separators {
		got, want := Parse([]byte(c.in), 7), Parse([]byte(letter.Replace(c.in)), 7)
		for _, d := range []*Doc{&got, &want} {
			for i := range d.Fields {
				d.Fields[i].Key, d.Fields[i].Value.Str = "", ""
				for j := range d.Fields[i].Entries {
					d.Fields[i].Entries[j].Key, d.Fields[i].Entries[j].Value.Str = "", ""
				}
			}
			if d.Err != nil {
				d.Err.Message, d.Err.Key = letter.Replace(d.Err.Message), ""
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: (-with a letter +as is)\n%s", c.in, diff)
		}
	}
}

// TestSeparatorStandInsTaken: a text that holds every candidate stand-in
// for U+0085 keeps those characters as they are (none is taken for a
// separator), and U+2028 still gets one of its own.
func TestSeparatorStandInsTaken(t *testing.T) {
	var all strings.Builder
	for r := rune(standIn2First); r <= standIn2Last; r++ {
		all.WriteRune(r)
	}
	doc := Parse([]byte("k: '"+all.String()+"\u2028\u0085'\n"), 0)
	if doc.Err != nil || len(doc.Fields) != 1 {
		t.Fatalf("%v %v", doc.Err, doc.Fields)
	}
	if v := doc.Fields[0].Value.Str; !strings.HasPrefix(v, all.String()+"\u2028") {
		t.Errorf("value %q", v[len(v)-12:])
	}
}
