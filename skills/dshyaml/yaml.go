package dshyaml

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
	"go.yaml.in/yaml/v3"
)

// Limits that keep hostile YAML bounded. DSH has none; past them skill-ls
// reports the frontmatter as too complex instead of decoding it.
const (
	maxYAMLBytes = 4 << 20 // frontmatter text larger than this is not decoded
	maxYAMLDepth = 64      // nesting deeper than this is refused
	maxYAMLNodes = 100000  // more nodes than this (after aliases) is refused
)

// YAML 1.2 core-schema patterns, as the reference's yaml@2 library resolves
// plain scalars (docs/dsh.md §4.2).
var (
	coreNull  = regexp.MustCompile(`^(?:~|[Nn]ull|NULL)?$`)
	coreBool  = regexp.MustCompile(`^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$`)
	coreInt   = regexp.MustCompile(`^[-+]?[0-9]+$`)
	coreOct   = regexp.MustCompile(`^0o[0-7]+$`)
	coreHex   = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)
	coreFloat = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)
	coreInf   = regexp.MustCompile(`^[-+]?\.(?:inf|Inf|INF)$`)
	coreNaN   = regexp.MustCompile(`^\.(?:nan|NaN|NAN)$`)
)

// typeScalar types a plain scalar by the YAML 1.2 core schema.
func typeScalar(s string) Value {
	if s != "" {
		switch s[0] {
		case 'n', 'N', 't', 'T', 'f', 'F':
			// Only null and the booleans start with a letter.
			switch s {
			case "null", "Null", "NULL":
				return Value{Kind: KindNull, Str: s}
			case "true", "True", "TRUE":
				return Value{Kind: KindBool, Str: s, Bool: true}
			case "false", "False", "FALSE":
				return Value{Kind: KindBool, Str: s}
			}
			return Value{Kind: KindString, Str: s}
		case '-', '+', '.', '~', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		default:
			return Value{Kind: KindString, Str: s} // no core-schema pattern starts otherwise
		}
	}
	switch {
	case coreNull.MatchString(s):
		return Value{Kind: KindNull, Str: s}
	case coreBool.MatchString(s):
		return Value{Kind: KindBool, Str: s, Bool: s[0] == 't' || s[0] == 'T'}
	case coreInt.MatchString(s):
		f, _ := strconv.ParseFloat(s, 64)
		return Value{Kind: KindInt, Str: s, Num: f}
	case coreOct.MatchString(s):
		n, _ := strconv.ParseUint(s[2:], 8, 64)
		return Value{Kind: KindInt, Str: s, Num: float64(n)}
	case coreHex.MatchString(s):
		n, _ := strconv.ParseUint(s[2:], 16, 64)
		return Value{Kind: KindInt, Str: s, Num: float64(n)}
	case coreFloat.MatchString(s):
		f, _ := strconv.ParseFloat(s, 64)
		return Value{Kind: KindFloat, Str: s, Num: f}
	case coreInf.MatchString(s):
		if s[0] == '-' {
			return Value{Kind: KindFloat, Str: s, Num: math.Inf(-1)}
		}
		return Value{Kind: KindFloat, Str: s, Num: math.Inf(1)}
	case coreNaN.MatchString(s):
		return Value{Kind: KindFloat, Str: s, Num: math.NaN()}
	}
	return Value{Kind: KindString, Str: s}
}

// TypeNode types a YAML node as yaml@2's core schema would.
func TypeNode(n *yaml.Node) Value {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.MappingNode:
		return Value{Kind: KindMap, Len: len(n.Content) / 2}
	case yaml.SequenceNode:
		return Value{Kind: KindSeq, Len: len(n.Content)}
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return Value{Kind: KindNull}
		}
		return TypeNode(n.Content[0])
	case yaml.ScalarNode:
	default:
		return Value{Kind: KindNull}
	}
	quoted := n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0
	block := n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0
	if n.Style&yaml.TaggedStyle != 0 || (n.Tag != "" && n.Tag != "!" && !strings.HasPrefix(n.Tag, "!!")) {
		v := typeTagged(n)
		v.Quoted, v.Block = quoted, block
		return v
	}
	if quoted || block {
		return Value{Kind: KindString, Str: n.Value, Quoted: quoted, Block: block}
	}
	v := typeScalar(n.Value)
	v.Plain = true
	return v
}

// typeTagged types a scalar with an explicit tag such as !!str.
func typeTagged(n *yaml.Node) Value {
	switch n.Tag {
	case "!!str", "tag:yaml.org,2002:str":
		return Value{Kind: KindString, Str: n.Value}
	case "!!null":
		return Value{Kind: KindNull, Str: n.Value}
	case "!!bool":
		v := typeScalar(n.Value)
		if v.Kind == KindBool {
			return v
		}
	case "!!int", "!!float":
		v := typeScalar(n.Value)
		if v.Kind == KindInt || v.Kind == KindFloat {
			return v
		}
	}
	// Unknown tags resolve as the plain scalar would; yaml@2 warns only.
	if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return Value{Kind: KindString, Str: n.Value}
	}
	return typeScalar(n.Value)
}

// Parse reads the YAML text of a frontmatter, which starts at offset
// base of its file, as DSH does: the error, the root's type and the
// top-level fields, with spans in the file.
func Parse(text []byte, base int) Doc {
	if len(text) > maxYAMLBytes {
		return parseYAMLDecoded(text, base) // refused for its size, without a copy
	}
	return ParseString(string(text), base)
}

// ParseString is Parse of text held as a string. The keys, and the values
// that read as they are written (most plain and quoted scalars), are
// substrings of text: a caller that keeps text holds their bytes once.
func ParseString(text string, base int) Doc {
	if doc, ok := parseYAMLFast(text, base); ok {
		return doc
	}
	return parseYAMLDecoded([]byte(text), base)
}

// parseYAMLDecoded is parseYAML through yaml.v3's decoder, for any text.
func parseYAMLDecoded(text []byte, base int) (doc Doc) {
	if len(text) > maxYAMLBytes {
		doc.Err = &Error{Code: problem.YAMLTooComplex, Message: fmt.Sprintf("frontmatter is larger than %d bytes", maxYAMLBytes), Line: 1, Column: 1, Span: spans.Span{Start: base, End: base}}
		return doc
	}
	if e := tooManyEntries(text, base); e != nil {
		doc.Err = e // refused before yaml.v3 builds its tree
		return doc
	}
	var node yaml.Node
	err := decodeTree(text, &node)
	if err != nil {
		doc.Err = ClassifyError(err, text, base)
		return doc
	}
	if len(node.Content) == 0 {
		doc.RootKind = KindNull
		return doc
	}
	root := node.Content[0]
	if why := complexity(root); why != "" {
		doc.Err = &Error{Code: problem.YAMLTooComplex, Message: why, Line: root.Line, Column: root.Column, Span: NewSource(text, base).NodeStart(root)}
		return doc
	}
	src := NewSource(text, base)
	// yaml@2 reports the first error in document order: a double-quoted
	// scalar's before a later duplicate key, and after an earlier one.
	dqErr, dqAt := fixDoubleQuoted(root, src)
	first, second, m := findDuplicateKey(root)
	if dqErr != nil && (second == nil || dqAt <= src.offset(second.Line, second.Column)) {
		doc.Err = dqErr
		return doc
	}
	if second != nil {
		flow := m.Style&yaml.FlowStyle != 0
		doc.Err = &Error{
			Code:      problem.YAMLDuplicateKey,
			Message:   "Map keys must be unique",
			Line:      second.Line,
			Column:    second.Column,
			Span:      src.scalarSpan(second, flow),
			Key:       second.Value,
			FirstSpan: src.scalarSpan(first, flow),
		}
		return doc
	}
	v := TypeNode(root)
	doc.RootKind = v.Kind
	if root.Kind != yaml.MappingNode {
		return doc
	}
	doc.Mapping = true
	doc.Fields = mappingFields(root, src, true)
	return doc
}

// mappingFields returns the entries of a mapping node; with nested, the
// entries of its mapping values too (one level).
func mappingFields(m *yaml.Node, src *Source, nested bool) []Field {
	var out []Field
	if n := len(m.Content) / 2; n > 0 {
		out = make([]Field, 0, n) // one allocation, not one per doubling
	}
	flow := m.Style&yaml.FlowStyle != 0
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, val := m.Content[i], m.Content[i+1]
		kv := TypeNode(k)
		key := k.Value
		if kv.Kind == KindMap || kv.Kind == KindSeq {
			key = ""
		}
		fld := Field{
			Key:       key,
			KeySpan:   src.scalarSpan(k, flow),
			Value:     TypeNode(val),
			ValueSpan: src.ValueSpan(val, flow),
		}
		if nested && val.Kind == yaml.MappingNode {
			fld.Entries = mappingFields(val, src, false)
		}
		out = append(out, fld)
	}
	return out
}

// Unmarshal runs yaml.Unmarshal, turning a library panic into an error.
func Unmarshal(text []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: internal error: %v", r)
		}
	}()
	return yaml.Unmarshal(text, n)
}

// tooDeep is the size treeSize and aliasSize give a tree nested past
// maxYAMLDepth.
const tooDeep = -1

// complexity says why a node tree exceeds the depth or node limits,
// counting alias expansions (a "billion laughs" document is refused), or
// returns "" when it does not. A flat list of 100,001 items is too large,
// not too deep, and says so.
func complexity(root *yaml.Node) string {
	n, ok := treeSize(root, 0)
	if !ok {
		n = aliasSize(root, 0, map[*yaml.Node]int{})
	}
	switch {
	case n == tooDeep:
		return fmt.Sprintf("frontmatter nests more than %d levels deep", maxYAMLDepth)
	case n > maxYAMLNodes && ok:
		return fmt.Sprintf("frontmatter has more than %d YAML nodes (keys, values and list items)", maxYAMLNodes)
	case n > maxYAMLNodes:
		return fmt.Sprintf("frontmatter has more than %d YAML nodes once its aliases are expanded", maxYAMLNodes)
	}
	return ""
}

// aliasSize counts the nodes of a tree with each alias expanded, up to
// just past maxYAMLNodes; memo holds the size of each node counted.
func aliasSize(n *yaml.Node, depth int, memo map[*yaml.Node]int) int {
	if depth > maxYAMLDepth {
		return tooDeep
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if s, ok := memo[n]; ok {
		return s
	}
	memo[n] = maxYAMLNodes + 1 // cycle guard
	s := 1
	for _, c := range n.Content {
		cs := aliasSize(c, depth+1, memo)
		if cs == tooDeep {
			s = tooDeep
			break
		}
		if s += cs; s > maxYAMLNodes {
			break
		}
	}
	memo[n] = s
	return s
}

// treeSize counts the nodes of a tree without aliases (which cannot share
// nodes), up to just past maxYAMLNodes; ok is false when it meets an
// alias. Past the depth limit it returns tooDeep.
func treeSize(n *yaml.Node, depth int) (size int, ok bool) {
	if depth > maxYAMLDepth {
		return tooDeep, true
	}
	if n.Kind == yaml.AliasNode {
		return 0, false
	}
	size = 1
	for _, c := range n.Content {
		s, ok := treeSize(c, depth+1)
		if !ok || s == tooDeep {
			return s, ok
		}
		if size += s; size > maxYAMLNodes {
			return size, true
		}
	}
	return size, true
}

// keyID is the identity of a typed scalar key for uniqueness.
type keyID struct {
	kind Kind
	text string
}

// findDuplicateKey returns the first and second occurrence of the first
// duplicated key in any mapping of the tree, in document order, and the
// mapping that holds them; all nil when no key repeats.
func findDuplicateKey(n *yaml.Node) (first, second, mapping *yaml.Node) {
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if second != nil || depth > maxYAMLDepth || n.Kind == yaml.AliasNode {
			return
		}
		if n.Kind == yaml.MappingNode {
			if f, k := duplicateKey(n); k != nil {
				first, second, mapping = f, k, n
				return
			}
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return first, second, mapping
}

// duplicateKey returns the first scalar key of a mapping that repeats an
// earlier one (by typed value), and that earlier key; nil when none does.
func duplicateKey(m *yaml.Node) (first, dup *yaml.Node) {
	seen := make(map[keyID]*yaml.Node, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if k.Kind != yaml.ScalarNode {
			continue
		}
		v := TypeNode(k)
		id := keyID{v.Kind, canonicalScalar(v)}
		if f, ok := seen[id]; ok {
			return f, k
		}
		seen[id] = k
	}
	return nil, nil
}

// canonicalScalar is the identity of a typed scalar for key uniqueness.
func canonicalScalar(v Value) string {
	switch v.Kind {
	case KindInt, KindFloat:
		return strconv.FormatFloat(v.Num, 'g', -1, 64)
	case KindBool:
		return strconv.FormatBool(v.Bool)
	case KindNull:
		return ""
	}
	return v.Str
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
