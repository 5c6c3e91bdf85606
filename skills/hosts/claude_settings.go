package hosts

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spelling"
)

// claude_settings.go: Claude Code 2.1.332's skillOverrides setting, as the
// host suite observed it (case claude-overrides): an object from a skill's
// name (its folder's, or a command's "dir:name"; not the frontmatter name)
// to "on", "name-only" (listed without description), "user-invocable-only"
// (left out of the listing, /name still runs it) or "off" (not loaded). The
// first of .claude/settings.local.json, .claude/settings.json (both in the
// working directory) and ~/.claude/settings.json that names the skill
// decides; a file that is not JSON, or whose skillOverrides holds another
// value, is ignored whole. The plugin folders' skills are not affected.

// Claude Code's skillOverrides values.
const (
	claudeOverrideOn       = "on"
	claudeOverrideNameOnly = "name-only"
	claudeOverrideHidden   = "user-invocable-only"
	claudeOverrideOff      = "off"
)

// claudeSettingsLayer is one settings file's skillOverrides.
type claudeSettingsLayer struct {
	file      string // as the notes name it
	overrides map[string]string
}

// claudeOverride is the skillOverrides entry that decides a skill.
type claudeOverride struct {
	value, file, key string
}

// why is the entry as the notes quote it: "FILE (skillOverrides "x": "off")".
func (o claudeOverride) why() string {
	return o.file + " (skillOverrides " + strconv.Quote(o.key) + ": " + strconv.Quote(o.value) + ")"
}

// claudeSettingsFiles are the settings files that may hold skillOverrides,
// in the order Claude Code asks them: local, project, user.
func claudeSettingsFiles(e *env) []string {
	return []string{
		filepath.Join(e.opts.Cwd, ".claude", "settings.local.json"),
		filepath.Join(e.opts.Cwd, ".claude", "settings.json"),
		filepath.Join(claudeConfigDir(e), "settings.json"),
	}
}

// claudeSettings reads the skillOverrides of each settings file once per
// evaluation.
func claudeSettings(e *env) []claudeSettingsLayer {
	if e.claude != nil {
		return *e.claude
	}
	var layers []claudeSettingsLayer
	for _, path := range claudeSettingsFiles(e) {
		if o := readClaudeOverrides(path); o != nil {
			layers = append(layers, claudeSettingsLayer{file: e.label(path), overrides: o})
		}
	}
	e.claude = &layers
	return layers
}

// readClaudeOverrides returns a file's skillOverrides, nil when the file
// is absent or Claude Code ignores it (not JSON, a value it does not know).
func readClaudeOverrides(path string) map[string]string {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var doc struct {
		SkillOverrides map[string]any `json:"skillOverrides"`
	}
	if json.Unmarshal(src, &doc) != nil {
		return nil
	}
	out := make(map[string]string, len(doc.SkillOverrides))
	for k, v := range doc.SkillOverrides {
		s, _ := v.(string)
		switch s {
		case claudeOverrideOn, claudeOverrideNameOnly, claudeOverrideHidden, claudeOverrideOff:
			out[k] = s
		default:
			return nil
		}
	}
	return out
}

// claudeOverrideOf returns the skillOverrides entry that decides name,
// ok false when no file names it.
func claudeOverrideOf(e *env, name string) (claudeOverride, bool) {
	for _, l := range claudeSettings(e) {
		if v, ok := l.overrides[name]; ok {
			return claudeOverride{value: v, file: l.file, key: name}, true
		}
	}
	return claudeOverride{}, false
}

// claudeApplyOverride applies the skillOverrides entry of a skill that is
// not a plugin's: a drop note for "off", else ent changed as the listing
// shows it (name only, or left out).
func claudeApplyOverride(e *env, ent *entry) *Note {
	o, ok := claudeOverrideOf(e, ent.name)
	if !ok {
		return nil
	}
	switch o.value {
	case claudeOverrideOff:
		return e.skipNote("disabled-by-config", "", "disabled by "+o.why())
	case claudeOverrideHidden:
		ent.listed = false
		ent.notes = append(ent.notes, Note{Code: "hidden-by-config", Message: e.host.Name + " leaves this skill out of its listing: hidden from its model by " + o.why() + ", so only /" + ent.name + " runs it"})
	case claudeOverrideNameOnly:
		ent.listing, ent.alias = "", ""
		ent.notes = append(ent.notes, Note{Code: "hidden-by-config", Message: e.host.Name + " lists this skill by its folder's name only, without description: " + o.why()})
	}
	return nil
}

// claudeBuiltinOverride is what one of the release's own skills costs the
// listing after skillOverrides: 0 when off or hidden from the model, its
// name's line under name-only, cost otherwise.
func claudeBuiltinOverride(e *env, name string, cost int) int {
	o, ok := claudeOverrideOf(e, name)
	if !ok {
		return cost
	}
	switch o.value {
	case claudeOverrideOff, claudeOverrideHidden:
		return 0
	case claudeOverrideNameOnly:
		return len("- "+name) + 1
	}
	return cost
}

// A skillOverrides entry whose key names no skill does nothing, silently:
// "onbaording": "off" leaves /onboarding on. The project's settings files
// are the ones a repository can get wrong for every user; a key of
// ~/.claude/settings.json may name another project's skill, so it is left
// alone, as is a key with a colon (an MCP server's server:skill, which
// skill-ls does not model).

// UnknownOverride is a skillOverrides entry of a project settings file of
// Claude Code (.claude/settings.local.json, .claude/settings.json) that
// names none of the skills it has.
type UnknownOverride struct {
	// Path is the settings file; Start and End the byte span of the
	// entry's key, its quotes included; File the file as notes name it.
	Path       string
	Start, End int
	File       string
	// Key is the entry's key; Suggest the name of a skill Claude Code has
	// that is nearest to it, "" when none is close enough to be a typo.
	Key, Suggest string
}

// UnknownOverrides returns the entries of the project settings files
// Claude Code reads in the environment opts whose key names no skill of
// res (Claude Code's result in that environment: the folders it
// discovers, whether or not they load, and the names it loads them
// under) and none of the release's own. A file Claude Code ignores (not
// JSON, a value it does not know) has none: its entries do nothing anyway.
func UnknownOverrides(res *Result, opts Options) []UnknownOverride {
	if res == nil || res.Host == nil || res.Host.ID != Claude {
		return nil
	}
	e := &env{opts: opts, host: res.Host, project: opts.projectRoot(), home: opts.Home}
	known := claudeKnownNames(res)
	var out []UnknownOverride
	for _, path := range claudeSettingsFiles(e)[:2] {
		src, err := os.ReadFile(path)
		if err != nil || readClaudeOverrides(path) == nil {
			continue
		}
		for _, k := range overrideKeys(src) {
			if known[k.key] || strings.Contains(k.key, ":") {
				continue
			}
			out = append(out, UnknownOverride{Path: path, Start: k.start, End: k.end, File: e.label(path), Key: k.key, Suggest: nearestName(k.key, known)})
		}
	}
	return out
}

// claudeKnownNames returns the names a skillOverrides key may select in
// res: each discovered file's folder, each loaded skill's name, and the
// release's own skills and commands.
func claudeKnownNames(res *Result) map[string]bool {
	known := map[string]bool{}
	for _, f := range res.Files {
		known[f.Folder] = true
	}
	for _, v := range res.Verdicts {
		if v.Name != "" {
			known[v.Name] = true
		}
	}
	for _, b := range claudeBuiltinSkills {
		known[b.name] = true
	}
	for _, n := range claudeBuiltinNames {
		known[n] = true
	}
	return known
}

// nearestName returns the name of known nearest to key by edit distance,
// "" when none is close enough to be a likely typo (the bound of the
// chat's /name suggestions); of equally near names, the first in order.
func nearestName(key string, known map[string]bool) string {
	best, bestDist := "", len(key)/3+2
	for _, name := range slices.Sorted(maps.Keys(known)) {
		if d := spelling.Distance(key, name, bestDist); d < bestDist {
			best, bestDist = name, d
		}
	}
	return best
}

// overrideKey is one key of a settings file's skillOverrides object, with
// its byte span (quotes included).
type overrideKey struct {
	key        string
	start, end int
}

// overrideKeys returns the keys of the top-level skillOverrides object of
// the JSON document src, in order; nil when src holds none.
func overrideKeys(src []byte) []overrideKey {
	dec := json.NewDecoder(bytes.NewReader(src))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		if k != "skillOverrides" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil
			}
			continue
		}
		return objectKeys(dec, src)
	}
	return nil
}

// objectKeys reads the object dec is at, returning its keys with their
// spans in src.
func objectKeys(dec *json.Decoder, src []byte) []overrideKey {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var out []overrideKey
	for dec.More() {
		at := int(dec.InputOffset())
		k, err := dec.Token()
		if err != nil {
			return out
		}
		end := int(dec.InputOffset())
		start := at + bytes.IndexByte(src[at:end], '"')
		if s, ok := k.(string); ok && start >= at {
			out = append(out, overrideKey{key: s, start: start, end: end})
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return out
		}
	}
	return out
}
