// The defect classes the comparison speaks in: what skill-ls's codes and
// each peer's rules mean, so that two findings of one class on one file
// agree. A peer rule missing here fails the harness until it is mapped
// (or listed in known-differences.json).

/** skillLsClass maps a skill-ls code (docs/diagnostics.md) to its class. */
export const skillLsClass = {
  'frontmatter-missing': 'frontmatter', 'frontmatter-unclosed': 'frontmatter', 'frontmatter-not-mapping': 'frontmatter',
  'yaml-syntax': 'frontmatter', 'yaml-tab-indent': 'frontmatter', 'yaml-unquoted-colon': 'frontmatter',
  'yaml-duplicate-key': 'frontmatter', 'yaml-misread': 'frontmatter', 'yaml-too-complex': 'frontmatter',
  'name-missing': 'name-missing', 'name-empty': 'name-missing',
  'name-invalid': 'name-invalid', 'name-not-string': 'name-invalid',
  'name-too-long': 'name-too-long',
  'name-folder-mismatch': 'name-folder-mismatch',
  'description-missing': 'description-missing', 'description-empty': 'description-missing',
  'description-blank': 'description-missing', 'description-not-string': 'description-missing',
  'description-too-long': 'description-too-long',
  'compatibility-too-long': 'compatibility-too-long',
  'unknown-key': 'unknown-key', 'key-misspelled': 'unknown-key',
  'field-type': 'field-type', 'field-ignored': 'field-type',
  'link-missing': 'link-missing',
  'body-too-long': 'body-too-long',
  'allowed-tool-unused': 'allowed-tool-unused',
  'placeholder-unknown': 'placeholder-unknown',
  'description-too-short': 'description-too-short',
  'description-xml-tag': 'description-xml-tag',
};

/** skillsRefRule names a skills-ref message (it has no rule ids). */
function skillsRefRule(message) {
  const rules = [
    [/^Missing required field in frontmatter: name/, 'name-required'],
    [/^Missing required field in frontmatter: description/, 'description-required'],
    [/^Field 'name' must be a non-empty string/, 'name-non-empty'],
    [/^Field 'description' must be a non-empty string/, 'description-non-empty'],
    [/must be lowercase|invalid characters|consecutive hyphens|cannot start or end with a hyphen/, 'name-format'],
    [/^Skill name .* exceeds 64/, 'name-length'],
    [/^Directory name .* must match/, 'name-directory'],
    [/^Description exceeds/, 'description-length'],
    [/^Compatibility exceeds/, 'compatibility-length'],
    [/^Unexpected fields in frontmatter/, 'unexpected-fields'],
    [/^SKILL\.md must start with YAML frontmatter|frontmatter not properly closed|^Invalid YAML|must be a YAML mapping/, 'frontmatter'],
  ];
  return rules.find(([re]) => re.test(message))?.[1] ?? `unmapped: ${message.split('\n')[0]}`;
}

/** claudeLintRule names a claude-code-lint finding that has no rule id. */
function claudeLintRule(message) {
  return /Failed to parse YAML frontmatter/.test(message) ? 'yaml-parse' : `unmapped: ${message.split('\n')[0]}`;
}

/**
 * peers maps each peer's rule ids (as the harness names them) to a class, or
 * to the classes any of which agrees (a rule that covers several defects).
 */
export const peers = {
  'skill-check': {
    rules: {
      'frontmatter.required': 'frontmatter',
      'frontmatter.name_required': 'name-missing',
      'frontmatter.description_required': 'description-missing',
      'description.non_empty': 'description-missing',
      'frontmatter.name_slug_format': 'name-invalid',
      'frontmatter.name_max_length': 'name-too-long',
      'frontmatter.name_matches_directory': 'name-folder-mismatch',
      'description.max_length': 'description-too-long',
      'frontmatter.compatibility_max_length': 'compatibility-too-long',
      'frontmatter.unknown_fields': 'unknown-key',
      'frontmatter.metadata_string_values': 'field-type',
      'links.references_resolve': 'link-missing',
      'body.max_lines': 'body-too-long',
    },
  },
  'skills-ref': {
    ruleOf: skillsRefRule,
    rules: {
      'name-required': 'name-missing', 'name-non-empty': 'name-missing',
      'description-required': 'description-missing', 'description-non-empty': 'description-missing',
      'name-format': 'name-invalid', 'name-length': 'name-too-long', 'name-directory': 'name-folder-mismatch',
      'description-length': 'description-too-long', 'compatibility-length': 'compatibility-too-long',
      'unexpected-fields': 'unknown-key', frontmatter: 'frontmatter',
    },
  },
  'claude-code-lint': {
    ruleOf: claudeLintRule,
    rules: {
      'yaml-parse': 'frontmatter',
      'skill-name': ['name-invalid', 'name-too-long'],
      'skill-name-directory-mismatch': 'name-folder-mismatch',
      'skill-referenced-file-not-found': 'link-missing',
      'skill-description': ['description-too-short', 'description-xml-tag', 'description-missing', 'description-too-long'],
      'skill-xml-tags-anywhere': 'description-xml-tag',
    },
  },
};
