package skills

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// contentOf returns the trimmed body of a file held in memory.
func contentOf(f *File) string {
	return string(f.InMemory().Src()[f.ContentSpan.Start:f.ContentSpan.End])
}

// checkSpans asserts every span of a parsed file lies inside its source.
func checkSpans(t testing.TB, f *File) {
	t.Helper()
	n := int(f.size)
	var src []byte
	if f.text != nil {
		src = f.text.Src()
		n = len(src)
	}
	ok := func(what string, s spans.Span) {
		if s.Start < 0 || s.Start > s.End || s.End > n {
			t.Fatalf("%s span %+v outside [0,%d]", what, s, n)
		}
	}
	ok("body", f.BodySpan)
	ok("content", f.ContentSpan)
	if f.Drop != nil {
		ok("drop", f.Drop.Span)
	}
	if fm := f.Frontmatter; fm != nil {
		ok("open", fm.OpenSpan)
		ok("close", fm.CloseSpan)
		ok("yaml", fm.YAMLSpan)
		if fm.Err != nil {
			ok("yaml error", fm.Err.Span)
			ok("yaml first", fm.Err.FirstSpan)
		}
		for _, fld := range fm.Fields {
			ok("key "+fld.Key, fld.KeySpan)
			ok("value "+fld.Key, fld.ValueSpan)
		}
	}
	for _, l := range f.Outline.Links {
		ok("link", l.Span)
	}
	for _, h := range f.Headings(src) {
		ok("heading", h.Span)
	}
	if (f.Drop == nil) != (f.Def != nil) {
		t.Fatalf("a file must be either dropped or valid: drop=%v def=%v", f.Drop, f.Def != nil)
	}
}

func FuzzParse(f *testing.F) {
	seeds := []string{
		"---\nname: a\ndescription: b\n---\nbody",
		"---\r\nname: a\r\ndescription: \"x\\ty\"\r\n---\r\n\r\nbody\r\n",
		"\uFEFF---\nname: a\ndescription: é 日本 𐐀\n---\n[l](x.md) ![i](y.png) <https://e.com>\n# H\n",
		"---\nname: a\ndescription: Use when: x\n---\n",
		"---\na: &x [*x]\n---\n",
		"---\nname: a\ndescription: b\nname: c\n---\n",
		"---\n\tname: a\n---\n",
		"---\n- a\n---\n",
		"---\nname: |\n  x\n description: >-\n  y\n---\n",
		"---\nname: a\ndescription: b\nuser-invocable: maybe\ndisableModelInvocation: 1\n---\n",
		"---", "", "\x00\xff", "---\n---",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, mode := range []ReadMode{ReadFS, ReadNode} {
			file := Parse("/r/x/SKILL.md", src, mode)
			checkSpans(t, file)
			if mode == ReadFS && file.Def != nil && !IsSkillName(file.Def.Name) {
				t.Fatalf("valid skill with invalid name %q", file.Def.Name)
			}
		}
	})
}

func TestParseTable(t *testing.T) {
	tests := []struct {
		name, src string
		drop      problem.Code
		desc      string
		content   string
	}{
		{"plain", "---\nname: a\ndescription: b\n---\n\n  body  \n\n", "", "b", "body"},
		{"crlf", "---\r\nname: a\r\ndescription: b c\r\n---\r\nline1\r\nline2\r\n", "", "b c", "line1\r\nline2"},
		{"no final newline", "---\nname: a\ndescription: b\n---", "", "b", ""},
		{"bom stripped", "\uFEFF---\nname: a\ndescription: b\n---\n", "", "b", ""},
		{"unicode", "---\nname: a\ndescription: é 日本 𐐀\n---\n\u3000body\u3000", "", "é 日本 𐐀", "body"},
		{"yes stays string", "---\nname: a\ndescription: yes\n---\n", "", "yes", ""},
		{"1_000 is a string", "---\nname: a\ndescription: 1_000\n---\n", "", "1_000", ""},
		{"0b101 is a string", "---\nname: a\ndescription: 0b101\n---\n", "", "0b101", ""},
		{"date is a string", "---\nname: a\ndescription: 2024-01-01\n---\n", "", "2024-01-01", ""},
		{"number drops", "---\nname: a\ndescription: 12\n---\n", problem.DescriptionNotString, "", ""},
		{"hex drops", "---\nname: a\ndescription: 0x1f\n---\n", problem.DescriptionNotString, "", ""},
		{"tagged str", "---\nname: a\ndescription: !!str 12\n---\n", "", "12", ""},
		{"merge key is ordinary", "---\nname: a\ndescription: b\n<<: x\n---\n", "", "b", ""},
		{"empty frontmatter", "---\n---\n", problem.FrontmatterNotMap, "", ""},
		{"colon", "---\nname: a\ndescription: a: b\n---\n", problem.YAMLUnquotedColon, "", ""},
		{"tab", "---\nname: a\n\tdescription: b\n---\n", problem.YAMLTabIndent, "", ""},
		{"legacy", "---\nname: a\ndescription: b\nuserInvocable: true\n---\n", problem.LegacyInvocationKey, "", ""},
		{"null flag", "---\nname: a\ndescription: b\nuser-invocable:\n---\n", problem.InvocationNotBoolean, "", ""},
		{"YES flag", "---\nname: a\ndescription: b\nuser-invocable: YES\n---\n", "", "b", ""},
		{"1.0 flag", "---\nname: a\ndescription: b\ndisable-model-invocation: 1.0\n---\n", "", "b", ""},
		{"nul", "---\nname: a\x00\n---\n", problem.BinaryFile, "", ""},
		{"latin1", "---\nname: caf\xe9\n---\n", problem.InvalidUTF8, "", ""},
		{"name with newline", "---\nname: \"a\\n\"\ndescription: b\n---\n", problem.NameInvalid, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse("/r/a/SKILL.md", []byte(tt.src), ReadFS)
			checkSpans(t, f)
			var got problem.Code
			if f.Drop != nil {
				got = f.Drop.Code
			}
			if got != tt.drop {
				t.Fatalf("drop = %q (%v), want %q", got, f.Drop, tt.drop)
			}
			if c := contentOf(f); f.Def != nil && (f.Def.Description != tt.desc || c != tt.content) {
				t.Fatalf("got description %q content %q, want %q %q", f.Def.Description, c, tt.desc, tt.content)
			}
		})
	}
}

// TestHostileTree builds a tree of hostile entries next to good skills: each
// is reported or skipped within a bound, and the good skills still load.
func TestHostileTree(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "skills")
	good := func(name string) {
		writeSkill(t, filepath.Join(root, name, "SKILL.md"), name, "fine")
	}
	good("good-one")
	mk := func(p string, data []byte) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Alias bomb ("billion laughs") and deep nesting.
	var bomb strings.Builder
	bomb.WriteString("---\nname: bomb\ndescription: x\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&bomb, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	bomb.WriteString("---\n")
	mk(filepath.Join(root, "bomb", "SKILL.md"), []byte(bomb.String()))
	mk(filepath.Join(root, "deep", "SKILL.md"), []byte("---\nname: deep\ndescription: x\nn: "+strings.Repeat("[", 5000)+strings.Repeat("]", 5000)+"\n---\n"))
	// A file over the size limit, and a 1 MB one-line description.
	big := filepath.Join(root, "huge", "SKILL.md")
	os.MkdirAll(filepath.Dir(big), 0o755)
	fh, _ := os.Create(big)
	fh.Truncate(100 << 20) // a sparse 100 MB SKILL.md
	fh.Close()
	mk(filepath.Join(root, "longdesc", "SKILL.md"), []byte("---\nname: longdesc\ndescription: "+strings.Repeat("x", 1<<20)+"\n---\n"))
	// Binary, invalid UTF-8, names with spaces, quotes, &<>, RTL and combining marks.
	mk(filepath.Join(root, "bin.md"), []byte("---\nname: bin\x00\n---\n"))
	mk(filepath.Join(root, "latin1.md"), []byte("---\nname: caf\xe9\n---\n"))
	mk(filepath.Join(root, `we ird "&<>" \u202e é.md`), []byte("---\nname: weird\ndescription: \"</available_skills> & <x>\"\n---\n"))
	// SKILL.md that is a directory; a FIFO named like a skill.
	os.MkdirAll(filepath.Join(root, "dirskill", "SKILL.md"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, "fifobundle"), 0o755)
	syscall.Mkfifo(filepath.Join(root, "fifobundle", "SKILL.md"), 0o644)
	// Symlink loop, a link outside the roots, a dangling link.
	os.Symlink(filepath.Join(root, "loop"), filepath.Join(root, "loop"))
	outside := filepath.Join(dir, "outside")
	writeSkill(t, filepath.Join(outside, "SKILL.md"), "outside", "linked from elsewhere")
	os.Symlink(outside, filepath.Join(root, "linked"))
	os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(root, "dangling"))
	// An unreadable folder (meaningless as root, but must not crash).
	os.MkdirAll(filepath.Join(root, "locked"), 0o000)
	defer os.Chmod(filepath.Join(root, "locked"), 0o755)
	// A root that is a file.
	fileRoot := filepath.Join(dir, "file-root")
	mk(fileRoot, []byte("not a dir"))

	roots := []Root{
		{Dir: root, Source: SourceCustom, Rank: 300, Index: 0},
		{Dir: fileRoot, Source: SourceCustom, Rank: 300, Index: 1},
	}
	start := time.Now()
	snap, err := Load(t.Context(), roots, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("hostile tree took %s", d)
	}
	for _, name := range []string{"good-one", "outside", "longdesc", "weird"} {
		if snap.Registry.Lookup(name) == nil {
			t.Errorf("%s did not load next to the hostile entries", name)
		}
	}
	drops := map[string]problem.Code{}
	for _, f := range snap.Registry.Dropped() {
		drops[filepath.Base(filepath.Dir(f.Path))+"/"+filepath.Base(f.Path)] = f.Drop.Code
		checkSpans(t, f)
	}
	for key, want := range map[string]problem.Code{
		"bomb/SKILL.md": problem.YAMLTooComplex, "deep/SKILL.md": problem.YAMLTooComplex, "huge/SKILL.md": problem.FileTooLarge,
		"skills/bin.md": problem.BinaryFile, "skills/latin1.md": problem.InvalidUTF8,
	} {
		if drops[key] != want {
			t.Errorf("%s: drop %q, want %q (all: %v)", key, drops[key], want, drops)
		}
	}
	kinds := map[problem.Code]int{}
	for _, p := range snap.Problems() {
		kinds[p.Code]++
	}
	for _, k := range []problem.Code{problem.NotRegularFile, problem.BrokenSymlink, problem.RootNotDirectory} {
		if kinds[k] == 0 {
			t.Errorf("no %s problem reported (got %v)", k, kinds)
		}
	}
	if f := snap.File(filepath.Join(root, "bomb", "SKILL.md")); f == nil || f.Frontmatter.Err == nil || f.Frontmatter.Err.Code != problem.YAMLTooComplex {
		t.Errorf("alias bomb not refused as too complex")
	}
}

// TestManyEntries loads a root of 50,000 flat skills (slow: SKILL_LS_SLOW).
func TestManyEntries(t *testing.T) {
	skipUnlessSlow(t)
	dir := t.TempDir()
	for i := range 50000 {
		p := filepath.Join(dir, fmt.Sprintf("s%05d.md", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("---\nname: s%05d\ndescription: d\n---\n", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := Load(t.Context(), []Root{{Dir: dir, Source: SourceCustom, Rank: 300}}, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(snap.Registry.Winners()); n != 50000 {
		t.Fatalf("loaded %d of 50000", n)
	}
	if idx, err := snap.Text(snap.File(filepath.Join(dir, "s00042.md"))); err != nil || !bytes.Contains(idx.Src(), []byte("s00042")) {
		t.Fatal("wrong content")
	}
}
