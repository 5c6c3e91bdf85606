package fix

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// readersTree is a project whose skill a (text a) is in .claude/skills,
// and b (text b) in .claude/skills linked from .agents/skills, as authors
// lay them out: written once, for every fix run over it (All never writes),
// the hosts' walks of it remembered in tree.
type readersTree struct {
	dir, project string
	texts        map[string]string
	tree         *hosts.Tree
}

// newReadersTree writes the readersTree of a and b.
func newReadersTree(t *testing.T, a, b string) *readersTree {
	t.Helper()
	dir := t.TempDir()
	rt := &readersTree{dir: dir, project: filepath.Join(dir, "project"), texts: map[string]string{"a": a, "b": b}, tree: hosts.NewTree()}
	for folder, text := range rt.texts {
		p := filepath.Join(rt.project, ".claude", "skills", folder, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{".git", ".agents/skills", "../home"} {
		if err := os.MkdirAll(filepath.Join(rt.project, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../../.claude/skills/b", filepath.Join(rt.project, ".agents", "skills", "b")); err != nil {
		t.Fatal(err)
	}
	return rt
}

// workspace returns a fresh workspace of DSH's roots in the tree with the
// .claude files open as buffers, as check opens the files only other
// hosts discover.
func (rt *readersTree) workspace(t *testing.T) *skills.Workspace {
	t.Helper()
	ws := skills.NewWorkspace(fixTestRoots(rt.dir, false), skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	var opens []skills.Change
	for _, folder := range []string{"a", "b"} {
		p := filepath.Join(rt.project, ".claude", "skills", folder, "SKILL.md")
		opens = append(opens, skills.Change{Kind: skills.ChangeOpen, Path: p, Text: []byte(rt.texts[folder])})
	}
	ws.Apply(t.Context(), opens...)
	return ws
}

// checkFixKeepsReaders runs All over rt and fails when a host
// profile that loaded a file no longer loads it, or (safe fixes) lists it
// with a word less, after the fixes; and when one real file is fixed by
// two paths.
func checkFixKeepsReaders(t *testing.T, rt *readersTree, level diagnostics.FixLevel, profile string) {
	project, ws := rt.project, rt.workspace(t)
	p, _ := diagnostics.LookupProfile(profile)
	opts := diagnostics.Options{Profile: p, HostEnv: hosts.Options{Cwd: project, ProjectRoot: project, Home: filepath.Join(rt.dir, "home"), Tree: rt.tree}}
	all := opts
	all.Hosts = hosts.All()
	before, err := diagnostics.HostMatrix(t.Context(), ws.Snapshot(), all)
	if err != nil {
		t.Fatal(err)
	}
	res := All(t.Context(), ws, opts, level)
	if _, twice := res.Fixed[filepath.Join(project, ".agents", "skills", "b", "SKILL.md")]; twice {
		t.Fatalf("level %v, profile %s: b is fixed by its link's path too: %v", level, profile, res.Applied)
	}
	after, err := diagnostics.HostMatrix(t.Context(), res.Snapshot, all)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range before.Hosts {
		rb, ra := before.Results[h.ID], after.Results[h.ID]
		for path, vb := range rb.Verdicts {
			va := ra.Verdicts[path]
			if h.ID != hosts.DSH && vb.Status == hosts.Loads && va.Status != hosts.Loads {
				t.Fatalf("level %v, profile %s: %s loaded %s and does not after the fixes (%s)\nbefore:\n%q\nafter:\n%q", level, profile, h.Name, path, va.Message(), res.Original, res.Fixed)
			}
			if level != diagnostics.FixSafe {
				continue // an unsafe fix changes what the readers see by design
			}
			tb, _ := rb.ListingText(path)
			if ta, listed := ra.ListingText(path); listed && lostWord(tb, ta) != "" {
				t.Fatalf("level %v, profile %s: %s's listing of %s was %q, is %q after the fixes", level, profile, h.Name, path, tb, ta)
			}
		}
	}
}
