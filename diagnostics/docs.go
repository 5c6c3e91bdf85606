package diagnostics

import (
	"fmt"
	"strings"
)

// Markdown returns docs/diagnostics.md: every rule with its severity under
// each profile and its documentation.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# skill-ls diagnostics\n\n")
	b.WriteString("Every diagnostic has a stable code. Codes marked **drops** describe problems that make the DeepSeek Harness (DSH) ignore the skill; their messages start with \"DSH drops this skill\". A suppression comment ([config.md](config.md#inline-suppression)) silences any other code, but never a **drops** code nor `host-drops`: the skill does not load whatever the comment says, so the diagnostic stays and the comment is reported as `suppression-invalid`. The severity columns give each rule's grade under each profile (`--profile`, the `profile` setting); \"off\" means the profile does not run the rule.\n\n")
	b.WriteString("Rules of the **security** category report what the model reads but a reviewer does not see (hidden text, disguised instructions, risky grants, a bundle's scripts and binaries); `check --security` runs only them, and [security.md](security.md) gives each one's attack, sample and false-positive boundary.\n\n")
	b.WriteString("This page is generated from the rule table in `diagnostics/` (one file per topic) by `go test ./diagnostics -run TestDocs -update`.\n\n")
	profiles := Profiles()
	b.WriteString("| code |")
	for _, p := range profiles {
		fmt.Fprintf(&b, " %s |", p.Name)
	}
	b.WriteString(" drops / category | summary |\n|---|")
	for range profiles {
		b.WriteString("---|")
	}
	b.WriteString("---|---|\n")
	for _, r := range Rules() {
		fmt.Fprintf(&b, "| [`%s`](#%s) |", r.Code, r.Code)
		for _, p := range profiles {
			grade := gradeName(p.Grade(r))
			if r.Verbose && grade != "off" {
				grade += " with `--verbose`"
			}
			fmt.Fprintf(&b, " %s |", grade)
		}
		drops := ""
		switch {
		case r.Drops:
			drops = "drops"
		case r.Category != "":
			drops = r.Category
		}
		fmt.Fprintf(&b, " %s | %s |\n", drops, strings.ReplaceAll(r.Summary, "<", "&lt;"))
	}
	b.WriteString("\n## Profiles\n\n")
	for _, p := range profiles {
		fmt.Fprintf(&b, "### %s\n\n%s.\n\n%s\n\n", p.Name, upper(p.Summary), p.Doc)
	}
	b.WriteString("## Positions\n\nLines are 1-based everywhere. Columns are 1-based byte offsets in the `text`, `json` and `github` formats of `skill-ls check` (what editors' error parsers and GitHub annotations expect), UTF-16 code units in `sarif` (SARIF's `columnKind` is declared as `utf16CodeUnits`) and in the language server (LSP positions are UTF-16).\n")
	b.WriteString("\n## Fixes\n\nThe quick fixes an editor offers. `skill-ls check --fix` applies the safe ones (one per diagnostic, again until none is left; each is tried first, and one that would make DSH drop the skill, add a problem or change which copy of a name wins, or make any host that reads the file stop loading the skill, lose a word of its listing or of its skill tool's result, or lose a name to it, or, on a file another host loads (even one DSH drops), add a security finding or turn on an `allowed-tools` grant (renaming `allowed_tools` to `allowed-tools`), is refused and reported with the host it would hurt; the editor offers such a fix as unsafe, its title giving the same reason), `--unsafe-fixes` adds the unsafe ones, which change the skill's meaning or identity; `--diff` shows them without writing, as a patch `git apply` takes (a file reached through a link is named, and fixed, once, by its real path). Suppression fixes insert a suppression comment (see [config.md](config.md#inline-suppression)) and chat fixes edit a chat buffer: only the editor applies those. The editor action creates a new skill (a file the client creates; never over an existing one).\n\n| code | fix | kind |\n|---|---|---|\n")
	for _, f := range FixDocs {
		code := f.Code
		if Lookup(code) != nil {
			code = fmt.Sprintf("[`%s`](#%s)", code, code)
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", code, f.Title, f.Kind)
	}
	for _, r := range Rules() {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", r.Code, r.Doc)
	}
	return b.String()
}

// upper returns s with its first letter in upper case.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// gradeName is a severity's name, "off" for SeverityOff.
func gradeName(s Severity) string {
	if s == SeverityOff {
		return "off"
	}
	return s.String()
}
