package config

import (
	"errors"
	"path"
	"strings"
)

// Glob is a path pattern of the config file: slash-separated and relative
// to the folder of the config file. A segment "**" matches any number of
// folders (none included); other segments are path.Match patterns (*, ?,
// [a-z]) that never match a "/". A pattern matches a path and everything
// under it, so "drafts" and "drafts/**" both cover drafts/x/SKILL.md.
type Glob struct {
	pattern string
	segs    []string
}

// CompileGlob checks a pattern and returns it compiled. A pattern must be
// relative, must not leave its folder (".."), and must be a valid
// path.Match pattern segment by segment.
func CompileGlob(pattern string) (*Glob, error) {
	p := strings.TrimPrefix(pattern, "./")
	p = strings.TrimSuffix(p, "/")
	switch {
	case strings.TrimSpace(p) == "":
		return nil, errors.New("the pattern is empty")
	case strings.HasPrefix(p, "/") || (len(p) > 1 && p[1] == ':'):
		return nil, errors.New("the pattern is absolute; write it relative to the folder of the config file")
	case strings.Contains(p, `\`):
		return nil, errors.New(`the pattern holds a backslash; separate folders with "/"`)
	}
	g := &Glob{pattern: pattern, segs: strings.Split(p, "/")}
	for _, s := range g.segs {
		switch {
		case s == "..":
			return nil, errors.New(`the pattern leaves the folder of the config file ("..")`)
		case s == "" || s == ".":
			return nil, errors.New(`the pattern has an empty folder ("//" or "/./")`)
		case s != "**" && strings.Contains(s, "**"):
			return nil, errors.New(`"**" must be a whole folder, as in a/**/b`)
		}
		if _, err := path.Match(s, ""); err != nil {
			return nil, errors.New("the pattern is malformed (an unclosed [ or a trailing \\)")
		}
	}
	return g, nil
}

// String returns the pattern as written.
func (g *Glob) String() string { return g.pattern }

// Match reports whether rel (a slash-separated path relative to the
// pattern's folder) or one of its parent folders matches the pattern. A
// path outside the folder ("../x") never matches.
func (g *Glob) Match(rel string) bool {
	if rel == "" || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") || strings.HasPrefix(rel, "/") {
		return false
	}
	return matchSegs(g.segs, strings.Split(rel, "/"))
}

// matchSegs matches pattern segments against a prefix of path segments:
// once the pattern is used up, what is left of the path lies under a
// matching folder.
func matchSegs(p, s []string) bool {
	for len(p) > 0 {
		if p[0] == "**" {
			for i := 0; i <= len(s); i++ {
				if matchSegs(p[1:], s[i:]) {
					return true
				}
			}
			return false
		}
		if len(s) == 0 {
			return false
		}
		if ok, _ := path.Match(p[0], s[0]); !ok {
			return false
		}
		p, s = p[1:], s[1:]
	}
	return true
}
