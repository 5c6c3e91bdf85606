package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestCheckHosts runs `skill-ls check --host` over every tree of
// testdata/hosts: the archives of skills/hosts/testdata (named by a "tree"
// section) and trees of host pitfalls (pitfalls.txtar). Their sections are
// those of the host cases (hosts, cwd, env, window); the golden sections are
//
//	@check       the concise text output (the verdicts, without source lines)
//	@status      the exit status and the stderr summary
//
// -update (or SKILL_LS_UPDATE=1) rewrites them. Each run is also checked
// against `skill-ls matrix --json` over the same tree: every host that
// drops, shadows or does not discover a file has the host diagnostic that
// says so on that file, and a host that loads it has none of them.
func TestCheckHosts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "hosts", "*.txtar"))
	if len(files) < 10 {
		t.Fatalf("only %d host trees", len(files))
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			golden, err := txtar.ParseFile(filepath.Join(wd, file))
			if err != nil {
				t.Fatal(err)
			}
			tree := golden
			if i := section(golden, "tree"); i >= 0 {
				if tree, err = txtar.ParseFile(filepath.Join(wd, strings.TrimSpace(string(golden.Files[i].Data)))); err != nil {
					t.Fatal(err)
				}
			}
			dir := t.TempDir()
			sections := map[string]string{}
			files := &txtar.Archive{}
			for _, f := range tree.Files {
				switch {
				case slices.Contains([]string{"hosts", "cwd", "env", "window", "tree"}, f.Name):
					sections[f.Name] = strings.TrimSpace(string(f.Data))
				case !strings.HasPrefix(f.Name, "@"):
					files.Files = append(files.Files, f)
				}
			}
			skilltest.WriteArchive(t, dir, files)
			for _, d := range []string{"project", "home"} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			for _, k := range hostEnv {
				t.Setenv(k, "")
			}
			t.Setenv("DSH_HOME", filepath.Join(dir, "home", ".dsh"))
			t.Setenv("DSH_AGENTS_HOME", filepath.Join(dir, "home", ".agents"))
			for _, line := range strings.Split(sections["env"], "\n") {
				if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
					t.Setenv(k, strings.ReplaceAll(v, "$WORK", dir))
				}
			}
			cwd := orElse(sections["cwd"], "project")
			flags := []string{"--cwd", cwd, "--project-root", "project", "--home", "home", "--host", sections["hosts"]}
			if w := sections["window"]; w != "" && w != "0" {
				flags = append(flags, "--context-window", w)
			}
			run1 := func(args ...string) (string, string, int) {
				var o, e bytes.Buffer
				code := run(context.Background(), args, strings.NewReader(""), &o, &e)
				return o.String(), e.String(), code
			}
			text, summary, code := run1(append([]string{"check", "--format", "concise"}, flags...)...)
			got := map[string]string{"@check": text, "@status": fmt.Sprintf("exit %d\n%s", code, summary)}
			js, _, _ := run1(append([]string{"check", "--format", "json"}, flags...)...)
			mx, mxErr, mxCode := run1(append([]string{"matrix", "--json"}, flags...)...)
			if mxCode != 0 {
				t.Fatalf("matrix: exit %d: %s", mxCode, mxErr)
			}
			agree(t, js, mx)
			if skilltest.Updating() {
				for _, name := range []string{"@check", "@status"} {
					i := section(golden, name)
					if i < 0 {
						golden.Files = append(golden.Files, txtar.File{Name: name})
						i = len(golden.Files) - 1
					}
					golden.Files[i].Data = []byte(got[name])
				}
				if err := os.WriteFile(filepath.Join(wd, file), txtar.Format(golden), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"@check", "@status"} {
				i := section(golden, name)
				if i < 0 {
					t.Errorf("no %s section (run with -update)", name)
					continue
				}
				if want := string(golden.Files[i].Data); got[name] != want {
					t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", name, got[name], want)
				}
			}
		})
	}
}

func orElse(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// agree checks check's JSON diagnostics against matrix's JSON verdicts.
func agree(t *testing.T, checkOut, matrixOut string) {
	t.Helper()
	var ds []struct{ Path, Code, Message, Severity string }
	if err := json.Unmarshal([]byte(checkOut), &ds); err != nil {
		t.Fatalf("check --format json: %v", err)
	}
	var m matrixJSON
	if err := json.Unmarshal([]byte(matrixOut), &m); err != nil {
		t.Fatalf("matrix --json: %v", err)
	}
	want := map[string]string{"dropped": "host-drops", "shadowed": "host-shadowed", "not-discovered": "host-not-discovered"}
	for _, s := range m.Skills {
		for id, v := range s.Hosts {
			h := hosts.Lookup(id)
			if h.ID == hosts.DSH {
				continue // DSH's verdicts are its own rules'
			}
			var codes []string
			for _, d := range ds {
				if d.Path == string(s.Path) && strings.HasPrefix(d.Code, "host-") && names(d.Message, h) {
					codes = append(codes, d.Code)
					if d.Code == "host-drops" && d.Severity != "error" {
						t.Errorf("%s: %s drops it, but the diagnostic is a %s", s.Path, id, d.Severity)
					}
				}
			}
			if code, ok := want[v.Status]; ok && !slices.Contains(codes, code) && !saidForFolder(ds, h, string(v.Message)) {
				t.Errorf("%s: matrix says %s %s it (%s), check has %q", s.Path, id, v.Status, v.Message, codes)
			}
			if v.Status == "loads" {
				for _, c := range codes {
					if slices.Contains([]string{"host-drops", "host-shadowed", "host-not-discovered"}, c) {
						t.Errorf("%s: matrix says %s loads it, check reports %s", s.Path, id, c)
					}
				}
			}
		}
	}
}

// saidForFolder reports whether check says once, on another file of the
// folder, that host h does not read the folder: matrix's message for each
// file is "<h> does not read <folder>".
func saidForFolder(ds []struct{ Path, Code, Message, Severity string }, h *hosts.Host, msg string) bool {
	_, folder, ok := strings.Cut(msg, " does not read ")
	if !ok {
		return false
	}
	return slices.ContainsFunc(ds, func(d struct{ Path, Code, Message, Severity string }) bool {
		return d.Code == "host-not-discovered" && names(d.Message, h) && strings.Contains(d.Message, "not read "+folder+" (said once")
	})
}

// names reports whether a message is about host h: it starts with h's
// name, or names it in a list of hosts ("Claude Code and Cursor do not
// read"), and not only as part of a longer host name ("Codex 0.141").
func names(msg string, h *hosts.Host) bool {
	for _, other := range hosts.All() {
		if other != h && strings.HasPrefix(other.Name, h.Name) {
			msg = strings.ReplaceAll(msg, other.Name, "")
		}
	}
	head, _, _ := strings.Cut(msg, ": ")
	for _, part := range strings.FieldsFunc(head, func(r rune) bool { return r == ',' }) {
		for _, p := range strings.Split(part, " and ") {
			if p = strings.TrimSpace(p); strings.HasPrefix(p, h.Name+" ") || strings.HasPrefix(p, h.Name+"'s ") || p == h.Name {
				return true
			}
		}
	}
	return strings.HasPrefix(msg, h.Name+" ")
}
