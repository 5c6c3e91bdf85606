package diagnostics

import (
	"fmt"
	"strings"
)

// Markdown renders the documentation page of every rule (docs/diagnostics.md).
func Markdown() string {
	var b strings.Builder
	b.WriteString("# skill-ls diagnostics\n\n")
	b.WriteString("Every diagnostic has a stable code. Codes marked **drops** describe problems that make the DeepSeek Harness (DSH) ignore the skill; their messages start with \"DSH drops this skill\". Severities are the defaults of the `dsh` profile; the `agentskills` profile raises some (shown as dsh → agentskills).\n\n")
	b.WriteString("This page is generated from `diagnostics/rules.go` (`SKILL_LS_UPDATE=1 go test ./diagnostics -run TestDocs`).\n\n")
	b.WriteString("| code | severity | drops | summary |\n|---|---|---|---|\n")
	for _, r := range Rules() {
		sev := r.Severity.String()
		if r.Strict != 0 && r.Strict != r.Severity {
			sev += " → " + r.Strict.String()
		}
		drops := ""
		if r.Drops {
			drops = "drops"
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s |\n", r.Code, r.Code, sev, drops, strings.ReplaceAll(r.Summary, "<", "&lt;"))
	}
	for _, r := range Rules() {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", r.Code, r.Doc)
	}
	return b.String()
}
