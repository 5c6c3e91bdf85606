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
// (cmd/skill-ls/checkhosts.go). The server holds such a file once it is
// opened, so every one is opened.
func TestServerAgreesWithCheckOnHostFolders(t *testing.T) {
	tree := hostFoldersTxtar + `-- project/.claude/skills/pdf/SKILL.md --
---
name: pdf
description: Fill PDF forms the Claude way.
---
See [the guide](references/guide.md).
-- project/.agents/skills/bad/SKILL.md --
---
name: Bad Name
description: bad
---
body
`
	w := newWorkspaceEnv(t, tree, nil)
	noEnv := func(string) string { return "" }
	ro := discovery.RootOptions{Cwd: w.project, HomeDir: w.home, Getenv: noEnv}
	env := hosts.Options{Cwd: w.project, Home: w.home, Getenv: noEnv, DSH: ro}
	choice, err := hosts.ChooseForProject(t.Context(), env, nil)
	if err != nil || len(choice.Hosts) < 2 {
		t.Fatalf("check's hosts = %+v, %v; want DSH and those reading .claude/skills", choice, err)
	}
	ws := skills.NewWorkspace(discovery.Roots(ro), skills.LoadOptions{})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	folders, err := hosts.ProjectFolders(t.Context(), env, snap.InRoots)
	if err != nil {
		t.Fatal(err)
	}
	var opened []skills.Change
	for _, fo := range folders {
		for _, f := range fo.Files {
			src, err := os.ReadFile(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			opened = append(opened, skills.Change{Kind: skills.ChangeOpen, Path: f.Path, Text: src})
			w.open(strings.TrimPrefix(f.Path, w.dir+string(filepath.Separator)), "markdown", string(src))
		}
	}
	snap = ws.Apply(t.Context(), opened...)
	opts := diagnostics.Options{Hosts: choice.Hosts, HostEnv: env, ReadersOnly: true}
	var want []string
	for _, d := range diagnostics.Run(t.Context(), snap, opts) {
		msg := strings.ReplaceAll(d.Message, w.project+string(filepath.Separator), "")
		want = append(want, cliLine(t, d.Path, d.Span.Start, d.Severity.String(), msg, d.Code))
	}
	slices.Sort(want)
	if len(want) < 5 || !slices.ContainsFunc(want, func(l string) bool { return strings.HasSuffix(l, "[host-drops]") }) {
		t.Fatalf("check reports only %q; the comparison would prove little", want)
	}
	w.client.waitFor(t, "the published diagnostics to equal skill-ls check", func() bool {
		return slices.Equal(publishedLines(t, w), want)
	})
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
