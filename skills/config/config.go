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
var Keys = []string{"profile", "hosts", "rules", "select", "overrides", "roots", "ignore", "maxDescription"}

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
	// lines maps Src's offsets to lines, built once for all the errors.
	lines *spans.LineIndex

	Profile        *String
	Hosts          []String
	Rules          []Rule
	Select         []String
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
	lines := c.lines
	if lines == nil { // a Config not made by Parse
		lines = spans.NewLineIndex(c.Src)
	}
	line, col := lines.LineCol(span.Start)
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
	c := &Config{Path: path, Dir: filepath.Dir(path), Src: src, lines: spans.NewLineIndex(src)}
	p := &configParser{c: c, src: dshyaml.NewSource(src, 0)}
	if len(src) > MaxSize {
		p.errs = append(p.errs, c.Errorf(spans.Span{}, "the config file is %d bytes; skill-ls reads config files of at most %d bytes (1 MiB)", len(src), MaxSize))
		return c, p.errs
	}
	if n, past := dshyaml.CountEntries(src, MaxEntries); n > MaxEntries {
		p.errs = append(p.errs, c.Errorf(spans.Span{Start: past, End: past + 1}, "the config file has more than %d YAML entries (keys, list items, flow entries) by here; skill-ls reads config files of at most %d", MaxEntries, MaxEntries))
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
		case "select":
			c.Select = p.strList(v, "select")
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

// MaxEntries bounds the entry marks of a config file (keys, list items,
// flow entries, as dshyaml.CountEntries counts them): a config has tens,
// and past this bound yaml.v3's tree of it, and an error for each entry,
// would cost seconds. The file is refused unparsed.
const MaxEntries = 10000
