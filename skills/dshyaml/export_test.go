package dshyaml

// The frontmatter's two paths, for the tests that compare them.
var (
	ParseYAMLFast    = parseYAMLFast
	ParseYAMLDecoded = parseYAMLDecoded
)
