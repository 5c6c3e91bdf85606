package diagnostics

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestRunGathersInOneAllocation: Run returns the files' diagnostics and the
// discovery problems in one slice of exactly their length, not a slice
// grown by appends (at 100k files a grown one holds two or three copies of
// ~100k findings at once, at check's peak).
func TestRunGathersInOneAllocation(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"Bad-One", "Bad-Two", "Bad-Three"} {
		p := filepath.Join(dir, name, "SKILL.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("---\nname: "+name+"\ndescription: A skill whose name is not valid.\n---\n"), 0o644)
	}
	if err := os.Symlink(filepath.Join(dir, "nowhere.md"), filepath.Join(dir, "broken.md")); err != nil {
		t.Fatal(err)
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ds := Run(t.Context(), snap, Options{})
	if !slices.ContainsFunc(ds, func(d Diagnostic) bool { return d.Code == CodeBrokenSymlink }) ||
		!slices.ContainsFunc(ds, func(d Diagnostic) bool { return d.Code == "name-invalid" }) {
		t.Fatalf("Run = %v, want name-invalid and %s", ds, CodeBrokenSymlink)
	}
	if cap(ds) != len(ds) {
		t.Errorf("Run returned %d diagnostics in a slice of capacity %d, want one allocation of their length", len(ds), cap(ds))
	}
}

// TestGatherDropsEachFilesSlice: gather lets go of each file's slice once
// copied, so that the collector can free it before the formatter runs.
func TestGatherDropsEachFilesSlice(t *testing.T) {
	files := []*skillfile.File{{Path: "a"}, {Path: "x"}, {Path: "b"}}
	kept := [][]keptFinding{
		keepFindings([]Diagnostic{{Path: "a"}}, "a"),
		nil,
		keepFindings([]Diagnostic{{Path: "b"}, {Path: "c"}}, "b"),
	}
	got := gather(files, kept, []Diagnostic{{Path: "d"}}, nil, []Diagnostic{{Path: "e"}})
	var paths []string
	for _, d := range got {
		paths = append(paths, d.Path)
	}
	if want := []string{"a", "b", "c", "d", "e"}; !slices.Equal(paths, want) || cap(got) != len(want) {
		t.Errorf("gather = %v (cap %d), want %v in one allocation", paths, cap(got), want)
	}
	for i, ks := range kept {
		if ks != nil {
			t.Errorf("files[%d] still holds %d diagnostics", i, len(ks))
		}
	}
}

// TestKeptFindingsAreSmall: a whole Run keeps each file's findings in
// records of at most 64 bytes until it gathers them (a Diagnostic is 120,
// and a run holds about one a skill file at check's peak), and gives them
// back as they were.
func TestKeptFindingsAreSmall(t *testing.T) {
	if size := reflect.TypeFor[keptFinding]().Size(); size > 64 {
		t.Errorf("a kept finding is %d bytes, over 64", size)
	}
	ds := []Diagnostic{
		{Path: "/r/a/SKILL.md", Span: spans.Span{Start: 3, End: 9}, Severity: SeverityWarning, Code: "c", Message: "m"},
		{Path: "/r/a/SKILL.md", Severity: SeverityInfo, Code: "d", Message: "n", Related: []Related{{Path: "/r/b/SKILL.md"}}, Fixes: []Fix{{Title: "t"}}},
		{Path: "/r/a", Severity: SeverityError, Code: "e", Message: "o", Fixes: []Fix{}},
	}
	kept := keepFindings(slices.Clone(ds), "/r/a/SKILL.md")
	for i, k := range kept {
		if got := k.diagnostic("/r/a/SKILL.md"); !reflect.DeepEqual(got, ds[i]) {
			t.Errorf("finding %d came back as %+v, want %+v", i, got, ds[i])
		}
	}
	if kept[0].more != nil {
		t.Error("a plain finding keeps a pointer to more")
	}
}

// TestNoFixesBuildsNoEntryNames: a run that drops its fixes (check in a
// format that shows none) does not index the names of every root's
// entries, which only name-folder-mismatch's rename fix reads (~5 MB at
// 100k skills, held while the rules run); its findings are those of a run
// with fixes, without the fixes.
func TestNoFixesBuildsNoEntryNames(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "deploy", "SKILL.md")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("---\nname: deploy-app\ndescription: Deploy the app to staging.\n---\n"), 0o644)
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	codes := func(opts Options) ([]string, *runState) {
		rs := newRunState(t.Context(), snap, opts)
		rs.whole, rs.pace = true, Pace{Workers: 2}
		rs.prepare()
		var out []string
		for _, d := range rs.checkFile(snap.File(p)) {
			out = append(out, d.Code)
		}
		return out, rs
	}
	withFixes, _ := codes(Options{})
	without, rs := codes(Options{NoFixes: true})
	if !slices.Contains(withFixes, CodeNameFolderMismatch) || !slices.Equal(withFixes, without) {
		t.Fatalf("codes %v without fixes, %v with, want the same with %s", without, withFixes, CodeNameFolderMismatch)
	}
	if rs.entryNamesByRoot != nil {
		t.Error("a run without fixes indexed the roots' entry names")
	}
}

// TestRunSharesRepeatedMessages: the findings of a whole Run that say the
// same thing share one message's bytes (a whole run holds every finding
// until it returns, and most repeat others).
func TestRunSharesRepeatedMessages(t *testing.T) {
	dir := t.TempDir()
	const files = 400
	for i := range files {
		p := filepath.Join(dir, fmt.Sprintf("s%03d", i), "SKILL.md")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, fmt.Appendf(nil, "---\nname: s%03d\ndescription: Use it to test how findings are kept.\nwhen_to_use: now\n---\n", i), 0o644)
	}
	snap, err := skills.Load(t.Context(), []discovery.Root{{Dir: dir, Source: discovery.SourceCustom, Rank: 300}}, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	Run(t.Context(), snap, Options{NoFixes: true}) // the rule table is made on first use
	ds := Run(t.Context(), snap, Options{NoFixes: true})
	messages := 0
	for _, d := range ds {
		messages += len(d.Message)
	}
	n, records := len(ds), cap(ds)*int(reflect.TypeFor[Diagnostic]().Size())
	var held, freed runtime.MemStats
	runtime.GC()
	runtime.GC() // the pools' victims go in the second
	runtime.ReadMemStats(&held)
	runtime.KeepAlive(ds)
	ds = nil
	runtime.GC()
	runtime.ReadMemStats(&freed)
	runtime.KeepAlive(snap)
	kept := int(held.HeapAlloc) - int(freed.HeapAlloc) - records
	if n < files || kept > messages/4 {
		t.Errorf("%d findings keep %d bytes beside their records, where their messages are %d bytes", n, kept, messages)
	}
}
