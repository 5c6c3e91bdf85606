// Package render produces, byte for byte, the model-facing text of the
// DeepSeek Harness (DSH) skill system: the session catalog and its digest
// (docs/dsh.md §6), the `skill` tool result (§7), the `/name` gesture injection (§8)
// and the historical TUI `/skill:<name>` user turn (§9).
//
// It imports only the skills package and the standard library; it knows
// nothing about editors or protocols. Every function returns a plain string
// whose lines are joined with "\n" and that has no trailing newline.
//
// Text follows JavaScript string semantics (UTF-16 lengths and cuts,
// JavaScript whitespace, lone surrogates kept as WTF-8 until ModelText): see
// package skills/jstext, which owns them. Every rendering function (Catalog,
// CatalogStep, CatalogLine, SkillContent, SkillTool, Gesture, TUIInvocation,
// TUI) returns model text, with lone surrogates written as U+FFFD.
package render
