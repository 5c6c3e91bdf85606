package hosts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
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
