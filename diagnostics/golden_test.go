package diagnostics

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestGolden runs every testdata/*.txtar: the archive's files form a tree
// (project/ is the cwd and project root, home/ holds .dsh and .agents), and
// the @check section is the expected diagnostics, one per line as
// "path:line:col: severity: message [code]" plus fixes and related lines.
// -update (or SKILL_LS_UPDATE=1) rewrites the sections. Each tree is
// checked twice: as read from disk (lean files, read again when a rule
// needs their bytes) and with every file open in an editor (in memory).
func TestGolden(t *testing.T) {
	eachGoldenTree(t, func(t *testing.T, g *skilltest.Golden, tree *skilltest.Tree, profile *Profile) {
		snap := tree.Load(t, skills.LoadOptions{BundleFiles: true})
		got := render(Run(t.Context(), snap, Options{Profile: profile}), snap, tree.Dir)
		if open := openEvery(t, tree, snap); render(Run(t.Context(), open, Options{Profile: profile}), open, tree.Dir) != got {
			t.Errorf("the files open in an editor change the diagnostics:\n open:\n%s\nfrom disk:\n%s", render(Run(t.Context(), open, Options{Profile: profile}), open, tree.Dir), got)
		}
		if skilltest.Updating() {
			g.Update(t, "@check", []byte(got))
			return
		}
		want, ok := g.Section("@check")
		if !ok {
			t.Fatal("no @check section (run with -update)")
		}
		if got != string(want) {
			t.Errorf("diagnostics differ:\n got:\n%s\nwant:\n%s", got, want)
		}
	})
}

func render(ds []Diagnostic, snap *skills.Snapshot, dir string) string {
	var b strings.Builder
	pos := func(path string, off int) string {
		rel, _ := filepath.Rel(dir, path)
		if f := snap.File(path); f != nil {
			l, c := lineCol(snap, f, off)
			return fmt.Sprintf("%s:%d:%d", rel, l, c)
		}
		if x, err := snap.BundleText(path); err == nil {
			l, c := x.LineCol(off)
			return fmt.Sprintf("%s:%d:%d", rel, l, c)
		}
		return rel + ":1:1"
	}
	for _, d := range ds {
		fmt.Fprintf(&b, "%s: %s: %s [%s]\n", pos(d.Path, d.Span.Start), d.Severity, strings.ReplaceAll(d.Message, dir, "$DIR"), d.Code)
		for _, r := range d.Related {
			fmt.Fprintf(&b, "\trelated %s: %s\n", pos(r.Path, r.Span.Start), r.Message)
		}
		for _, f := range d.Fixes {
			kind := "fix"
			if f.Unsafe {
				kind = "unsafe fix"
			}
			for _, e := range f.Edits {
				fmt.Fprintf(&b, "\t%s %q: %s-%d %q\n", kind, f.Title, pos(e.Path, e.Span.Start), e.Span.End-e.Span.Start, e.NewText)
			}
			for _, r := range f.Renames {
				from, _ := filepath.Rel(dir, r.From)
				to, _ := filepath.Rel(dir, r.To)
				fmt.Fprintf(&b, "\t%s %q: rename %s to %s\n", kind, f.Title, from, to)
			}
		}
	}
	return b.String()
}

// lineCol returns the 1-based line and byte column of off in f, a file of
// snap (1:1 when its bytes cannot be read).
func lineCol(snap *skills.Snapshot, f *skillfile.File, off int) (int, int) {
	idx, err := snap.Text(f)
	if err != nil {
		return 1, 1
	}
	return idx.LineCol(off)
}

// openEvery returns the snapshot of tree with every file of snap open in
// an editor with its bytes on disk.
func openEvery(t *testing.T, tree *skilltest.Tree, snap *skills.Snapshot) *skills.Snapshot {
	t.Helper()
	ws := skills.NewWorkspace(tree.Roots, skills.LoadOptions{BundleFiles: true})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	var opens []skills.Change
	for _, f := range snap.Files() {
		if idx, err := snap.Text(f); err == nil && f.Mode == skillfile.ReadFS {
			opens = append(opens, skills.Change{Kind: skills.ChangeOpen, Path: f.Path, Version: 1, Text: idx.Src()})
		}
	}
	return ws.Apply(t.Context(), opens...)
}
