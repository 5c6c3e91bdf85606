package diagnostics

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

func TestDescriptionRules(t *testing.T) {
	codes := []string{CodeDescriptionMissing, CodeDescriptionNotString, CodeDescriptionEmpty, CodeDescriptionBlank, CodeDescriptionTruncated, CodeDescriptionTooLong}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill")},
		{name: "missing", src: "---\nname: skill\n---\n", want: []string{"error description-missing 1:1"}},
		{name: "list", src: "---\nname: skill\ndescription:\n  - a\n---\n", want: []string{"error description-not-string 4:3"}, contains: "a YAML list"},
		{name: "null", src: "---\nname: skill\ndescription: null\n---\n", want: []string{"error description-not-string 3:14"}, contains: "description must be text, but YAML reads null as no value; write the text after description:"},
		{name: "no value", src: "---\nname: skill\ndescription:\n---\n", want: []string{"error description-not-string 3:13"}, contains: "description has no value (YAML reads it as null); write the text after description:"},
		{name: "number", src: "---\nname: skill\ndescription: 42\n---\n", want: []string{"error description-not-string 3:14"}, contains: "YAML reads 42 as a number; put it in quotes: description: '42'"},
		{name: "empty", src: "---\nname: skill\ndescription: ''\n---\n", want: []string{"error description-empty 3:14"}},
		{name: "blank", src: "---\nname: skill\ndescription: \"\\u3000 \"\n---\n", want: []string{"warning description-blank 3:14"}},
		{name: "truncated", src: "---\nname: skill\ndescription: " + strings.Repeat("é", 501) + "\n---\n", want: []string{"warning description-truncated 3:14"}, contains: "the description is 501 characters once its whitespace is collapsed, and the catalog shows at most 500"},
		{name: "𐐀 counts two units", src: "---\nname: skill\ndescription: " + strings.Repeat("𐐀", 251) + "\n---\n", want: []string{"warning description-truncated 3:14"}, contains: "502 characters"},
		{name: "not truncated when hidden from the model", src: "---\nname: skill\ndescription: " + strings.Repeat("x", 600) + "\ndisable-model-invocation: true\n---\n"},
		// One finding per fact at one spot: too long says the catalog's cut too (issue 25).
		{name: "too long", src: "---\nname: skill\ndescription: " + strings.Repeat("日", 1532) + "\n---\n", want: []string{"warning description-too-long 3:14"},
			contains: `the description is 1,532 characters; the agentskills.io spec allows at most 1,024, and DSH's catalog shows only its first 497 characters followed by "..."`},
		{name: "too long under agentskills", src: "---\nname: skill\ndescription: " + strings.Repeat("日", 1025) + "\n---\n", profile: ProfileAgentSkills, want: []string{"error description-too-long 3:14"}},
		{name: "too long but hidden from the model", src: "---\nname: skill\ndescription: " + strings.Repeat("日", 1025) + "\ndisable-model-invocation: true\n---\n", want: []string{"warning description-too-long 3:14"},
			contains: "the agentskills.io spec allows at most 1,024"},
	})
}

// TestShortenFix: the shorten fix cuts at a word, writes no "...", leaves
// a description the catalog shows whole, and says so in its title (issue
// 25 point 8).
func TestShortenFix(t *testing.T) {
	words := strings.Repeat("Summarize long PDF reports, ", 30) + "then stop."
	tests := []struct{ name, desc, code, want string }{
		{"cut inside a word", words, CodeDescriptionTruncated, strings.TrimRight(jstextPrefixWords(words, 500), " ,")},
		{"too long", strings.Repeat("word ", 300), CodeDescriptionTooLong, strings.TrimSpace(strings.Repeat("word ", 100))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, snap, ws := yamlDiagnostic(t, "---\nname: s\ndescription: "+tt.desc+"\n---\n", tt.code)
			if d == nil {
				return
			}
			if len(d.Fixes) != 1 || !d.Fixes[0].Unsafe {
				t.Fatalf("fixes %+v", d.Fixes)
			}
			fix := d.Fixes[0]
			src, err := ApplyEdits(skilltestSrc(t, snap), fix.Edits)
			if err != nil {
				t.Fatal(err)
			}
			after := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeEdit, Path: yamlPath, Text: src})
			got := after.File(yamlPath).Def.Description
			if got != tt.want || strings.Contains(got, "...") {
				t.Errorf("shortened to\n%q\nwant\n%q", got, tt.want)
			}
			if want := fmt.Sprintf("Shorten the description to its first %d characters, ending at a word", len(tt.want)); fix.Title != want {
				t.Errorf("title %q, want %q", fix.Title, want)
			}
			for _, d := range RunFile(after, yamlPath, Options{}) {
				if d.Code == CodeDescriptionTruncated || d.Code == CodeDescriptionTooLong {
					t.Errorf("after the fix: %s", d.Message)
				}
			}
		})
	}
}

// jstextPrefixWords is the words of s that fit in n bytes (ASCII).
func jstextPrefixWords(s string, n int) string {
	s = s[:n]
	return s[:strings.LastIndexByte(s, ' ')]
}

// skilltestSrc returns the bytes of the file at yamlPath.
func skilltestSrc(t *testing.T, snap *skills.Snapshot) []byte {
	return skilltest.Text(t, snap, snap.File(yamlPath)).Src()
}
