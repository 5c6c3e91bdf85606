package diagnostics

import (
	"bytes"
	"encoding/json"

	"github.com/skill-ls/skill-ls/skills/config"
)

// SchemaURL is where the config file's JSON Schema is published; a config
// file names it in a yaml-language-server modeline.
const SchemaURL = "https://raw.githubusercontent.com/skill-ls/skill-ls/main/docs/skill-ls.schema.json"

// configKeyDocs describes each key of the config file (skills.ConfigKeys),
// for the schema (editors show it on hover).
var configKeyDocs = map[string]string{
	"profile":        "The rule profile: dsh (the default: what DSH drops is an error, the rest advice) or agentskills (the agentskills.io specification, strictly). --profile wins.",
	"hosts":          "The agents the skills are written for, by host id (or all): the hosts whose loaders skill-ls also checks the skills against.",
	"rules":          "Rule severities by code or category (security): off, hint, info, warning or error. They replace the profile's grade for every skill file; a code's grade wins over its category's.",
	"select":         "Run only these rules, by code or category (security); the others are off whatever their grade. --select (and --security) replace it.",
	"overrides":      "Rule severities for some skill files: each entry's files globs (relative to this file's folder, ** for any folders) select the files, and its rules apply to them after the top-level rules; a later entry wins.",
	"roots":          "Extra skill roots, relative to this file's folder (like --custom-dir, after the --custom-dir roots).",
	"ignore":         "Globs of skill files (relative to this file's folder) that are not checked and never fixed. DSH still loads them.",
	"maxDescription": "The catalog description cap in UTF-16 units (DSH's catalogDescriptionMaxLength, default 500, at least 3). --max-description wins.",
}

// schemaObject is a JSON Schema object as it encodes.
type schemaObject = map[string]any

// ConfigSchema returns the JSON Schema (draft-07) of the config file:
// every key, every rule code with its summary, the severities, the
// profiles and the host ids. docs/skill-ls.schema.json is this text.
func ConfigSchema() string {
	schema := schemaObject{
		"$schema":              "http://json-schema.org/draft-07/schema#",
		"$id":                  SchemaURL,
		"title":                "skill-ls config file (" + config.FileName + ")",
		"description":          "The config file of skill-ls, at the project root. See https://github.com/skill-ls/skill-ls/blob/main/docs/config.md",
		"type":                 "object",
		"additionalProperties": false,
		"properties":           configKeySchemas(),
		"definitions": schemaObject{
			"rules": schemaObject{
				"description":          "Rule severities by code.",
				"type":                 "object",
				"additionalProperties": false,
				"properties":           ruleSeveritySchemas(),
			},
			"override": schemaObject{
				"type":                 "object",
				"additionalProperties": false,
				"required":             []string{"files"},
				"properties": schemaObject{
					"files": schemaObject{"description": "Globs of the skill files this entry applies to, relative to the config file's folder.", "type": "array", "items": nonEmptyString()},
					"rules": schemaObject{"$ref": "#/definitions/rules"},
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

// configKeySchemas returns the schema of each key of the config file, with
// its description (configKeyDocs).
func configKeySchemas() schemaObject {
	props := schemaObject{
		"profile":        schemaObject{"enum": ProfileNames()},
		"hosts":          schemaObject{"type": "array", "items": schemaObject{"enum": append(HostIDs(), "all")}},
		"rules":          schemaObject{"$ref": "#/definitions/rules"},
		"select":         schemaObject{"type": "array", "items": schemaObject{"enum": selectors()}},
		"overrides":      schemaObject{"type": "array", "items": schemaObject{"$ref": "#/definitions/override"}},
		"roots":          schemaObject{"type": "array", "items": nonEmptyString()},
		"ignore":         schemaObject{"type": "array", "items": nonEmptyString()},
		"maxDescription": schemaObject{"type": "integer", "minimum": 3},
	}
	for k, doc := range configKeyDocs {
		props[k].(schemaObject)["description"] = doc
	}
	return props
}

// ruleSeveritySchemas returns, for every rule code, the severities it may
// be set to, described by the rule's summary and documentation address.
func ruleSeveritySchemas() schemaObject {
	rules := schemaObject{}
	for _, r := range Rules() {
		rules[r.Code] = schemaObject{"description": r.Summary + ". " + DocURL(r.Code), "enum": config.Severities}
	}
	for _, c := range Categories() {
		rules[c] = schemaObject{"description": "Every rule of the " + c + " category.", "enum": config.Severities}
	}
	return rules
}

// selectors returns what select may name: every rule code, then the
// categories.
func selectors() []string {
	var out []string
	for _, r := range Rules() {
		out = append(out, r.Code)
	}
	return append(out, Categories()...)
}

// nonEmptyString is the schema of a string of one character or more.
func nonEmptyString() schemaObject { return schemaObject{"type": "string", "minLength": 1} }
