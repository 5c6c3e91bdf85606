package diagnostics

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestYAMLMistakes: the mistakes real skill files make in their YAML, each
// in a real-looking file, get the code that names them, at the mistake, a
// message that says what is wrong there (and no position of its own), and
// the fix that mends it where one keeps what the author wrote: applied, the
// mistake is gone and a dropped skill loads. Issue 25 point 2.
func TestYAMLMistakes(t *testing.T) {
	const body = "\n# Summaries\n\nRead the file, then write the summary.\n"
	tests := []struct {
		name, src string
		code, at  string   // the code and line:col of the diagnostic
		says      []string // what the message says
		fix       string   // the first fix's title ("" for none)
	}{
		{"tab indentation", "---\nname: s\ndescription: Summarizes PDFs.\nmetadata:\n  author: docs-team\n\tversion: \"1.0\"\n---" + body,
			CodeYAMLTabIndent, "6:1", []string{"under metadata: is indented with a tab", "indent it with spaces"}, "Indent with 2 spaces"},
		{"tab before a list item", "---\nname: s\ndescription: Summarizes PDFs.\nallowed-tools:\n\t- Bash(pdftotext:*)\n---" + body,
			CodeYAMLTabIndent, "5:1", []string{"under allowed-tools: is indented with a tab"}, "Indent with 2 spaces"},
		{"unquoted colon", "---\nname: s\ndescription: Use when: the user asks for a summary of a PDF\n---" + body,
			CodeYAMLUnquotedColon, "3:14", []string{`the value of description holds ": " without quotes`, "'Use when: the user asks for a summary of a PDF'"}, "Quote the value"},
		{"value starts with *", "---\nname: s\ndescription: *Fast* summaries of long PDFs\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with *, which YAML reads as an alias", "'*Fast* summaries of long PDFs'"}, "Quote the value"},
		{"value starts with &", "---\nname: s\ndescription: &more summaries and tables\n---" + body,
			CodeYAMLMisread, "3:14", []string{"YAML reads &more as the name of an anchor", `DSH reads description as "summaries and tables"`}, "Quote the value"},
		{"value starts with !", "---\nname: s\ndescription: !important summarize before answering\n---" + body,
			CodeYAMLMisread, "3:14", []string{"YAML reads !important as a tag", `as "summarize before answering"`}, "Quote the value"},
		{"value starts with [", "---\nname: s\ndescription: [beta] Summarizes PDFs\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with [, which YAML reads as a list, and text follows the ]", "'[beta] Summarizes PDFs'"}, "Quote the value"},
		{"value starts with {", "---\nname: s\ndescription: {draft} Summarizes PDFs\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with {, which YAML reads as a mapping"}, "Quote the value"},
		{"value starts with >", "---\nname: s\ndescription: > 10 pages get a summary\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with >, which YAML reads as the start of a block"}, "Quote the value"},
		{"value starts with |", "---\nname: s\ndescription: | pipes | tables | summaries\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with |, which YAML reads as the start of a block"}, "Quote the value"},
		{"value starts with @", "---\nname: s\ndescription: @reviewer gets a summary of each PDF\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with @, which YAML reserves"}, "Quote the value"},
		{"value starts with a backtick", "---\nname: s\ndescription: `pdftotext` output, summarized\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with `, which YAML reserves"}, "Quote the value"},
		{"value starts with %", "---\nname: s\ndescription: %PDF files summarized\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"starts with %, which YAML reserves for directives"}, "Quote the value"},
		{"# inside a value", "---\nname: s\ndescription: Summarizes C #include graphs\n---" + body,
			CodeYAMLMisread, "3:27", []string{`YAML reads " #" as the start of a comment`, `as "Summarizes C", without "#include graphs"`}, "Quote the value"},
		{"unbalanced quotes", "---\nname: s\ndescription: \"Summarizes PDFs and tables\n---" + body,
			CodeYAMLSyntax, "3:14", []string{`opens a " quote that nothing closes`}, `Add the closing quote (")`},
		{"text after the closing quote", "---\nname: s\ndescription: \"Summarizes\" PDFs and tables\n---" + body,
			CodeYAMLSyntax, "3:14", []string{"text follows the quote that closes it", `'"Summarizes" PDFs and tables'`}, "Quote the value"},
		{"a Windows path in double quotes", "---\nname: s\ndescription: \"Reads files from C:\\Users\\me\\docs\"\n---" + body,
			CodeYAMLSyntax, "3:34", []string{`in double quotes, where YAML reads \ as the start of an escape, and \U must be followed by 8 hex digits`, `'Reads files from C:\Users\me\docs'`}, "Use single quotes"},
		{"a backslash and an apostrophe in double quotes", "---\nname: s\ndescription: \"Don't read C:\\Users\"\n---" + body,
			CodeYAMLSyntax, "3:28", []string{`write each as \\: "Don't read C:\\Users"`}, "Double the backslashes"},
		{"a backslash beside an escape YAML knows", "---\nname: s\ndescription: \"Tabs\\tand C:\\Users\"\n---" + body,
			CodeYAMLSyntax, "3:27", []string{`\U must be followed by 8 hex digits`, `write it as \\`}, ""},
		{"an indented key", "---\nname: s\n  description: Summarizes PDFs.\n---" + body,
			CodeYAMLSyntax, "3:3", []string{"indented under name:", "not as the key description", "remove the indentation"}, "Remove the indentation"},
		{"an indented word that may be text", "---\nname: s\ndescription: Summarizes PDFs.\n  Beware: tables are skipped.\n---" + body,
			CodeYAMLSyntax, "4:3", []string{"if Beware is a key of its own, remove the indentation", "put the whole value, all its lines, in quotes"}, "Quote the value"},
		{"a colon on a continued line", "---\nname: s\ndescription: Summarizes PDFs\n  and tables: rows and columns\n---" + body,
			CodeYAMLUnquotedColon, "4:13", []string{"this line continues the value of description", `holds ": " without quotes`}, "Quote the value"},
		{"no space after a key's colon", "---\nname: s\ndescription:Summarizes PDFs.\n---" + body,
			CodeYAMLSyntax, "3:1", []string{"no space after the colon of description:", "put a space after the colon"}, "Add a space after the colon"},
		{"no space after the colon of the last key", "---\nname: s\ndescription: Summarizes PDFs.\nlicense:MIT\n---" + body,
			CodeYAMLSyntax, "4:1", []string{"no space after the colon of license:"}, "Add a space after the colon"},
		{"duplicated key", "---\nname: s\ndescription: Summarizes PDFs.\nlicense: MIT\ndescription: Summarizes PDFs and tables.\n---" + body,
			CodeYAMLDuplicateKey, "5:1", []string{`the key "description" appears a second time here`}, ""},
		{"a list where a string is expected", "---\nname: s\ndescription:\n  - Summarizes PDFs\n  - Extracts tables\n---" + body,
			CodeDescriptionNotString, "4:3", []string{"description must be text, but it is a YAML list"}, ""},
		{"multi-line plain value", "---\nname: s\ndescription: Summarizes PDFs\nand extracts their tables\n---" + body,
			CodeYAMLSyntax, "4:1", []string{"continues the value of description on a new line without indenting it"}, "Indent the continued line"},
		{"CRLF", strings.ReplaceAll("---\nname: s\ndescription: Use when: a PDF arrives\n---"+body, "\n", "\r\n"),
			CodeYAMLUnquotedColon, "3:14", []string{"'Use when: a PDF arrives'"}, "Quote the value"},
		{"BOM", "\uFEFF---\nname: s\ndescription: Summarizes PDFs.\n---" + body,
			CodeBOM, "1:1", []string{"byte-order mark"}, "Remove the byte-order mark"},
		{"non-breaking spaces as indentation", "---\nname: s\ndescription: Summarizes PDFs.\nmetadata:\n\u00a0\u00a0version: \"1.0\"\n---" + body,
			CodeYAMLMisread, "5:1", []string{"indented with non-breaking spaces (U+00A0)", `"\u00a0\u00a0version"`, "metadata: above it as empty"}, "Indent with spaces"},
		{"a body that starts with an indented list is a body", "---\nname: s\ndescription: Summarizes PDFs.\n---\n\n  - read it\n\n---\n\nMore.\n",
			CodeYAMLMisread, "", nil, ""},
		{"a list item indented under a value", "---\nname: s\ndescription: Summarizes PDFs.\nallowed-tools: Bash\n  - Read\n  - Write\n---" + body,
			CodeYAMLMisread, "5:3", []string{`YAML joins the indented "- Read" to the value of allowed-tools`, `as the text "Bash - Read - Write", not as a list`, `("- Bash")`, "allowed-tools: Bash Read Write"}, "Make it a list"},
		{"a list item under a metadata value", "---\nname: s\ndescription: Summarizes PDFs.\nmetadata:\n  tags: pdf\n    - tables\n---" + body,
			CodeYAMLMisread, "6:5", []string{`joins the indented "- tables" to the value of tags`, `"pdf - tables"`}, ""},
		{"a dash inside a continued value is text", "---\nname: s\ndescription: Summarizes PDFs\n  -- and tables.\n---" + body,
			CodeYAMLMisread, "", nil, ""},
		{"--- inside a value", "---\nname: s\ndescription: Summarizes PDFs. Sections are split at\n---\n  lines, which stay apart.\n---" + body,
			CodeYAMLMisread, "4:1", []string{"this --- closes the frontmatter", "not part of the value of description"}, "Indent the ---"},
	}
	position := regexp.MustCompile(`\d+:\d+|line \d`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.at == "" {
				for _, d := range RunFile(skills.NewWorkspace(nil, skills.LoadOptions{}).Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: yamlPath, Text: []byte(tt.src)}), yamlPath, Options{}) {
					if d.Code == tt.code {
						t.Errorf("reports %s: %s", d.Code, d.Message)
					}
				}
				return
			}
			d, snap, ws := yamlDiagnostic(t, tt.src, tt.code)
			if d == nil {
				return
			}
			lines := skilltest.Text(t, snap, snap.File(yamlPath)).Src()
			if got := linecol(lines, d.Span.Start); got != tt.at {
				t.Errorf("at %s, want %s", got, tt.at)
			}
			for _, s := range tt.says {
				if !strings.Contains(d.Message, s) {
					t.Errorf("message %q does not say %q", d.Message, s)
				}
			}
			if position.MatchString(d.Message) {
				t.Errorf("message %q holds a position", d.Message)
			}
			if tt.fix == "" {
				if len(d.Fixes) > 0 {
					t.Errorf("fixes %+v, want none", d.Fixes)
				}
				return
			}
			if len(d.Fixes) == 0 || d.Fixes[0].Title != tt.fix {
				t.Fatalf("fixes %+v, want %q first", d.Fixes, tt.fix)
			}
			fixed, err := ApplyEdits(lines, d.Fixes[0].Edits)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(tt.src, "\r\n") && strings.Count(string(fixed), "\n") != strings.Count(string(fixed), "\r\n") {
				t.Errorf("the fix breaks the CRLF line endings: %q", fixed)
			}
			after := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeEdit, Path: yamlPath, Text: fixed})
			for _, d2 := range RunFile(after, yamlPath, Options{}) {
				if d2.Code == tt.code {
					t.Errorf("after %q:\n%s\nstill: %s", tt.fix, fixed, d2.Message)
				}
			}
			if f := after.File(yamlPath); f.Drop != nil {
				t.Errorf("after %q:\n%s\nDSH still drops it: %s", tt.fix, fixed, f.Drop.Detail)
			}
		})
	}
}

// yamlPath is where TestYAMLMistakes puts its file.
const yamlPath = "/p/.agents/skills/s/SKILL.md"

// yamlDiagnostic opens src as a buffer and returns its first diagnostic
// of code.
func yamlDiagnostic(t *testing.T, src, code string) (*Diagnostic, *skills.Snapshot, *skills.Workspace) {
	t.Helper()
	ws := skills.NewWorkspace(nil, skills.LoadOptions{})
	snap := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: yamlPath, Text: []byte(src)})
	var codes []string
	for _, d := range RunFile(snap, yamlPath, Options{}) {
		if d.Code == code {
			return &d, snap, ws
		}
		codes = append(codes, d.Code)
	}
	t.Errorf("no %s among %v", code, codes)
	return nil, snap, ws
}

// linecol is the 1-based line:col (bytes) of off in src.
func linecol(src []byte, off int) string {
	line, col := 1, 1
	for _, c := range src[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%d:%d", line, col)
}
