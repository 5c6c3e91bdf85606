// Package skills is the model of skill-ls: it discovers skill files under the
// DeepSeek Harness roots, splits and types their YAML frontmatter exactly as
// DSH does, resolves one winner per name, and keeps every loser and dropped
// file with the reason. It holds no protocol or diagnostics vocabulary.
//
// Vocabulary: a root is a directory scanned for skills, with a source label
// and a rank; a skill file is a bundle's SKILL.md or a flat <name>.md directly
// in a root; a snapshot is an immutable view of every skill file and the
// resolved registry.
package skills
