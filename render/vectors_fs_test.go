package render

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// fsExpected is the part of a filesystem case's expected.json that the
// engine reproduces beyond the output text.
type fsExpected struct {
	Skills []struct {
		Name         string               `json:"name"`
		Description  string               `json:"description"`
		Invocation   skillfile.Invocation `json:"invocation"`
		Source       string               `json:"source"`
		Provider     string               `json:"provider"`
		ResourceBase skills.ResourceBase  `json:"resourceBase"`
	} `json:"skills"`
	Warnings []string `json:"warnings"`
}

// loadTree copies the case's tree to a temp dir, creates its .git markers,
// and loads the snapshot the case's options describe. It returns the
// snapshot and the temp tree path (what ${ROOT} stands for).
func loadTree(t *testing.T, c vectorCase) (*skills.Snapshot, string) {
	t.Helper()
	root := filepath.Join(t.TempDir(), "tree")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(c.Tree()); err == nil {
		if err := os.CopyFS(root, os.DirFS(c.Tree())); err != nil {
			t.Fatal(err)
		}
		// os.CopyFS keeps the read-only modes of the shared vectors.
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil {
				mode := os.FileMode(0o644)
				if d.IsDir() {
					mode = 0o755
				}
				_ = os.Chmod(p, mode)
			}
			return nil
		})
	}
	for _, g := range c.Case.GitDirs {
		if err := os.MkdirAll(filepath.Join(root, g, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	o := c.Case.Options
	if o == nil {
		t.Fatalf("%s: filesystem case without options", c.ID)
	}
	rel := func(p string) string {
		if p == "" {
			return ""
		}
		return filepath.Join(root, p)
	}
	ro := discovery.RootOptions{
		DSHHome:        rel(o.DSHHome),
		AgentsHome:     rel(o.AgentsHome),
		NoDefaultRoots: !o.IncludeDefaultRoots,
		NodeRead:       !o.UseFS,
		Getenv:         func(string) string { return "" },
		HomeDir:        filepath.Join(root, "no-home"),
	}
	if o.Cwd != nil {
		ro.Cwd = rel(*o.Cwd)
		if *o.Cwd == "" {
			ro.Cwd = root
		}
	}
	for _, d := range o.CustomSkillDirs {
		ro.CustomDirs = append(ro.CustomDirs, rel(d))
	}
	if o.BundledSkillDir != nil {
		ro.BundledDir = rel(*o.BundledSkillDir)
	}
	var lo skills.LoadOptions
	for _, rs := range o.RuntimeSkills {
		s := rs.skill()
		if s.Source == "" {
			s.Source = discovery.SourceRuntime
		}
		s.Rank = s.Source.Rank()
		lo.Runtime = append(lo.Runtime, s)
	}
	snap, err := skills.Load(t.Context(), discovery.Roots(ro), lo)
	if err != nil {
		t.Fatal(err)
	}
	return snap, root
}

// placeholder replaces the temp tree path by ${ROOT}.
func placeholder(s, root string) string {
	return strings.ReplaceAll(s, root, "${ROOT}")
}

// checkRegistry compares the winners and the DSH warnings with expected.json.
func checkRegistry(t *testing.T, c vectorCase, snap *skills.Snapshot, root string) {
	t.Helper()
	var exp fsExpected
	c.decodeExpectedJSON(t, &exp)
	reg := snap.Registry
	if len(reg.Winners()) != len(exp.Skills) {
		var names []string
		for _, s := range reg.Winners() {
			names = append(names, s.Name)
		}
		t.Errorf("skills: got %d %v, want %d", len(reg.Winners()), names, len(exp.Skills))
		return
	}
	for i, want := range exp.Skills {
		got := reg.Winners()[i]
		base := got.ResourceBase
		base.Path = placeholder(base.Path, root)
		if got.Name != want.Name || got.Description != want.Description || got.Invocation != want.Invocation ||
			string(got.Source) != want.Source || got.Provider != want.Provider || base != want.ResourceBase {
			t.Errorf("skill %d:\n got %+v %+v %s %s %+v\nwant %+v", i, got.Name, got.Invocation, got.Source, got.Provider, base, want)
		}
	}
	var logs []string
	for _, l := range reg.Log() {
		logs = append(logs, placeholder(l, root))
	}
	for _, p := range snap.Problems() {
		if p.Code == problem.BrokenSymlink {
			logs = append(logs, placeholder(p.Message, root))
		}
	}
	if strings.Join(logs, "\n---\n") != strings.Join(exp.Warnings, "\n---\n") {
		got, _ := json.MarshalIndent(logs, "", " ")
		want, _ := json.MarshalIndent(exp.Warnings, "", " ")
		t.Errorf("warnings:\n got %s\nwant %s", got, want)
	}
}

func maxLength(c vectorCase) int {
	if n := c.Case.Options.CatalogDescriptionMaxLength; n != 0 {
		return n
	}
	return 500
}

func TestVectorCatalogFS(t *testing.T) {
	forEachCase(t, "catalog", func(t *testing.T, c vectorCase) {
		snap, root := loadTree(t, c)
		checkRegistry(t, c, snap, root)
		got := ""
		if snap.Registry.Incomplete == "" {
			if text, ok := CatalogStep(Entries(snap.Registry.Winners(), maxLength(c)), nil, false, CatalogOptions{}); ok {
				got = text
			}
		}
		checkBytes(t, "catalog", placeholder(got, root), c.want(t))
	})
}

func TestVectorCatalogUpdateFS(t *testing.T) {
	forEachCase(t, "catalog-update", func(t *testing.T, c vectorCase) {
		snap, root := loadTree(t, c)
		checkRegistry(t, c, snap, root)
		got := ""
		if text, ok := CatalogStep(Entries(snap.Registry.Winners(), maxLength(c)), c.Case.PriorEntries, true, CatalogOptions{}); ok {
			got = text
		}
		checkBytes(t, "catalog update", placeholder(got, root), c.want(t))
	})
}

func TestVectorSkillToolFS(t *testing.T) {
	forEachCase(t, "skill-tool", func(t *testing.T, c vectorCase) {
		snap, root := loadTree(t, c)
		got := SkillTool(Skills(snap), c.Case.ToolArgs)
		checkBytes(t, "skill tool", placeholder(got, root), c.want(t))
	})
}

func TestVectorGestureFS(t *testing.T) {
	forEachCase(t, "gesture", func(t *testing.T, c vectorCase) {
		snap, root := loadTree(t, c)
		got := Gesture(Skills(snap), c.Case.GestureTexts)
		var want [][]byte
		if len(c.Case.Outputs) > 0 {
			want = c.Outputs(t)
		}
		if len(want) == 1 && len(want[0]) == 0 {
			want = nil
		}
		if len(got) != len(want) {
			t.Fatalf("gesture: got %d injections %q, want %d", len(got), got, len(want))
		}
		for i := range got {
			checkBytes(t, "injection", placeholder(got[i], root), want[i])
		}
	})
}
