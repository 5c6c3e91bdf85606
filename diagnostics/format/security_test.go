package format

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestSecurityCategory: a security rule's diagnostic carries its category
// in JSON, and in SARIF the security tag and a security-severity on the
// result (by its severity) and on the rule (by its default), which GitHub
// code scanning needs to file it as a security alert; other rules carry
// neither.
func TestSecurityCategory(t *testing.T) {
	snap, dir, path := formatFixture(t)
	ds := []diagnostics.Diagnostic{
		{Path: path, Span: spans.Span{Start: 0, End: 3}, Severity: diagnostics.SeverityError, Code: diagnostics.CodeHiddenTagText, Message: "hidden"},
		{Path: path, Span: spans.Span{Start: 0, End: 3}, Severity: diagnostics.SeverityWarning, Code: diagnostics.CodeHiddenComment, Message: "graded up"},
		{Path: path, Span: spans.Span{Start: 0, End: 3}, Severity: diagnostics.SeverityError, Code: diagnostics.CodeYAMLSyntax, Message: "not security"},
	}
	var b bytes.Buffer
	if err := JSON(&b, ds, snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	var js []map[string]any
	if err := json.Unmarshal(b.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	if js[0]["category"] != "security" || js[1]["category"] != "security" {
		t.Errorf("json category: %v, %v", js[0]["category"], js[1]["category"])
	}
	if _, ok := js[2]["category"]; ok {
		t.Errorf("a rule without a category has none: %v", js[2])
	}
	b.Reset()
	if err := SARIF(&b, ds, snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	for i, want := range []string{"8.0", "5.0", ""} {
		p := run.Results[i].Properties
		switch {
		case want == "" && p != nil:
			t.Errorf("result %d: properties %+v, want none", i, p)
		case want != "" && (p == nil || p.SecuritySeverity != want || len(p.Tags) != 1 || p.Tags[0] != "security"):
			t.Errorf("result %d: properties %+v, want security-severity %s and the security tag", i, p, want)
		}
	}
	rule := run.Tool.Driver.Rules[*run.Results[0].RuleIndex]
	if rule.Properties == nil || rule.Properties.SecuritySeverity != "8.0" || rule.Properties.Tags[0] != "security" {
		t.Errorf("rule %s: properties %+v", rule.ID, rule.Properties)
	}
}
