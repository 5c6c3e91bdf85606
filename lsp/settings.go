package lsp

import (
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Settings are the client-controlled settings of docs/server.md. The zero
// value is not valid; start from [DefaultSettings].
type Settings struct {
	Profile                     string // "dsh" | "agentskills"
	CatalogDescriptionMaxLength int    // UTF-16 code units, ≥ 3
	CatalogVersion              string // "v2" | "v1"
	DSHHome                     string // "" = $DSH_HOME or ~/.dsh
	AgentsHome                  string // "" = $DSH_AGENTS_HOME or ~/.agents
	CustomDirs                  []string
	BundledDir                  string // "" = $DSH_BUNDLED_SKILL_DIR
	NoDefaultRoots              bool
	ProjectRoot                 string // "" = the nearest ancestor of each folder holding .git
	ChatLanguages               []string
	ChatPatterns                []string
	DiagnosticsDelay            time.Duration
}

// DefaultChatLanguages are the language ids treated as chat buffers by
// default: skill-ls's own, then the filetypes of popular Neovim/VS Code chat
// plugins.
var DefaultChatLanguages = []string{"skill-chat", "codecompanion", "Avante", "AvanteInput", "copilot-chat", "gp", "chatgpt-input", "dsh-chat"}

// DefaultChatPatterns are the file-name globs treated as chat buffers by
// default.
var DefaultChatPatterns = []string{"*.chat.md", "*.chat", "*.skill-chat"}

// DefaultSettings returns the settings used when the client sets nothing.
func DefaultSettings() Settings {
	return Settings{
		Profile:                     "dsh",
		CatalogDescriptionMaxLength: 500,
		CatalogVersion:              "v2",
		ChatLanguages:               slices.Clone(DefaultChatLanguages),
		ChatPatterns:                slices.Clone(DefaultChatPatterns),
		DiagnosticsDelay:            150 * time.Millisecond,
	}
}

// rawSettings is the wire shape; pointers distinguish absent from zero.
type rawSettings struct {
	Profile                     *string   `json:"profile"`
	CatalogDescriptionMaxLength *int      `json:"catalogDescriptionMaxLength"`
	CatalogVersion              *string   `json:"catalogVersion"`
	DSHHome                     *string   `json:"dshHome"`
	AgentsHome                  *string   `json:"agentsHome"`
	CustomDirs                  *[]string `json:"customDirs"`
	BundledDir                  *string   `json:"bundledDir"`
	NoDefaultRoots              *bool     `json:"noDefaultRoots"`
	ProjectRoot                 *string   `json:"projectRoot"`
	ChatLanguages               *[]string `json:"chatLanguages"`
	ChatPatterns                *[]string `json:"chatPatterns"`
	DiagnosticsDelay            *int      `json:"diagnosticsDelay"`
}

// parseSettings lays the keys present in data (a JSON object, or null/empty
// for none) over base. For didChangeConfiguration payloads, pass
// section=true: the object's "skillLs" member is used when present, the
// object itself otherwise. Invalid values keep base's value and are
// reported in problems (one message per bad key); a payload that is not an
// object is a problem too. homeDir expands a leading "~/" in paths.
func parseSettings(base Settings, data []byte, section bool, homeDir string) (s Settings, problems []string) {
	s = base
	s.CustomDirs = slices.Clone(base.CustomDirs)
	s.ChatLanguages = slices.Clone(base.ChatLanguages)
	s.ChatPatterns = slices.Clone(base.ChatPatterns)
	trimmed := strings.TrimSpace(string(data))
	if trimmed == "" || trimmed == "null" {
		return s, nil
	}
	if section {
		var outer map[string]json.RawMessage
		if err := json.Unmarshal(data, &outer); err != nil {
			return s, []string{fmt.Sprintf("settings: not an object: %v", err)}
		}
		if inner, ok := outer["skillLs"]; ok {
			data = inner
			if t := strings.TrimSpace(string(inner)); t == "null" {
				return s, nil
			}
		}
	}
	// Decode key by key so one bad value does not discard the others.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return s, []string{fmt.Sprintf("settings: not an object: %v", err)}
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	bad := func(key string, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("setting %s: %s", key, fmt.Sprintf(format, args...)))
	}
	expand := func(p string) string {
		if homeDir != "" && (p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`)) {
			return filepath.Join(homeDir, p[1:])
		}
		return p
	}
	for _, key := range keys {
		one := map[string]json.RawMessage{key: fields[key]}
		b, _ := json.Marshal(one)
		var r rawSettings
		if err := json.Unmarshal(b, &r); err != nil {
			if _, known := knownSettings[key]; known {
				bad(key, "wrong type: %v", err)
			}
			continue
		}
		switch {
		case r.Profile != nil:
			switch *r.Profile {
			case "dsh", "agentskills":
				s.Profile = *r.Profile
			default:
				bad(key, "%q is not \"dsh\" or \"agentskills\"", *r.Profile)
			}
		case r.CatalogDescriptionMaxLength != nil:
			if *r.CatalogDescriptionMaxLength < 3 {
				bad(key, "%d is less than 3", *r.CatalogDescriptionMaxLength)
			} else {
				s.CatalogDescriptionMaxLength = *r.CatalogDescriptionMaxLength
			}
		case r.CatalogVersion != nil:
			switch *r.CatalogVersion {
			case "v1", "v2":
				s.CatalogVersion = *r.CatalogVersion
			default:
				bad(key, "%q is not \"v2\" or \"v1\"", *r.CatalogVersion)
			}
		case r.DSHHome != nil:
			s.DSHHome = expand(*r.DSHHome)
		case r.AgentsHome != nil:
			s.AgentsHome = expand(*r.AgentsHome)
		case r.CustomDirs != nil:
			s.CustomDirs = s.CustomDirs[:0]
			for _, d := range *r.CustomDirs {
				if d != "" {
					s.CustomDirs = append(s.CustomDirs, expand(d))
				}
			}
		case r.BundledDir != nil:
			s.BundledDir = expand(*r.BundledDir)
		case r.NoDefaultRoots != nil:
			s.NoDefaultRoots = *r.NoDefaultRoots
		case r.ProjectRoot != nil:
			s.ProjectRoot = expand(*r.ProjectRoot)
		case r.ChatLanguages != nil:
			s.ChatLanguages = slices.Clone(*r.ChatLanguages)
		case r.ChatPatterns != nil:
			pats := make([]string, 0, len(*r.ChatPatterns))
			for _, p := range *r.ChatPatterns {
				if _, err := path.Match(p, ""); err != nil {
					bad(key, "bad pattern %q: %v", p, err)
					continue
				}
				pats = append(pats, p)
			}
			s.ChatPatterns = pats
		case r.DiagnosticsDelay != nil:
			if *r.DiagnosticsDelay < 0 {
				bad(key, "%d is negative", *r.DiagnosticsDelay)
			} else {
				s.DiagnosticsDelay = time.Duration(*r.DiagnosticsDelay) * time.Millisecond
			}
		}
	}
	return s, problems
}

var knownSettings = map[string]struct{}{
	"profile": {}, "catalogDescriptionMaxLength": {}, "catalogVersion": {}, "dshHome": {},
	"agentsHome": {}, "customDirs": {}, "bundledDir": {}, "noDefaultRoots": {}, "projectRoot": {},
	"chatLanguages": {}, "chatPatterns": {}, "diagnosticsDelay": {},
}

// isChat reports whether a document with this language id and path is a
// chat buffer under s.
func (s *Settings) isChat(languageID, p string) bool {
	if languageID != "" && slices.Contains(s.ChatLanguages, languageID) {
		return true
	}
	base := filepath.Base(p)
	for _, pat := range s.ChatPatterns {
		if ok, _ := path.Match(pat, base); ok {
			return true
		}
	}
	return false
}
