package hosts

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// codex_config.go: what Codex 0.171 reads besides the skill files — the
// skills table of its config.toml and the plugin manifests above a skill —
// read once per evaluation (env.codex).

// codexState is what one evaluation has read of Codex's settings.
type codexState struct {
	// config is $CODEX_HOME/config.toml, as the notes name it.
	config string
	// rules are its [[skills.config]] entries with a selector, in file order.
	rules []codexSkillRule
	// bundledOff is [skills.bundled] enabled = false: no system skills.
	bundledOff bool
	// fatal is why Codex does not start with this config ("" when it does).
	fatal string
	// plugins caches the plugin manifest of a folder.
	plugins map[string]codexManifest
}

// codexSkillRule is one [[skills.config]] entry: a path (canonical) or a
// name selector, and whether it enables or disables what it selects.
type codexSkillRule struct {
	path, name string
	enabled    bool
	text       string // the entry as the notes quote it
}

// codexSkillsTOML is what Codex reads of the skills table: it does not
// start when these keys have another type or enabled is missing, and
// ignores keys it does not know (the host suite, codex-config).
type codexSkillsTOML struct {
	Skills *struct {
		Bundled *struct {
			Enabled *bool `toml:"enabled"`
		} `toml:"bundled"`
		Config []struct {
			Path    *string `toml:"path"`
			Name    *string `toml:"name"`
			Enabled *bool   `toml:"enabled"`
		} `toml:"config"`
	} `toml:"skills"`
}

// codexHomeDir is $CODEX_HOME, else ~/.codex.
func codexHomeDir(e *env) string {
	if h := e.opts.getenv("CODEX_HOME"); h != "" {
		return h
	}
	return filepath.Join(e.home, ".codex")
}

// codexSettings reads Codex's config once per evaluation. Only the user
// layer ($CODEX_HOME/config.toml) counts: Codex 0.171.0 ignores the skills
// table of a project's .codex/config.toml (the host suite, codex-config).
func codexSettings(e *env) *codexState {
	if e.codex != nil {
		return e.codex
	}
	home := codexHomeDir(e)
	path := filepath.Join(home, "config.toml")
	st := &codexState{config: e.label(path), plugins: map[string]codexManifest{}}
	e.codex = st
	src, err := os.ReadFile(path)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			st.fatal = st.config + ": " + err.Error()
		}
		return st
	}
	var typed codexSkillsTOML
	if err := toml.Unmarshal(src, &typed); err != nil {
		st.fatal = st.config + ": " + err.Error()
		return st
	}
	if typed.Skills == nil {
		return st
	}
	for _, c := range typed.Skills.Config {
		if c.Enabled == nil {
			st.fatal = st.config + ": missing field `enabled` in `skills.config`"
			return st
		}
	}
	if b := typed.Skills.Bundled; b != nil && b.Enabled != nil && !*b.Enabled {
		st.bundledOff = true
	}
	for _, c := range typed.Skills.Config {
		if r, ok := codexRule(home, c.Path, c.Name, *c.Enabled); ok {
			st.rules = append(st.rules, r)
		}
	}
	return st
}

// codexRule makes a rule of one entry; ok is false for the entries Codex
// ignores: both selectors, neither, or a blank name. A relative path is
// the config folder's; the path is compared with symbolic links resolved.
func codexRule(home string, path, name *string, enabled bool) (codexSkillRule, bool) {
	state := "false"
	if enabled {
		state = "true"
	}
	switch {
	case path != nil && name == nil:
		p := *path
		if !filepath.IsAbs(p) {
			p = filepath.Join(home, p)
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return codexSkillRule{path: filepath.Clean(p), enabled: enabled, text: "path = " + strconv.Quote(*path) + ", enabled = " + state}, true
	case name != nil && path == nil && strings.TrimSpace(*name) != "":
		return codexSkillRule{name: strings.TrimSpace(*name), enabled: enabled, text: "name = " + strconv.Quote(*name) + ", enabled = " + state}, true
	}
	return codexSkillRule{}, false
}

// codexDisabled returns the note of a skill Codex's config turns off, or
// nil: the last [[skills.config]] entry that selects the skill (by its
// file, links resolved, or by its whole name, plugin prefix included)
// decides; [skills.bundled] enabled = false turns off the system skills.
func codexDisabled(e *env, f File, name string) *Note {
	st := codexSettings(e)
	if st.fatal != "" {
		return &Note{Code: "host-config-invalid", Message: e.host.Name + " does not start: " + st.fatal}
	}
	if f.Scope == ScopeSystem && st.bundledOff {
		return e.skipNote("disabled-by-config", "", "disabled by "+st.config+" ([skills.bundled] enabled = false)")
	}
	if len(st.rules) == 0 {
		return nil
	}
	real := f.Path
	if r, err := filepath.EvalSymlinks(real); err == nil {
		real = r
	}
	var last *codexSkillRule
	for i, r := range st.rules {
		if (r.path != "" && r.path == real) || (r.name != "" && r.name == name) {
			last = &st.rules[i]
		}
	}
	if last == nil || last.enabled {
		return nil
	}
	return e.skipNote("disabled-by-config", "", "disabled by "+st.config+" ([[skills.config]] "+last.text+")")
}
