package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/mcp"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// mcpskills.go: the project's skills as MCP resources, one per skill, its
// skill file at skill://NAME/SKILL.md, as the Skills over MCP extension
// (SEP-2640) maps a skill's SKILL.md (name and description from the
// frontmatter, text/markdown): a host without skills of its own lists
// them and reads one when its model needs it. The skills are list's: the
// winner of each name DSH discovers, then the skill files only the other
// agents' folders in the project hold (.claude/skills, ...). They are
// listed again on every resources/list and read from disk on every
// resources/read, so an edit shows at once.

// skillEntry is one skill served as a resource.
type skillEntry struct {
	name, description, path string
}

// skillURI is the resource URI of a skill's SKILL.md, and false for a
// name a URI's authority cannot carry as it is (a space, a colon, an
// escape character: Claude Code names a skill after its folder, whatever
// its name). The extension asks for a name by the Agent Skills rules
// (lowercase letters, digits, hyphens); letters, digits, "-", "_" and "."
// are served, anything else is left out rather than escaped, as a host
// would read an escaped authority as another name, or refuse it.
func skillURI(name string) (string, bool) {
	if name == "" || strings.ContainsFunc(name, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_' || r == '.')
	}) {
		return "", false
	}
	return "skill://" + name + "/SKILL.md", true
}

// skillResources are the project's skills as the server's resources
// (mcp.Resources).
type skillResources struct {
	eng *mcpEngine
}

// Templates is the template that reads a skill added since the client
// last listed them.
func (s *skillResources) Templates() []mcp.ResourceTemplate {
	return []mcp.ResourceTemplate{
		{Name: "skill", URITemplate: "skill://{name}/SKILL.md", MIMEType: "text/markdown",
			Description: "The skill file (SKILL.md, or NAME.md for a flat skill) of the project's skill NAME"},
		{Name: "skill-file", URITemplate: "skill://{name}/{+path}",
			Description: "A file of the skill NAME's folder, as its entry (skills/get) lists it"},
	}
}

// List is a resource per skill discovered now.
func (s *skillResources) List(ctx context.Context) []mcp.Resource {
	var out []mcp.Resource
	for _, e := range s.discover(ctx) {
		if uri, ok := skillURI(e.name); ok {
			out = append(out, mcp.Resource{URI: uri, Name: e.name, Description: e.description, MIMEType: "text/markdown"})
		}
	}
	return out
}

// discover lists the skills as the list verb does.
func (s *skillResources) discover(ctx context.Context) []skillEntry {
	r := s.eng.call(ctx, runList, []string{"--json"}, nil, false)
	if r.status != exitOK {
		return nil
	}
	var rep struct {
		Skills []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
			Path        string `json:"path"`
		} `json:"skills"`
		HostFolders []struct {
			Files []struct {
				Name string `json:"name"`
				Path string `json:"path"`
			} `json:"files"`
		} `json:"hostFolders"`
	}
	if json.Unmarshal([]byte(r.stdout), &rep) != nil {
		return nil
	}
	var out []skillEntry
	seen := map[string]bool{}
	add := func(name, desc, path string) {
		if name == "" || path == "" || seen[name] {
			return
		}
		seen[name] = true
		if !filepath.IsAbs(path) {
			path = filepath.Join(workDir(), path)
		}
		out = append(out, skillEntry{name: name, description: desc, path: path})
	}
	for _, sk := range rep.Skills {
		add(sk.Name, sk.Description, sk.Path)
	}
	for _, hf := range rep.HostFolders {
		for _, f := range hf.Files {
			add(f.Name, "", f.Path)
		}
	}
	return out
}

// Read returns a skill's file as it is on disk now.
func (s *skillResources) Read(ctx context.Context, uri string) *mcp.Contents {
	entries := s.discover(ctx)
	i := slices.IndexFunc(entries, func(e skillEntry) bool {
		u, ok := skillURI(e.name)
		return ok && u == uri
	})
	if i < 0 {
		return s.readSkillFile(ctx, uri)
	}
	src, _, err := discovery.ReadSkillFile(entries[i].path, nil)
	if err != nil {
		return nil
	}
	c := &mcp.Contents{URI: uri, MIMEType: "text/markdown"}
	if utf8.Valid(src) {
		c.Text = string(src)
	} else {
		c.Blob = src
	}
	return c
}
