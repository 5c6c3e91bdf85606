package session

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// Settings are the client-controlled settings of docs/server.md. The zero
// value is not valid; start from [DefaultSettings].
type Settings struct {
	Profile                     string // "dsh" | "agentskills"
	CatalogDescriptionMaxLength int    // UTF-16 code units, ≥ 3
	CatalogVersion              string // "v2" | "v1"
	ProjectRoot                 string // "" = the nearest ancestor of each folder holding .git
	DSHHome                     string // "" = $DSH_HOME or ~/.dsh
	AgentsHome                  string // "" = $DSH_AGENTS_HOME or ~/.agents
	CustomDirs                  []string
	BundledDir                  string // "" = $DSH_BUNDLED_SKILL_DIR
	NoDefaultRoots              bool
	ChatLanguages               []string
	ChatPatterns                []string
	DiagnosticsDelay            time.Duration
	Hosts                       []string // host ids (or "all") besides DSH; nil: DSH alone
	ContextWindow               int      // tokens, for hosts' percentage budgets; 0: each host release's default model's (hosts.Host.Window)
	Verbose                     bool     // report the host notes that only say a behaviour is unconfirmed (check --verbose)
	ChatHost                    string   // the host id chat buffers speak to; "": every host the view selects
	// explicit holds the keys the user set (in initializationOptions or a
	// configuration change): they win over the project's .skill-ls.yaml.
	explicit map[string]bool
}

// DefaultSettings returns the settings used when the client sets nothing.
func DefaultSettings() Settings {
	return Settings{
		Profile:                     "dsh",
		CatalogDescriptionMaxLength: 500,
		CatalogVersion:              "v2",
		ChatLanguages:               defaultChatLanguages(),
		ChatPatterns:                defaultChatPatterns(),
		DiagnosticsDelay:            150 * time.Millisecond,
	}
}

// rawSettings is the wire shape; pointers distinguish absent from zero.
type rawSettings struct {
	Profile                     *string   `json:"profile"`
	CatalogDescriptionMaxLength *int      `json:"catalogDescriptionMaxLength"`
	CatalogVersion              *string   `json:"catalogVersion"`
	ProjectRoot                 *string   `json:"projectRoot"`
	DSHHome                     *string   `json:"dshHome"`
	AgentsHome                  *string   `json:"agentsHome"`
	CustomDirs                  *[]string `json:"customDirs"`
	BundledDir                  *string   `json:"bundledDir"`
	NoDefaultRoots              *bool     `json:"noDefaultRoots"`
	ChatLanguages               *[]string `json:"chatLanguages"`
	ChatPatterns                *[]string `json:"chatPatterns"`
	DiagnosticsDelay            *int      `json:"diagnosticsDelay"`
	Hosts                       *[]string `json:"hosts"`
	ContextWindow               *int      `json:"contextWindow"`
	Verbose                     *bool     `json:"verbose"`
	ChatHost                    *string   `json:"chatHost"`
}

// ParseSettings lays the keys present in data (a JSON object, or null/empty
// for none) over base. For didChangeConfiguration payloads, pass
// section=true: the object's "skillLs" member is used when present, the
// object itself otherwise. Invalid values keep base's value and are
// reported in problems (one message per bad key); a payload that is not an
// object is a problem too. homeDir expands a leading "~/" in paths.
func ParseSettings(base Settings, data []byte, section bool, homeDir string) (Settings, []string) {
	p := settingsParser{s: base, homeDir: homeDir}
	p.s.explicit = maps.Clone(base.explicit)
	if p.s.explicit == nil {
		p.s.explicit = map[string]bool{}
	}
	p.s.CustomDirs = slices.Clone(base.CustomDirs)
	p.s.ChatLanguages = slices.Clone(base.ChatLanguages)
	p.s.ChatPatterns = slices.Clone(base.ChatPatterns)
	fields, problem := settingsFields(data, section)
	if problem != "" {
		return p.s, []string{problem}
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		p.set(key, fields[key])
	}
	return p.s, p.problems
}

// settingsFields returns the members of the settings object in data (see
// parseSettings), or a problem when it is not an object. No settings at
// all is an empty map.
func settingsFields(data []byte, section bool) (map[string]json.RawMessage, string) {
	trimmed := strings.TrimSpace(string(data))
	if trimmed == "" || trimmed == "null" {
		return nil, ""
	}
	if section {
		var outer map[string]json.RawMessage
		if err := json.Unmarshal(data, &outer); err != nil {
			return nil, fmt.Sprintf("settings: not an object: %v", err)
		}
		if inner, ok := outer["skillLs"]; ok {
			data = inner
			if t := strings.TrimSpace(string(inner)); t == "null" {
				return nil, ""
			}
		}
	}
	// Decoded key by key (by set) so one bad value does not discard the others.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Sprintf("settings: not an object: %v", err)
	}
	return fields, ""
}

// settingsParser lays settings over a base one key at a time.
type settingsParser struct {
	s        Settings
	homeDir  string
	problems []string
}

func (p *settingsParser) bad(key string, format string, args ...any) {
	p.problems = append(p.problems, fmt.Sprintf("setting %s: %s", key, fmt.Sprintf(format, args...)))
}

// expand replaces a leading "~" by the home directory.
func (p *settingsParser) expand(path string) string {
	if p.homeDir != "" && (path == "~" || strings.HasPrefix(path, "~/") || strings.HasPrefix(path, `~\`)) {
		return filepath.Join(p.homeDir, path[1:])
	}
	return path
}

// set decodes one member through rawSettings (so key names match as
// encoding/json matches them) and applies the field it sets.
func (p *settingsParser) set(key string, value json.RawMessage) {
	b, _ := json.Marshal(map[string]json.RawMessage{key: value})
	var r rawSettings
	if err := json.Unmarshal(b, &r); err != nil {
		if _, known := knownSettings[key]; known {
			p.bad(key, "wrong type: %v", err)
		}
		return
	}
	if _, known := knownSettings[key]; known {
		p.s.explicit[key] = true
	}
	switch {
	case r.Profile != nil:
		p.oneOf(key, &p.s.Profile, *r.Profile, "%q is not \"dsh\" or \"agentskills\"", "dsh", "agentskills")
	case r.CatalogDescriptionMaxLength != nil:
		if n := *r.CatalogDescriptionMaxLength; n < 3 {
			p.bad(key, "%d is less than 3", n)
		} else {
			p.s.CatalogDescriptionMaxLength = n
		}
	case r.CatalogVersion != nil:
		p.oneOf(key, &p.s.CatalogVersion, *r.CatalogVersion, "%q is not \"v2\" or \"v1\"", "v1", "v2")
	case r.ProjectRoot != nil:
		p.s.ProjectRoot = p.expand(*r.ProjectRoot)
	case r.DSHHome != nil:
		p.s.DSHHome = p.expand(*r.DSHHome)
	case r.AgentsHome != nil:
		p.s.AgentsHome = p.expand(*r.AgentsHome)
	case r.CustomDirs != nil:
		p.s.CustomDirs = p.s.CustomDirs[:0]
		for _, d := range *r.CustomDirs {
			if d != "" {
				p.s.CustomDirs = append(p.s.CustomDirs, p.expand(d))
			}
		}
	case r.BundledDir != nil:
		p.s.BundledDir = p.expand(*r.BundledDir)
	case r.NoDefaultRoots != nil:
		p.s.NoDefaultRoots = *r.NoDefaultRoots
	case r.ChatLanguages != nil:
		p.s.ChatLanguages = slices.Clone(*r.ChatLanguages)
	case r.ChatPatterns != nil:
		p.chatPatterns(key, *r.ChatPatterns)
	case r.DiagnosticsDelay != nil:
		if ms := *r.DiagnosticsDelay; ms < 0 {
			p.bad(key, "%d is negative", ms)
		} else {
			p.s.DiagnosticsDelay = time.Duration(ms) * time.Millisecond
		}
	default:
		p.setHosts(key, r)
	}
}

// setHosts applies the host settings: the hosts (checked against
// skills/hosts), the context window and whether unconfirmed host notes
// are reported.
func (p *settingsParser) setHosts(key string, r rawSettings) {
	switch {
	case r.Hosts != nil:
		if _, err := hosts.Select(strings.Join(*r.Hosts, ",")); err != nil && len(*r.Hosts) > 0 {
			p.bad(key, "%v", err)
			return
		}
		p.s.Hosts = slices.Clone(*r.Hosts)
	case r.ContextWindow != nil:
		if *r.ContextWindow < 0 {
			p.bad(key, "%d is negative", *r.ContextWindow)
			return
		}
		p.s.ContextWindow = *r.ContextWindow
	case r.Verbose != nil:
		p.s.Verbose = *r.Verbose
	case r.ChatHost != nil:
		if *r.ChatHost != "" && hosts.Lookup(*r.ChatHost) == nil {
			ids := make([]string, 0, len(hosts.All()))
			for _, h := range hosts.All() {
				ids = append(ids, string(h.ID))
			}
			p.bad(key, "%q is not a host id (%s)", *r.ChatHost, strings.Join(ids, ", "))
			return
		}
		p.s.ChatHost = *r.ChatHost
	}
}

// oneOf sets *dst to v when v is one of allowed, else reports v with msg.
func (p *settingsParser) oneOf(key string, dst *string, v, msg string, allowed ...string) {
	if !slices.Contains(allowed, v) {
		p.bad(key, msg, v)
		return
	}
	*dst = v
}

// chatPatterns keeps the valid chat patterns (chatmatch.go) and
// reports the others.
func (p *settingsParser) chatPatterns(key string, globs []string) {
	pats := make([]string, 0, len(globs))
	for _, g := range globs {
		if err := checkChatPattern(g); err != nil {
			p.bad(key, "pattern %q: %v", g, err)
			continue
		}
		pats = append(pats, g)
	}
	p.s.ChatPatterns = pats
}

var knownSettings = map[string]struct{}{
	"profile": {}, "catalogDescriptionMaxLength": {}, "catalogVersion": {}, "projectRoot": {}, "dshHome": {},
	"agentsHome": {}, "customDirs": {}, "bundledDir": {}, "noDefaultRoots": {},
	"chatLanguages": {}, "chatPatterns": {}, "diagnosticsDelay": {}, "hosts": {}, "contextWindow": {},
	"verbose": {}, "chatHost": {},
}

// diagOptions are the rule options the settings select, laid over the
// project's config file (cfg, nil for none): a key the user set in the
// editor wins over the file.
func (s *Settings) diagOptions(cfg *diagnostics.Config) diagnostics.Options {
	prof, _ := diagnostics.LookupProfile(s.Profile)
	opts := diagnostics.Options{Profile: prof, MaxDescription: s.CatalogDescriptionMaxLength, Verbose: s.Verbose}
	if cfg == nil {
		return opts
	}
	if cfg.Profile != nil && !s.explicit["profile"] {
		opts.Profile = cfg.Profile
	}
	if cfg.MaxDescription > 0 && !s.explicit["catalogDescriptionMaxLength"] {
		opts.MaxDescription = cfg.MaxDescription
	}
	opts.Rules = cfg.Rules
	return opts
}

// IsChat reports whether a document with this language id and path is a
// chat buffer under s.
func (s *Settings) IsChat(languageID, p string) bool {
	if languageID != "" && slices.Contains(s.ChatLanguages, languageID) {
		return true
	}
	return chatPatternMatches(s.ChatPatterns, p)
}
