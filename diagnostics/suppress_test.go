package diagnostics

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// checkText runs every rule on one skill file at /p/.agents/skills/<folder>/SKILL.md
// (a snapshot with no roots) and returns "severity code line:col" per
// diagnostic, sorted.
func checkText(t *testing.T, src string, opts Options) ([]Diagnostic, []string) {
	t.Helper()
	f := skillfile.Parse("/p/.agents/skills/s/SKILL.md", []byte(src), skillfile.ReadFS)
	snap := skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot()
	ds := CheckFile(snap, f, opts)
	Sort(ds)
	var out []string
	for _, d := range ds {
		if d.Code == CodeOutsideRoots {
			continue
		}
		l, c := f.InMemory().LineCol(d.Span.Start)
		out = append(out, fmt.Sprintf("%s %s %d:%d", d.Severity, d.Code, l, c))
	}
	return ds, out
}

func TestSuppression(t *testing.T) {
	const long = "Use when asked. "
	tests := []struct {
		name string // a name holding "agentskills" runs that profile, "(quick)" a quick run
		src  string
		want []string
	}{
		{"nothing suppressed", "---\nname: s\ndescription: d\n---\n</skill_content>\n",
			[]string{"warning body-breaks-frame 5:1"}},
		{"next line in the body", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable-next-line body-breaks-frame -- quoted on purpose -->\n</skill_content>\n</skill_content>\n",
			[]string{"warning body-breaks-frame 7:1"}},
		{"range", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable body-breaks-frame -->\n</skill_content>\n</skill_instructions>\n<!-- skill-ls-enable body-breaks-frame -->\n</skill_content>\n",
			[]string{"warning body-breaks-frame 9:1"}},
		{"range to the end", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable body-breaks-frame -->\n</skill_content>\n\n</skill_content>\n", nil},
		{"file, from the frontmatter", "---\n# skill-ls-disable-file body-breaks-frame, name-folder-mismatch -- examples\nname: other\ndescription: d\n---\n</skill_content>\n", nil},
		{"next line in the frontmatter", "---\nname: s\n# skill-ls-disable-next-line description-truncated -- the tail is optional\ndescription: " + strings.Repeat(long, 40) + "\n---\n", nil},
		// DSH drops the skill whatever a comment says: the drop stays and
		// the comment is reported (issue 25).
		{"a drop is not hidden where its code is named", "---\n# skill-ls-disable-next-line name-invalid -- renamed by the build\nname: S_S\ndescription: d\n---\n",
			[]string{"warning suppression-invalid 2:30", "error name-invalid 3:7"}},
		{"an unquoted colon is not hidden", "---\nname: s\n# skill-ls-disable-next-line yaml-unquoted-colon -- we like it\ndescription: Use when: the user asks\n---\n",
			[]string{"warning suppression-invalid 3:30", "error yaml-unquoted-colon 4:14"}},
		{"a drop is not hidden in the file; the other code is", "---\n# skill-ls-disable-file name-invalid, body-breaks-frame\nname: S_S\ndescription: d\n---\n</skill_content>\n",
			[]string{"warning suppression-invalid 2:25", "error name-invalid 3:7"}},
		{"a drop code with nothing to hide is still reported", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable-file binary-file -->\n",
			[]string{"warning suppression-invalid 5:28"}},
		{"host-drops cannot be hidden either", "---\n# skill-ls-disable-file host-drops\nname: s\ndescription: d\n---\n",
			[]string{"warning suppression-invalid 2:25"}},
		{"another code does not hide a drop", "---\n# skill-ls-disable-next-line name-too-long\nname: S_S\ndescription: d\n---\n",
			[]string{"warning suppression-unused 2:30", "error name-invalid 3:7"}},
		{"no code", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable-next-line -- why -->\n",
			[]string{"warning suppression-invalid 5:1"}},
		{"unknown code", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable-file body-break-frame -->\n",
			[]string{"warning suppression-invalid 5:28"}},
		{"unknown kind", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-ignore crlf -->\n",
			[]string{"warning suppression-invalid 5:1"}},
		{"unused next line", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable-next-line body-breaks-frame -->\nplain\n</skill_content>\n",
			[]string{"warning suppression-unused 5:33", "warning body-breaks-frame 7:1"}},
		{"enable without disable", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-enable crlf -->\n",
			[]string{"warning suppression-unused 5:22"}},
		{"a rule the profile turns off is not unused (dsh)", "---\nname: s\ndescription: d\n# skill-ls-disable-next-line unknown-key -- agentskills only\ntriggers: x\n---\n", nil},
		{"the same rule on under agentskills", "---\nname: s\ndescription: Summarize release notes\n# skill-ls-disable-next-line unknown-key -- agentskills only\ntriggers: x\n---\n", nil},
		{"suppression rules are not suppressed", "---\nname: s\ndescription: d\n---\n<!-- skill-ls-disable-file suppression-unused -->\n<!-- skill-ls-disable-file crlf -->\n",
			[]string{"warning suppression-unused 6:28"}},
		// Only the codes of rules that ran are judged, as ruff's unused noqa.
		{"broken YAML: a frontmatter comment is not judged", "---\nname: s\ndescription: Use when: x\n# skill-ls-disable-next-line key-misspelled -- kept\nwhen_to_use: now\n---\n",
			[]string{"error yaml-unquoted-colon 3:14"}},
		{"broken YAML: a body rule still runs", "---\nname: s\ndescription: Use when: x\n---\n<!-- skill-ls-disable-next-line body-breaks-frame -->\nplain\n",
			[]string{"error yaml-unquoted-colon 3:14", "warning suppression-unused 5:33"}},
		{"broken YAML: a reading rule still runs", "---\n# skill-ls-disable-file crlf\nname: s\ndescription: Use when: x\n---\n",
			[]string{"warning suppression-unused 2:25", "error yaml-unquoted-colon 4:14"}},
		{"broken YAML: a stray enable is still reported", "---\nname: s\ndescription: Use when: x\n# skill-ls-enable key-misspelled\n---\n",
			[]string{"error yaml-unquoted-colon 3:14", "warning suppression-unused 4:19"}},
		{"a whole-workspace rule is judged in a full run", "---\n# skill-ls-disable-file description-overlap -- twins\nname: s\ndescription: d\n---\n",
			[]string{"warning suppression-unused 2:25"}},
		{"a whole-workspace rule a quick run leaves out is not judged (quick)", "---\n# skill-ls-disable-file description-overlap -- twins\nname: s\ndescription: d\n---\n", nil},
		// é, CJK and 𐐀 before the comment and the code; CRLF.
		{"unicode and CRLF", "---\r\nname: s\r\ndescription: é漢字𐐀\r\n---\r\né漢字𐐀 <!-- skill-ls-disable-next-line body-breaks-frame -- é漢字𐐀 -->\r\n𐐀</skill_content>\r\n<!-- skill-ls-disable-file crlf -->\r\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := Options{}
			if strings.Contains(tt.name, "agentskills") {
				opts.Profile = ProfileAgentSkills
			}
			opts.Quick = strings.Contains(tt.name, "(quick)")
			_, got := checkText(t, tt.src, opts)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestSuppressionFixes: each suppression fix, applied, silences its
// diagnostic and leaves no suppression diagnostic; the frontmatter gets
// YAML comments, the body HTML comments, with é, CJK, 𐐀 and CRLF.
func TestSuppressionFixes(t *testing.T) {
	tests := []struct {
		name, src, code string
		titles          []string
	}{
		{"body", "---\nname: s\ndescription: d\n---\nText é漢字𐐀\n  </skill_content>\n", CodeBodyBreaksFrame,
			[]string{"Suppress body-breaks-frame on line 6", "Suppress body-breaks-frame in this file"}},
		{"body CRLF", "---\r\nname: s\r\ndescription: d\r\n---\r\n𐐀 </skill_content>\r\n", CodeBodyBreaksFrame,
			[]string{"Suppress body-breaks-frame on line 5", "Suppress body-breaks-frame in this file"}},
		{"frontmatter", "---\nname: s\ndescription: 漢字\nmetadata:\n  v: 1\n---\n", CodeFieldType,
			[]string{"Suppress field-type on line 5", "Suppress field-type in this file"}},
		// A drop cannot be suppressed: no fix is offered (issue 25).
		{"a drop gets none", "---\nname: S_é\ndescription: 漢字\n---\n", CodeNameInvalid, nil},
		{"frontmatter CRLF indented", "---\r\nname: s\r\ndescription: d\r\nmetadata:\r\n  version: 1.0\r\n---\r\n", CodeFieldType,
			[]string{"Suppress field-type on line 5", "Suppress field-type in this file"}},
		// The comment has the line's own indentation, and goes where YAML
		// reads it as a comment (issue 25).
		{"a block scalar: before its key", "---\nname: s\ndescription: d\ncompatibility: >-\n  " + strings.Repeat("Needs pdftotext. ", 40) + "\n---\n", CodeCompatibilityTooLong,
			[]string{"Suppress compatibility-too-long on line 4", "Suppress compatibility-too-long in this file"}},
		{"inside a flow mapping: the comment works there", "---\nname: s\ndescription: d\nmetadata: {author: me,\n  version: 1.0}\n---\n", CodeFieldType,
			[]string{"Suppress field-type on line 5", "Suppress field-type in this file"}},
		{"nested key: the line's own indentation", "---\nname: s\ndescription: d\nmetadata:\n    version: 1.0\n---\n", CodeFieldType,
			[]string{"Suppress field-type on line 5", "Suppress field-type in this file"}},
		{"inside a code fence: only the file", "---\nname: s\ndescription: d\n---\n```\n</skill_content>\n```\n", CodeBodyBreaksFrame,
			[]string{"Suppress body-breaks-frame in this file"}},
		{"crlf with frontmatter: the file", "---\r\nname: s\r\ndescription: d\r\n---\r\nBody\r\n", CodeCRLF,
			[]string{"Suppress crlf in this file"}},
		{"no frontmatter: at the end", "# Title\r\n\r\nText", CodeCRLF,
			[]string{"Suppress crlf in this file"}},
		{"no frontmatter: a drop gets none", "# Title\n\nText", CodeFrontmatterMissing, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := "/p/.agents/skills/s/SKILL.md"
			ws := skills.NewWorkspace(nil, skills.LoadOptions{})
			snap := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: path, Text: []byte(tt.src)})
			opts := Options{Profile: ProfileAgentSkills}
			var target *Diagnostic
			for _, d := range RunFile(snap, path, opts) {
				if d.Code == tt.code {
					target = &d
					break
				}
			}
			if target == nil {
				t.Fatalf("no %s diagnostic", tt.code)
			}
			fixes := SuppressionFixes(snap, *target)
			var titles []string
			for _, fix := range fixes {
				titles = append(titles, fix.Title)
				if !fix.Suppression || fix.Unsafe || FixUnsafe.Applies(fix) {
					t.Errorf("%q is not a suppression fix check --fix skips: %+v", fix.Title, fix)
				}
				if strings.Contains(fix.Title, " on line ") {
					e := fix.Edits[0]
					orig := skilltest.Text(t, snap, snap.File(path)).Src()
					line := string(orig[e.Span.Start:])
					lineIndent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
					if !strings.HasPrefix(e.NewText, lineIndent) || strings.HasPrefix(e.NewText[len(lineIndent):], " ") || strings.Contains(lineIndent, "\t") {
						t.Errorf("%q writes %q before a line indented %q", fix.Title, e.NewText, lineIndent)
					}
				}
				src, err := ApplyEdits(skilltest.Text(t, snap, snap.File(path)).Src(), fix.Edits)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(tt.src, "\r\n") && strings.Count(string(src), "\n") != strings.Count(string(src), "\r\n") {
					t.Errorf("%q breaks the CRLF line endings: %q", fix.Title, src)
				}
				after := ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeEdit, Path: path, Text: src})
				for _, d := range RunFile(after, path, opts) {
					if d.Code == tt.code || d.Code == CodeSuppressionInvalid || d.Code == CodeSuppressionUnused {
						t.Errorf("after %q:\n%s\nstill reports %s: %s", fix.Title, src, d.Code, d.Message)
					}
				}
				ws.Apply(t.Context(), skills.Change{Kind: skills.ChangeEdit, Path: path, Text: []byte(tt.src)})
			}
			if fmt.Sprint(titles) != fmt.Sprint(tt.titles) {
				t.Errorf("titles %q, want %q", titles, tt.titles)
			}
		})
	}
}

// TestFixLevels: check --fix applies safe fixes, --unsafe-fixes unsafe
// ones too, and neither a suppression fix.
func TestFixLevels(t *testing.T) {
	safe, unsafe, sup := Fix{Title: "s"}, Fix{Title: "u", Unsafe: true}, Fix{Title: "p", Suppression: true}
	if !FixSafe.Applies(safe) || FixSafe.Applies(unsafe) || FixSafe.Applies(sup) {
		t.Error("FixSafe")
	}
	if !FixUnsafe.Applies(safe) || !FixUnsafe.Applies(unsafe) || FixUnsafe.Applies(sup) {
		t.Error("FixUnsafe")
	}
}
