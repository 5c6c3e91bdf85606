package skills_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// sameNames reports whether two lists of skills hold the same names and
// descriptions in the same order (two workspaces parse their own skills).
func sameNames(a, b []*skills.Skill) bool {
	return slices.EqualFunc(a, b, func(x, y *skills.Skill) bool {
		return x.Name == y.Name && x.Description == y.Description && x.Path == y.Path
	})
}

func TestApplyDiskChangesMatchesColdDiscovery(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	user := filepath.Join(dir, "home", ".agents", "skills")
	skilltest.WriteSkill(t, filepath.Join(agents, "alpha", "SKILL.md"), "alpha", "first")
	skilltest.WriteSkill(t, filepath.Join(user, "alpha", "SKILL.md"), "alpha", "user alpha")
	w := skills.NewWorkspace(roots, skills.LoadOptions{})
	if _, err := w.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	dsh := filepath.Join(dir, "project", ".dsh", "skills")
	// fast marks the changes of content that Apply takes without listing
	// the roots again (sameEntries): the snapshot keeps prev's root states.
	steps := []struct {
		name string
		do   func() []string // returns the changed paths
		fast bool
	}{
		{"create bundle", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			skilltest.WriteSkill(t, p, "beta", "second")
			return []string{filepath.Dir(p), p}
		}, false},
		{"edit description", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			skilltest.WriteSkill(t, p, "beta", "second, edited")
			return []string{p}
		}, true},
		{"rename the skill in its file", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			skilltest.WriteSkill(t, p, "alpha", "now shadows the user alpha")
			return []string{p}
		}, true},
		{"and back", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			skilltest.WriteSkill(t, p, "beta", "second")
			return []string{p}
		}, true},
		{"folder made again, only the folder reported", func() []string {
			// The watcher saw the folder's Create but not the writes in it:
			// they came before its watch on the new folder.
			p := filepath.Join(agents, "beta")
			os.RemoveAll(p)
			skilltest.WriteSkill(t, filepath.Join(p, "SKILL.md"), "beta", "SECOND")
			return []string{p}
		}, true},
		{"resource written", func() []string {
			p := filepath.Join(agents, "beta", "scripts", "run.sh")
			skilltest.WriteFile(t, p, "echo hi\n")
			return []string{filepath.Dir(p), p}
		}, true},
		{"SKILL.md becomes a folder", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			os.Remove(p)
			os.Mkdir(p, 0o755)
			return []string{p}
		}, false},
		{"and a file again", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			os.Remove(p)
			skilltest.WriteSkill(t, p, "beta", "second")
			return []string{p}
		}, false},
		{"root appears (.dsh did not exist)", func() []string {
			p := filepath.Join(dsh, "alpha", "SKILL.md")
			skilltest.WriteSkill(t, p, "alpha", "project dsh alpha")
			return []string{filepath.Join(dir, "project", ".dsh")}
		}, false},
		{"flat file", func() []string {
			p := filepath.Join(agents, "gamma.md")
			skilltest.WriteSkill(t, p, "gamma", "flat")
			return []string{p}
		}, false},
		{"break yaml", func() []string {
			p := filepath.Join(agents, "gamma.md")
			os.WriteFile(p, []byte("---\nname: gamma\ndescription: Use when: x\n---\n"), 0o644)
			return []string{p}
		}, true},
		{"SKILL.md deleted, the folder stays", func() []string {
			p := filepath.Join(agents, "beta", "SKILL.md")
			os.Remove(p)
			return []string{p}
		}, false},
		{"delete bundle", func() []string {
			p := filepath.Join(agents, "beta")
			os.RemoveAll(p)
			return []string{filepath.Join(p, "SKILL.md"), p}
		}, false},
		{"rename bundle", func() []string {
			from, to := filepath.Join(agents, "alpha"), filepath.Join(agents, "zeta")
			if err := os.Rename(from, to); err != nil {
				t.Fatal(err)
			}
			return []string{from, to}
		}, false},
		{"symlink swap", func() []string {
			target := filepath.Join(dir, "elsewhere", "linked")
			skilltest.WriteSkill(t, filepath.Join(target, "SKILL.md"), "linked", "via symlink")
			link := filepath.Join(agents, "linked")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return []string{link}
		}, false},
		{"broken symlink", func() []string {
			link := filepath.Join(agents, "dangling")
			os.Symlink(filepath.Join(dir, "nowhere"), link)
			return []string{link}
		}, false},
		{"root vanishes", func() []string {
			os.RemoveAll(dsh)
			return []string{dsh}
		}, false},
	}
	for _, st := range steps {
		paths := st.do()
		var cs []skills.Change
		for _, p := range paths {
			cs = append(cs, skills.Change{Kind: skills.ChangeDisk, Path: p})
		}
		prev := w.Snapshot()
		next := w.Apply(t.Context(), cs...)
		if got := skilltest.Summary(next); got != skilltest.ColdSummary(t, roots) {
			t.Fatalf("after %s:\n got:\n%s\nwant (cold):\n%s", st.name, got, skilltest.ColdSummary(t, roots))
		}
		if fast := len(next.Roots) > 0 && &next.Roots[0] == &prev.Roots[0]; fast != st.fast {
			t.Errorf("after %s: roots kept %v, want %v", st.name, fast, st.fast)
		}
	}
}

func TestOverlayWinsOverDisk(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	p := filepath.Join(dir, "project", ".agents", "skills", "a", "SKILL.md")
	skilltest.WriteSkill(t, p, "a", "disk")
	w := skills.NewWorkspace(roots, skills.LoadOptions{})
	w.Load(t.Context())
	w.Apply(t.Context(), skills.Change{Kind: skills.ChangeOpen, Path: p, Version: 1, Text: []byte("---\nname: a\ndescription: editor\n---\n")})
	skilltest.WriteSkill(t, p, "a", "disk changed")
	s := w.Apply(t.Context(), skills.Change{Kind: skills.ChangeDisk, Path: p})
	if got := s.Registry.Lookup("a").Description; got != "editor" {
		t.Fatalf("open buffer lost to disk: description %q", got)
	}
	s = w.Apply(t.Context(), skills.Change{Kind: skills.ChangeEdit, Path: p, Version: 0 + 3, Text: []byte("---\nname: a\ndescription: v3\n---\n")})
	s = w.Apply(t.Context(), skills.Change{Kind: skills.ChangeEdit, Path: p, Version: 2, Text: []byte("---\nname: a\ndescription: v2\n---\n")})
	if got := s.Registry.Lookup("a").Description; got != "v3" {
		t.Fatalf("a version going backwards replaced newer text: %q", got)
	}
	s = w.Apply(t.Context(), skills.Change{Kind: skills.ChangeClose, Path: p})
	if got := s.Registry.Lookup("a").Description; got != "disk changed" {
		t.Fatalf("after close the disk must count again: %q", got)
	}
}

func TestUnchangedFilesAreNotReparsed(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	skilltest.WriteBundles(t, agents, skilltest.BundleNames(20), "d")
	w := skills.NewWorkspace(roots, skills.LoadOptions{})
	before, _ := w.Load(t.Context())
	changed := filepath.Join(agents, "s05", "SKILL.md")
	skilltest.WriteSkill(t, changed, "s05", "new")
	after := w.Apply(t.Context(), skills.Change{Kind: skills.ChangeRescan})
	for _, f := range before.Files() {
		same := after.File(f.Path) == f
		if f.Path == changed && same {
			t.Errorf("%s changed but kept its old parse", f.Path)
		}
		if f.Path != changed && !same {
			t.Errorf("%s did not change but was parsed again", f.Path)
		}
	}
}

// TestApplyConvergesOnCoarseReports makes random changes in three roots
// (rewrites that keep the file's size, names that shadow each other, broken
// YAML, folders removed, replaced and moved aside, flat files) and tells
// Apply of each only what a watcher that runs behind may report: the
// changed file, its bundle folder, or both, and the folder always when the
// change made it. Changes are applied a few at a time; after each Apply the
// snapshot must equal a cold discovery.
func TestApplyConvergesOnCoarseReports(t *testing.T) {
	for seed := range uint64(8) {
		for _, opts := range []skills.LoadOptions{{}} {
			t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
				dir := t.TempDir()
				roots := skilltest.TreeRoots(dir)
				rootDirs := []string{
					filepath.Join(dir, "project", ".dsh", "skills"),
					filepath.Join(dir, "project", ".agents", "skills"),
					filepath.Join(dir, "home", ".agents", "skills"),
				}
				for _, r := range rootDirs {
					os.MkdirAll(r, 0o755)
				}
				names := []string{"a", "b", "c"}
				rng := rand.New(rand.NewPCG(seed, 7))
				w := skills.NewWorkspace(roots, opts)
				w.Load(t.Context())
				var pending []skills.Change
				var log []string
				report := func(paths ...string) {
					for _, p := range paths {
						pending = append(pending, skills.Change{Kind: skills.ChangeDisk, Path: p})
					}
				}
				for step := range 60 {
					root := rootDirs[rng.IntN(len(rootDirs))]
					name := names[rng.IntN(len(names))]
					folder := filepath.Join(root, name)
					file := filepath.Join(folder, "SKILL.md")
					desc := fmt.Sprintf("v%02d", step) // the same size every time
					_, err := os.Stat(folder)
					existed := err == nil
					fileOrFolder := func() {
						switch {
						case !existed:
							report(folder, file)
						case rng.IntN(3) == 0:
							report(file)
						case rng.IntN(2) == 0:
							report(folder)
						default:
							report(file, folder)
						}
					}
					var what string
					switch rng.IntN(8) {
					case 0:
						what = "rewrite"
						skilltest.WriteSkill(t, file, name, desc)
						fileOrFolder()
					case 1:
						what = "rename inside"
						skilltest.WriteSkill(t, file, names[rng.IntN(len(names))], desc)
						fileOrFolder()
					case 2:
						what = "break YAML"
						skilltest.WriteFile(t, file, "---\nname: "+name+"\ndescription: broken: "+desc+"\n---\n")
						fileOrFolder()
					case 3:
						what = "remove SKILL.md"
						os.Remove(file)
						if existed {
							fileOrFolder()
						}
					case 4:
						what = "remove folder"
						os.RemoveAll(folder)
						report(folder)
					case 5:
						what = "move aside, new one in"
						stage, aside := filepath.Join(dir, "stage"), filepath.Join(dir, "aside")
						skilltest.WriteSkill(t, filepath.Join(stage, "SKILL.md"), name, desc)
						os.RemoveAll(aside)
						os.Rename(folder, aside)
						if err := os.Rename(stage, folder); err != nil {
							t.Fatal(err)
						}
						report(folder)
					case 6:
						what = "flat file"
						flat := filepath.Join(root, name+".md")
						if rng.IntN(3) == 0 {
							os.Remove(flat)
						} else {
							skilltest.WriteSkill(t, flat, names[rng.IntN(len(names))], desc)
						}
						report(flat)
					case 7:
						what = "root made again"
						os.RemoveAll(root)
						skilltest.WriteSkill(t, file, name, desc)
						report(root)
					}
					log = append(log, fmt.Sprintf("%d %s %s", step, what, strings.TrimPrefix(folder, dir)))
					if rng.IntN(3) == 0 {
						continue // one more change in this batch
					}
					w.Apply(t.Context(), pending...)
					pending = nil
					if got, want := skilltest.Summary(w.Snapshot()), skilltest.ColdSummary(t, roots); got != want {
						t.Fatalf("after steps\n%s\nthe snapshot differs from a cold discovery (-cold +live):\n%s", strings.Join(log, "\n"), skilltest.SummaryDiff(want, got))
					}
					log = nil
				}
			})
		}
	}
}

// textOf returns the bytes of f, a file of s (nil when they cannot be read).
func textOf(s *skills.Snapshot, f *skillfile.File) []byte {
	idx, err := s.Text(f)
	if err != nil {
		return nil
	}
	return idx.Src()
}

// TestEditsMatchFullResolve types into open skill files (description
// edits, renames, breaking and fixing YAML) and checks that the registry
// an edit updates equals a full resolve after every edit.
func TestEditsMatchFullResolve(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	user := filepath.Join(dir, "home", ".agents", "skills")
	for _, n := range []string{"a", "b", "c"} {
		skilltest.WriteSkill(t, filepath.Join(agents, n, "SKILL.md"), n, "agents "+n)
		skilltest.WriteSkill(t, filepath.Join(user, n, "SKILL.md"), n, "user "+n)
	}
	fast := skills.NewWorkspace(roots, skills.LoadOptions{})
	fast.Load(t.Context())
	full := skills.NewWorkspace(roots, skills.LoadOptions{})
	full.Load(t.Context())
	p := filepath.Join(agents, "a", "SKILL.md")
	q := filepath.Join(user, "b", "SKILL.md")
	loose := filepath.Join(dir, "elsewhere", "SKILL.md")
	edits := []skills.Change{
		{Kind: skills.ChangeOpen, Path: p, Version: 1, Text: []byte("---\nname: a\ndescription: typed 1\n---\n")},
		{Kind: skills.ChangeEdit, Path: p, Version: 2, Text: []byte("---\nname: a\ndescription: typed 2\n---\nbody\n")},
		{Kind: skills.ChangeEdit, Path: p, Version: 3, Text: []byte("---\nname: a\ndescription: broken: yes\n---\n")},
		{Kind: skills.ChangeEdit, Path: p, Version: 4, Text: []byte("---\nname: a\ndescription: still broken: yes\n---\n")},
		{Kind: skills.ChangeEdit, Path: p, Version: 5, Text: []byte("---\nname: renamed\ndescription: fixed\n---\n")},
		{Kind: skills.ChangeOpen, Path: q, Version: 1, Text: []byte("---\nname: b\ndescription: user b typed\ndisable-model-invocation: true\n---\n")},
		{Kind: skills.ChangeOpen, Path: loose, Version: 1, Text: []byte("---\nname: loose\ndescription: x\n---\n")},
		{Kind: skills.ChangeEdit, Path: loose, Version: 2, Text: []byte("---\nname: loose\ndescription: y\n---\n")},
		{Kind: skills.ChangeEdit, Path: p, Version: 6, Text: []byte("---\nname: a\ndescription: back\n---\n")},
	}
	for i, c := range edits {
		got := fast.Apply(t.Context(), c)
		want := full.Apply(t.Context(), c, skills.Change{Kind: skills.ChangeRescan})
		if skilltest.Summary(got) != skilltest.Summary(want) {
			t.Fatalf("edit %d: fast path\n%s\nfull resolve\n%s", i, skilltest.Summary(got), skilltest.Summary(want))
		}
		for _, f := range want.Files() {
			if g := got.File(f.Path); g == nil || !bytes.Equal(textOf(got, g), textOf(want, f)) {
				t.Fatalf("edit %d: file %s differs", i, f.Path)
			}
		}
		if sk := got.SkillAt(p); sk != nil && sk.File != got.File(p) {
			t.Fatalf("edit %d: SkillAt returns a stale skill", i)
		}
	}
}

// TestUpdatedWinnersMatchFullResolve edits skills whose names are unique,
// a dropped file, and more distinct skills than a table's top holds,
// checking the updated registry against a full resolve as it goes.
func TestUpdatedWinnersMatchFullResolve(t *testing.T) {
	dir := t.TempDir()
	roots := skilltest.TreeRoots(dir)
	agents := filepath.Join(dir, "project", ".agents", "skills")
	const n = skills.MaxTop + 40
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		skilltest.WriteSkill(t, filepath.Join(agents, name, "SKILL.md"), name, "first "+name)
	}
	broken := filepath.Join(agents, "broken", "SKILL.md")
	if err := os.MkdirAll(filepath.Dir(broken), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, []byte("---\nname: broken\ndescription: a: b\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fast := skills.NewWorkspace(roots, skills.LoadOptions{})
	fast.Load(t.Context())
	full := skills.NewWorkspace(roots, skills.LoadOptions{})
	full.Load(t.Context())
	check := func(step string, c skills.Change) {
		t.Helper()
		prev := fast.Snapshot()
		before := skilltest.Summary(prev)
		got := fast.Apply(t.Context(), c)
		want := full.Apply(t.Context(), c, skills.Change{Kind: skills.ChangeRescan})
		if skilltest.Summary(got) != skilltest.Summary(want) {
			t.Fatalf("%s: fast path\n%s\nfull resolve\n%s", step, skilltest.Summary(got), skilltest.Summary(want))
		}
		if walked := slices.Collect(got.Registry.AllWinners()); !sameNames(walked, want.Registry.Winners()) {
			t.Fatalf("%s: AllWinners walks %d skills unlike Winners", step, len(walked))
		}
		if walked := slices.Collect(got.Registry.AllWinners()); !slices.Equal(walked, got.Registry.Winners()) {
			t.Fatalf("%s: AllWinners differs from the registry's own Winners", step)
		}
		if skilltest.Summary(prev) != before {
			t.Fatalf("%s: the edit changed the previous snapshot", step)
		}
	}
	check("open broken", skills.Change{Kind: skills.ChangeOpen, Path: broken, Version: 1, Text: []byte("---\nname: broken\ndescription: 'a: b' still: no\n---\n")})
	check("edit broken", skills.Change{Kind: skills.ChangeEdit, Path: broken, Version: 2, Text: []byte("---\nname: broken\ndescription: x: y\n---\n")})
	for i := range n {
		name := fmt.Sprintf("s%03d", i)
		p := filepath.Join(agents, name, "SKILL.md")
		check("open "+name, skills.Change{Kind: skills.ChangeOpen, Path: p, Version: 1, Text: fmt.Appendf(nil, "---\nname: %s\ndescription: typed %d\n---\n", name, i)})
		if i%50 == 0 {
			check("edit "+name, skills.Change{Kind: skills.ChangeEdit, Path: p, Version: 2, Text: fmt.Appendf(nil, "---\nname: %s\ndescription: again %d\n---\n", name, i)})
		}
	}
}
