package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skilltest"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestServerAgreesWithCheck proves that the diagnostics the server publishes
// for a tree are the ones `skill-ls check` reports for it: for each golden
// tree of the diagnostics package, every published diagnostic, mapped back
// from UTF-16 ranges to the CLI's path:line:col (byte column), equals a cold
// diagnostics.Run over the same roots, line for line.
func TestServerAgreesWithCheck(t *testing.T) {
	archives := skilltest.GoldenFiles(t, "../diagnostics/testdata/*.txtar")
	for _, file := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			g := skilltest.LoadGolden(t, file)
			profile, tree := g.Profile, g.Tree
			tree.Files = append(tree.Files, txtar.File{Name: "project/.git/HEAD", Data: []byte("ref: main\n")})
			w := newWorkspaceEnv(t, string(txtar.Format(&tree)), map[string]any{"profile": profile})

			roots := discovery.Roots(discovery.RootOptions{Cwd: w.project, HomeDir: w.home, Getenv: func(string) string { return "" }})
			// check reads the bundles' own files, as the goldens do.
			snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{BundleFiles: true})
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, d := range diagnostics.Run(t.Context(), snap, diagnostics.Options{Profile: mustProfile(t, profile)}) {
				// The server, like `skill-ls check` run in the workspace
				// folder, names paths inside it relatively.
				msg := strings.ReplaceAll(d.Message, w.project+string(filepath.Separator), "")
				want = append(want, cliLine(t, d.Path, d.Span.Start, d.Severity.String(), msg, d.Code))
			}
			slices.Sort(want)
			if len(want) < 5 {
				t.Fatalf("the golden tree yields only %d diagnostics; the comparison would prove little", len(want))
			}
			w.client.waitFor(t, "the published diagnostics to equal skill-ls check", func() bool {
				return slices.Equal(publishedLines(t, w), want)
			})
		})
	}
}

// TestServerAgreesWithCheckOnHostFolders: in a project whose skills are
// also in .claude/skills, and without the hosts setting, the server
// publishes for each file what `skill-ls check` reports: the hosts check
// chooses there (hosts.ChooseForProject), each file judged by those that
// read it, the other hosts' files held as open buffers outside DSH's roots
// (cmd/skill-ls/checkhosts.go). Opened in the editor, each file is the
// editor's buffer.
func TestServerAgreesWithCheckOnHostFolders(t *testing.T) {
	w := newWorkspaceEnv(t, hostFoldersTxtar+hostMistakesTxtar, nil)
	want := checkHostLines(t, w, true)
	w.client.waitFor(t, "the published diagnostics to equal skill-ls check", func() bool {
		return slices.Equal(publishedLines(t, w), want)
	})
}

// TestPassChecksHostFilesUnopened: the workspace pass judges the files
// only other hosts read as check does, without a didOpen: the Problems
// list is check's before any file is opened.
func TestPassChecksHostFilesUnopened(t *testing.T) {
	w := newWorkspaceEnv(t, hostFoldersTxtar+hostMistakesTxtar, nil)
	want := checkHostLines(t, w, false)
	if !slices.ContainsFunc(want, func(l string) bool { return strings.Contains(l, "PDF-Helper") }) {
		t.Fatalf("check reports nothing of the .claude name: %q", want)
	}
	w.client.waitFor(t, "the published diagnostics, no file opened, to equal skill-ls check", func() bool {
		return slices.Equal(publishedLines(t, w), want)
	})
}

// TestPassFollowsHostFilesOnDisk: the views' watcher follows the folders
// of the files only other hosts read, so a fix saved to one by another
// program, and a new skill there, reach the Problems list without a
// didOpen (real fsnotify; waits with a deadline).
func TestPassFollowsHostFilesOnDisk(t *testing.T) {
	w := newWorkspaceEnv(t, hostFoldersTxtar+hostMistakesTxtar, nil)
	pdf := w.path("project/.claude/skills/pdf/SKILL.md")
	has := func(path, text string) bool {
		return slices.ContainsFunc(publishedLines(t, w), func(l string) bool {
			return strings.HasPrefix(l, path+":") && strings.Contains(l, text)
		})
	}
	w.client.waitFor(t, "the .claude name's finding", func() bool { return has(pdf, "PDF-Helper") })
	if err := os.WriteFile(pdf, []byte("---\nname: pdf\ndescription: Fill PDF forms the Claude way.\n---\nBody.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.client.waitFor(t, "the finding gone once the file is fixed on disk", func() bool { return !has(pdf, "PDF-Helper") })
	fresh := w.path("project/.claude/skills/fresh/SKILL.md")
	os.MkdirAll(filepath.Dir(fresh), 0o755)
	if err := os.WriteFile(fresh, []byte("---\nname: Fresh_One\ndescription: New.\n---\nBody.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.client.waitFor(t, "the new .claude skill's finding", func() bool { return has(fresh, "Fresh_One") })
}

// hostMistakesTxtar adds to hostFoldersTxtar files only Claude Code's
// folder holds, with mistakes: a name out of grammar, a skill.md, a flat
// file where Claude Code reads only bundles, a link to no file.
const hostMistakesTxtar = `-- project/.claude/skills/pdf/SKILL.md --
---
name: PDF-Helper
description: Fill PDF forms the Claude way.
---
See [the guide](references/guide.md).
-- project/.claude/skills/lower/skill.md --
---
name: lower
description: Lowercase file name.
---
body
-- project/.claude/skills/quick-fix.md --
---
name: quick-fix
description: A flat file.
---
body
-- project/.agents/skills/bad/SKILL.md --
---
name: Bad Name
description: bad
---
body
`

// checkHostLines returns what `skill-ls check` prints for w's project,
// sorted: DSH's roots and, as open buffers, the files
// diagnostics.HostFiles lists (check's own choice, checkhosts.go), judged
// by the hosts check chooses. With open, the editor opens those files.
func checkHostLines(t *testing.T, w *wsEnv, open bool) []string {
	t.Helper()
	noEnv := func(string) string { return "" }
	ro := discovery.RootOptions{Cwd: w.project, HomeDir: w.home, Getenv: noEnv}
	env := hosts.Options{Cwd: w.project, Home: w.home, Getenv: noEnv, DSH: ro}
	choice, err := hosts.ChooseForProject(t.Context(), env, nil)
	if err != nil || len(choice.Hosts) < 2 {
		t.Fatalf("check's hosts = %+v, %v; want DSH and those reading .claude/skills", choice, err)
	}
	opts := diagnostics.Options{Hosts: choice.Hosts, HostEnv: env, ReadersOnly: true}
	ws := skills.NewWorkspace(discovery.Roots(ro), skills.LoadOptions{BundleFiles: opts.SelectsBundleFiles()})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	files, err := diagnostics.HostFiles(t.Context(), snap, opts)
	if err != nil {
		t.Fatal(err)
	}
	var opened []skills.Change
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		opened = append(opened, skills.Change{Kind: skills.ChangeOpen, Path: p, Text: src})
		if open {
			w.open(strings.TrimPrefix(p, w.dir+string(filepath.Separator)), "markdown", string(src))
		}
	}
	snap = ws.Apply(t.Context(), opened...)
	var want []string
	for _, d := range diagnostics.Run(t.Context(), snap, opts) {
		msg := strings.ReplaceAll(d.Message, w.project+string(filepath.Separator), "")
		want = append(want, cliLine(t, d.Path, d.Span.Start, d.Severity.String(), msg, d.Code))
	}
	slices.Sort(want)
	if len(want) < 5 || !slices.ContainsFunc(want, func(l string) bool { return strings.HasSuffix(l, "[host-drops]") }) {
		t.Fatalf("check reports only %q; the comparison would prove little", want)
	}
	return want
}

// publishedLines are the diagnostics the client holds, each mapped back
// from UTF-16 ranges to the CLI's path:line:col (byte column), sorted.
func publishedLines(t *testing.T, w *wsEnv) []string {
	var got []string
	for u, p := range w.client.diagnostics {
		path := u.FsPath()
		src, err := os.ReadFile(path)
		if err != nil {
			src = nil
		}
		for _, d := range p.Diagnostics {
			off := spans.NewLineIndex(src).Offset(int(d.Range.Start.Line), int(d.Range.Start.Character))
			code := ""
			if c, ok := d.Code.(protocol.String); ok {
				code = string(c)
			}
			msg := ""
			if m, ok := d.Message.(protocol.String); ok {
				msg = string(m)
			}
			got = append(got, cliLine(t, path, off, lspSeverity(d.Severity), msg, code))
		}
	}
	slices.Sort(got)
	return got
}

// cliLine formats a diagnostic the way `skill-ls check` does (position only).
func cliLine(t *testing.T, path string, off int, sev, msg, code string) string {
	src, _ := os.ReadFile(path)
	line, col := spans.NewLineIndex(src).LineCol(off)
	return fmt.Sprintf("%s:%d:%d: %s: %s [%s]", path, line, col, sev, msg, code)
}

func lspSeverity(s protocol.DiagnosticSeverity) string {
	switch s {
	case protocol.DiagnosticSeverityError:
		return "error"
	case protocol.DiagnosticSeverityWarning:
		return "warning"
	case protocol.DiagnosticSeverityInformation:
		return "info"
	}
	return "hint"
}

// mustProfile returns the diagnostics profile named name.
func mustProfile(t *testing.T, name string) *diagnostics.Profile {
	t.Helper()
	p, ok := diagnostics.LookupProfile(name)
	if !ok {
		t.Fatalf("unknown profile %q", name)
	}
	return p
}
