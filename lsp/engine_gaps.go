package lsp

// engine_gaps.go holds engine logic that is not protocol but that the
// engine packages did not provide yet. Each function here should move to
// skills/, diagnostics/ or render/ (the comment says where); the lsp
// package then only calls it.

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

// keyDoc documents a frontmatter key for hover and completion.
// MOVE TO: skills or render (hover markdown for field docs).
type keyDoc struct {
	Key     string
	Doc     string
	Bool    bool // the value is a boolean flag
	DSH     bool // DSH reads it
	AgentSk bool // defined by the agentskills.io spec
}

var keyDocs = []keyDoc{
	{Key: "name", DSH: true, AgentSk: true, Doc: "The skill's identity: `^[a-z0-9]+(?:-[a-z0-9]+)*$` (lowercase kebab-case). Required: without a valid name DSH drops the skill. Users invoke it as `/name`. The agentskills.io spec also wants it equal to the bundle folder's name and at most 64 characters."},
	{Key: "description", DSH: true, AgentSk: true, Doc: "What the skill does and when to use it: the only text the model sees in the catalog before loading the skill. Required, a non-empty string. The catalog collapses whitespace and cuts it at `catalogDescriptionMaxLength` (default 500) UTF-16 units."},
	{Key: "disable-model-invocation", Bool: true, DSH: true, Doc: "`true` hides the skill from the catalog and the `skill` tool; users can still invoke it with `/name`. Accepts YAML booleans, 1/0 and true/yes/on/false/no/off strings; anything else drops the skill."},
	{Key: "user-invocable", Bool: true, DSH: true, Doc: "`false` makes `/name` plain prose for this skill (the model can still load it). Same accepted values as `disable-model-invocation`."},
	{Key: "whenToUse", DSH: true, Doc: "Optional extra guidance kept in DSH's registry; never shown to the model. Must be a non-empty string or DSH ignores it."},
	{Key: "metadata", DSH: true, AgentSk: true, Doc: "A mapping of extra properties (agentskills.io). DSH records that it is present; other values are ignored."},
	{Key: "license", AgentSk: true, Doc: "The skill's license (agentskills.io). DSH ignores it."},
	{Key: "compatibility", AgentSk: true, Doc: "Environment requirements, at most 500 characters (agentskills.io). DSH ignores it."},
	{Key: "allowed-tools", AgentSk: true, Doc: "Tools the skill may use without asking (agentskills.io, experimental). DSH ignores it."},
}

func lookupKeyDoc(key string) *keyDoc {
	for i := range keyDocs {
		if keyDocs[i].Key == key {
			return &keyDocs[i]
		}
	}
	return nil
}

// listJSON is the `skill-ls list --json` shape returned by
// skill-ls.listSkills. MOVE TO: the CLI/render (shared with `list --json`).
type listJSON struct {
	Skills   []listSkill   `json:"skills"`
	Shadowed []listShadow  `json:"shadowed"`
	Dropped  []listDropped `json:"dropped"`
}

type listSkill struct {
	Name           string `json:"name"`
	Description    string `json:"description"`
	Source         string `json:"source"`
	Rank           int    `json:"rank"`
	Path           string `json:"path"`
	ModelInvocable bool   `json:"modelInvocable"`
	UserInvocable  bool   `json:"userInvocable"`
}

type listShadow struct {
	listSkill
	ShadowedBy string `json:"shadowedBy"`
}

type listDropped struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	Kind   string `json:"kind"`
	Log    string `json:"log"`
}

func toListSkill(s *skills.Skill) listSkill {
	return listSkill{Name: s.Name, Description: s.Description, Source: string(s.Source), Rank: s.Rank, Path: s.Path,
		ModelInvocable: s.Invocation.ModelInvocable, UserInvocable: s.Invocation.UserInvocable}
}

func listSkills(reg *skills.Registry) listJSON {
	out := listJSON{Skills: []listSkill{}, Shadowed: []listShadow{}, Dropped: []listDropped{}}
	for _, s := range reg.Winners {
		out.Skills = append(out.Skills, toListSkill(s))
	}
	for _, sh := range reg.Shadowed {
		out.Shadowed = append(out.Shadowed, listShadow{listSkill: toListSkill(sh.Skill), ShadowedBy: sh.Winner.Path})
	}
	for _, f := range reg.Dropped {
		out.Dropped = append(out.Dropped, listDropped{Path: f.Path, Reason: f.Drop.Detail, Kind: string(f.Drop.Kind), Log: f.Drop.Log})
	}
	return out
}

// linkTarget resolves a relative Markdown link destination of the skill
// file at path against the file's folder (the resource base of a bundle;
// the root for a flat skill). It returns "" for URLs, anchors and absolute
// paths. MOVE TO: skills (next to Outline; the link rules need it too).
func linkTarget(path, dest string) string {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") {
		return ""
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if u, err := url.PathUnescape(dest); err == nil {
		dest = u
	}
	if dest == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(path), filepath.FromSlash(dest))
}

// chatToken is a `/name` or `/skill:name` token around a cursor in a chat
// buffer: Start is at the '/', End after the name; Prefix is the text
// between the '/' and the cursor.
type chatToken struct {
	Start, End int
	Name       string // the full name after "/" or "/skill:"
	Prefix     string // typed part of the name before the cursor
	TUI        bool   // "/skill:" form
}

// chatTokenAt finds the token that the cursor (byte offset) is in or just
// after. A token starts at the beginning of the text or after JavaScript
// whitespace. MOVE TO: render (next to GestureTokens).
func chatTokenAt(text string, off int) (chatToken, bool) {
	off = max(0, min(off, len(text)))
	isName := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' }
	i := off
	for i > 0 && (isName(text[i-1]) || text[i-1] == ':') {
		i--
	}
	if i == 0 || text[i-1] != '/' {
		return chatToken{}, false
	}
	slash := i - 1
	if slash > 0 {
		r := lastRune(text[:slash])
		if !skills.IsJSSpace(r) {
			return chatToken{}, false
		}
	}
	end := off
	for end < len(text) && (isName(text[end]) || text[end] == ':') {
		end++
	}
	word := text[slash+1 : end]
	typed := text[slash+1 : off]
	tok := chatToken{Start: slash, End: end}
	if rest, ok := strings.CutPrefix(word, "skill:"); ok {
		tok.TUI = true
		tok.Name = rest
		tok.Prefix = strings.TrimPrefix(typed, "skill:")
		if len(typed) < len("skill:") {
			tok.Prefix = ""
		}
	} else {
		if strings.Contains(word, ":") {
			if !strings.HasPrefix("skill:", typed) {
				return chatToken{}, false
			}
		}
		tok.Name = word
		tok.Prefix = typed
	}
	return tok, true
}

func lastRune(s string) rune {
	for i := len(s) - 1; i >= 0 && i >= len(s)-4; i-- {
		if r := []rune(s[i:]); len(r) == 1 && (s[i] < 0x80 || s[i] >= 0xC0) {
			return r[0]
		}
	}
	return 0xFFFD
}

// nameRefs returns the spans of every `/name` token naming name in text.
// MOVE TO: render.
func nameRefs(text string, name string) []skills.Span {
	var out []skills.Span
	for _, tok := range render.GestureTokens(text) {
		if tok.Name == name {
			out = append(out, skills.Span{Start: tok.Start + 1, End: tok.End})
		}
	}
	// The TUI form /skill:name at the start of the text.
	if n, _, ok := render.ParseTUICommand(text); ok && n == name {
		if i := strings.Index(text, "/skill:"+name); i >= 0 {
			out = append(out, skills.Span{Start: i + len("/skill:"), End: i + len("/skill:") + len(name)})
		}
	}
	slices.SortFunc(out, func(a, b skills.Span) int { return a.Start - b.Start })
	return slices.Compact(out)
}
