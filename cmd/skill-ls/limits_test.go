package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnreadIsNoDropVerdict: a file over skill-ls's limits (over 16 MiB,
// or a frontmatter of more YAML nodes than it decodes) is one DSH would
// load. list does not file it under DSH's drops (list --json marks it
// unread, with no DSH log line made up for it), and render says on stderr
// that its text leaves it out, instead of "DSH drops".
func TestUnreadIsNoDropVerdict(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	huge := write("huge/SKILL.md", "---\nname: huge\ndescription: d\n---\n")
	if err := os.Truncate(huge, 17<<20); err != nil {
		t.Fatal(err)
	}
	write("tools/SKILL.md", "---\nname: tools\ndescription: d\nallowed-tools:\n"+strings.Repeat("  - t\n", 110000)+"---\n")
	write("dropped/SKILL.md", "---\nname: dropped\n---\n")
	write("good/SKILL.md", "---\nname: good\ndescription: d\n---\n")
	cli := func(args ...string) (string, string) {
		var stdout, stderr bytes.Buffer
		run(context.Background(), append(args, "--no-default-roots", "--custom-dir", root), strings.NewReader(""), &stdout, &stderr)
		return stdout.String(), stderr.String()
	}
	out, _ := cli("list")
	drops, unread, _ := strings.Cut(out, "Not read (over skill-ls's limits; DSH would load these files")
	if !strings.Contains(drops, "dropped/SKILL.md") || strings.Contains(drops, "huge") || strings.Contains(drops, "tools") {
		t.Errorf("list files unread files as DSH's drops:\n%s", out)
	}
	if !strings.Contains(unread, "huge/SKILL.md: skill-ls did not read") || !strings.Contains(unread, "tools/SKILL.md:2:1: skill-ls did not decode") {
		t.Errorf("list does not name the unread files apart:\n%s", out)
	}
	out, _ = cli("list", "--json")
	var rep struct {
		Dropped []struct {
			Path   string `json:"path"`
			Log    string `json:"log"`
			Unread bool   `json:"unread"`
		} `json:"dropped"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Dropped {
		if unread := !strings.Contains(d.Path, "dropped"); d.Unread != unread || (d.Log != "") == unread {
			t.Errorf("list --json: %s has unread %v and DSH's log line %q", d.Path, d.Unread, d.Log)
		}
	}
	_, stderr := cli("render", "catalog")
	if !strings.Contains(stderr, "huge/SKILL.md: skill-ls did not read") || !strings.Contains(stderr, "leaves it out") {
		t.Errorf("render catalog does not say its text lacks the unread files:\n%s", stderr)
	}
	_, stderr = cli("render", "skill", "huge")
	if strings.Contains(stderr, "DSH drops") || !strings.Contains(stderr, "did not read") {
		t.Errorf("render skill calls skill-ls's limit DSH's drop:\n%s", stderr)
	}
}
