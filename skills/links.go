package skills

import (
	"net/url"
	"path/filepath"
	"strings"
)

// LinkTarget resolves a Markdown link destination of a skill against base,
// the skill's resource directory (the bundle folder, or the root for a flat
// skill), as the model is told to. ok is false for destinations that are not
// local paths: URLs with a scheme, fragments, protocol-relative URLs and
// empty ones. Query strings and fragments are dropped and %-escapes decoded.
func LinkTarget(base, dest string) (target string, ok bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "//") {
		return "", false
	}
	if i := strings.IndexAny(dest, ":/"); i > 0 && dest[i] == ':' {
		// A scheme (http:, mailto:) unless it is a Windows drive letter.
		if !(i == 1 && len(dest) > 2 && (dest[2] == '/' || dest[2] == '\\')) {
			return "", false
		}
	}
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		dest = dest[:i]
	}
	if dest == "" {
		return "", false
	}
	if strings.IndexByte(dest, '%') >= 0 {
		if u, err := url.PathUnescape(dest); err == nil {
			dest = u
		}
	}
	if filepath.IsAbs(dest) {
		return filepath.Clean(dest), true
	}
	if t, ok := joinCleanRel(base, dest); ok {
		return t, true
	}
	return filepath.Join(base, filepath.FromSlash(dest)), true
}

// joinCleanRel is filepath.Join for the common case that needs no
// cleaning: a clean base and a relative slash path without empty, "." or
// ".." segments (scripts/run.sh). ok is false otherwise.
func joinCleanRel(base, rel string) (string, bool) {
	if filepath.Separator != '/' || base == "" || base == "." || rel == "" || rel[0] == '/' || rel[len(rel)-1] == '/' {
		return "", false
	}
	for seg := range strings.SplitSeq(rel, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", false
		}
	}
	if filepath.Clean(base) != base {
		return "", false
	}
	if base == "/" {
		return "/" + rel, true
	}
	return base + "/" + rel, true
}

// Within reports whether the clean path p is dir or lies inside it
// (lexically; no symlinks are resolved).
func Within(p, dir string) bool {
	if p == dir {
		return true
	}
	return strings.HasPrefix(p, dir) && len(p) > len(dir) && (p[len(dir)] == filepath.Separator || strings.HasSuffix(dir, string(filepath.Separator)))
}
