package dshyaml

import (
	"strconv"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/jstext"
	"go.yaml.in/yaml/v3"
)

// TestDoubleQuotedMatchesYAML2 holds the reading of double-quoted values
// (yamldq.go) to DSH's parser: every escape YAML 1.2 and yaml@2 know and
// some they do not, line folding, surrogates, the indentation of a value's
// lines, in the keys a skill uses. Each want is what npm yaml 2.9.0 says
// of the input: "OK " and JSON.stringify(parse(input)), or
// JSON.stringify(String(error)) with a lone surrogate as U+FFFD (as Node
// writes the log line in UTF-8). To record them again, in a folder where
// `npm install yaml@2.9.0` has been run, with this file's path as $F:
//
//	node -e '
//	const {parse} = require("yaml");
//	const src = require("fs").readFileSync(process.argv[1], "utf8");
//	for (const m of src.matchAll(/^\t\{("(?:[^"\\]|\\.)*"), /gm)) {
//	  const y = JSON.parse(m[1]);
//	  let out;
//	  try { out = "OK " + JSON.stringify(parse(y)); } catch (e) { out = JSON.stringify(String(e).toWellFormed()); }
//	  console.log("\t{" + m[1] + ", " + JSON.stringify(out) + "},");
//	}' "$F"
//
// and put its output in place of the rows below (an input is a Go string
// literal that is also JSON).
func TestDoubleQuotedMatchesYAML2(t *testing.T) {
	for _, c := range yaml2DoubleQuoted {
		if got := readAsYAML2(c.in); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// readAsYAML2 is what skill-ls reads in text, in the recording's form:
// Parse's error as DSH logs it, or the value of the whole document (list
// items included, which Parse's fields do not hold).
func readAsYAML2(text string) string {
	doc := Parse([]byte(text), 0)
	if doc.Err != nil {
		return jstext.JSONString(LogMessage(doc.Err, []byte(text)))
	}
	var n yaml.Node
	if err := decodeTree([]byte(text), &n); err != nil || len(n.Content) == 0 {
		return "no tree"
	}
	if e, _ := fixDoubleQuoted(&n, NewSource([]byte(text), 0)); e != nil {
		return "fix: " + e.Message
	}
	return "OK " + nodeJSON(n.Content[0])
}

// nodeJSON is JSON.stringify of a node's value, for the kinds the table
// uses.
func nodeJSON(n *yaml.Node) string {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	var parts []string
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, jstext.JSONString(n.Content[i].Value)+":"+nodeJSON(n.Content[i+1]))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case yaml.SequenceNode:
		for _, c := range n.Content {
			parts = append(parts, nodeJSON(c))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	switch v := TypeNode(n); v.Kind {
	case KindString:
		return jstext.JSONString(v.Str)
	case KindNull:
		return "null"
	case KindBool:
		return strconv.FormatBool(v.Bool)
	default:
		return "unsupported " + v.Kind.String()
	}
}

// yaml2DoubleQuoted are the inputs and what yaml@2 2.9.0 says of them.
var yaml2DoubleQuoted = []struct{ in, want string }{
	{"description: \"a\\0b\"\n", "OK {\"description\":\"a\\u0000b\"}"},
	{"description: \"a\\ab\"\n", "OK {\"description\":\"a\\u0007b\"}"},
	{"description: \"a\\bb\"\n", "OK {\"description\":\"a\\bb\"}"},
	{"description: \"a\\tb\"\n", "OK {\"description\":\"a\\tb\"}"},
	{"description: \"a\\\tb\"\n", "OK {\"description\":\"a\\tb\"}"},
	{"description: \"a\\nb\"\n", "OK {\"description\":\"a\\nb\"}"},
	{"description: \"a\\vb\"\n", "OK {\"description\":\"a\\u000bb\"}"},
	{"description: \"a\\fb\"\n", "OK {\"description\":\"a\\fb\"}"},
	{"description: \"a\\rb\"\n", "OK {\"description\":\"a\\rb\"}"},
	{"description: \"a\\eb\"\n", "OK {\"description\":\"a\\u001bb\"}"},
	{"description: \"a\\ b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\\\"b\"\n", "OK {\"description\":\"a\\\"b\"}"},
	{"description: \"a\\/b\"\n", "OK {\"description\":\"a/b\"}"},
	{"description: \"a\\\\b\"\n", "OK {\"description\":\"a\\\\b\"}"},
	{"description: \"a\\Nb\"\n", "OK {\"description\":\"ab\"}"},
	{"description: \"a\\_b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\\Lb\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\\Pb\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\\x41b\"\n", "OK {\"description\":\"aAb\"}"},
	{"description: \"a\\xe9b\"\n", "OK {\"description\":\"aéb\"}"},
	{"description: \"a\\u00e9b\"\n", "OK {\"description\":\"aéb\"}"},
	{"description: \"a\\U0001F600b\"\n", "OK {\"description\":\"a😀b\"}"},
	{"description: \"a\\qb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\q at line 1, column 16:\\n\\ndescription: \\\"a\\\\qb\\\"\\n               ^\\n\""},
	{"description: \"a\\'b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 16:\\n\\ndescription: \\\"a\\\\'b\\\"\\n               ^\\n\""},
	{"description: \"a\\x4b\"\n", "OK {\"description\":\"aK\"}"},
	{"description: \"a\\x4gb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\x4g at line 1, column 16:\\n\\ndescription: \\\"a\\\\x4gb\\\"\\n               ^\\n\""},
	{"description: \"a\\u12b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\u12b\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\u12b\\\"\\n               ^\\n\""},
	{"description: \"a\\uD800b\"\n", "OK {\"description\":\"a\\ud800b\"}"},
	{"description: \"a\\uDFFFb\"\n", "OK {\"description\":\"a\\udfffb\"}"},
	{"description: \"a\\uD83D\\uDE00b\"\n", "OK {\"description\":\"a😀b\"}"},
	{"description: \"a\\uD83Db\"\n", "OK {\"description\":\"a\\ud83db\"}"},
	{"description: \"a\\uDE00\\uD83Db\"\n", "OK {\"description\":\"a\\ude00\\ud83db\"}"},
	{"description: \"a\\U0000D800b\"\n", "OK {\"description\":\"a\\ud800b\"}"},
	{"description: \"a\\U00110000b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\U00110000 at line 1, column 16:\\n\\ndescription: \\\"a\\\\U00110000b\\\"\\n               ^\\n\""},
	{"description: \"a\\U0010FFFFb\"\n", "OK {\"description\":\"a􏿿b\"}"},
	{"description: \"a\\xb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\xb\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\xb\\\"\\n               ^\\n\""},
	{"description: \"a\\ub\"\n", "\"YAMLParseError: Invalid escape sequence \\\\ub\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\ub\\\"\\n               ^\\n\""},
	{"description: \"a\\Ub\"\n", "\"YAMLParseError: Invalid escape sequence \\\\Ub\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\Ub\\\"\\n               ^\\n\""},
	{"description: \"a\\xZZb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\xZZ at line 1, column 16:\\n\\ndescription: \\\"a\\\\xZZb\\\"\\n               ^\\n\""},
	{"description: \"a\\u+123b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\u+123 at line 1, column 16:\\n\\ndescription: \\\"a\\\\u+123b\\\"\\n               ^\\n\""},
	{"description: \"a\\%b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\% at line 1, column 16:\\n\\ndescription: \\\"a\\\\%b\\\"\\n               ^\\n\""},
	{"description: \"a\\(b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\( at line 1, column 16:\\n\\ndescription: \\\"a\\\\(b\\\"\\n               ^\\n\""},
	{"description: \"a\\éb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\é at line 1, column 16:\\n\\ndescription: \\\"a\\\\éb\\\"\\n               ^\\n\""},
	{"description: \"a\\cb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\c at line 1, column 16:\\n\\ndescription: \\\"a\\\\cb\\\"\\n               ^\\n\""},
	{"description: \"a\\db\"\n", "\"YAMLParseError: Invalid escape sequence \\\\d at line 1, column 16:\\n\\ndescription: \\\"a\\\\db\\\"\\n               ^\\n\""},
	{"description: \"a\\\rb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\\\r at line 1, column 16:\\n\\ndescription: \\\"a\\\\\\rb\\\"\\n               ^\\n\""},
	{"name: \"and\\/or\"\n", "OK {\"name\":\"and/or\"}"},
	{"name: \"don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 11:\\n\\nname: \\\"don\\\\'t\\\"\\n          ^\\n\""},
	{"description: \"and\\/or\"\n", "OK {\"description\":\"and/or\"}"},
	{"description: \"don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 18:\\n\\ndescription: \\\"don\\\\'t\\\"\\n                 ^\\n\""},
	{"allowed-tools: \"and\\/or\"\n", "OK {\"allowed-tools\":\"and/or\"}"},
	{"allowed-tools: \"don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 20:\\n\\nallowed-tools: \\\"don\\\\'t\\\"\\n                   ^\\n\""},
	{"metadata:\n  note: \"and\\/or\"\n  other: \"don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 3, column 14:\\n\\n  other: \\\"don\\\\'t\\\"\\n             ^\\n\""},
	{"metadata:\n  note: \"x\\uD800y\"\n", "OK {\"metadata\":{\"note\":\"x\\ud800y\"}}"},
	{"\"na\\/me\": x\n", "OK {\"na/me\":\"x\"}"},
	{"allowed-tools: [\"Bash\", \"a\\/b\"]\n", "OK {\"allowed-tools\":[\"Bash\",\"a/b\"]}"},
	{"allowed-tools:\n  - \"a\\/b\"\n  - \"c\\'d\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 3, column 7:\\n\\n  - \\\"c\\\\'d\\\"\\n      ^\\n\""},
	{"description: \"a \\\n  b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\\\n\n  b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\n\n  b\"\n", "OK {\"description\":\"a\\nb\"}"},
	{"description: \"a  \n   b  \"\n", "OK {\"description\":\"a b  \"}"},
	{"description: \"a\\\n  \\ b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\nb\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 1, column 16:\\n\\ndescription: \\\"a\\n               ^\\n\""},
	{"description: \"a\n  b\"\nname: x\n", "OK {\"description\":\"a b\",\"name\":\"x\"}"},
	{"description: \"a b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a   b\"\n", "OK {\"description\":\"a   b\"}"},
	{"description: \"ab\"\n", "OK {\"description\":\"ab\"}"},
	{"description: \"a\\b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\ at line 1, column 16:\\n\\ndescription: \\\"a\\\\b\\\"\\n               ^\\n\""},
	{"description: \"a\\ b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\  at line 1, column 16:\\n\\ndescription: \\\"a\\\\ b\\\"\\n               ^\\n\""},
	{"description: \"a\r\n  b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"a\\\r\n  b\"\n", "OK {\"description\":\"ab\"}"},
	{"description: \"a\tb\"\n", "OK {\"description\":\"a\\tb\"}"},
	{"description: \"a \t\n b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"don\\'t and\\/or\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 18:\\n\\ndescription: \\\"don\\\\'t and\\\\/or\\\"\\n                 ^\\n\""},
	{"description: \"and\\/or don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 26:\\n\\ndescription: \\\"and\\\\/or don\\\\'t\\\"\\n                         ^\\n\""},
	{"description: \"x\\uD800\"\nname: \"don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 2, column 11:\\n\\nname: \\\"don\\\\'t\\\"\\n          ^\\n\""},
	{"description: \"C:\\Users\\/x\"\n", "\"YAMLParseError: Invalid escape sequence \\\\Users\\\\/x\\\" at line 1, column 17:\\n\\ndescription: \\\"C:\\\\Users\\\\/x\\\"\\n                ^\\n\""},
	{"description: \"line1\n  don\\'t\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 2, column 6:\\n\\n  don\\\\'t\\\"\\n     ^\\n\""},
	{"description: \"\\uD800\\uDC00\"\n", "OK {\"description\":\"𐀀\"}"},
	{"description: \"\\uDBFF\\uDFFF\"\n", "OK {\"description\":\"􏿿\"}"},
	{"description: \"\\U0000D83D\\uDE00\"\n", "OK {\"description\":\"😀\"}"},
	{"description: plain\\/x\n", "OK {\"description\":\"plain\\\\/x\"}"},
	{"description: 'single\\/x'\n", "OK {\"description\":\"single\\\\/x\"}"},
	{"description: |\n  block\\/x\n\n", "OK {\"description\":\"block\\\\/x\\n\"}"},
	{"# comment \\/\ndescription: \"a\"\n", "OK {\"description\":\"a\"}"},
	{"description: \"q\" # \\' c\n", "OK {\"description\":\"q\"}"},
	{"description: \"\\u00\"\n", "\"YAMLParseError: Invalid escape sequence \\\\u00\\\" at line 1, column 15:\\n\\ndescription: \\\"\\\\u00\\\"\\n              ^\\n\""},
	{"description: \"abc\\\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 1:\\n\\ndescription: \\\"abc\\\\\\\"\\n\\n^\\n\""},
	{"description: \"\\UFFFFFFFF\"\n", "\"YAMLParseError: Invalid escape sequence \\\\UFFFFFFFF at line 1, column 15:\\n\\ndescription: \\\"\\\\UFFFFFFFF\\\"\\n              ^\\n\""},
	{"name: a\nname: \"b\\'\"\n", "\"YAMLParseError: Map keys must be unique at line 2, column 1:\\n\\nname: a\\nname: \\\"b\\\\'\\\"\\n^\\n\""},
	{"name: \"x\\'\"\nname: b\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 9:\\n\\nname: \\\"x\\\\'\\\"\\n        ^\\n\""},
	{"\"a\\'\": 1\n\"a\\'\": 2\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 3:\\n\\n\\\"a\\\\'\\\": 1\\n  ^\\n\""},
	{"\"a\\/b\": 1\n\"a/b\": 2\n", "\"YAMLParseError: Map keys must be unique at line 2, column 1:\\n\\n\\\"a\\\\/b\\\": 1\\n\\\"a/b\\\": 2\\n^\\n\""},
	{"allowed-tools:\n  - \"a\n   b\"\n", "OK {\"allowed-tools\":[\"a b\"]}"},
	{"allowed-tools:\n  - \"a\n  b\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 7:\\n\\n  - \\\"a\\n      ^\\n\""},
	{"allowed-tools:\n  - \"a\n b\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 7:\\n\\n  - \\\"a\\n      ^\\n\""},
	{"allowed-tools:\n- \"a\n b\"\n", "OK {\"allowed-tools\":[\"a b\"]}"},
	{"allowed-tools:\n- \"a\nb\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 5:\\n\\n- \\\"a\\n    ^\\n\""},
	{"description: \"a\n  b\nc\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 4:\\n\\n  b\\n   ^\\n\""},
	{"description: \"a\n  b\n\nc\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 3, column 1:\\n\\n  b\\n\\n^\\n\""},
	{"metadata:\n  k: \"a\n  b\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 8:\\n\\n  k: \\\"a\\n       ^\\n\""},
	{"metadata:\n  k: \"a\n   b\"\n", "OK {\"metadata\":{\"k\":\"a b\"}}"},
	{"allowed-tools: [\"a\nb\"]\n", "\"YAMLParseError: Missing closing \\\"quote at line 1, column 19:\\n\\nallowed-tools: [\\\"a\\n                  ^\\n\""},
	{"description: \"abc\\\"\nname: x\n", "\"YAMLParseError: Missing closing \\\"quote at line 3, column 1:\\n\\nname: x\\n\\n^\\n\""},
	{"description: \"abc\\\"\n  more\nname: x\n", "\"YAMLParseError: Missing closing \\\"quote at line 4, column 1:\\n\\nname: x\\n\\n^\\n\""},
	{"description: \"say \\\"hi\\\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 1:\\n\\ndescription: \\\"say \\\\\\\"hi\\\\\\\"\\n\\n^\\n\""},
	{"description: \"a\\😀\"\n", "\"YAMLParseError: Invalid escape sequence \\\\� at line 1, column 16:\\n\\ndescription: \\\"a\\\\😀\\\"\\n               ^\\n\""},
	{"description: \"a\\x😀\"\n", "\"YAMLParseError: Invalid escape sequence \\\\x😀 at line 1, column 16:\\n\\ndescription: \\\"a\\\\x😀\\\"\\n               ^\\n\""},
	{"description: \"\\uD83D\\\n  \\uDE00\"\n", "OK {\"description\":\"😀\"}"},
	{"description: \"\\uD83D\n  \\uDE00\"\n", "OK {\"description\":\"\\ud83d \\ude00\"}"},
	{"description: \"\\uD83D\\uDE00\\uDE00\"\n", "OK {\"description\":\"😀\\ude00\"}"},
	{"description: \"a\rb\"\n", "OK {\"description\":\"a\\rb\"}"},
	{"description: \"a\r\nb\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 1, column 16:\\n\\ndescription: \\\"a\\n               ^\\n\""},
	{"description: !!str \"a\\/b\"\n", "OK {\"description\":\"a/b\"}"},
	{"description: &x \"a\\/b\"\nname: *x\n", "OK {\"description\":\"a/b\",\"name\":\"a/b\"}"},
	{"description: \"a\\'b\" # don't\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 1, column 16:\\n\\ndescription: \\\"a\\\\'b\\\" # don't\\n               ^\\n\""},
	{"description: \"\\x80\\xff\"\n", "OK {\"description\":\"ÿ\"}"},
	{"description: \"a\n...\n  b\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 1, column 16:\\n\\ndescription: \\\"a\\n               ^\\n\""},
	{"description: \"a\\q\n  \\'\"\n", "\"YAMLParseError: Invalid escape sequence \\\\q at line 1, column 16:\\n\\ndescription: \\\"a\\\\q\\n               ^\\n\""},
	{"description: \"one\n  two \\q\"\n", "\"YAMLParseError: Invalid escape sequence \\\\q at line 2, column 7:\\n\\n  two \\\\q\\\"\\n      ^\\n\""},
	{"description: \"one\n  two\n  three \\q\"\n", "\"YAMLParseError: Invalid escape sequence \\\\q at line 3, column 9:\\n\\n  three \\\\q\\\"\\n        ^\\n\""},
	{"description: \"a\\\"\n", "\"YAMLParseError: Missing closing \\\"quote at line 2, column 1:\\n\\ndescription: \\\"a\\\\\\\"\\n\\n^\\n\""},
	{"description: \"x\"\ndescription: \"\\q\"\n", "\"YAMLParseError: Map keys must be unique at line 2, column 1:\\n\\ndescription: \\\"x\\\"\\ndescription: \\\"\\\\q\\\"\\n^\\n\""},
	{"name: pdf\ndescription: \"Fill PDF forms\\/tables, don\\u0027t guess\"\n", "OK {\"name\":\"pdf\",\"description\":\"Fill PDF forms/tables, don't guess\"}"},
	{"name: pdf\ndescription: \"x \\uD800 y\"\nmetadata:\n  note: \"\\uDC00\"\n", "OK {\"name\":\"pdf\",\"description\":\"x \\ud800 y\",\"metadata\":{\"note\":\"\\udc00\"}}"},
	{"allowed-tools:\n  - \"Read\"\n  - \"Bash(git \\/ *)\"\n", "OK {\"allowed-tools\":[\"Read\",\"Bash(git / *)\"]}"},
	{"allowed-tools: \"Bash, Read\"\nmetadata:\n  owner: \"a\\'b\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 3, column 12:\\n\\n  owner: \\\"a\\\\'b\\\"\\n           ^\\n\""},
	{"description: \"tab\\\there\"\n", "OK {\"description\":\"tab\\there\"}"},
	{"description: \"a\\x4\"\n", "\"YAMLParseError: Invalid escape sequence \\\\x4\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\x4\\\"\\n               ^\\n\""},
	{"description: \"a\\u12\"\n", "\"YAMLParseError: Invalid escape sequence \\\\u12\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\u12\\\"\\n               ^\\n\""},
	{"description: \"a\\U0001F60\"\n", "\"YAMLParseError: Invalid escape sequence \\\\U0001F60\\\" at line 1, column 16:\\n\\ndescription: \\\"a\\\\U0001F60\\\"\\n               ^\\n\""},
	{"description: \"one\\\n   two\"\n", "OK {\"description\":\"onetwo\"}"},
	{"description: \"end \\ \"\n", "OK {\"description\":\"end  \"}"},
	{"description: \"a\n\n\n  b\"\n", "OK {\"description\":\"a\\n\\nb\"}"},
	{"description: \"a \t \n  b\"\n", "OK {\"description\":\"a b\"}"},
	{"description: \"\\t\n  b\"\n", "OK {\"description\":\"\\t b\"}"},
	{"description: \"a\\ \n  b\"\n", "OK {\"description\":\"a  b\"}"},
	{"- \"a\\/b\"\n- \"c\\'\"\n", "\"YAMLParseError: Invalid escape sequence \\\\' at line 2, column 5:\\n\\n- \\\"c\\\\'\\\"\\n    ^\\n\""},
	{"\"k\\/\": \"v\\uD800\"\n", "OK {\"k/\":\"v\\ud800\"}"},
	{"description: >\n  folded \\'\nname: \"x\\/y\"\n", "OK {\"description\":\"folded \\\\'\\n\",\"name\":\"x/y\"}"},
	{"name: \"a\"\nname: \"b\\/\"\n", "\"YAMLParseError: Map keys must be unique at line 2, column 1:\\n\\nname: \\\"a\\\"\\nname: \\\"b\\\\/\\\"\\n^\\n\""},
	{"description: \"a\n  b\n   \\q\"\n", "\"YAMLParseError: Invalid escape sequence \\\\q at line 3, column 4:\\n\\n  b\\n   \\\\q\\\"\\n   ^\\n\""},
	{"description: \"a\n  \\q\nb\"\n", "\"YAMLParseError: Invalid escape sequence \\\\q at line 2, column 3:\\n\\ndescription: \\\"a\\n  \\\\q\\n  ^\\n\""},
}
