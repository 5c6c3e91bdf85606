package hosts

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// opencode_settings.go: OpenCode 1.18.33's permission rules for its skill
// tool, as the host suite observed them (case opencode-permission): the
// "permission" objects of its config files, merged in the order OpenCode
// reads them (~/.config/opencode, then opencode.json(c) from the project
// root down to the working directory, then their .opencode folders), a
// later file's value replacing an earlier one's in place and new keys
// going last. Of the rules whose permission ("skill", "*") and pattern
// (a wildcard) match a skill's name, the last decides; a skill it denies
// loads (`opencode debug skill` lists it) but is left out of the model's
// <available_skills> and its tool refuses it.

// opencodeRule is one permission rule and the file it comes from.
type opencodeRule struct {
	permission, pattern, action, file string
}

// opencodePermission is an ordered "permission" object: a key holds an
// action for every pattern ("deny"), or actions by pattern.
type opencodePermission struct {
	keys []string
	vals map[string]opencodePermValue
}

// opencodePermValue is one key's value: action when a string, else the
// ordered patterns and their actions; file is where it was last set.
type opencodePermValue struct {
	action   string
	patterns []string
	actions  map[string]string
	files    map[string]string
	file     string
}

// opencodeConfigFiles are the files OpenCode reads a "permission" from,
// in merge order.
func opencodeConfigFiles(e *env) []string {
	cfg := e.opts.getenv("XDG_CONFIG_HOME")
	if cfg == "" {
		cfg = filepath.Join(e.home, ".config")
	}
	global := filepath.Join(cfg, "opencode")
	files := []string{filepath.Join(global, "config.json"), filepath.Join(global, "opencode.json"), filepath.Join(global, "opencode.jsonc")}
	if f := e.opts.getenv("OPENCODE_CONFIG"); f != "" {
		files = append(files, f)
	}
	dirs := between(e.project, e.opts.Cwd)
	for i := len(dirs) - 1; i >= 0; i-- {
		files = append(files, filepath.Join(dirs[i], "opencode.jsonc"), filepath.Join(dirs[i], "opencode.json"))
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		files = append(files, filepath.Join(dirs[i], ".opencode", "opencode.jsonc"), filepath.Join(dirs[i], ".opencode", "opencode.json"))
	}
	return files
}

// opencodeRules reads and merges the permission objects once per
// evaluation, flattened into rules in order.
func opencodeRules(e *env) []opencodeRule {
	if e.opencode != nil {
		return *e.opencode
	}
	merged := opencodePermission{vals: map[string]opencodePermValue{}}
	for _, path := range opencodeConfigFiles(e) {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var doc struct {
			Permission json.RawMessage `json:"permission"`
		}
		if json.Unmarshal(stripJSONC(src), &doc) != nil || doc.Permission == nil {
			continue
		}
		merged.merge(doc.Permission, e.label(path))
	}
	var rules []opencodeRule
	for _, k := range merged.keys {
		v := merged.vals[k]
		if v.patterns == nil {
			rules = append(rules, opencodeRule{k, "*", v.action, v.file})
			continue
		}
		for _, p := range v.patterns {
			rules = append(rules, opencodeRule{k, p, v.actions[p], v.files[p]})
		}
	}
	e.opencode = &rules
	return rules
}

// merge adds one file's "permission" (a string: every permission; else an
// object) to p as OpenCode's deep merge does.
func (p *opencodePermission) merge(raw json.RawMessage, file string) {
	var all string
	if json.Unmarshal(raw, &all) == nil {
		p.set("*", opencodePermValue{action: all, file: file})
		return
	}
	keys, vals := orderedObject(raw)
	for _, k := range keys {
		var action string
		if json.Unmarshal(vals[k], &action) == nil {
			p.set(k, opencodePermValue{action: action, file: file})
			continue
		}
		pats, actions := orderedObject(vals[k])
		if pats == nil {
			continue
		}
		v, ok := p.vals[k]
		if !ok || v.patterns == nil {
			v = opencodePermValue{patterns: []string{}, actions: map[string]string{}, files: map[string]string{}}
		}
		for _, pat := range pats {
			var a string
			if json.Unmarshal(actions[pat], &a) != nil {
				continue
			}
			if _, seen := v.actions[pat]; !seen {
				v.patterns = append(v.patterns, pat)
			}
			v.actions[pat], v.files[pat] = a, file
		}
		p.set(k, v)
	}
}

// set puts a key's value, in place when the key is there already.
func (p *opencodePermission) set(k string, v opencodePermValue) {
	if _, ok := p.vals[k]; !ok {
		p.keys = append(p.keys, k)
	}
	p.vals[k] = v
}

// orderedObject returns a JSON object's keys in order and their values;
// nil keys when raw is not an object.
func orderedObject(raw json.RawMessage) ([]string, map[string]json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil
	}
	keys := []string{}
	vals := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil
		}
		k, _ := t.(string)
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return nil, nil
		}
		if _, seen := vals[k]; !seen {
			keys = append(keys, k)
		}
		vals[k] = v
	}
	return keys, vals
}

// opencodeWildcard reports whether s matches an OpenCode wildcard: * any
// run of characters, ? one, anchored at both ends.
func opencodeWildcard(pattern, s string) bool {
	re := "^" + strings.NewReplacer(`\*`, ".*", `\?`, ".").Replace(regexp.QuoteMeta(pattern)) + "$"
	ok, err := regexp.MatchString("(?s)"+re, s)
	return err == nil && ok
}

// opencodeDenied returns the rule that denies the skill tool name, ok false
// when the last rule that matches allows or asks, or none does.
func opencodeDenied(e *env, name string) (opencodeRule, bool) {
	rules := opencodeRules(e)
	for i := len(rules) - 1; i >= 0; i-- {
		r := rules[i]
		if opencodeWildcard(r.permission, "skill") && opencodeWildcard(r.pattern, name) {
			return r, r.action == "deny"
		}
	}
	return opencodeRule{}, false
}

// why quotes the rule as the notes do: FILE (permission.skill "x": "deny").
func (r opencodeRule) why() string {
	key := "permission." + r.permission
	if r.permission == "*" {
		key = "permission[\"*\"]"
	}
	return r.file + " (" + key + " " + strconv.Quote(r.pattern) + ": " + strconv.Quote(r.action) + ")"
}

// stripJSONC turns JSONC (comments, trailing commas) into JSON.
func stripJSONC(src []byte) []byte {
	var out []byte
	inStr := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inStr:
			out = append(out, c)
			if c == '\\' && i+1 < len(src) {
				i++
				out = append(out, src[i])
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			out = append(out, c)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += end + 3
		default:
			out = append(out, c)
		}
	}
	return regexp.MustCompile(`,(\s*[}\]])`).ReplaceAll(out, []byte("$1"))
}
