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
	return newLinkResolver(base).target(dest)
}

// linkResolver is LinkTarget for many destinations against one base: what
// joining needs to know about the base is computed once.
type linkResolver struct {
	base string
	// clean reports that base can be joined without cleaning (see
	// joinCleanRel).
	clean bool
}

// newLinkResolver returns the resolver of destinations against base.
func newLinkResolver(base string) linkResolver {
	return linkResolver{base: base, clean: filepath.Separator == '/' && base != "" && base != "." && filepath.Clean(base) == base}
}

// target is LinkTarget(r.base, dest).
func (r linkResolver) target(dest string) (target string, ok bool) {
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
	if t, ok := joinCleanRel(r, dest); ok {
		return t, true
	}
	return filepath.Join(r.base, filepath.FromSlash(dest)), true
}

// joinCleanRel is filepath.Join for the common case that needs no
// cleaning: a clean base (r.clean) and a relative slash path without
// empty, "." or ".." segments (scripts/run.sh). ok is false otherwise.
func joinCleanRel(r linkResolver, rel string) (string, bool) {
	if !r.clean || rel == "" || rel[0] == '/' || rel[len(rel)-1] == '/' {
		return "", false
	}
	for seg := range strings.SplitSeq(rel, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", false
		}
	}
	if r.base == "/" {
		return "/" + rel, true
	}
	return r.base + "/" + rel, true
}
