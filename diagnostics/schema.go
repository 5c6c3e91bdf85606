package diagnostics

import (
	"bytes"
	"encoding/json"

	"github.com/skill-ls/skill-ls/skills"
)

// SchemaURL is where the config file's JSON Schema is published; a config
// file names it in a yaml-language-server modeline.
const SchemaURL = "https://raw.githubusercontent.com/skill-ls/skill-ls/main/docs/skill-ls.schema.json"

// configKeyDocs describes each key of the config file (skills.ConfigKeys),
// for the schema (editors show it on hover).
var configKeyDocs = map[string]string{
	"profile":        "The rule profile: dsh (the default: what DSH drops is an error, the rest advice) or agentskills (the agentskills.io specification, strictly). --profile wins.",
	"hosts":          "The agents the skills are written for, by host id (or all): the hosts whose loaders skill-ls also checks the skills against.",
	"rules":          "Rule severities by code: off, hint, info, warning or error. They replace the profile's grade for every skill file.",
	"overrides":      "Rule severities for some skill files: each entry's files globs (relative to this file's folder, ** for any folders) select the files, and its rules apply to them after the top-level rules; a later entry wins.",
	"roots":          "Extra skill roots, relative to this file's folder (like --custom-dir, after the --custom-dir roots).",
	"ignore":         "Globs of skill files (relative to this file's folder) that are not checked and never fixed. DSH still loads them.",
	"maxDescription": "The catalog description cap in UTF-16 units (DSH's catalogDescriptionMaxLength, default 500, at least 3). --max-description wins.",
}

// ConfigSchema returns the JSON Schema (draft-07) of the config file:
// every key, every rule code with its summary, the severities, the
// profiles and the host ids. docs/skill-ls.schema.json is this text.
func ConfigSchema() string {
	type obj = map[string]any
	str := obj{"type": "string", "minLength": 1}
	globs := obj{"type": "array", "items": str}
	rules := obj{}
	for _, r := range Rules() {
		rules[r.Code] = obj{"description": r.Summary + ". " + DocURL(r.Code), "enum": skills.ConfigSeverities}
	}
	hostIDs := append(HostIDs(), "all")
	props := obj{
		"profile":        obj{"enum": ProfileNames()},
		"hosts":          obj{"type": "array", "items": obj{"enum": hostIDs}},
		"rules":          obj{"$ref": "#/definitions/rules"},
		"overrides":      obj{"type": "array", "items": obj{"$ref": "#/definitions/override"}},
		"roots":          obj{"type": "array", "items": str},
		"ignore":         globs,
		"maxDescription": obj{"type": "integer", "minimum": 3},
	}
	for k, doc := range configKeyDocs {
		props[k].(obj)["description"] = doc
	}
	schema := obj{
		"$schema":              "http://json-schema.org/draft-07/schema#",
		"$id":                  SchemaURL,
		"title":                "skill-ls config file (" + skills.ConfigFileName + ")",
		"description":          "The config file of skill-ls, at the project root. See https://github.com/skill-ls/skill-ls/blob/main/docs/config.md",
		"type":                 "object",
		"additionalProperties": false,
		"properties":           props,
		"definitions": obj{
			"rules": obj{
				"description":          "Rule severities by code.",
				"type":                 "object",
				"additionalProperties": false,
				"properties":           rules,
			},
			"override": obj{
				"type":                 "object",
				"additionalProperties": false,
				"required":             []string{"files"},
				"properties": obj{
					"files": obj{"description": "Globs of the skill files this entry applies to, relative to the config file's folder.", "type": "array", "items": str},
					"rules": obj{"$ref": "#/definitions/rules"},
				},
			},
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(schema) // maps of strings, numbers and slices always encode
	return b.String()
}
