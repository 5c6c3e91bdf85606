package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileBodies are the skill files of issue 26's hostile-input bound, the
// ones that cost a YAML or Markdown parser the most: 45,000 frontmatter
// keys, 160 KB of '>', 4 MiB of '[' (just over the Markdown limit, just
// under it, and without the reference definition that sends a body to
// goldmark), 2.8 MB of "[a](" and 250,000 links to missing files.
func hostileBodies(name string) map[string]string {
	head := "---\nname: " + name + "\ndescription: d\n"
	keys := new(strings.Builder)
	for i := range 45000 {
		fmt.Fprintf(keys, "k%05d: v\n", i)
	}
	body := func(b string) string { return head + "---\n[r]: x\n" + b }
	links := new(strings.Builder)
	for i := range 250000 {
		fmt.Fprintf(links, "[a](m%d.md)\n", i)
	}
	return map[string]string{
		"45k-keys":           head + keys.String() + "---\nbody\n",
		"160KB-quotes":       body(strings.Repeat(">", 160<<10) + " [a](b)\n"),
		"4MiB-brackets":      body(strings.Repeat("[", 4<<20)),
		"4MiB-brackets-in":   body(strings.Repeat("[", 4<<20-64)),
		"4MiB-brackets-scan": head + "---\n" + strings.Repeat("a [", (4<<20)/3),
		"2.8MB-link-opener":  body(strings.Repeat("[a](", 700<<10)),
		"250k-missing-links": head + "---\n" + links.String(),
	}
}

// BenchmarkHostileCheck runs check over a project of 1 and of 8 skills
// of each hostile input, the files parsed at once. The bound (SECURITY.md)
// is a second and 256 MB for each input at any file count; peak RSS is
// the separate process's (/usr/bin/time -v skill-ls check, as
// docs/performance.md shows), B/op what the run allocated.
func BenchmarkHostileCheck(b *testing.B) {
	for _, count := range []int{1, 8} {
		for input := range hostileBodies("x") {
			dir := b.TempDir()
			for i := range count {
				p := filepath.Join(dir, ".agents", "skills", fmt.Sprintf("s%d", i), "SKILL.md")
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(hostileBodies(fmt.Sprintf("s%d", i))[input]), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/x%d", input, count), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					args := []string{"check", "--cwd", dir, "--dsh-home", filepath.Join(dir, "h"), "--agents-home", filepath.Join(dir, "h")}
					if code := run(b.Context(), args, nil, io.Discard, io.Discard); code > exitFound {
						b.Fatalf("exit %d", code)
					}
				}
			})
		}
	}
}
