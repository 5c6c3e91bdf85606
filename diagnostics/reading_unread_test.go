package diagnostics

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// TestUnreadFileInHostFolder: a SKILL.md in .claude/skills that skill-ls
// cannot read (over 16 MiB, a link to itself, a link to nothing) is not
// in the snapshot, since check and the server open only what they read.
// It got no finding at all, while matrix said every host drops it; as
// in DSH's roots, it is reported at the file, naming the hosts, with a
// plain check as with --host.
func TestUnreadFileInHostFolder(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.git/HEAD":                    "ref: refs/heads/main\n",
		"project/.claude/skills/ok/SKILL.md":   "---\nname: ok\ndescription: A skill.\n---\nBody.\n",
		"project/.claude/skills/huge/SKILL.md": "---\nname: huge\ndescription: A huge skill.\n---\n",
	})
	if err := os.Truncate(filepath.Join(dir, "project/.claude/skills/huge/SKILL.md"), 17<<20); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"loop", "dangle"} {
		if err := os.MkdirAll(filepath.Join(dir, "project/.claude/skills", d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	symlinks(t, dir, map[string]string{
		"project/.claude/skills/loop/SKILL.md":   "SKILL.md",
		"project/.claude/skills/dangle/SKILL.md": "nowhere.md",
	})
	const cl = "project/.claude/skills/"
	for _, list := range []string{"", "claude"} {
		opts := Options{HostEnv: env, ReadersOnly: true}
		if list == "" {
			c, err := hosts.ChooseForProject(t.Context(), env, nil)
			if err != nil || len(c.Hosts) < 2 {
				t.Fatalf("chose %v, %v", c.Hosts, err)
			}
			opts.Hosts = c.Hosts
		} else {
			opts.Hosts = mustHosts(t, list)
		}
		snap := loadAsCheck(t, roots, opts, skills.LoadOptions{})
		got := lines(Run(t.Context(), snap, opts), snap, dir)
		want := []string{
			cl + "huge/SKILL.md error file-too-large 1:1 skill-ls did not read this file: it is larger than 16 MiB",
			cl + "loop/SKILL.md error unreadable-file 1:1 Claude Code",
			cl + "dangle/SKILL.md error unreadable-file 1:1 Claude Code",
		}
		for _, w := range want {
			if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, w) }) {
				t.Errorf("--host %q: missing %q in\n%s", list, w, strings.Join(got, "\n"))
			}
		}
		for _, l := range got {
			switch {
			case strings.HasPrefix(l, cl+"loop/") && !strings.HasSuffix(l, "cannot read this file: too many levels of symbolic links"),
				strings.HasPrefix(l, cl+"dangle/") && !strings.HasSuffix(l, "cannot read this file: it is a symbolic link to a file that does not exist"),
				strings.HasPrefix(l, cl) && strings.Contains(l, "DSH"),
				strings.HasPrefix(l, cl+"ok/"):
				t.Errorf("--host %q: %s", list, l)
			}
		}
	}
}

// TestFIFOInHostFolder: a SKILL.md in .claude/skills that is a FIFO got
// no finding: the hosts' walk took only regular files, so no host found
// it, while the same FIFO in .agents/skills is DSH's not-regular-file.
// It is reported the same way, naming the hosts that read the folder,
// and never opened for a blocking read (the test would hang). A FIFO or
// a link to nothing in .agents/skills stays DSH's finding alone.
func TestFIFOInHostFolder(t *testing.T) {
	dir, roots, env := hostTree(t, map[string]string{
		"project/.git/HEAD":                  "ref: refs/heads/main\n",
		"project/.claude/skills/ok/SKILL.md": "---\nname: ok\ndescription: A skill.\n---\nBody.\n",
	})
	for _, d := range []string{".claude/skills/pipe", ".agents/skills/pipe", ".agents/skills/dangle"} {
		if err := os.MkdirAll(filepath.Join(dir, "project", d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".claude/skills/pipe/SKILL.md", ".agents/skills/pipe/SKILL.md"} {
		if err := syscall.Mkfifo(filepath.Join(dir, "project", f), 0o644); err != nil {
			t.Skip("no FIFOs:", err)
		}
	}
	symlinks(t, dir, map[string]string{"project/.agents/skills/dangle/SKILL.md": "nowhere.md"})
	const cl, ag = "project/.claude/skills/pipe/SKILL.md", "project/.agents/skills/"
	for _, list := range []string{"claude", "claude,copilot,dsh"} {
		opts := Options{HostEnv: env, ReadersOnly: true, Hosts: mustHosts(t, list)}
		snap := loadAsCheck(t, roots, opts, skills.LoadOptions{})
		got := lines(Run(t.Context(), snap, opts), snap, dir)
		want := cl + " warning not-regular-file 1:1 Claude Code"
		if !slices.ContainsFunc(got, func(l string) bool {
			return strings.HasPrefix(l, want) && strings.HasSuffix(l, "cannot read this file: it is not a regular file (a FIFO)")
		}) {
			t.Errorf("--host %s: missing %q in\n%s", list, want, strings.Join(got, "\n"))
		}
		for _, l := range got {
			if strings.HasPrefix(l, ag) && !strings.Contains(l, "DSH") {
				t.Errorf("--host %s: a file of DSH's root reported for other hosts: %s", list, l)
			}
		}
	}
}
