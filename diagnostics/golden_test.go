package diagnostics

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestGolden runs every testdata/*.txtar: the archive's files form a tree
// (project/ is the cwd and project root, home/ holds .dsh and .agents), and
// the @check section is the expected diagnostics, one per line as
// "path:line:col: severity: message [code]" plus fixes and related lines.
// SKILL_LS_UPDATE=1 rewrites the sections.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden archives")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			profile := ProfileDSH
			for _, f := range ar.Files {
				if f.Name == "profile" {
					p, ok := LookupProfile(strings.TrimSpace(string(f.Data)))
					if !ok {
						t.Fatalf("unknown profile %q", f.Data)
					}
					profile = p
				}
			}
			skilltest.WriteArchive(t, dir, ar)
			roots := skills.Roots(skills.RootOptions{
				Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"),
				DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"),
				Getenv: func(string) string { return "" },
			})
			snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := render(Run(t.Context(), snap, Options{Profile: profile}), snap, dir)
			idx := -1
			for i, f := range ar.Files {
				if f.Name == "@check" {
					idx = i
				}
			}
			if os.Getenv("SKILL_LS_UPDATE") != "" {
				if idx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "@check"})
					idx = len(ar.Files) - 1
				}
				ar.Files[idx].Data = []byte(got)
				os.WriteFile(file, txtar.Format(ar), 0o644)
				return
			}
			if idx < 0 {
				t.Fatal("no @check section (run with SKILL_LS_UPDATE=1)")
			}
			if want := string(ar.Files[idx].Data); got != want {
				t.Errorf("diagnostics differ:\n got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
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
