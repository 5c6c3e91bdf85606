package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/mcp"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// mcpskillsext.go: the Skills over MCP extension (SEP-2640,
// io.modelcontextprotocol/skills): skills/list and skills/get give each
// skill's entry, its frontmatter as JSON (as DSH types it) and the
// complete manifest of its files, each with its SHA-256 digest and size,
// each a resource skill://NAME/PATH. A skill is in the extension when its
// entry can be complete and exact: its frontmatter reads, its name is the
// URI's last segment, and its folder holds at most the extension's 512
// files and 16 MiB, none a symbolic link (a link could lead out of the
// skill, and its target is not the skill's to serve).

// skillsExtension is the extension's identifier.
const skillsExtension = "io.modelcontextprotocol/skills"

// The extension's limits of one skill, and how deep its folder is walked.
const (
	maxSkillFiles = 512
	maxSkillBytes = 16 << 20
	maxSkillDepth = 8
)

// skillFile is one file of a skill: its resource URI and where it is.
type skillFile struct{ uri, path string }

// skillResourceJSON and skillJSON are the extension's SkillResource and
// Skill.
type (
	skillResourceJSON struct {
		URI    string `json:"uri"`
		Digest string `json:"digest"`
		Size   int    `json:"size"`
	}
	skillJSON struct {
		URI         string              `json:"uri"`
		Frontmatter json.RawMessage     `json:"frontmatter"`
		Resources   []skillResourceJSON `json:"resources"`
	}
)

// files lists a skill's files: its skill file as SKILL.md, then, for a
// bundle, every other regular file under its folder; false when the skill
// cannot be served whole (a link, too many files, too deep).
func (e skillEntry) files() ([]skillFile, bool) {
	uri, ok := skillURI(e.name)
	if !ok {
		return nil, false
	}
	out := []skillFile{{uri, e.path}}
	if !strings.EqualFold(filepath.Base(e.path), "SKILL.md") {
		return out, true // a flat NAME.md: the file is the skill
	}
	root := strings.TrimSuffix(uri, "SKILL.md")
	var walk func(dir, rel string, depth int) bool
	walk = func(dir, rel string, depth int) bool {
		ents, err := os.ReadDir(dir)
		if err != nil || depth > maxSkillDepth {
			return false
		}
		for _, d := range ents {
			p, r := filepath.Join(dir, d.Name()), rel+url.PathEscape(d.Name())
			switch {
			case p == e.path:
			case d.Type()&os.ModeSymlink != 0:
				return false
			case d.IsDir():
				if !walk(p, r+"/", depth+1) {
					return false
				}
			case d.Type().IsRegular():
				out = append(out, skillFile{root + r, p})
			default:
				return false
			}
			if len(out) > maxSkillFiles {
				return false
			}
		}
		return true
	}
	return out, walk(filepath.Dir(e.path), "", 1)
}

// skillJSONOf is a skill's entry as the extension gives it, read now;
// false when it cannot be exact.
func skillJSONOf(e skillEntry) (*skillJSON, bool) {
	files, ok := e.files()
	if !ok {
		return nil, false
	}
	out := &skillJSON{URI: files[0].uri, Resources: []skillResourceJSON{}}
	total := 0
	for i, f := range files {
		src, _, err := discovery.ReadSkillFile(f.path, nil)
		if total += len(src); err != nil || total > maxSkillBytes {
			return nil, false
		}
		sum := sha256.Sum256(src)
		out.Resources = append(out.Resources, skillResourceJSON{URI: f.uri, Digest: "sha256:" + hex.EncodeToString(sum[:]), Size: len(src)})
		if i == 0 {
			if out.Frontmatter, ok = frontmatterJSON(f.path, src, e.name); !ok {
				return nil, false
			}
		}
	}
	return out, true
}

// frontmatterJSON is a skill file's frontmatter as JSON, when it reads as
// DSH reads it and names the skill name with a description.
func frontmatterJSON(path string, src []byte, name string) (json.RawMessage, bool) {
	f := skillfile.Parse(path, src, skillfile.ReadFS)
	fm := f.Frontmatter
	if fm == nil || fm.Err != nil || !fm.Mapping || fm.YAMLSpan.End > len(src) || fm.YAMLSpan.Start > fm.YAMLSpan.End {
		return nil, false
	}
	raw, err := dshyaml.JSON(src[fm.YAMLSpan.Start:fm.YAMLSpan.End])
	if err != nil {
		return nil, false
	}
	var head struct {
		Name        *string `json:"name"`
		Description *string `json:"description"`
	}
	if json.Unmarshal(raw, &head) != nil || head.Name == nil || *head.Name != name || head.Description == nil {
		return nil, false
	}
	return raw, true
}

// skillsList answers skills/list: every skill whose entry is exact.
func (s *skillResources) skillsList(ctx context.Context, _ json.RawMessage) (any, error) {
	list := []*skillJSON{}
	for _, e := range s.discover(ctx) {
		if sk, ok := skillJSONOf(e); ok {
			list = append(list, sk)
		}
	}
	return map[string]any{"resultType": "complete", "skills": list, "ttlMs": 0, "cacheScope": "public"}, nil
}

// skillsGet answers skills/get for the URI of a skill's SKILL.md.
func (s *skillResources) skillsGet(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		URI string `json:"uri"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, mcp.InvalidParams("skills/get: %v", err)
	}
	for _, e := range s.discover(ctx) {
		if uri, _ := skillURI(e.name); uri == p.URI {
			if sk, ok := skillJSONOf(e); ok {
				return map[string]any{"resultType": "complete", "skill": sk, "ttlMs": 0, "cacheScope": "public"}, nil
			}
		}
	}
	return nil, mcp.InvalidParams("no skill is served at %q", p.URI)
}

// readSkillFile reads one file of a skill's manifest (not its SKILL.md,
// which Read serves); nil for a URI the manifest does not list.
func (s *skillResources) readSkillFile(ctx context.Context, uri string) *mcp.Contents {
	for _, e := range s.discover(ctx) {
		root, ok := skillURI(e.name)
		if !ok || !strings.HasPrefix(uri, strings.TrimSuffix(root, "SKILL.md")) {
			continue
		}
		files, ok := e.files()
		if !ok {
			return nil
		}
		for _, f := range files[1:] {
			if f.uri != uri {
				continue
			}
			src, _, err := discovery.ReadSkillFile(f.path, nil)
			if err != nil {
				return nil
			}
			return fileContents(uri, f.path, src)
		}
	}
	return nil
}

// fileContents are a file's bytes as a resource's contents: text when
// they are UTF-8, else a blob.
func fileContents(uri, path string, src []byte) *mcp.Contents {
	c := &mcp.Contents{URI: uri, MIMEType: "application/octet-stream"}
	if strings.EqualFold(filepath.Ext(path), ".md") {
		c.MIMEType = "text/markdown"
	} else if utf8.Valid(src) {
		c.MIMEType = "text/plain"
	}
	if utf8.Valid(src) {
		c.Text = string(src)
	} else {
		c.Blob = src
	}
	return c
}
