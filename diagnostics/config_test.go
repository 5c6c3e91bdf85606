package diagnostics

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

func compile(t *testing.T, src string) (*Config, []config.Error) {
	t.Helper()
	parsed, errs := config.Parse("/repo/.skill-ls.yaml", []byte(src))
	cfg, more := CompileConfig(parsed)
	return cfg, append(errs, more...)
}

func TestCompileConfigErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"profile: strict\n", `1:10: unknown profile "strict"; the profiles are dsh, agentskills`},
		{"hosts: [dsh, clade]\n", `1:14: unknown host "clade"`},
		{"rules:\n  name-folder-mismatc: off\n", `2:3: unknown rule "name-folder-mismatc"; did you mean "name-folder-mismatch"?`},
		{"overrides:\n  - files: [a]\n    rules: {zzz: off}\n", `3:13: unknown rule "zzz"`},
		{"rules:\n  # é 漢字 𐐀\n  crlf: off\n  漢字: off\n", `4:3: unknown rule "漢字"`},
	}
	for _, tt := range tests {
		_, errs := compile(t, tt.src)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tt.want) {
			t.Errorf("%q: errors %v, want %q", tt.src, errs, tt.want)
		}
	}
	cfg, errs := compile(t, "profile: agentskills\nhosts: [all]\nmaxDescription: 100\nroots: [skills]\n")
	if len(errs) > 0 || cfg.Profile != ProfileAgentSkills || cfg.MaxDescription != 100 || cfg.Roots[0] != "/repo/skills" || cfg.Hosts[0] != "all" {
		t.Errorf("compiled %+v, errors %v", cfg, errs)
	}
}

// TestConfigGrades: the profile's grade, then rules, then each matching
// override in order; ignored files have no diagnostics.
func TestConfigGrades(t *testing.T) {
	cfg, errs := compile(t, `rules:
  crlf: off
  name-folder-mismatch: error
overrides:
  - files: ["vendor/**"]
    rules: {name-folder-mismatch: info, crlf: warning}
  - files: ["vendor/b/**"]
    rules: {name-folder-mismatch: off}
ignore: ["drafts"]
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	opts := Options{Rules: cfg.Rules}
	mismatch, crlf, bom := Lookup(CodeNameFolderMismatch), Lookup(CodeCRLF), Lookup(CodeBOM)
	tests := []struct {
		path string
		rule *Rule
		want Severity
	}{
		{"/repo/.agents/skills/a/SKILL.md", mismatch, SeverityError},
		{"/repo/.agents/skills/a/SKILL.md", crlf, SeverityOff},
		{"/repo/.agents/skills/a/SKILL.md", bom, SeverityInfo},
		{"/repo/vendor/a/SKILL.md", mismatch, SeverityInfo},
		{"/repo/vendor/a/SKILL.md", crlf, SeverityWarning},
		{"/repo/vendor/b/SKILL.md", mismatch, SeverityOff},
		{"/home/u/.dsh/skills/a/SKILL.md", mismatch, SeverityError},
	}
	for _, tt := range tests {
		if got := opts.Grade(tt.path, tt.rule); got != tt.want {
			t.Errorf("%s %s: %v, want %v", tt.path, tt.rule.Code, got, tt.want)
		}
	}
	if !opts.Ignored("/repo/drafts/x/SKILL.md") || opts.Ignored("/repo/drafts2/x/SKILL.md") {
		t.Error("ignore")
	}
	snap := skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot()
	f := skillfile.Parse("/repo/drafts/x/SKILL.md", []byte("---\nname: Bad Name\n---\n"), skillfile.ReadFS)
	if ds := CheckFile(snap, f, opts); len(ds) != 0 {
		t.Errorf("an ignored file has diagnostics: %v", ds)
	}
}

// TestSchemaUpToDate keeps docs/skill-ls.schema.json in step with the rule
// table (-update rewrites it).
// The VS Code extension bundles a copy, for its yamlValidation.
func TestSchemaUpToDate(t *testing.T) {
	want := ConfigSchema()
	for _, path := range []string{"../docs/skill-ls.schema.json", "../editors/vscode/schemas/skill-ls.schema.json"} {
		checkGenerated(t, path, want, "TestSchema")
	}
}

// TestSchemaKeys: the schema and docs/config.md name exactly the keys and
// values the parser knows.
func TestSchemaKeys(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal([]byte(ConfigSchema()), &schema); err != nil {
		t.Fatal(err)
	}
	keys := func(m any) []string {
		var out []string
		for k := range m.(map[string]any) {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	props := schema["properties"].(map[string]any)
	if got, want := keys(props), sorted(config.Keys); !slices.Equal(got, want) {
		t.Errorf("schema keys %v, parser keys %v", got, want)
	}
	defs := schema["definitions"].(map[string]any)
	override := defs["override"].(map[string]any)["properties"]
	if got, want := keys(override), sorted(config.OverrideKeys); !slices.Equal(got, want) {
		t.Errorf("schema override keys %v, parser keys %v", got, want)
	}
	ruleProps := defs["rules"].(map[string]any)["properties"].(map[string]any)
	var codes []string
	for _, r := range Rules() {
		codes = append(codes, r.Code)
	}
	codes = append(codes, Categories()...) // a category grades its rules
	if got := keys(ruleProps); !slices.Equal(got, sorted(codes)) {
		t.Errorf("schema rule codes differ from the rule table")
	}
	sev := ruleProps[CodeCRLF].(map[string]any)["enum"]
	if fmt.Sprint(sev) != fmt.Sprint(config.Severities) {
		t.Errorf("schema severities %v, parser %v", sev, config.Severities)
	}
	doc, err := os.ReadFile("../docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range config.Keys {
		if !strings.Contains(string(doc), "\n## `"+k+"`\n") {
			t.Errorf("docs/config.md has no section for %s", k)
		}
	}
	// The example at the top of docs/config.md is valid.
	m := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindStringSubmatch(string(doc))
	if m == nil {
		t.Fatal("docs/config.md has no yaml example")
	}
	if _, errs := compile(t, m[1]); len(errs) > 0 {
		t.Errorf("the docs/config.md example has errors: %v", errs)
	}
}

// TestSchemaAgreesWithParser validates config files written as JSON (which
// is YAML too) with the schema and with the parser: both accept the valid
// ones and reject the others.
func TestSchemaAgreesWithParser(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal([]byte(ConfigSchema()), &schema); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		json  string
		valid bool
	}{
		{`{}`, true},
		{`{"profile": "agentskills", "hosts": ["dsh", "claude", "codex@0.141", "all"], "maxDescription": 300}`, true},
		{`{"rules": {"name-folder-mismatch": "off", "crlf": "hint"}, "roots": ["skills"], "ignore": ["drafts/**"]}`, true},
		{`{"overrides": [{"files": ["vendor/**"], "rules": {"unknown-key": "warning"}}, {"files": ["x"]}]}`, true},
		{`{"profle": "dsh"}`, false},
		{`{"profile": "strict"}`, false},
		{`{"profile": 3}`, false},
		{`{"hosts": "dsh"}`, false},
		{`{"hosts": ["clade"]}`, false},
		{`{"rules": {"no-such-rule": "off"}}`, false},
		{`{"rules": {"crlf": "loud"}}`, false},
		{`{"rules": ["crlf"]}`, false},
		{`{"overrides": [{"rules": {"crlf": "off"}}]}`, false},
		{`{"overrides": [{"files": ["a"], "rule": {}}]}`, false},
		{`{"overrides": {"files": ["a"]}}`, false},
		{`{"roots": "skills"}`, false},
		{`{"roots": [""]}`, false},
		{`{"ignore": [3]}`, false},
		{`{"maxDescription": 2}`, false},
		{`{"maxDescription": "500"}`, false},
		{`{"maxDescription": 1.5}`, false},
		{`[]`, false},
	}
	for _, tt := range tests {
		var doc any
		if err := json.Unmarshal([]byte(tt.json), &doc); err != nil {
			t.Fatal(err)
		}
		schemaErr := validate(schema, schema, doc, "$")
		_, errs := compile(t, tt.json)
		if (schemaErr == "") != tt.valid || (len(errs) == 0) != tt.valid {
			t.Errorf("%s: valid=%v, schema says %q, parser says %v", tt.json, tt.valid, schemaErr, errs)
		}
	}
}

// validate is a small JSON Schema checker for the keywords the config
// schema uses ($ref to #/definitions, type, properties,
// additionalProperties false, required, enum, items, minimum, minLength).
// It returns "" or the first problem.
func validate(root, s map[string]any, v any, at string) string {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/definitions/")
		return validate(root, root["definitions"].(map[string]any)[name].(map[string]any), v, at)
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, v) {
		return fmt.Sprintf("%s: %v is not one of %v", at, v, enum)
	}
	switch s["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return at + ": not an object"
		}
		props, _ := s["properties"].(map[string]any)
		for k, val := range m {
			ps, known := props[k]
			if !known {
				if s["additionalProperties"] == false {
					return fmt.Sprintf("%s: unknown key %s", at, k)
				}
				continue
			}
			if msg := validate(root, ps.(map[string]any), val, at+"."+k); msg != "" {
				return msg
			}
		}
		req, _ := s["required"].([]any)
		for _, k := range req {
			if _, ok := m[k.(string)]; !ok {
				return fmt.Sprintf("%s: %s is required", at, k)
			}
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			return at + ": not an array"
		}
		for i, item := range a {
			if msg := validate(root, s["items"].(map[string]any), item, fmt.Sprintf("%s[%d]", at, i)); msg != "" {
				return msg
			}
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			return at + ": not a string"
		}
		if min, ok := s["minLength"].(float64); ok && float64(len(str)) < min {
			return at + ": too short"
		}
	case "integer":
		n, ok := v.(float64)
		if !ok || n != math.Trunc(n) {
			return at + ": not an integer"
		}
		if min, ok := s["minimum"].(float64); ok && n < min {
			return fmt.Sprintf("%s: %v is less than %v", at, n, min)
		}
	}
	return ""
}
