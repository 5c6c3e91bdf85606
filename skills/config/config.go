// Package config reads .skill-ls.yaml, the project's configuration file:
// the profile, rule severities (per path too), hosts, extra roots, ignored
// files and the description cap, each value with its span for the errors.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/spans"
	"go.yaml.in/yaml/v3"
)

// The config file, .skill-ls.yaml at the project root, read with yaml.v3
// nodes so that every value keeps its position. This file checks its shape
// (known keys, types, severities, globs); the diagnostics package checks
// what only it knows (profile names, rule codes, host ids) and turns the
// file into run options.

// FileName is the name of the config file at a project root.
const FileName = ".skill-ls.yaml"

// Keys are the top-level keys of the config file, in the order
// docs/config.md documents them.
var Keys = []string{"profile", "hosts", "rules", "overrides", "roots", "ignore", "maxDescription"}

// OverrideKeys are the keys of one entry of overrides.
var OverrideKeys = []string{"files", "rules"}

// Severities are the values a rule may be set to.
var Severities = []string{"off", "hint", "info", "warning", "error"}

// String is a string value of the config file with its span.
type String struct {
	Value string
	Span  spans.Span
}

// GlobValue is a glob of the config file, compiled.
type GlobValue struct {
	String
	Glob *Glob
}

// Rule sets one rule's severity: Code → Severity (one of
// Severities).
type Rule struct {
	Code     String
	Severity String
}

// Override sets rule severities for the skill files its globs match.
type Override struct {
	// Span covers the entry.
	Span  spans.Span
	Files []GlobValue
	Rules []Rule
}

// Config is a parsed config file. Unset keys are nil or empty.
type Config struct {
	// Path is the config file; Dir its folder, against which globs and
	// roots are resolved. Src is its bytes (to map spans to positions).
	Path, Dir string
	Src       []byte

	Profile        *String
	Hosts          []String
	Rules          []Rule
	Overrides      []Override
	Roots          []String
	Ignore         []GlobValue
	MaxDescription *Int
}

// Int is an integer value of the config file with its span.
type Int struct {
	Value int
	Span  spans.Span
}

// Error is a problem of the config file at a span, with its 1-based
// line and byte column.
type Error struct {
	Path      string
	Span      spans.Span
	Line, Col int
	Message   string
}

// Error returns "path:line:col: message".
func (e Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Message)
}

// RootDirs returns the roots of the config file as absolute paths.
func (c *Config) RootDirs() []string {
	var out []string
	for _, r := range c.Roots {
		p := r.Value
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.Dir, filepath.FromSlash(p))
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// Errorf returns a ConfigError at span of the file.
func (c *Config) Errorf(span spans.Span, format string, args ...any) Error {
	line, col := spans.NewLineIndex(c.Src).LineCol(span.Start)
	return Error{Path: c.Path, Span: span, Line: line, Col: col, Message: fmt.Sprintf(format, args...)}
}

// Find returns the config file at projectRoot, or "" when there is
// none.
func Find(projectRoot string) string {
	p := filepath.Join(projectRoot, FileName)
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
		return p
	}
	return ""
}

// Read reads and parses the config file at path. A file that cannot
// be read is one error at 1:1.
func Read(path string) (*Config, []Error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	src, err := os.ReadFile(abs)
	if err != nil {
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			err = pe.Err
		}
		return nil, []Error{{Path: path, Line: 1, Col: 1, Message: "cannot read the config file: " + err.Error()}}
	}
	return Parse(abs, src)
}

// Parse parses the bytes of the config file at path (absolute). It
// returns the config with every well-formed key, and an error for every
// unknown key, wrong type or bad value.
func Parse(path string, src []byte) (*Config, []Error) {
	c := &Config{Path: path, Dir: filepath.Dir(path), Src: src}
	p := &configParser{c: c, src: dshyaml.NewSource(src, 0)}
	if len(src) > MaxSize {
		p.errs = append(p.errs, c.Errorf(spans.Span{}, "the config file is %d bytes; skill-ls reads config files of at most %d bytes (1 MiB)", len(src), MaxSize))
		return c, p.errs
	}
	var doc yaml.Node
	if err := dshyaml.Unmarshal(src, &doc); err != nil {
		e := dshyaml.ClassifyError(err, src, 0)
		p.errs = append(p.errs, c.Errorf(e.Span, "not valid YAML: %s", e.Message))
		return c, p.errs
	}
	if len(doc.Content) == 0 {
		return c, nil // empty, or only comments
	}
	root := doc.Content[0]
	p.inFlow = flowEntries(root)
	if root.Kind != yaml.MappingNode {
		p.errorf(root, "the config file must be a mapping of keys (%s), not %s", strings.Join(Keys, ", "), nodeKind(root))
		return c, p.errs
	}
	for _, kv := range p.pairs(root, Keys) {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "profile":
			if s, ok := p.str(v, "profile"); ok {
				c.Profile = &s
			}
		case "hosts":
			c.Hosts = p.strList(v, "hosts")
		case "rules":
			c.Rules = p.rules(v, "rules")
		case "overrides":
			c.Overrides = p.overrides(v)
		case "roots":
			for _, r := range p.strList(v, "roots") {
				if strings.TrimSpace(r.Value) == "" {
					p.errs = append(p.errs, c.Errorf(r.Span, "an entry of roots is empty; write a folder, relative to this file's folder"))
					continue
				}
				c.Roots = append(c.Roots, r)
			}
		case "ignore":
			c.Ignore = p.globs(v, "ignore")
		case "maxDescription":
			c.MaxDescription = p.maxDescription(v)
		}
	}
	return c, p.errs
}

// MaxSize is the largest config file skill-ls reads: a config is a few
// lines, and a bound keeps a mistaken or hostile file from costing
// seconds of YAML parsing on every load.
const MaxSize = 1 << 20

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
// (same letters ignoring case, -, _), or "".
func closestWord(s string, words []string) string {
	norm := func(w string) string {
		return strings.NewReplacer("-", "", "_", "", " ", "").Replace(strings.ToLower(w))
	}
	for _, w := range words {
		if norm(w) == norm(s) || norm(w) == norm(s)+"s" || norm(w)+"s" == norm(s) {
			return w
		}
	}
	return ""
}
