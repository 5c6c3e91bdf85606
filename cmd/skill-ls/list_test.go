package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRelToMatchesRel checks relTo's prefix shortcut against filepath.Rel.
func TestRelToMatchesRel(t *testing.T) {
	reference := func(dir, p string) string {
		if dir == "" || !filepath.IsAbs(p) {
			return p
		}
		r, err := filepath.Rel(dir, p)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return p
		}
		return r
	}
	dirs := []string{"", "/", "/w", "/w/", "/w/p", "/w/./p", "/w/p/..", "w"}
	paths := []string{"/w/p/a/SKILL.md", "/w/p", "/w/pq/a.md", "/w/p/", "/w/p/../x.md", "/w/p/./a.md", "/x/a.md", "a.md", "/w/p//a.md", "/"}
	for _, d := range dirs {
		for _, p := range paths {
			if got, want := relTo(d, p), reference(d, p); got != want {
				t.Errorf("relTo(%q, %q) = %q, want %q", d, p, got, want)
			}
		}
	}
}
