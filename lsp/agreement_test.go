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
			snap, err := skills.Load(t.Context(), roots, skills.LoadOptions{})
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
			var got []string
			published := func() []string {
				got = got[:0]
				for u, p := range w.client.diagnostics {
					path := u.FsPath()
					for _, d := range p.Diagnostics {
						src, err := os.ReadFile(path)
						if err != nil {
							src = nil
						}
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
			w.client.waitFor(t, "the published diagnostics to equal skill-ls check", func() bool {
				return slices.Equal(published(), want)
			})
		})
	}
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
