package skilltest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// Summary renders a snapshot's resolved state as text, to compare a
// snapshot built incrementally with a cold discovery of the same tree.
func Summary(s *skills.Snapshot) string {
	var b strings.Builder
	for _, sk := range s.Registry.Winners() {
		fmt.Fprintf(&b, "W %s %s %s %q %v\n", sk.Name, sk.Source, sk.Path, sk.Description, sk.Invocation)
	}
	for _, sh := range s.Registry.Shadowed() {
		fmt.Fprintf(&b, "S %s %s <- %s\n", sh.Skill.Name, sh.Skill.Path, sh.Winner.Path)
	}
	for _, f := range s.Registry.Dropped() {
		fmt.Fprintf(&b, "D %s %s\n", f.Path, f.Drop.Detail)
	}
	var probs []string
	for _, p := range s.Problems() {
		probs = append(probs, fmt.Sprintf("P %s %s\n", p.Code, p.Path))
	}
	slices.Sort(probs)
	b.WriteString(strings.Join(probs, ""))
	return b.String()
}

// SummaryDiff lists the lines of two summaries that only one has: "-" for
// want's (the cold discovery's), "+" for got's.
func SummaryDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}

// WriteSkill writes a skill file at path with the name and description.
func WriteSkill(t testing.TB, path, name, desc string) {
	t.Helper()
	WriteFile(t, path, fmt.Sprintf("---\nname: %s\ndescription: %s\n---\n\nBody of %s.\n", name, desc, name))
}

// BundleNames names n numbered test bundles, as wide as n needs: s00 … s19
// for 20, s000 … s299 for 300.
func BundleNames(n int) []string {
	width := len(fmt.Sprint(max(n-1, 0)))
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("s%0*d", width, i)
	}
	return names
}

// WriteBundles writes, under root, a bundle for each name, described as desc.
func WriteBundles(t testing.TB, root string, names []string, desc string) {
	t.Helper()
	for _, name := range names {
		WriteSkill(t, filepath.Join(root, name, "SKILL.md"), name, desc)
	}
}

// WriteFile writes content to path, making its folders.
func WriteFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ColdSummary is the Summary of a discovery of roots from scratch.
func ColdSummary(t *testing.T, roots []discovery.Root) string {
	t.Helper()
	snap, err := skills.Load(context.Background(), roots, skills.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Summary(snap)
}

// SkipUnlessSlow skips a slow test unless SKILL_LS_SLOW is set (make test-go
// sets it), so a plain `go test ./...` stays fast.
func SkipUnlessSlow(t *testing.T) {
	t.Helper()
	if os.Getenv("SKILL_LS_SLOW") == "" {
		t.Skip("slow: runs with SKILL_LS_SLOW=1 (make test sets it)")
	}
}
