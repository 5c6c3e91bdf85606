package dshyaml

import (
	"encoding/json"
	"errors"
	"math"

	"go.yaml.in/yaml/v3"
)

// JSON is a frontmatter's YAML text as a JSON value, typed as DSH reads it
// (yaml@2's core schema: `on` is a string, `1e3` a number), for the Skills
// over MCP extension's skill entries, which carry a skill's frontmatter as
// a JSON object. Aliases are expanded; a mapping's keys are their text. A
// number JSON cannot hold (.inf, .nan) is its source text. Text DSH cannot
// read (a syntax error, a duplicate key, a tree past the limits) is an
// error.
func JSON(text []byte) (json.RawMessage, error) {
	if doc := Parse(text, 0); doc.Err != nil {
		return nil, errors.New(doc.Err.Message)
	}
	var node yaml.Node
	if err := decodeTree(text, &node); err != nil {
		return nil, err
	}
	if len(node.Content) == 0 {
		return json.RawMessage("null"), nil
	}
	root := node.Content[0]
	fixDoubleQuoted(root, NewSource(text, 0))
	return json.Marshal(jsonValue(root, 0))
}

// jsonValue is a node as a value encoding/json writes.
func jsonValue(n *yaml.Node, depth int) any {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if depth > maxYAMLDepth {
		return nil // complexity refused such a tree before
	}
	switch n.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = jsonValue(n.Content[i+1], depth+1)
		}
		return m
	case yaml.SequenceNode:
		s := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			s = append(s, jsonValue(c, depth+1))
		}
		return s
	}
	v := TypeNode(n)
	switch v.Kind {
	case KindNull:
		return nil
	case KindBool:
		return v.Bool
	case KindInt, KindFloat:
		if math.IsInf(v.Num, 0) || math.IsNaN(v.Num) {
			return v.Str
		}
		return v.Num
	}
	return v.Str
}
