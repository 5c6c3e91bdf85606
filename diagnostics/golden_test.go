package diagnostics

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestGolden runs every testdata/*.txtar: the archive's files form a tree
// (project/ is the cwd and project root, home/ holds .dsh and .agents), and
// the @check section is the expected diagnostics, one per line as
// "path:line:col: severity: message [code]" plus fixes and related lines.
// -update (or SKILL_LS_UPDATE=1) rewrites the sections. Each tree is
// checked three times: with the bytes in memory (the CLI), transient (the
// one-shot CLI: no facts kept in the snapshot) and with lean bodies read
// back from disk (the language server).
func TestGolden(t *testing.T) {
	eachGoldenTree(t, func(t *testing.T, g *skilltest.Golden, tree *skilltest.Tree, profile *Profile) {
		snap := tree.Load(t, skills.LoadOptions{})
		got := render(Run(t.Context(), snap, Options{Profile: profile}), snap, tree.Dir)
		lean := tree.Load(t, skills.LoadOptions{LeanBodies: true})
		if gotLean := render(Run(t.Context(), lean, Options{Profile: profile}), lean, tree.Dir); gotLean != got {
			t.Errorf("lean bodies change the diagnostics:\n lean:\n%s\nin memory:\n%s", gotLean, got)
		}
		once := tree.Load(t, skills.LoadOptions{})
		if gotOnce := render(Run(t.Context(), once, Options{Profile: profile, Transient: true}), once, tree.Dir); gotOnce != got {
			t.Errorf("a transient check changes the diagnostics:\n transient:\n%s\nkept:\n%s", gotOnce, got)
		}
		if updating() {
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
			l, c := f.Lines().LineCol(off)
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
