package format

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// formatFixture loads a root holding one flat skill whose line 2 starts with
// "é日𐐀" (2, 3 and 4 bytes; 1, 1 and 2 UTF-16 units) and returns the
// snapshot, the root and the file path.
func formatFixture(t *testing.T) (*skills.Snapshot, string, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "x.md")
	src := "---\né日𐐀: v\r\n---\nbody\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: discovery.SourceCustom.Rank()}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if snap.File(path) == nil {
		t.Fatal("fixture file not loaded")
	}
	return snap, dir, path
}

// off returns the byte offset of sub in the fixture file.
func off(t *testing.T, snap *skills.Snapshot, path, sub string) int {
	t.Helper()
	i := bytes.Index(skilltest.Text(t, snap, snap.File(path)).Src(), []byte(sub))
	if i < 0 {
		t.Fatalf("%q not in the fixture", sub)
	}
	return i
}

func fixtureDiags(t *testing.T, snap *skills.Snapshot, dir, path string) []diagnostics.Diagnostic {
	v := off(t, snap, path, "v\r")
	return []diagnostics.Diagnostic{
		{
			Path: path, Span: spans.Span{Start: v, End: v + 1}, Severity: diagnostics.SeverityError, Code: diagnostics.CodeYAMLSyntax,
			Message: "bad value in " + path + ",\nsee: 50%",
			Related: []diagnostics.Related{{Path: path, Span: spans.Span{Start: 0, End: 3}, Message: "opened here"}},
			Fixes:   []diagnostics.Fix{{Title: "Quote it", Edits: []diagnostics.Edit{{Path: path, Span: spans.Span{Start: v, End: v + 1}, NewText: `"v"`}}}},
		},
		{Path: filepath.Join(dir, "fifo.md"), Severity: diagnostics.SeverityWarning, Code: diagnostics.CodeNotRegularFile, Message: "not a regular file"},
		{Path: "/elsewhere/y.md", Severity: diagnostics.SeverityHint, Code: "no-such-rule", Message: "outside"},
	}
}

func TestFormatText(t *testing.T) {
	snap, dir, path := formatFixture(t)
	ds := fixtureDiags(t, snap, dir, path)
	var b bytes.Buffer
	if err := Concise(&b, ds, snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	// "v" is on line 2 after "é日𐐀: " (2+3+4+2 bytes): byte column 12.
	// A newline in a message is escaped: one line per diagnostic.
	want := "x.md:2:12: error: bad value in x.md,\\nsee: 50% [yaml-syntax]\n" +
		"\tx.md:1:1: opened here\n" +
		"fifo.md:1:1: warning: not a regular file [not-regular-file]\n" +
		"/elsewhere/y.md:1:1: hint: outside [no-such-rule]\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("Concise (-want +got):\n%s", diff)
	}

	// Text adds the source line with carets under the span (日 takes two
	// columns) where the file is known, and an empty line after each.
	b.Reset()
	if err := Text(&b, ds, snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	want = "x.md:2:12: error: bad value in x.md,\\nsee: 50% [yaml-syntax]\n" +
		"  |\n" +
		"2 | é日𐐀: v\n" +
		"  |       ^\n" +
		"\tx.md:1:1: opened here\n\n" +
		"fifo.md:1:1: warning: not a regular file [not-regular-file]\n\n" +
		"/elsewhere/y.md:1:1: hint: outside [no-such-rule]\n\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("Text (-want +got):\n%s", diff)
	}

	// Without relTo, paths stay absolute.
	b.Reset()
	Text(&b, ds[:1], snap, Options{RelTo: ""})
	if !strings.HasPrefix(b.String(), path+":2:12: error: bad value in "+path) {
		t.Errorf("got %q, want it to start with the absolute path", b.String())
	}
}

func TestRelPath(t *testing.T) {
	tests := []struct{ dir, path, want string }{
		{"/a/b", "/a/b/c.md", "c.md"},
		{"/a/b", "/a/b/c/d.md", "c/d.md"},
		{"/a/b", "/a/bc/d.md", "/a/bc/d.md"},
		{"/a/b", "/a/d.md", "/a/d.md"},
		{"", "/a/d.md", "/a/d.md"},
		{"/a/b", "rel.md", "rel.md"},
	}
	for _, tt := range tests {
		if got := RelPath(filepath.FromSlash(tt.dir), filepath.FromSlash(tt.path)); got != filepath.FromSlash(tt.want) {
			t.Errorf("relPath(%q, %q) = %q, want %q", tt.dir, tt.path, got, tt.want)
		}
	}
	// The root directory is never stripped from messages.
	if got := (locator{relTo: "/"}).msg("at /a/b"); got != "at /a/b" {
		t.Errorf("msg with relTo / = %q", got)
	}
}

func TestFormatJSON(t *testing.T) {
	snap, dir, path := formatFixture(t)
	var b bytes.Buffer
	if err := JSON(&b, fixtureDiags(t, snap, dir, path), snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, &b)
	}
	want := []map[string]any{
		{
			"path": "x.md", "line": 2.0, "column": 12.0, "endLine": 2.0, "endColumn": 13.0,
			"severity": "error", "code": "yaml-syntax", "message": "bad value in x.md,\nsee: 50%",
			"related": []any{map[string]any{"path": "x.md", "line": 1.0, "column": 1.0, "endLine": 1.0, "endColumn": 4.0, "message": "opened here"}},
			"fixes": []any{map[string]any{"title": "Quote it", "edits": []any{map[string]any{
				"path": "x.md", "line": 2.0, "column": 12.0, "endLine": 2.0, "endColumn": 13.0, "newText": `"v"`}}}},
		},
		{
			"path": "fifo.md", "line": 1.0, "column": 1.0, "endLine": 1.0, "endColumn": 1.0,
			"severity": "warning", "code": "not-regular-file", "message": "not a regular file",
			"related": []any{}, "fixes": []any{},
		},
		{
			"path": "/elsewhere/y.md", "line": 1.0, "column": 1.0, "endLine": 1.0, "endColumn": 1.0,
			"severity": "hint", "code": "no-such-rule", "message": "outside",
			"related": []any{}, "fixes": []any{},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("FormatJSON (-want +got):\n%s", diff)
	}

	b.Reset()
	JSON(&b, nil, snap, Options{RelTo: dir})
	if b.String() != "[]\n" {
		t.Errorf("no diagnostics: got %q, want \"[]\\n\"", b.String())
	}
}

func TestFormatSARIF(t *testing.T) {
	snap, dir, path := formatFixture(t)
	var b bytes.Buffer
	if err := SARIF(&b, fixtureDiags(t, snap, dir, path), snap, Options{RelTo: dir, Version: "1.2.3"}); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("got version %q with %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if d := run.Tool.Driver; d.Name != "skill-ls" || d.Version != "1.2.3" {
		t.Errorf("tool.driver: name %q version %q, want skill-ls 1.2.3", d.Name, d.Version)
	}
	if got, want := len(run.Tool.Driver.Rules), len(diagnostics.Rules()); got != want {
		t.Errorf("got %d rules, want %d", got, want)
	}
	for i, r := range run.Tool.Driver.Rules {
		if r.ID != diagnostics.Rules()[i].Code || r.HelpURI != diagnostics.DocURL(r.ID) || r.FullDescription.Text == "" {
			t.Errorf("rule %d: %+v", i, r)
		}
	}
	if base := run.OriginalURIBaseIDs[sarifBase].URI; !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
		t.Errorf("SRCROOT = %q", base)
	}
	if len(run.Results) != 3 {
		t.Fatalf("got %d results, want 3", len(run.Results))
	}
	r0 := run.Results[0]
	if r0.RuleIndex == nil || run.Tool.Driver.Rules[*r0.RuleIndex].ID != "yaml-syntax" || r0.Level != "error" {
		t.Errorf("result 0: %+v", r0)
	}
	// UTF-16 columns: "é日𐐀: " is 1+1+2+2 units, so v is at column 7.
	want := &sarifRegion{StartLine: 2, StartColumn: 7, EndLine: 2, EndColumn: 8}
	if diff := cmp.Diff(want, r0.Locations[0].PhysicalLocation.Region); diff != "" {
		t.Errorf("region (-want +got):\n%s", diff)
	}
	if loc := r0.Locations[0].PhysicalLocation.ArtifactLocation; loc.URI != "x.md" || loc.URIBaseID != sarifBase {
		t.Errorf("artifact %+v", loc)
	}
	if len(r0.RelatedLocations) != 1 || len(r0.Fixes) != 1 || r0.Fixes[0].ArtifactChanges[0].Replacements[0].InsertedContent.Text != `"v"` {
		t.Errorf("related/fixes: %+v %+v", r0.RelatedLocations, r0.Fixes)
	}
	if r1 := run.Results[1]; r1.Locations[0].PhysicalLocation.Region != nil || r1.Level != "warning" {
		t.Errorf("a path without a file has no region: %+v", r1)
	}
	if r2 := run.Results[2]; r2.RuleIndex != nil || r2.Level != "note" || r2.Locations[0].PhysicalLocation.ArtifactLocation.URI != "file:///elsewhere/y.md" {
		t.Errorf("result 2: %+v", r2)
	}
}

func TestFormatGitHub(t *testing.T) {
	snap, dir, path := formatFixture(t)
	var b bytes.Buffer
	if err := GitHub(&b, fixtureDiags(t, snap, dir, path), snap, Options{RelTo: dir}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=x.md,line=2,col=12,endLine=2,endColumn=13,title=yaml-syntax::bad value in x.md,\\nsee: 50%25%0Ax.md:1:1: opened here\n" +
		"::warning file=fifo.md,line=1,col=1,endLine=1,endColumn=1,title=not-regular-file::not a regular file\n" +
		"::notice file=/elsewhere/y.md,line=1,col=1,endLine=1,endColumn=1,title=no-such-rule::outside\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("FormatGitHub (-want +got):\n%s", diff)
	}
	if got := ghProperty("a:b,c%d\n"); got != "a%3Ab%2Cc%25d%0A" {
		t.Errorf("ghProperty = %q", got)
	}
}

// hostileNames are folder names that, printed raw, forge output: a
// finding of their own after a newline, the clipboard set by OSC 52, the
// rest of the output hidden by ESC [8m, text reordered by a bidi override,
// a CSI in one byte, invalid UTF-8.
var hostileNames = []string{
	"evil\nREADME.md:1:1: error: pwned",
	"evil\r\n::error file=README.md::pwned",
	"clip\x1b]52;c;aGVsbG8=\a",
	"hide\x1b[8m",
	"bidi\u202eab",
	"csi\x9b2J",
	"bad\xe9utf",
}

// TestFormatHostileNames prints a finding on each hostile folder, with the
// folder in its message and its related location, in text and github:
// each comes out as the lines the format promises, each line inert.
func TestFormatHostileNames(t *testing.T) {
	for _, name := range hostileNames {
		path := filepath.Join("/work", name, "SKILL.md")
		d := diagnostics.Diagnostic{
			Path: path, Severity: diagnostics.SeverityWarning, Code: "link-missing",
			Message: "x.md does not exist (resolved against " + filepath.Dir(path) + ")",
			Related: []diagnostics.Related{{Path: path, Message: "the skill " + name}},
		}
		for _, tt := range []struct {
			format string
			f      Formatter
			lines  int
		}{{"concise", Concise, 2}, {"text", Text, 3}, {"github", GitHub, 1}} {
			var b bytes.Buffer
			if err := tt.f(&b, []diagnostics.Diagnostic{d}, nil, Options{RelTo: "/work"}); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(lines) != tt.lines {
				t.Errorf("%s of %q: %d lines, want %d:\n%s", tt.format, name, len(lines), tt.lines, &b)
			}
			for _, line := range lines {
				checkInert(t, strings.TrimPrefix(line, "\t"))
			}
			if tt.format != "github" && !strings.HasPrefix(lines[0], Quote(filepath.Join(name, "SKILL.md"))+":1:1: warning: ") {
				t.Errorf("text of %q starts %q", name, lines[0])
			}
		}
	}
}

// TestFormatExactBytes checks that JSON and SARIF name a folder that is not
// UTF-8 with its exact bytes: JSON's strings as \udcXX (docs/output.md),
// SARIF's URIs percent-encoded, where encoding/json alone writes U+FFFD.
func TestFormatExactBytes(t *testing.T) {
	path := filepath.Join("/work", "bad\xe9utf", "SKILL.md")
	ds := []diagnostics.Diagnostic{{
		Path: path, Severity: diagnostics.SeverityError, Code: "link-missing",
		Message: "no such file in " + filepath.Dir(path),
		Fixes:   []diagnostics.Fix{{Title: "Rename", Renames: []diagnostics.Rename{{From: filepath.Dir(path), To: "/work/bad"}}}},
	}}
	var js, sarif bytes.Buffer
	if err := JSON(&js, ds, nil, Options{RelTo: "/work"}); err != nil {
		t.Fatal(err)
	}
	if err := SARIF(&sarif, ds, nil, Options{RelTo: "/work"}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"path": "bad\udce9utf/SKILL.md"`, `"message": "no such file in bad\udce9utf"`, `"from": "bad\udce9utf"`} {
		if !strings.Contains(js.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, &js)
		}
	}
	for _, want := range []string{`"uri": "bad%E9utf/SKILL.md"`, `"text": "no such file in bad\udce9utf"`} {
		if !strings.Contains(sarif.String(), want) {
			t.Errorf("SARIF lacks %s", want)
		}
	}
	if strings.Contains(js.String()+sarif.String(), "\ufffd") || strings.Contains(js.String()+sarif.String(), `\ufffd`) {
		t.Error("U+FFFD in the output")
	}
}
