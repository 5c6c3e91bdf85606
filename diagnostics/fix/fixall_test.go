package fix

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestFixGolden runs All over every testdata/fixes/*.txtar, one archive
// per fix: the archive's files form a tree (project/ is the cwd and project
// root, home/ holds .dsh and .agents); a file "level" holds safe (the
// default) or unsafe, a file "profile" the profile, a file "node-read"
// makes every root read as Node does, a file "hosts" the other hosts
// whose readings count and "symlinks" the links (archiveHosts). The sections are the expected
// result:
//
//	@applied         the rounds that changed a file ("rounds: N"), then one
//	                 line per applied fix: "path: title [code]", or
//	                 "rename from -> to [code]"; then one per refused fix:
//	                 "refused path: title [code]: what it would add" (the
//	                 code of the finding, or "winner")
//	@fixed/PATH      the content of every file the fixes changed, at its
//	                 path after the renames
//
// Every other file must be unchanged. The fixed tree must have no
// diagnostic left with a fix of the level that a run does not refuse,
// fixing it again must change nothing, and every name that had a winner
// has the same winner or none. -update (or SKILL_LS_UPDATE=1) rewrites the
// sections.
func TestFixGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/fixes/*.txtar")
	if len(files) == 0 {
		t.Fatal("no fix archives")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			skilltest.WriteArchive(t, dir, ar)
			opts, level, nodeRead := fixArchiveSettings(t, ar)
			archiveHosts(t, ar, dir, &opts)
			ws := skills.NewWorkspace(fixTestRoots(dir, nodeRead), skills.LoadOptions{})
			if _, err := ws.Load(t.Context()); err != nil {
				t.Fatal(err)
			}
			winners, res := winnerFiles(ws.Snapshot()), All(t.Context(), ws, opts, level) // winners first
			writeFixResult(t, res)
			applied := describeApplied(res, dir)
			fixed := map[string][]byte{}
			for path, data := range res.Fixed {
				fixed[movedPath(path, res.Renames)] = data
			}
			if skilltest.Updating() {
				updateFixArchive(t, file, ar, applied, fixed, dir)
				return
			}
			want := map[string]string{}
			var wantApplied string
			for _, f := range ar.Files {
				switch {
				case f.Name == "@applied":
					wantApplied = string(f.Data)
				case strings.HasPrefix(f.Name, "@fixed/"):
					want[strings.TrimPrefix(f.Name, "@fixed/")] = string(f.Data)
				case !strings.HasPrefix(f.Name, "@"):
					if _, ok := want[movedRel(f.Name, res.Renames, dir)]; !ok {
						want[movedRel(f.Name, res.Renames, dir)] = string(f.Data)
					}
				}
			}
			if applied != wantApplied {
				t.Errorf("applied:\n%s\nwant:\n%s", applied, wantApplied)
			}
			got := skilltest.ReadTree(t, dir)
			for name, data := range want {
				if got[name] != data {
					t.Errorf("%s:\n%q\nwant:\n%q", name, got[name], data)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("unexpected file %s", name)
				}
			}
			checkFixedTree(t, dir, nodeRead, opts, level, winners, res.Renames)
		})
	}
}

// fixArchiveSettings reads the level, profile and node-read files of an
// archive.
func fixArchiveSettings(t *testing.T, ar *txtar.Archive) (diagnostics.Options, diagnostics.FixLevel, bool) {
	opts, level, nodeRead := diagnostics.Options{}, diagnostics.FixSafe, false
	for _, f := range ar.Files {
		v := strings.TrimSpace(string(f.Data))
		switch f.Name {
		case "profile":
			p, ok := diagnostics.LookupProfile(v)
			if !ok {
				t.Fatalf("unknown profile %q", v)
			}
			opts.Profile = p
		case "level":
			if v == "unsafe" {
				level = diagnostics.FixUnsafe
			}
		case "node-read":
			nodeRead = true
		}
	}
	return opts, level, nodeRead
}

// archiveHosts reads an archive's "hosts" section (hosts.Select's list:
// the hosts whose readings the fixes must keep, besides DSH's) into
// opts, and makes the links of its "symlinks" section ("link -> target"
// per line, relative to the archive's root).
func archiveHosts(t *testing.T, ar *txtar.Archive, dir string, opts *diagnostics.Options) {
	for _, f := range ar.Files {
		v := strings.TrimSpace(string(f.Data))
		switch f.Name {
		case "hosts":
			hs, err := hosts.Select(v)
			if err != nil {
				t.Fatal(err)
			}
			project := filepath.Join(dir, "project")
			opts.Hosts = append([]*hosts.Host{hosts.Lookup(string(hosts.DSH))}, hs...)
			opts.HostEnv = hosts.Options{Cwd: project, ProjectRoot: project, Home: filepath.Join(dir, "home")}
		case "symlinks":
			for _, line := range strings.Split(v, "\n") {
				link, target, _ := strings.Cut(line, " -> ")
				if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
					t.Skip("no symbolic links:", err)
				}
			}
		}
	}
}

// fixTestRoots are the roots of an archive's tree.
func fixTestRoots(dir string, nodeRead bool) []discovery.Root {
	return discovery.Roots(discovery.RootOptions{
		Cwd: filepath.Join(dir, "project"), ProjectRoot: filepath.Join(dir, "project"),
		DSHHome: filepath.Join(dir, "home", ".dsh"), AgentsHome: filepath.Join(dir, "home", ".agents"),
		Getenv: func(string) string { return "" }, NodeRead: nodeRead,
	})
}

// writeFixResult writes the fixed files and makes the renames, checking
// that replaying each file's rounds of edits gives the fixed bytes.
func writeFixResult(t *testing.T, res *Result) {
	t.Helper()
	for path, data := range res.Fixed {
		replay := res.Original[path]
		for _, edits := range res.Rounds[path] {
			var err error
			if replay, err = diagnostics.ApplyEdits(replay, edits); err != nil {
				t.Fatalf("%s: replaying the rounds: %v", path, err)
			}
		}
		if !bytes.Equal(replay, data) {
			t.Errorf("%s: the rounds give\n%q\nbut Fixed is\n%q", path, replay, data)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, rn := range res.Renames {
		if err := os.Rename(rn.From, rn.To); err != nil {
			t.Fatal(err)
		}
	}
}

// checkFixedTree loads the fixed tree: no diagnostic may have a fix the
// level applies that a second run does not refuse, fixing again must
// change nothing, and every name of winners (the winning file of each name
// before the fixes) is won by the same file, at its path after the
// renames, or by none.
func checkFixedTree(t *testing.T, dir string, nodeRead bool, opts diagnostics.Options, level diagnostics.FixLevel, winners map[string]string, renames []diagnostics.Rename) {
	t.Helper()
	ws := skills.NewWorkspace(fixTestRoots(dir, nodeRead), skills.LoadOptions{})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ds := diagnostics.Run(t.Context(), snap, opts)
	again := All(t.Context(), ws, opts, level)
	if len(again.Fixed) > 0 || len(again.Renames) > 0 {
		t.Errorf("a second run fixes more: %v", describeApplied(again, dir))
	}
	for _, d := range ds {
		refused := slices.ContainsFunc(again.Refused, func(r Refused) bool { return r.Path == d.Path && r.Code == d.Code })
		if pl := newPlanner(level); !refused && hasFix(pl, d) {
			t.Errorf("a fixable diagnostic is left: %s %s: %s", d.Path, d.Code, d.Message)
		}
	}
	for name, path := range winners {
		if w := snap.Registry.Winner(name); w != nil && w.Path != movedPath(path, renames) {
			t.Errorf("/%s was %s, and is %s after the fixes", name, path, w.Path)
		}
	}
}

// hasFix reports whether the planner would choose a fix for d.
func hasFix(pl *planner, d diagnostics.Diagnostic) bool {
	_, ok := pl.choose(d)
	return ok
}

// winnerFiles returns the file of each name's winner in snap.
func winnerFiles(snap *skills.Snapshot) map[string]string {
	out := map[string]string{}
	for _, w := range snap.Registry.Winners() {
		out[w.Name] = w.Path
	}
	return out
}

// describeApplied lists the applied fixes, paths relative to dir.
func describeApplied(res *Result, dir string) string {
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	var b strings.Builder
	fmt.Fprintf(&b, "rounds: %d\n", res.Passes)
	for _, a := range res.Applied {
		if len(a.Fix.Renames) > 0 {
			for _, rn := range a.Fix.Renames {
				fmt.Fprintf(&b, "rename %s -> %s [%s]\n", rel(rn.From), rel(rn.To), a.Code)
			}
			continue
		}
		fmt.Fprintf(&b, "%s: %s [%s]\n", rel(a.Path), a.Fix.Title, a.Code)
	}
	for _, r := range res.Refused {
		added := r.Added
		if added == "" {
			added = "winner"
		}
		fmt.Fprintf(&b, "refused %s: %s [%s]: %s\n", rel(r.Path), r.Fix.Title, r.Code, added)
	}
	return b.String()
}

// movedPath returns path after the renames.
func movedPath(path string, renames []diagnostics.Rename) string {
	for _, rn := range renames {
		if path == rn.From || strings.HasPrefix(path, rn.From+string(filepath.Separator)) {
			return rn.To + strings.TrimPrefix(path, rn.From)
		}
	}
	return path
}

// movedRel returns an archive name after the renames.
func movedRel(name string, renames []diagnostics.Rename, dir string) string {
	p := movedPath(filepath.Join(dir, filepath.FromSlash(name)), renames)
	r, _ := filepath.Rel(dir, p)
	return filepath.ToSlash(r)
}

// updateFixArchive rewrites the @applied and @fixed sections.
func updateFixArchive(t *testing.T, file string, ar *txtar.Archive, applied string, fixed map[string][]byte, dir string) {
	var kept []txtar.File
	for _, f := range ar.Files {
		if f.Name != "@applied" && !strings.HasPrefix(f.Name, "@fixed/") {
			kept = append(kept, f)
		}
	}
	kept = append(kept, txtar.File{Name: "@applied", Data: []byte(applied)})
	names := make([]string, 0, len(fixed))
	for p := range fixed {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		r, _ := filepath.Rel(dir, p)
		kept = append(kept, txtar.File{Name: "@fixed/" + filepath.ToSlash(r), Data: fixed[p]})
	}
	ar.Files = kept
	if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFixDocs: every safe or unsafe fix of FixDocs is applied in a golden
// archive of testdata/fixes, and every fix applied there is in FixDocs.
func TestFixDocs(t *testing.T) {
	files, _ := filepath.Glob("testdata/fixes/*.txtar")
	var applied []string // "title [code]"
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "@applied" {
				continue
			}
			for _, line := range strings.Split(string(f.Data), "\n") {
				if strings.HasPrefix(line, "rounds: ") || strings.HasPrefix(line, "refused ") {
					continue
				}
				if strings.HasPrefix(line, "rename ") {
					code := line[strings.LastIndex(line, "["):]
					applied = append(applied, "Rename the folder "+code)
				} else if _, rest, ok := strings.Cut(line, ": "); ok {
					applied = append(applied, rest)
				}
			}
		}
	}
	matches := func(doc diagnostics.FixDoc, a string) bool {
		if !strings.HasSuffix(a, "["+doc.Code+"]") {
			return false
		}
		title := strings.TrimSuffix(a, " ["+doc.Code+"]")
		prefix, _, _ := strings.Cut(doc.Title, " NAME")
		prefix, _, _ = strings.Cut(prefix, " KEY")
		prefix, _, _ = strings.Cut(prefix, " CODE")
		prefix, _, _ = strings.Cut(prefix, " N ")
		return strings.HasPrefix(title, prefix) && (strings.Contains(doc.Title, "folder name") == strings.Contains(title, "folder name"))
	}
	for _, doc := range diagnostics.FixDocs {
		if doc.Kind != "safe" && doc.Kind != "unsafe" {
			continue
		}
		if !slices.ContainsFunc(applied, func(a string) bool { return matches(doc, a) }) {
			t.Errorf("no archive in testdata/fixes applies %q [%s]", doc.Title, doc.Code)
		}
	}
	for _, a := range applied {
		if !slices.ContainsFunc(diagnostics.FixDocs, func(doc diagnostics.FixDoc) bool { return matches(doc, a) }) {
			t.Errorf("%q is applied in testdata/fixes but not in FixDocs", a)
		}
	}
}
