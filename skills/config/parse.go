package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/spans"
	"github.com/skill-ls/skill-ls/skills/spelling"
	"go.yaml.in/yaml/v3"
)

// parse.go: the checks of each key's value, with the spans of errors.

// configParser collects the errors of one config file.
type configParser struct {
	c      *Config
	src    *dshyaml.Source
	inFlow map[*yaml.Node]bool // the entries of flow collections
	errs   []Error
}

// flowEntries returns the nodes of the tree that are entries of a flow
// collection ([a, b] or {a: b}), where a plain scalar also ends at , ] }.
func flowEntries(root *yaml.Node) map[*yaml.Node]bool {
	in := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for _, c := range n.Content {
			if n.Style&yaml.FlowStyle != 0 {
				in[c] = true
			}
			walk(c)
		}
	}
	walk(root)
	return in
}

func (p *configParser) span(n *yaml.Node) spans.Span {
	if n.Kind == yaml.ScalarNode || n.Kind == yaml.AliasNode {
		return p.src.ValueSpan(n, p.inFlow[n])
	}
	s := p.src.NodeStart(n)
	return spans.Span{Start: s.Start, End: s.Start + 1}
}

func (p *configParser) errorf(n *yaml.Node, format string, args ...any) {
	p.errs = append(p.errs, p.c.Errorf(p.span(n), format, args...))
}

// pairs returns the key/value pairs of mapping m, reporting keys that are
// not in known, that are not plain strings, or that appear twice.
func (p *configParser) pairs(m *yaml.Node, known []string) [][2]*yaml.Node {
	var out [][2]*yaml.Node
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch {
		case k.Kind != yaml.ScalarNode:
			p.errorf(k, "a key must be a word, not %s", nodeKind(k))
		case known != nil && !slices.Contains(known, k.Value):
			msg := fmt.Sprintf("unknown key %q; the keys are %s", k.Value, strings.Join(known, ", "))
			if want := closestWord(k.Value, known); want != "" {
				msg = fmt.Sprintf("unknown key %q; did you mean %q?", k.Value, want)
			}
			p.errorf(k, "%s", msg)
		case seen[k.Value]:
			p.errorf(k, "the key %q appears twice", k.Value)
		default:
			seen[k.Value] = true
			out = append(out, [2]*yaml.Node{k, v})
		}
	}
	return out
}

// str returns a string scalar (not a number, boolean or null).
func (p *configParser) str(n *yaml.Node, what string) (String, bool) {
	n = resolveAlias(n)
	if n.Kind != yaml.ScalarNode || dshyaml.TypeNode(n).Kind != dshyaml.KindString {
		p.errorf(n, "%s must be text, not %s", what, nodeKind(n))
		return String{}, false
	}
	return String{Value: n.Value, Span: p.span(n)}, true
}

// strList returns a list of strings.
func (p *configParser) strList(n *yaml.Node, what string) []String {
	n = resolveAlias(n)
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "%s must be a list, such as [a, b], not %s", what, nodeKind(n))
		return nil
	}
	var out []String
	for _, item := range n.Content {
		if s, ok := p.str(item, "an entry of "+what); ok {
			out = append(out, s)
		}
	}
	return out
}

// globs returns a list of compiled globs.
func (p *configParser) globs(n *yaml.Node, what string) []GlobValue {
	var out []GlobValue
	for _, s := range p.strList(n, what) {
		g, err := CompileGlob(s.Value)
		if err != nil {
			p.errs = append(p.errs, p.c.Errorf(s.Span, "%s: %v", what, err))
			continue
		}
		out = append(out, GlobValue{String: s, Glob: g})
	}
	return out
}

// rules returns a mapping of rule codes to severities.
func (p *configParser) rules(n *yaml.Node, what string) []Rule {
	n = resolveAlias(n)
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "%s must be a mapping of rule codes to %s, such as {name-folder-mismatch: off}, not %s", what, strings.Join(Severities, "|"), nodeKind(n))
		return nil
	}
	var out []Rule
	for _, kv := range p.pairs(n, nil) {
		code, ok := p.str(kv[0], "a rule code")
		if !ok {
			continue
		}
		sev, ok := p.str(kv[1], "the severity of "+code.Value)
		if !ok {
			continue
		}
		if !slices.Contains(Severities, sev.Value) {
			p.errs = append(p.errs, p.c.Errorf(sev.Span, "%q is not a severity; write one of %s", sev.Value, strings.Join(Severities, ", ")))
			continue
		}
		out = append(out, Rule{Code: code, Severity: sev})
	}
	return out
}

// overrides returns the list of overrides.
func (p *configParser) overrides(n *yaml.Node) []Override {
	n = resolveAlias(n)
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "overrides must be a list of {files: [glob…], rules: {…}}, not %s", nodeKind(n))
		return nil
	}
	var out []Override
	for _, item := range n.Content {
		item = resolveAlias(item)
		if item.Kind != yaml.MappingNode {
			p.errorf(item, "an override must be a mapping with files: and rules:, not %s", nodeKind(item))
			continue
		}
		o := Override{Span: p.span(item)}
		hasFiles := false
		for _, kv := range p.pairs(item, OverrideKeys) {
			switch kv[0].Value {
			case "files":
				hasFiles = true
				o.Files = p.globs(kv[1], "files")
			case "rules":
				o.Rules = p.rules(kv[1], "rules")
			}
		}
		if !hasFiles {
			p.errorf(item, "an override needs files: (the globs of the skill files it applies to)")
			continue
		}
		out = append(out, o)
	}
	return out
}

// maxDescription returns the catalog cap, an integer of at least 3.
func (p *configParser) maxDescription(n *yaml.Node) *Int {
	n = resolveAlias(n)
	if n.Kind != yaml.ScalarNode || dshyaml.TypeNode(n).Kind != dshyaml.KindInt {
		p.errorf(n, "maxDescription must be a whole number of UTF-16 units, not %s", nodeKind(n))
		return nil
	}
	v, err := strconv.ParseInt(n.Value, 0, 64)
	if err != nil || v < 3 || v > 1<<30 {
		p.errorf(n, "maxDescription must be at least 3 (DSH keeps 3 units for the ...), not %s", n.Value)
		return nil
	}
	return &Int{Value: int(v), Span: p.span(n)}
}

// resolveAlias follows a YAML alias to the node it names.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// nodeKind names what a node is, for messages.
func nodeKind(n *yaml.Node) string {
	n = resolveAlias(n)
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	v := dshyaml.TypeNode(n)
	switch v.Kind {
	case dshyaml.KindNull:
		return "empty (null)"
	case dshyaml.KindString:
		return fmt.Sprintf("the text %q", n.Value)
	}
	return fmt.Sprintf("the %s %s", v.Kind, n.Value)
}

// closestWord returns the word of words that s most likely misspells
// (the same once folded by spelling.Fold, or but for a final s), or "".
func closestWord(s string, words []string) string {
	folded := spelling.Fold(s)
	for _, w := range words {
		if fw := spelling.Fold(w); fw == folded || fw == folded+"s" || fw+"s" == folded {
			return w
		}
	}
	return ""
}
