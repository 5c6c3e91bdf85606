package dshyaml

// The frontmatter's two paths, for the tests that compare them.
var ParseYAMLDecoded = parseYAMLDecoded

// ParseYAMLFast is parseYAMLFast of text's bytes.
func ParseYAMLFast(text []byte, base int) (Doc, bool) { return parseYAMLFast(string(text), base) }
