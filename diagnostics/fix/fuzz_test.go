package fix

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// FuzzFixNeverDrops holds the promise of check --fix (SECURITY.md): a fix
// never turns a skill DSH loads into one it drops. Two skill files, a
// and b, of the fuzzed texts sit in a project's .agents/skills (so two
// names can clash and keys can be misspelled twice), and every fix of
// both levels and both profiles runs; each file that loaded before must
// still load, in the workspace's last snapshot and parsed on its own,
// and replaying the rounds of edits must give the fixed bytes. Then the
// same texts sit in .claude/skills, b linked into .agents/skills, and
// every host profile reads them (checkFixKeepsReaders).
func FuzzFixNeverDrops(f *testing.F) {
	for _, seed := range [][2]string{
		{"---\nname: a\ndescription: d\nuser_invocable: true\nuserinvocable: true\n---\nbody\n", "---\nname: b\ndescription: d\n---\n"},
		{"---\nname: a\ndescription: d\ndisable_model_invocation: true\nDisable-Model-Invocation: true\n---\n", "---\nname: a\ndescription: e\n---\n"},
		{"---\nname: a\ndescription: d\nfoo: 1\nmetadata:\n  foo: 2\n---\n", "---\nname: B\ndescription: Use when: x\n---\n"},
		{"---\nname: a\ndescription: d\nwhen_to_use: w\n---\n", "---\nname: b\ndescription: Use when: x\nwhen_to_use: y\n---\n"},
		{"---\nname: dup\ndescription: d\n---\n", "---\nname: dup\ndescription: d\nuserInvocable: false\n---\n"},
		{"---\r\nname: a\r\ndescription: d # skill-ls-disable-next-line x\r\nversion: 1.0\r\n---\r\n", "\uFEFF---\nname: b\ndescription: " + string(make([]byte, 40)) + "\n---\n"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		loads, readers := loadsTree(t, map[string]string{"a": a, "b": b}), newReadersTree(t, a, b)
		for _, level := range []diagnostics.FixLevel{diagnostics.FixSafe, diagnostics.FixUnsafe} {
			for _, profile := range []string{"dsh", "agentskills"} {
				checkFixKeepsLoads(t, loads, level, profile)
				checkFixKeepsReaders(t, readers, level, profile)
			}
		}
	})
}

// loadsTree writes a project holding the bundles texts (folder → text) in
// .agents/skills and returns its parent, written once for every fix run
// over it (All never writes).
func loadsTree(t *testing.T, texts map[string]string) string {
	dir := t.TempDir()
	for folder, text := range texts {
		p := filepath.Join(dir, "project", ".agents", "skills", folder, "SKILL.md")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "project", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkFixKeepsLoads runs All over the loadsTree in dir and fails when a
// file that loaded is dropped after the fixes.
func checkFixKeepsLoads(t *testing.T, dir string, level diagnostics.FixLevel, profile string) {
	ws := skills.NewWorkspace(fixTestRoots(dir, false), skills.LoadOptions{})
	if _, err := ws.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	var loaded []string
	for _, file := range ws.Snapshot().Files() {
		if file.Drop == nil {
			loaded = append(loaded, file.Path)
		}
	}
	p, _ := diagnostics.LookupProfile(profile)
	res := All(t.Context(), ws, diagnostics.Options{Profile: p}, level)
	for _, path := range loaded {
		if after := res.Snapshot.File(path); after == nil || after.Drop != nil {
			t.Fatalf("level %v, profile %s: %s loaded and is dropped after the fixes (%+v)\nbefore:\n%q\nafter:\n%q", level, profile, path, after, res.Original[path], res.Fixed[path])
		}
		if fixed, ok := res.Fixed[path]; ok {
			if again := skillfile.Parse(path, fixed, skillfile.ReadFS); again.Drop != nil {
				t.Fatalf("level %v, profile %s: the fixed %s is dropped: %s\n%q", level, profile, path, again.Drop.Log, fixed)
			}
			replay := res.Original[path]
			for _, edits := range res.Rounds[path] {
				var err error
				if replay, err = diagnostics.ApplyEdits(replay, edits); err != nil {
					t.Fatalf("%s: replaying the rounds: %v", path, err)
				}
			}
			if string(replay) != string(fixed) {
				t.Fatalf("%s: the rounds give %q, Fixed is %q", path, replay, fixed)
			}
		}
	}
}
